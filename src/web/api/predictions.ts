import { queryOptions, useQuery } from '@tanstack/react-query';

import type { Prediction } from '../../domain/prediction.ts';
import { fetchJson } from './client.ts';

export async function getLatestPredictions(limit: number): Promise<Prediction[]> {
  const body = await fetchJson<{ predictions?: Prediction[] }>(`/api/predictions?limit=${limit}`);
  return Array.isArray(body.predictions) ? body.predictions : [];
}

export function latestPredictionsQueryOptions(limit: number) {
  return queryOptions({
    queryKey: ['predictions', 'latest', limit],
    queryFn: () => getLatestPredictions(limit),
    staleTime: 60_000,
  });
}

export function useLatestPredictions(limit: number) {
  return useQuery(latestPredictionsQueryOptions(limit));
}
