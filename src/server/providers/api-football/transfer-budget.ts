import type { LeagueEntry } from '../../../domain/league.ts';
import { QuotaDeferral } from '../provider.ts';
import type { UpstreamClient, UpstreamStats } from '../upstream/http.ts';
import { PROVIDER } from './errors.ts';

// Transfers are the dearest data API-Football gives: one request for a league's clubs, then one
// per club (`/transfers` takes a team, not a league), 21 for a league of 20. Five leagues would
// spend 105 requests, more than the free plan's 100 a day (NOTES.md §1), so transfers are read
// on a budget: what the day's quota has left, less a reserve for the rest of the site's data.
// A league the budget puts off is Touchline's own choice, not the upstream's failure: it is a
// QuotaDeferral, counted on the client as deferred.

/** The free plan's requests a day (§1), until the quota headers tell the key's own limit. */
export const FREE_PLAN_DAILY_REQUESTS = 100;
/** The clubs a league is assumed to have before its first `/teams` answer. */
const ASSUMED_CLUBS = 20;
/** Share of the day's requests transfers leave to matches, tables, players and odds. */
const RESERVE_SHARE = 0.3;

/** The requests of the day's quota (the UTC day, §1), and how many are left. */
export function readDailyQuota(
  stats: UpstreamStats,
  nowMs: number,
): { limit: number; remaining: number } {
  const limit =
    stats.creditsLeft !== null && stats.creditsUsed !== null
      ? stats.creditsLeft + stats.creditsUsed
      : FREE_PLAN_DAILY_REQUESTS;
  // The quota resets at 00:00 UTC: no request yet today means the whole of it is left.
  if (stats.day !== new Date(nowMs).toISOString().slice(0, 10)) return { limit, remaining: limit };
  const uncounted = Math.max(0, limit - stats.callsToday);
  // The headers know of requests made with the same key elsewhere; the count, of answers
  // that came without them.
  return { limit, remaining: Math.min(stats.creditsLeft ?? uncounted, uncounted) };
}

/** The next 00:00 UTC, when the day's quota resets (§1). */
function nextUtcMidnight(nowMs: number): Date {
  const day = new Date(nowMs);
  day.setUTCHours(24, 0, 0, 0);
  return day;
}

/** The requests kept for everything but transfers out of a daily limit. */
export function getReserve(limit: number): number {
  return Math.ceil(limit * RESERVE_SHARE);
}

export type TransferBudget = {
  /**
   * Throws a QuotaDeferral (before any request) unless the day's share can cover the league and
   * every league that waited longer.
   */
  claim: (leagueSlug: string) => void;
  /**
   * Once the clubs are known: throws a QuotaDeferral unless one request per club still fits
   * today, else takes the league's turn. A league whose clubs could not be read keeps its
   * place in the queue: nothing league-specific was spent on it.
   */
  requireClubs: (leagueSlug: string, clubs: number) => void;
};

/**
 * The transfers budget of one adapter: the stalest leagues first (the one whose last turn is
 * oldest, never counting as oldest of all), so that with a quota too small for every league each
 * gets its turn over the days. What each league cost last time estimates what it will cost.
 */
export function createTransferBudget(options: {
  client: UpstreamClient;
  leagues: readonly LeagueEntry[];
  now: () => number;
}): TransferBudget {
  const turns = new Map<string, number>();
  const clubCounts = new Map<string, number>();
  const estimate = (slug: string) => 1 + (clubCounts.get(slug) ?? ASSUMED_CLUBS);

  /** The league waits for the quota's reset; the client shows it as deferred. */
  const defer = (message: string) => {
    const deferral = new QuotaDeferral(PROVIDER, message, nextUtcMidnight(options.now()));
    options.client.noteDeferral(deferral);
    return deferral;
  };

  /** The leagues in the order their turn comes: the oldest last turn first, then registry order. */
  const queue = () =>
    options.leagues
      .map((league, index) => ({
        slug: league.slug,
        turn: turns.get(league.slug) ?? Number.NEGATIVE_INFINITY,
        index,
      }))
      .sort((a, b) => (a.turn === b.turn ? a.index - b.index : a.turn < b.turn ? -1 : 1));

  return {
    claim(leagueSlug) {
      const { limit, remaining } = readDailyQuota(options.client.stats(), options.now());
      const reserve = getReserve(limit);
      let needed = 0;
      for (const entry of queue()) {
        needed += estimate(entry.slug);
        if (entry.slug === leagueSlug) break;
      }
      if (needed > remaining - reserve) {
        throw defer(
          `transfers of ${leagueSlug} wait for another day: ${remaining} requests left today, ` +
            `${reserve} kept for matches, tables and players, and the leagues due first with ` +
            `this one need ${needed}`,
        );
      }
    },
    requireClubs(leagueSlug, clubs) {
      clubCounts.set(leagueSlug, clubs);
      const { limit, remaining } = readDailyQuota(options.client.stats(), options.now());
      const reserve = getReserve(limit);
      if (clubs > remaining - reserve) {
        throw defer(
          `transfers of ${leagueSlug} wait for another day: ${clubs} clubs to read, ` +
            `${remaining} requests left today and ${reserve} kept for matches, tables and players`,
        );
      }
      turns.set(leagueSlug, options.now());
    },
  };
}
