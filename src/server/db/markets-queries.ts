import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';

import type { MarketKey, OddsEvent } from '../../domain/odds.ts';
import type { Db } from './client.ts';
import { markets, matches } from './schema.ts';

export async function upsertMarkets(
  db: Db,
  rows: { matchId: number; type: MarketKey; data: OddsEvent }[],
  now: Date,
): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insert(markets)
    .values(rows.map((r) => ({ ...r, createdAt: now, updatedAt: now })))
    .onConflictDoUpdate({
      target: [markets.matchId, markets.type],
      set: { data: sql`excluded.data`, updatedAt: sql`excluded.updated_at` },
    });
}

/** Odds events of upcoming matches (kick-off after `now`), soonest first. */
export async function listUpcomingOdds(
  db: Db,
  options: { leagueIds?: number[]; market: MarketKey; now: Date; limit: number },
): Promise<OddsEvent[]> {
  const conditions = [eq(markets.type, options.market), gt(matches.kickoffUtc, options.now)];
  if (options.leagueIds !== undefined)
    conditions.push(inArray(matches.leagueId, options.leagueIds));
  const rows = await db
    .select({ data: markets.data })
    .from(markets)
    .innerJoin(matches, eq(markets.matchId, matches.id))
    .where(and(...conditions))
    .orderBy(asc(matches.kickoffUtc), asc(matches.id))
    .limit(options.limit);
  return rows.map((r) => r.data as OddsEvent);
}

/** The odds event of each given match that has the market, by match id. */
export async function listMatchMarkets(
  db: Db,
  matchIds: number[],
  market: MarketKey,
): Promise<Map<number, OddsEvent>> {
  if (matchIds.length === 0) return new Map();
  const rows = await db
    .select({ matchId: markets.matchId, data: markets.data })
    .from(markets)
    .where(and(eq(markets.type, market), inArray(markets.matchId, matchIds)));
  return new Map(rows.map((r) => [r.matchId, r.data as OddsEvent]));
}
