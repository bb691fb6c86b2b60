const KEY = 'touchline:unlocked';
const listeners = new Set<() => void>();

function read(): boolean {
  try {
    return window.sessionStorage.getItem(KEY) === 'true';
  } catch {
    return false;
  }
}

let unlocked = read();

function set(value: boolean) {
  unlocked = value;
  try {
    if (value) window.sessionStorage.setItem(KEY, 'true');
    else window.sessionStorage.removeItem(KEY);
  } catch {
    // Storage can be unavailable (private modes); the in-memory flag still works.
  }
  for (const listener of listeners) listener();
}

/** The gate's state for this browser session, kept in session storage. */
export const gateStore = {
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  isUnlocked: () => unlocked,
  unlock: () => set(true),
  /** Called when the server refuses the session: a stale flag must not hide the gate. */
  lock: () => set(false),
};
