import { queryOptions, useQuery } from '@tanstack/react-query';

import type { LeagueSlug } from '../../domain/league.ts';
import { TransferTeamSchema, type TransferTeam } from '../../domain/transfers.ts';
import { fetchJson } from './client.ts';

/** Transfer data stays fresh for 5 minutes (SPEC 4). */
export const TRANSFERS_STALE_MS = 5 * 60 * 1000;

/** Every club's moves and rumours, or one league's (`league`: a slug or 'all'). */
export async function getTransfers(league: 'all' | LeagueSlug): Promise<TransferTeam[]> {
  const body = await fetchJson<{ transfers?: unknown }>(
    `/api/transfers?league=${encodeURIComponent(league)}`,
  );
  if (!Array.isArray(body.transfers)) return [];
  // A club that does not have the expected shape cannot be shown: drop it, never crash.
  return body.transfers.flatMap((team: unknown) => {
    const parsed = TransferTeamSchema.safeParse(team);
    return parsed.success ? [parsed.data] : [];
  });
}

export function transfersQueryOptions(league: 'all' | LeagueSlug) {
  return queryOptions({
    queryKey: ['transfers', league],
    queryFn: () => getTransfers(league),
    staleTime: TRANSFERS_STALE_MS,
    refetchOnWindowFocus: false,
  });
}

export function useTransfers(league: 'all' | LeagueSlug) {
  return useQuery(transfersQueryOptions(league));
}
