import { queryOptions, useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';

import { apiAddress } from '../../domain/api/addresses.ts';
import { LeagueAnswerSchema } from '../../domain/api/leagues.ts';
import { LeagueSchema, type League } from '../../domain/league.ts';
import { StatsEntrySchema, type LeagueStats } from '../../domain/player-stats.ts';
import { TableRowSchema, type TableRow } from '../../domain/standings.ts';
import { ApiError, fetchAnswer, readItems } from './client.ts';

const LeagueListAnswer = z.object({ leagues: readItems(LeagueSchema) });
const LeagueTableAnswer = z.object({ table: readItems(TableRowSchema) });
const LeagueStatsAnswer = z.object({
  stats: z.catch(
    z.object({ goals: readItems(StatsEntrySchema), asists: readItems(StatsEntrySchema) }),
    { goals: [], asists: [] },
  ),
});

export async function getLeagues(): Promise<League[]> {
  return (await fetchAnswer(apiAddress.leagues(), LeagueListAnswer)).leagues;
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
    return (await fetchAnswer(apiAddress.league(slug), LeagueAnswerSchema)).league;
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
  return (await fetchAnswer(apiAddress.leagueTable(slug), LeagueTableAnswer)).table;
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
  return (await fetchAnswer(apiAddress.leagueStats(slug), LeagueStatsAnswer)).stats;
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
