import type { BookmakerPrices, MatchOdds } from '../../domain/api/match-centre.ts';
import type { OddsEvent } from '../../domain/odds.ts';
import { getPayout, getShinProbabilities } from '../../domain/shin.ts';

type Outcome = 'home' | 'draw' | 'away' | 'over' | 'under';
type Prices = Record<Outcome, number | null>;
const OUTCOMES: readonly Outcome[] = ['home', 'draw', 'away', 'over', 'under'];

const NO_PRICES: Prices = { home: null, draw: null, away: null, over: null, under: null };

/** Each bookmaker's five prices in an event (h2h by the event's team names, totals at 2.5). */
function readPrices(
  event: OddsEvent | null,
): Map<string, { title: string; link: boolean; prices: Prices }> {
  const byKey = new Map<string, { title: string; link: boolean; prices: Prices }>();
  for (const bookmaker of event?.bookmakers ?? []) {
    const entry = byKey.get(bookmaker.key) ?? {
      title: bookmaker.title,
      link: bookmaker.link !== undefined && bookmaker.link !== '',
      prices: { ...NO_PRICES },
    };
    for (const market of bookmaker.markets) {
      for (const outcome of market.outcomes) {
        const key: Outcome | null =
          market.key === 'h2h'
            ? outcome.name === event?.home_team
              ? 'home'
              : outcome.name === event?.away_team
                ? 'away'
                : outcome.name === 'Draw'
                  ? 'draw'
                  : null
            : outcome.point === undefined || outcome.point === 2.5
              ? outcome.name === 'Over'
                ? 'over'
                : outcome.name === 'Under'
                  ? 'under'
                  : null
              : null;
        if (key !== null && Number.isFinite(outcome.price)) entry.prices[key] = outcome.price;
      }
    }
    byKey.set(bookmaker.key, entry);
  }
  return byKey;
}

const payoutOf = (prices: (number | null)[]) =>
  prices.every((p): p is number => p !== null) ? getPayout(prices) : null;

/**
 * One table of every bookmaker's latest and first prices of a match (h2h and totals events
 * merged), with payouts and the best price of each outcome; null when no bookmaker prices it.
 */
export function buildMatchOdds(
  markets: { type: string; data: OddsEvent; opening: OddsEvent | null }[],
  leagueSlug: string,
): MatchOdds | null {
  const h2h = markets.find((m) => m.type === 'h2h');
  const totals = markets.find((m) => m.type === 'totals');
  const latest = [readPrices(h2h?.data ?? null), readPrices(totals?.data ?? null)];
  const opening = [readPrices(h2h?.opening ?? null), readPrices(totals?.opening ?? null)];
  const keys = [...new Set(latest.flatMap((m) => [...m.keys()]))];
  if (keys.length === 0) return null;
  const merge = (maps: typeof latest, key: string): Prices => {
    const [a, b] = maps.map((m) => m.get(key)?.prices ?? NO_PRICES) as [Prices, Prices];
    return { home: a.home, draw: a.draw, away: a.away, over: b.over, under: b.under };
  };
  const bookmakers: BookmakerPrices[] = keys.map((key) => {
    const info = latest[0]?.get(key) ?? latest[1]?.get(key);
    const now = merge(latest, key);
    return {
      key,
      title: info?.title ?? key,
      linked: info?.link ?? false,
      ...now,
      opening: merge(opening, key),
      payout_h2h: payoutOf([now.home, now.draw, now.away]),
      payout_totals: payoutOf([now.over, now.under]),
    };
  });
  const best = Object.fromEntries(
    OUTCOMES.map((outcome) => {
      let top: { price: number; key: string } | null = null;
      for (const b of bookmakers) {
        const price = b[outcome];
        if (price !== null && (top === null || price > top.price)) top = { price, key: b.key };
      }
      return [outcome, top];
    }),
  ) as MatchOdds['best'];
  return {
    event_id: h2h?.data.id ?? totals?.data.id ?? '',
    league_slug: leagueSlug,
    bookmakers,
    best,
  };
}

/**
 * The market's margin-free 1X2 probabilities: Shin's method on each bookmaker's prices,
 * averaged over the bookmakers that price all three outcomes; null when none does.
 */
export function getMarketProbabilities(
  odds: MatchOdds | null,
): { home: number; draw: number; away: number } | null {
  const each = (odds?.bookmakers ?? []).flatMap((b) => {
    if (b.home === null || b.draw === null || b.away === null) return [];
    const shin = getShinProbabilities([b.home, b.draw, b.away]);
    return shin === null ? [] : [shin.probabilities];
  });
  if (each.length === 0) return null;
  const mean = (i: number) => each.reduce((sum, p) => sum + (p[i] ?? 0), 0) / each.length;
  return { home: mean(0), draw: mean(1), away: mean(2) };
}
