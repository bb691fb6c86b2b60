import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';

import type { MarketKey, OddsEvent } from '../../domain/odds.ts';
import type { Db } from './client.ts';
import { markets, matches } from './schema.ts';

/**
 * Stores each match's latest prices. The opening prices (`opening`, else the first `data`) are
 * written with the first row only and kept: they are what the price moved from.
 */
export async function upsertMarkets(
  db: Db,
  rows: { matchId: number; type: MarketKey; data: OddsEvent; opening?: OddsEvent }[],
  now: Date,
): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insert(markets)
    .values(
      rows.map((r) => ({ ...r, opening: r.opening ?? r.data, createdAt: now, updatedAt: now })),
    )
    .onConflictDoUpdate({
      target: [markets.matchId, markets.type],
      set: {
        data: sql`excluded.data`,
        // Rows stored before openings were kept take their first price seen from now on.
        opening: sql`coalesce(${markets.opening}, excluded.opening)`,
        updatedAt: sql`excluded.updated_at`,
      },
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
    .select({ data: markets.data, matchId: markets.matchId })
    .from(markets)
    .innerJoin(matches, eq(markets.matchId, matches.id))
    .where(and(...conditions))
    .orderBy(asc(matches.kickoffUtc), asc(matches.id))
    .limit(options.limit);
  // The stored match's id rides along, so a card can link to its match page.
  return rows.map((r) => ({ ...(r.data as OddsEvent), match_id: r.matchId }));
}

export type MatchMarketRow = { type: string; data: OddsEvent; opening: OddsEvent | null };

/** A match's stored markets (h2h, totals) with their opening prices. */
export async function listMarketsOfMatch(db: Db, matchId: number): Promise<MatchMarketRow[]> {
  const rows = await db
    .select({ type: markets.type, data: markets.data, opening: markets.opening })
    .from(markets)
    .where(eq(markets.matchId, matchId));
  return rows.map((r) => ({
    type: r.type,
    data: r.data as OddsEvent,
    opening: (r.opening ?? null) as OddsEvent | null,
  }));
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

/** The keys of every bookmaker whose prices are stored, in any market of any match. */
export async function listOfferedBookmakerKeys(db: Db): Promise<string[]> {
  const result = await db.execute(
    sql`select distinct b.value->>'key' as key
        from ${markets}, jsonb_array_elements(${markets.data}->'bookmakers') as b`,
  );
  // Both drivers answer raw queries with { rows }.
  const { rows } = result as unknown as { rows: { key: unknown }[] };
  return rows.flatMap((row) => (typeof row.key === 'string' ? [row.key] : []));
}
