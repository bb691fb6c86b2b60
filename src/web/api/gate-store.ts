import * as z from 'zod/mini';

import { SessionStateSchema } from '../../domain/api/session.ts';

const KEY = 'touchline:unlocked';
/** How long the session check may take before the form shows: a check never answered must not leave a blank page. */
export const SESSION_CHECK_TIMEOUT_MS = 10_000;
const listeners = new Set<() => void>();

function read(): boolean {
  try {
    return window.sessionStorage.getItem(KEY) === 'true';
  } catch {
    return false;
  }
}

/**
 * - 'checking': no flag in this tab; the server is asked whether the session cookie (HttpOnly,
 *   so out of the page's reach) is valid. Neither the form nor the site is shown meanwhile.
 * - 'locked': the form.
 * - 'unlocked': the site.
 */
export type GateState = 'checking' | 'locked' | 'unlocked';

let state: GateState = read() ? 'unlocked' : 'checking';
let check: Promise<void> | null = null;

function set(value: boolean) {
  state = value ? 'unlocked' : 'locked';
  try {
    if (value) window.sessionStorage.setItem(KEY, 'true');
    else window.sessionStorage.removeItem(KEY);
  } catch {
    // Storage can be unavailable (private modes); the in-memory flag still works.
  }
  for (const listener of listeners) listener();
}

/**
 * Asks the server once whether the session cookie is valid: a second tab, or a link opened in a
 * new tab, opens straight onto the page. Any failure (401, offline, an error, no answer in
 * time) shows the form.
 */
async function checkSession(): Promise<void> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), SESSION_CHECK_TIMEOUT_MS);
  try {
    const response = await fetch('/api/session', {
      credentials: 'same-origin',
      headers: { accept: 'application/json' },
      cache: 'no-store',
      signal: controller.signal,
    });
    const answer: unknown = response.ok ? await response.json() : null;
    const unlocked = z.safeParse(SessionStateSchema, answer).data?.unlocked === true;
    // The form may have unlocked (or a refusal locked) the gate meanwhile: that wins.
    if (state === 'checking') set(unlocked);
  } catch {
    if (state === 'checking') set(false);
  } finally {
    clearTimeout(timer);
  }
}

/** The gate's state for this browser session, kept in session storage. */
export const gateStore = {
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  getState: (): GateState => state,
  isUnlocked: () => state === 'unlocked',
  /** Starts the session check when the state is 'checking'; once per page. */
  startCheck(): Promise<void> {
    if (state !== 'checking') return Promise.resolve();
    check ??= checkSession();
    return check;
  },
  unlock: () => set(true),
  /** Called when the server refuses the session: a stale flag must not hide the gate. */
  lock: () => set(false),
};
