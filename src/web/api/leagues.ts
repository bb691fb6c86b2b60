import { queryOptions, useQuery } from '@tanstack/react-query';

import type { League } from '../../domain/league.ts';
import type { LeagueStats } from '../../domain/player-stats.ts';
import type { TableRow } from '../../domain/standings.ts';
import { ApiError, fetchJson } from './client.ts';

export async function getLeagues(): Promise<League[]> {
  const body = await fetchJson<{ leagues: League[] }>('/api/leagues');
  return body.leagues;
}

export function leaguesQueryOptions() {
  return queryOptions({
    queryKey: ['leagues'],
    queryFn: getLeagues,
    staleTime: 60 * 60 * 1000,
  });
}

export function useLeagues() {
  return useQuery(leaguesQueryOptions());
}

export async function getLeague(slug: string): Promise<League | null> {
  try {
    const body = await fetchJson<{ league: League }>(`/api/leagues/${encodeURIComponent(slug)}`);
    return body.league;
  } catch (error) {
    // An unknown league is an answer, not a failure (the page says "League not found").
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export function leagueQueryOptions(slug: string) {
  return queryOptions({
    queryKey: ['league', slug],
    queryFn: () => getLeague(slug),
    staleTime: 60 * 60 * 1000,
  });
}

export function useLeague(slug: string) {
  return useQuery(leagueQueryOptions(slug));
}

export async function getLeagueTable(slug: string): Promise<TableRow[]> {
  const body = await fetchJson<{ table?: TableRow[] }>(
    `/api/leagues/${encodeURIComponent(slug)}/table`,
  );
  return Array.isArray(body.table) ? body.table : [];
}

/** The table, fetched only once the league is known. */
export function useLeagueTable(slug: string | undefined) {
  return useQuery({
    queryKey: ['league', slug, 'table'],
    queryFn: () => getLeagueTable(slug ?? ''),
    enabled: slug !== undefined,
    staleTime: 60_000,
  });
}

export async function getLeagueStats(slug: string): Promise<LeagueStats> {
  const body = await fetchJson<{ stats?: Partial<LeagueStats> }>(
    `/api/leagues/${encodeURIComponent(slug)}/stats`,
  );
  return {
    goals: Array.isArray(body.stats?.goals) ? body.stats.goals : [],
    asists: Array.isArray(body.stats?.asists) ? body.stats.asists : [],
  };
}

/** Top scorers and assisters, fetched only once the league is known. */
export function useLeagueStats(slug: string | undefined) {
  return useQuery({
    queryKey: ['league', slug, 'stats'],
    queryFn: () => getLeagueStats(slug ?? ''),
    enabled: slug !== undefined,
    staleTime: 60_000,
  });
}
