import { useEffect, useState } from 'react';

import {
  readThemeChoice,
  saveThemeChoice,
  THEME_EVENT,
  type ThemeChoice,
} from '../theme-choice.ts';
import { HeaderIcon } from './header-icon.tsx';

/** Each press moves to the next choice. */
const NEXT: Record<ThemeChoice, ThemeChoice> = { system: 'light', light: 'dark', dark: 'system' };
const LABELS: Record<ThemeChoice, string> = { system: 'System', light: 'Light', dark: 'Dark' };

function ThemeIcon({ choice }: { choice: ThemeChoice }) {
  return (
    <HeaderIcon round>
      {choice === 'light' ? (
        <>
          <circle cx="12" cy="12" r="4" />
          <path d="M12 2v2M12 20v2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M2 12h2M20 12h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4" />
        </>
      ) : choice === 'dark' ? (
        <path d="M20 14.5A8 8 0 0 1 9.5 4a8 8 0 1 0 10.5 10.5Z" />
      ) : (
        <>
          <rect x="3" y="4" width="18" height="12" rx="2" />
          <path d="M8 20h8M12 16v4" />
        </>
      )}
    </HeaderIcon>
  );
}

/**
 * The header's colour theme button: system, light, dark, in turn. The choice is kept in the
 * browser and follows a change made in another tab.
 */
export function ThemeToggle({ className }: { className: string }) {
  const [choice, setChoice] = useState<ThemeChoice>(readThemeChoice);
  const [announcement, setAnnouncement] = useState('');

  useEffect(() => {
    const update = () => setChoice(readThemeChoice());
    document.addEventListener(THEME_EVENT, update);
    window.addEventListener('storage', update);
    return () => {
      document.removeEventListener(THEME_EVENT, update);
      window.removeEventListener('storage', update);
    };
  }, []);

  const choose = () => {
    const next = NEXT[choice];
    saveThemeChoice(next);
    setChoice(next);
    setAnnouncement(`${LABELS[next]} theme`);
  };

  return (
    <>
      <button
        type="button"
        onClick={choose}
        className={className}
        aria-label={`Colour theme: ${LABELS[choice]}`}
        title={`Colour theme: ${LABELS[choice]} (press for ${LABELS[NEXT[choice]]})`}
      >
        <ThemeIcon choice={choice} />
        <span className="hidden md:inline">{LABELS[choice]}</span>
      </button>
      <span role="status" className="sr-only">
        {announcement}
      </span>
    </>
  );
}
