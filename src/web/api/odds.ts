import { queryOptions, useQuery } from '@tanstack/react-query';

import type { MarketKey, OddsEvent } from '../../domain/odds.ts';
import { fetchJson } from './client.ts';

export async function getOdds(league: string, market: MarketKey): Promise<OddsEvent[]> {
  const params = new URLSearchParams({ league, market });
  const body = await fetchJson<{ events?: OddsEvent[] }>(`/api/odds?${params.toString()}`);
  return Array.isArray(body.events) ? body.events : [];
}

export function oddsQueryOptions(league: string, market: MarketKey) {
  return queryOptions({
    queryKey: ['odds', league, market],
    queryFn: () => getOdds(league, market),
    staleTime: 60_000,
  });
}

export function useOdds(league: string, market: MarketKey) {
  return useQuery(oddsQueryOptions(league, market));
}

/** 'Bet now' goes through /go/, which records the click and redirects to the bookmaker. */
export function getBetLink(
  bookmakerKey: string,
  params: { event: string; outcome?: string; league: string },
) {
  const query = new URLSearchParams({ event: params.event, league: params.league });
  if (params.outcome !== undefined) query.set('outcome', params.outcome);
  return `/go/${encodeURIComponent(bookmakerKey)}?${query.toString()}`;
}
