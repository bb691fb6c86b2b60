import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';

import { isUnauthorized } from './client.ts';
import { gateStore } from './gate-store.ts';

const MAX_RETRIES = 3;

/** Exponential back-off from 1 s, doubling, capped at 30 s. */
export function getRetryDelay(attempt: number): number {
  return Math.min(1000 * 2 ** attempt, 30_000);
}

export function createQueryClient(): QueryClient {
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
