import * as z from 'zod/mini';

import { OddsEventSchema, type OddsEvent } from '../../domain/odds.ts';
import { getShinProbabilities } from '../../domain/shin.ts';
import type { SettledMatchRow } from '../db/track-record-queries.ts';
import type { ResultProbabilities } from '../predict/metrics.ts';

/** A finished match as the track record scores it: each model's forecast and the bookmakers'. */
export type SettledMatch = {
  id: number;
  league: { slug: string; name: string; order: number };
  home: string;
  away: string;
  kickoffMs: number;
  homeGoals: number;
  awayGoals: number;
  /** Each model's home/draw/away forecast, one per model. */
  forecasts: { model: string; p: ResultProbabilities }[];
  /** Pinnacle's latest stored prices, margin-free by Shin's method; null when it has none. */
  pinnacle: ResultProbabilities | null;
  /** The mean of every bookmaker's latest prices per outcome, then Shin's method. */
  average: ResultProbabilities | null;
};

const PINNACLE = 'pinnacle';
/** How far a stored forecast's three probabilities may sum from 1 (rounding) and still be read. */
const SUM_TOLERANCE = 0.01;

const probability = z.number().check(z.minimum(0), z.maximum(1));
const StoredProbabilitiesSchema = z.object({
  home: probability,
  draw: probability,
  away: probability,
});
const StoredForecastSchema = z.object({ model: z.string(), probabilities: z.unknown() });

/** A stored forecast's home/draw/away probabilities, made to sum to 1; null when unreadable. */
export function readResultProbabilities(value: unknown): ResultProbabilities | null {
  const read = StoredProbabilitiesSchema.safeParse(value);
  if (!read.success) return null;
  const { home, draw, away } = read.data;
  const total = home + draw + away;
  if (Math.abs(total - 1) > SUM_TOLERANCE) return null;
  return { home: home / total, draw: draw / total, away: away / total };
}

function readForecasts(value: unknown): SettledMatch['forecasts'] {
  if (!Array.isArray(value)) return [];
  const seen = new Set<string>();
  return value.flatMap((item: unknown) => {
    const read = StoredForecastSchema.safeParse(item);
    if (!read.success || seen.has(read.data.model)) return [];
    const p = readResultProbabilities(read.data.probabilities);
    if (p === null) return [];
    seen.add(read.data.model);
    return [{ model: read.data.model, p }];
  });
}

const isPrice = (price: number | undefined): price is number =>
  price !== undefined && Number.isFinite(price) && price > 1;

/** Home, draw and away as each bookmaker of the event prices all three. */
function listResultPrices(event: OddsEvent): { key: string; prices: number[] }[] {
  return event.bookmakers.flatMap((bookmaker) => {
    const outcomes = bookmaker.markets.find((market) => market.key === 'h2h')?.outcomes ?? [];
    const priceOf = (name: string) => outcomes.find((o) => o.name === name)?.price;
    const prices = [priceOf(event.home_team), priceOf('Draw'), priceOf(event.away_team)];
    return prices.every(isPrice) ? [{ key: bookmaker.key, prices }] : [];
  });
}

function removeMargin(prices: readonly number[]): ResultProbabilities | null {
  const shin = getShinProbabilities(prices)?.probabilities;
  if (shin === undefined) return null;
  const [home = 0, draw = 0, away = 0] = shin;
  return { home, draw, away };
}

/** Pinnacle's and the market average's margin-free 1X2 probabilities from a stored odds event. */
export function readBookmakerProbabilities(
  data: unknown,
): Pick<SettledMatch, 'pinnacle' | 'average'> {
  const read = OddsEventSchema.safeParse(data);
  if (!read.success) return { pinnacle: null, average: null };
  const priced = listResultPrices(read.data);
  const pinnacle = priced.find((b) => b.key === PINNACLE);
  const mean = (i: number) =>
    priced.reduce((sum, b) => sum + (b.prices[i] ?? 0), 0) / priced.length;
  return {
    pinnacle: pinnacle === undefined ? null : removeMargin(pinnacle.prices),
    average: priced.length === 0 ? null : removeMargin([mean(0), mean(1), mean(2)]),
  };
}

/** A stored settled match as the track record scores it; null when it has no score or no readable forecast. */
export function readSettledMatch(row: SettledMatchRow): SettledMatch | null {
  if (row.homeScore === null || row.awayScore === null) return null;
  const forecasts = readForecasts(row.forecasts);
  if (forecasts.length === 0) return null;
  return {
    id: row.id,
    league: { slug: row.leagueSlug, name: row.leagueName, order: row.leagueOrder },
    home: row.homeName,
    away: row.awayName,
    kickoffMs: row.kickoffUtc.getTime(),
    homeGoals: row.homeScore,
    awayGoals: row.awayScore,
    forecasts,
    ...readBookmakerProbabilities(row.h2h),
  };
}
