import { queryOptions, useQuery } from '@tanstack/react-query';
import { useLocation } from 'react-router';
import * as z from 'zod/mini';

import { findClickPage, type ClickPage } from '../../domain/affiliate-clicks.ts';
import { apiAddress } from '../../domain/api/addresses.ts';
import { OddsEventSchema, type MarketKey, type OddsEvent } from '../../domain/odds.ts';
import { fetchAnswer, readItems } from './client.ts';

const OddsAnswer = z.object({ events: readItems(OddsEventSchema) });

export async function getOdds(league: string, market: MarketKey): Promise<OddsEvent[]> {
  return (await fetchAnswer(apiAddress.odds(league, market), OddsAnswer)).events;
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

/**
 * 'Bet now' goes through /go/, which records the click (with its league and the kind of page
 * the link is on, for the operators' report) and redirects to the bookmaker.
 */
export function getBetLink(
  bookmakerKey: string,
  params: { event: string; outcome?: string; league: string; page: ClickPage },
) {
  const query = new URLSearchParams({ event: params.event, league: params.league });
  if (params.outcome !== undefined) query.set('outcome', params.outcome);
  query.set('page', params.page);
  return `/go/${encodeURIComponent(bookmakerKey)}?${query.toString()}`;
}

/** The kind of page being shown, as a 'Bet now' click records it. */
export function useClickPage(): ClickPage {
  return findClickPage(useLocation().pathname);
}
