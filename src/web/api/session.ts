import { useMutation } from '@tanstack/react-query';
import * as z from 'zod/mini';

import { fetchAnswer } from './client.ts';

/** A login answers 204 with the session cookie, and no body. */
export async function createSession(password: string): Promise<void> {
  await fetchAnswer('/api/session', z.undefined(), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ password }),
  });
}

export function useCreateSession() {
  return useMutation({ mutationFn: createSession });
}
