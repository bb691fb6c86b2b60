import { queryOptions, useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';

import { apiAddress } from '../../domain/api/addresses.ts';
import type { LeagueSlug } from '../../domain/league.ts';
import { TransferTeamSchema, type TransferTeam } from '../../domain/transfers.ts';
import { fetchAnswer, readItems } from './client.ts';

// A club that does not have the expected shape cannot be shown: it is dropped, never a crash.
const TransfersAnswer = z.object({ transfers: readItems(TransferTeamSchema) });

/** Transfer data stays fresh for 5 minutes (SPEC 4). */
export const TRANSFERS_STALE_MS = 5 * 60 * 1000;

/** Every club's moves and rumours, or one league's (`league`: a slug or 'all'). */
export async function getTransfers(league: 'all' | LeagueSlug): Promise<TransferTeam[]> {
  return (await fetchAnswer(apiAddress.transfers(league), TransfersAnswer)).transfers;
}

export function transfersQueryOptions(league: 'all' | LeagueSlug) {
  return queryOptions({
    queryKey: ['transfers', league],
    queryFn: () => getTransfers(league),
    staleTime: TRANSFERS_STALE_MS,
    refetchOnWindowFocus: false,
  });
}

/** `enabled: false` fetches nothing until it turns true (a search across leagues, say). */
export function useTransfers(league: 'all' | LeagueSlug, options: { enabled?: boolean } = {}) {
  return useQuery({ ...transfersQueryOptions(league), enabled: options.enabled ?? true });
}
