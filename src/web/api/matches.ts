import { queryOptions, useQuery } from '@tanstack/react-query';

import { deriveStatus, type LooseMatch } from '../../domain/board.ts';
import { getRefreshIntervalMs } from '../../domain/refresh.ts';
import { fetchJsonWithHeaders } from './client.ts';

export type TodayMatches = {
  matches: LooseMatch[];
  updated_at: string | null;
  /** When the data was last confirmed upstream, on this browser's clock. */
  updatedAtMs: number | null;
};

const isLooseMatch = (value: unknown): value is LooseMatch =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export async function getTodayMatches(league?: string): Promise<TodayMatches> {
  const query = league === undefined ? '' : `?league=${encodeURIComponent(league)}`;
  const { body, headers } = await fetchJsonWithHeaders<{ matches?: unknown; updated_at?: unknown }>(
    `/api/matches/today${query}`,
  );
  const updated = typeof body.updated_at === 'string' ? Date.parse(body.updated_at) : Number.NaN;
  // The server's clock may be pinned or sped up: measure the age there, then place it here.
  const serverNow = Date.parse(headers.get('x-server-time') ?? '');
  const age = Number.isFinite(serverNow) ? serverNow - updated : 0;
  return {
    // An item that is not an object (null, a string…) has nothing to show: drop it, never crash.
    matches: Array.isArray(body.matches) ? body.matches.filter(isLooseMatch) : [],
    updated_at: typeof body.updated_at === 'string' ? body.updated_at : null,
    updatedAtMs: Number.isFinite(updated) ? Date.now() - Math.max(0, age) : null,
  };
}

/** The board's refresh interval for the matches it shows (30 s live, 2 min at half-time, else 5 min). */
export function getBoardInterval(data: TodayMatches | undefined, nowMs: number): number {
  return getRefreshIntervalMs((data?.matches ?? []).map((m) => deriveStatus(m, nowMs)));
}

export function todayMatchesQueryOptions(league?: string) {
  return queryOptions({
    queryKey: ['matches', 'today', league ?? 'all'],
    queryFn: () => getTodayMatches(league),
    // Board data is always stale: refetch on focus and on the interval, never in a hidden tab.
    staleTime: 0,
    refetchOnWindowFocus: true,
    refetchIntervalInBackground: false,
    refetchInterval: (query) => getBoardInterval(query.state.data, Date.now()),
  });
}

export function useTodayMatches(league?: string) {
  return useQuery(todayMatchesQueryOptions(league));
}
