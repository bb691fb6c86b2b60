import { useState } from 'react';

import { deleteSession } from '../api/session.ts';
import { HeaderIcon } from './header-icon.tsx';

function SignOutIcon() {
  return (
    <HeaderIcon>
      <path d="M10 4H5v16h5M14 8l4 4-4 4M18 12H9" />
    </HeaderIcon>
  );
}

/**
 * The header's sign-out button: ends the session and reloads, so the next person at a shared
 * computer meets the gate, with nothing of the site left in the browser's cache or storage
 * (the server's answer asks the browser to clear them).
 */
export function SignOutButton({ className }: { className: string }) {
  const [busy, setBusy] = useState(false);
  const signOut = () => {
    setBusy(true);
    // Whatever the answer, the page starts again: a failed sign-out still shows what the
    // server thinks of the cookie.
    void deleteSession()
      .catch(() => undefined)
      .finally(() => window.location.assign('/'));
  };
  return (
    <button
      type="button"
      onClick={signOut}
      disabled={busy}
      className={className}
      aria-label="Sign out"
      title="Sign out"
    >
      <SignOutIcon />
      <span className="hidden md:inline">Sign out</span>
    </button>
  );
}
