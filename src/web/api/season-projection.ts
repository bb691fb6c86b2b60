// The projection's own module, not leagues.ts: only the league page reads it, so its schema
// loads with that page rather than with the first download.
import { queryOptions, useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';

import { apiAddress } from '../../domain/api/addresses.ts';
import {
  ProjectionRowSchema,
  SeasonProjectionSchema,
  type SeasonProjection,
} from '../../domain/api/season-projection.ts';
import { fetchAnswer, readItems } from './client.ts';

const SeasonProjectionAnswer = z.extend(SeasonProjectionSchema, {
  rows: readItems(ProjectionRowSchema),
});

export async function getSeasonProjection(slug: string): Promise<SeasonProjection> {
  return fetchAnswer(apiAddress.seasonProjection(slug), SeasonProjectionAnswer);
}

export function seasonProjectionQueryOptions(slug: string) {
  return queryOptions({
    queryKey: ['league', slug, 'projection'],
    queryFn: () => getSeasonProjection(slug),
    staleTime: 5 * 60_000,
  });
}

/** The league's season projection, fetched only once the league is known. */
export function useSeasonProjection(slug: string | undefined) {
  return useQuery({ ...seasonProjectionQueryOptions(slug ?? ''), enabled: slug !== undefined });
}
