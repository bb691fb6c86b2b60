// The xG table's own module, not leagues.ts: only the league page reads it, and only once the
// fan scrolls near it, so its schema loads with that page rather than with the first download.
import { queryOptions, useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';

import { apiAddress } from '../../domain/api/addresses.ts';
import { LeagueXgRowSchema, LeagueXgSchema, type LeagueXg } from '../../domain/api/league-xg.ts';
import { fetchAnswer, readItems } from './client.ts';

const LeagueXgAnswer = z.extend(LeagueXgSchema, { rows: readItems(LeagueXgRowSchema) });

export async function getLeagueXg(slug: string): Promise<LeagueXg> {
  return fetchAnswer(apiAddress.leagueXg(slug), LeagueXgAnswer);
}

export function leagueXgQueryOptions(slug: string) {
  return queryOptions({
    queryKey: ['league', slug, 'xg'],
    queryFn: () => getLeagueXg(slug),
    staleTime: 5 * 60_000,
  });
}

/** The league's xG table, fetched only once the league is known. */
export function useLeagueXg(slug: string | undefined) {
  return useQuery({ ...leagueXgQueryOptions(slug ?? ''), enabled: slug !== undefined });
}
