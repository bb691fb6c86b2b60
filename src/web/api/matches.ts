import { queryOptions, useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';

import { apiAddress } from '../../domain/api/addresses.ts';
import type { TodayMatches as TodayMatchesAnswer } from '../../domain/api/matches.ts';
import { deriveStatus, type LooseMatch } from '../../domain/board.ts';
import { getRefreshIntervalMs } from '../../domain/refresh.ts';
import { fetchAnswerWithHeaders, readItems } from './client.ts';
import { useLiveStatus } from './live.ts';

export type TodayMatches = Pick<TodayMatchesAnswer, 'updated_at'> & {
  /** Board items, read as loosely as the board reads them (LiveMatch fields, any of them bad). */
  matches: LooseMatch[];
  /** When the data was last confirmed upstream, on this browser's clock. */
  updatedAtMs: number | null;
};

/**
 * The answer's LiveMatch items are read as any object: the board makes the best of each field
 * (a status as a string, the live minute under another name, SPEC 3) rather than drop a match;
 * an item that is not an object has nothing to show and is dropped.
 */
const TodayMatchesReading = z.object({
  matches: readItems(z.record(z.string(), z.unknown())),
  updated_at: z.catch(z.nullable(z.string()), null),
});

export async function getTodayMatches(league?: string): Promise<TodayMatches> {
  const { body, headers } = await fetchAnswerWithHeaders(
    apiAddress.todayMatches(league),
    TodayMatchesReading,
  );
  const updated = body.updated_at === null ? Number.NaN : Date.parse(body.updated_at);
  // The server's clock may be pinned or sped up: measure the age there, then place it here.
  const serverNow = Date.parse(headers.get('x-server-time') ?? '');
  const age = Number.isFinite(serverNow) ? serverNow - updated : 0;
  return {
    matches: body.matches,
    updated_at: body.updated_at,
    updatedAtMs: Number.isFinite(updated) ? Date.now() - Math.max(0, age) : null,
  };
}

/** The board's refresh interval for the matches it shows (30 s live, 2 min at half-time, else 5 min). */
export function getBoardInterval(data: TodayMatches | undefined, nowMs: number): number {
  return getRefreshIntervalMs((data?.matches ?? []).map((m) => deriveStatus(m, nowMs)));
}

/** `live`: the live stream is open and pushes the board's changes, so the board does not poll. */
export function todayMatchesQueryOptions(league?: string, live = false) {
  return queryOptions({
    queryKey: ['matches', 'today', league ?? 'all'],
    queryFn: () => getTodayMatches(league),
    // Board data is always stale: refetch on focus and on the interval, never in a hidden tab.
    staleTime: 0,
    refetchOnWindowFocus: true,
    refetchIntervalInBackground: false,
    refetchInterval: live ? false : (query) => getBoardInterval(query.state.data, Date.now()),
  });
}

export function useTodayMatches(league?: string) {
  const live = useLiveStatus() === 'open';
  return useQuery(todayMatchesQueryOptions(league, live));
}
