import { useMutation } from '@tanstack/react-query';

import { fetchJson } from './client.ts';

export function createSession(password: string): Promise<void> {
  return fetchJson<void>('/api/session', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ password }),
  });
}

export function useCreateSession() {
  return useMutation({ mutationFn: createSession });
}
