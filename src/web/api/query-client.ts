import { focusManager, MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';

import { isUnauthorized } from './client.ts';
import { gateStore } from './gate-store.ts';

const MAX_RETRIES = 3;

/** Exponential back-off from 1 s, doubling, capped at 30 s. */
export function getRetryDelay(attempt: number): number {
  return Math.min(1000 * 2 ** attempt, 30_000);
}

/**
 * Refetch when the window regains focus, not only when the tab becomes visible again: TanStack
 * Query 5 listens to visibilitychange alone, and a fan switching back from another window
 * expects fresh scores. Hidden tabs still count as unfocused, so they never refetch.
 */
export function listenForWindowFocus(onFocus: (focused?: boolean) => void): () => void {
  const handle = () => onFocus();
  window.addEventListener('visibilitychange', handle, false);
  window.addEventListener('focus', handle, false);
  return () => {
    window.removeEventListener('visibilitychange', handle);
    window.removeEventListener('focus', handle);
  };
}

export function createQueryClient(): QueryClient {
  focusManager.setEventListener(listenForWindowFocus);
  const onError = (error: unknown) => {
    if (isUnauthorized(error)) gateStore.lock();
  };
  return new QueryClient({
    queryCache: new QueryCache({ onError }),
    mutationCache: new MutationCache({ onError }),
    defaultOptions: {
      queries: {
        gcTime: 5 * 60 * 1000,
        retry: (failureCount, error) => !isUnauthorized(error) && failureCount < MAX_RETRIES,
        retryDelay: getRetryDelay,
      },
    },
  });
}
