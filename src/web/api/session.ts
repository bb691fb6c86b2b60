import { useMutation } from '@tanstack/react-query';
import * as z from 'zod/mini';

import { ApiError, fetchAnswer } from './client.ts';
import { getRetryDelay } from './query-client.ts';

/** Logins sent again when the server answers 503 (starting, or shedding load for a moment). */
const BUSY_RETRIES = 3;

/** A login answers 204 with the session cookie, and no body. */
export async function createSession(password: string): Promise<void> {
  await fetchAnswer('/api/session', z.undefined(), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ password }),
  });
}

/**
 * Signs out: the server clears the session cookie and asks the browser to drop the site's cache
 * and storage (Clear-Site-Data); this tab's gate flag goes too.
 */
export async function deleteSession(): Promise<void> {
  try {
    window.sessionStorage.clear();
  } catch {
    // Storage can be unavailable (private modes): nothing kept there, then.
  }
  await fetchAnswer('/api/session', z.undefined(), { method: 'DELETE' });
}

/**
 * The login. A busy server (503) is asked again after 1, 2 and 4 s while the button says it is
 * checking; a wrong password (401) or the login throttle (429) is never sent again by itself.
 */
export function useCreateSession() {
  return useMutation({
    mutationFn: createSession,
    retry: (failures, error) =>
      error instanceof ApiError && error.status === 503 && failures < BUSY_RETRIES,
    retryDelay: getRetryDelay,
  });
}
