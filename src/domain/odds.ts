import * as z from 'zod/mini';

import { getShinProbabilities } from './shin.ts';

export const OutcomeSchema = z.object({
  name: z.string(),
  price: z.number(),
  point: z.optional(z.number()),
});
export type Outcome = z.infer<typeof OutcomeSchema>;

export const BookmakerMarketSchema = z.object({
  key: z.enum(['h2h', 'totals']),
  outcomes: z.array(OutcomeSchema),
});

export const BookmakerSchema = z.object({
  key: z.string(),
  title: z.string(),
  /** Address of the bookmaker's site ('Bet now' goes there through /go/). */
  link: z.optional(z.string()),
  markets: z.array(BookmakerMarketSchema),
});
export type Bookmaker = z.infer<typeof BookmakerSchema>;

/** An odds event in The Odds API shape. */
export const OddsEventSchema = z.object({
  id: z.string(),
  sport_key: z.optional(z.string()),
  commence_time: z.string(),
  home_team: z.string(),
  away_team: z.string(),
  bookmakers: z.array(BookmakerSchema),
  /** Touchline's stored match of the event, for a link to its page (in Touchline's answers). */
  match_id: z.optional(z.number()),
});
export type OddsEvent = z.infer<typeof OddsEventSchema>;

export type MarketKey = 'h2h' | 'totals';

/** The best price found for one outcome, and where it is offered. */
export type BestPrice = {
  price: number;
  bookmakerKey: string;
  bookmakerTitle: string;
  link: string | null;
};
export type BestH2hPrices = {
  home: BestPrice | null;
  draw: BestPrice | null;
  away: BestPrice | null;
};
export type BestTotalsPrices = { over: BestPrice | null; under: BestPrice | null };

/** The only totals line the site shows. */
export const TOTALS_POINT = 2.5;

function findBestPrice(
  event: OddsEvent,
  market: MarketKey,
  matches: (outcome: Outcome) => boolean,
): BestPrice | null {
  let best: BestPrice | null = null;
  for (const bookmaker of event.bookmakers) {
    for (const bookmakerMarket of bookmaker.markets) {
      if (bookmakerMarket.key !== market) continue;
      for (const outcome of bookmakerMarket.outcomes) {
        // A decimal price of 1 or less pays nothing back: it is a data error, not an offer.
        if (!matches(outcome) || !Number.isFinite(outcome.price) || outcome.price <= 1) continue;
        // Strictly higher only, so a tie stays with the bookmaker listed first.
        if (best === null || outcome.price > best.price) {
          best = {
            price: outcome.price,
            bookmakerKey: bookmaker.key,
            bookmakerTitle: bookmaker.title,
            link: bookmaker.link ?? null,
          };
        }
      }
    }
  }
  return best;
}

/** For each outcome of a market, the highest price across the event's bookmakers (totals: the 2.5 line only). */
export function findBestPrices(event: OddsEvent, market: 'h2h'): BestH2hPrices;
export function findBestPrices(event: OddsEvent, market: 'totals'): BestTotalsPrices;
export function findBestPrices(
  event: OddsEvent,
  market: MarketKey,
): BestH2hPrices | BestTotalsPrices;
export function findBestPrices(
  event: OddsEvent,
  market: MarketKey,
): BestH2hPrices | BestTotalsPrices {
  if (market === 'h2h') {
    return {
      home: findBestPrice(event, 'h2h', (o) => o.name === event.home_team),
      draw: findBestPrice(event, 'h2h', (o) => o.name === 'Draw'),
      away: findBestPrice(event, 'h2h', (o) => o.name === event.away_team),
    };
  }
  const isTotal = (name: string) => (o: Outcome) =>
    o.name.toLowerCase() === name && o.point === TOTALS_POINT;
  return {
    over: findBestPrice(event, 'totals', isTotal('over')),
    under: findBestPrice(event, 'totals', isTotal('under')),
  };
}

/**
 * The market's margin-free reading of a match: each bookmaker's home/draw/away prices turned
 * into probabilities by Shin's method (as everywhere Touchline shows the market's chances),
 * averaged over the bookmakers that price all three. Null when none does.
 */
export function getConsensusProbabilities(
  event: OddsEvent,
): { home: number; draw: number; away: number } | null {
  const readings: number[][] = [];
  for (const bookmaker of event.bookmakers) {
    const outcomes = bookmaker.markets.find((m) => m.key === 'h2h')?.outcomes ?? [];
    const price = (name: string) => outcomes.find((o) => o.name === name)?.price;
    const prices = [price(event.home_team), price('Draw'), price(event.away_team)];
    if (prices.some((p) => p === undefined)) continue;
    const fair = getShinProbabilities(prices as number[]);
    if (fair !== null) readings.push(fair.probabilities);
  }
  if (readings.length === 0) return null;
  const mean = (i: number) => readings.reduce((sum, r) => sum + (r[i] ?? 0), 0) / readings.length;
  return { home: mean(0), draw: mean(1), away: mean(2) };
}

/**
 * The event with its clubs named `home` and `away`: the teams and every outcome that named them
 * (a head-to-head price is named after its club), so an upstream's spelling ("Wolverhampton
 * Wanderers") reads as the club table's ("Wolves") wherever the prices are shown.
 */
export function renameOddsEventClubs(event: OddsEvent, home: string, away: string): OddsEvent {
  if (event.home_team === home && event.away_team === away) return event;
  const names = new Map([
    [event.home_team, home],
    [event.away_team, away],
  ]);
  return {
    ...event,
    home_team: home,
    away_team: away,
    bookmakers: event.bookmakers.map((bookmaker) => ({
      ...bookmaker,
      markets: bookmaker.markets.map((market) => ({
        ...market,
        outcomes: market.outcomes.map((outcome) => {
          const name = names.get(outcome.name);
          return name === undefined ? outcome : { ...outcome, name };
        }),
      })),
    })),
  };
}
