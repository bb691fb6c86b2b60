import { queryOptions, useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';

import { PredictionSchema, type Prediction } from '../../domain/prediction.ts';
import { fetchAnswer, readItems } from './client.ts';

const PredictionsAnswer = z.object({ predictions: readItems(PredictionSchema) });

export async function getLatestPredictions(limit: number): Promise<Prediction[]> {
  return (await fetchAnswer(`/api/predictions?limit=${limit}`, PredictionsAnswer)).predictions;
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
