/** The colour theme a visitor chose; 'system' follows the device's light or dark setting. */
export type ThemeChoice = 'light' | 'dark' | 'system';

/** Where the choice is kept; public/theme.js reads the same key before the first paint. */
export const THEME_KEY = 'touchline:theme';
/** Fired on the document when the choice changes; public/theme.js applies it to the page. */
export const THEME_EVENT = 'touchline:theme';

/** The stored choice; 'system' when there is none or storage is refused. */
export function readThemeChoice(): ThemeChoice {
  try {
    const stored = window.localStorage.getItem(THEME_KEY);
    return stored === 'light' || stored === 'dark' ? stored : 'system';
  } catch {
    return 'system';
  }
}

/** Stores a choice (the system's is stored as no choice at all) and applies it to the page. */
export function saveThemeChoice(choice: ThemeChoice): void {
  try {
    if (choice === 'system') window.localStorage.removeItem(THEME_KEY);
    else window.localStorage.setItem(THEME_KEY, choice);
  } catch {
    // Storage refused: the choice lasts for this page only.
    applyUnstoredChoice(choice);
    return;
  }
  document.dispatchEvent(new Event(THEME_EVENT));
}

function applyUnstoredChoice(choice: ThemeChoice): void {
  if (choice === 'system') document.documentElement.removeAttribute('data-theme');
  else document.documentElement.setAttribute('data-theme', choice);
}
