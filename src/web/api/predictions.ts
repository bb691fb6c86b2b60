import { queryOptions, useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';

import { apiAddress } from '../../domain/api/addresses.ts';
import { TrackRecordSchema, type TrackRecord } from '../../domain/api/track-record.ts';
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

/** A forecast for each of the next `limit` matches to kick off, soonest first. */
export async function getUpcomingPredictions(limit: number): Promise<Prediction[]> {
  return (await fetchAnswer(`/api/predictions?upcoming=true&limit=${limit}`, PredictionsAnswer))
    .predictions;
}

export function upcomingPredictionsQueryOptions(limit: number) {
  return queryOptions({
    queryKey: ['predictions', 'upcoming', limit],
    queryFn: () => getUpcomingPredictions(limit),
    staleTime: 60_000,
  });
}

export function useUpcomingPredictions(limit: number) {
  return useQuery(upcomingPredictionsQueryOptions(limit));
}

/** The models' track record: their settled forecasts scored next to the bookmakers'. */
export async function getTrackRecord(): Promise<TrackRecord> {
  return fetchAnswer(apiAddress.trackRecord(), TrackRecordSchema);
}

export function trackRecordQueryOptions() {
  return queryOptions({
    queryKey: ['predictions', 'track-record'],
    queryFn: getTrackRecord,
    staleTime: 5 * 60_000,
  });
}

export function useTrackRecord() {
  return useQuery(trackRecordQueryOptions());
}
