import { eq, sql } from 'drizzle-orm';

import type { MatchFacts } from '../../domain/match-facts.ts';
import type { Db } from './client.ts';
import { matchFacts } from './schema.ts';

const CHUNK = 200;

/** Writes the facts of many matches (one row each, replacing what was there), in chunks. */
export async function writeMatchFacts(
  db: Db,
  byMatch: ReadonlyMap<number, MatchFacts>,
): Promise<void> {
  const rows = [...byMatch].map(([matchId, facts]) => ({ matchId, facts, updatedAt: new Date() }));
  for (let i = 0; i < rows.length; i += CHUNK) {
    await db
      .insert(matchFacts)
      .values(rows.slice(i, i + CHUNK))
      .onConflictDoUpdate({
        target: matchFacts.matchId,
        set: { facts: sql`excluded.facts`, updatedAt: sql`excluded.updated_at` },
      });
  }
}

/** A match's facts as last reported, or null when its provider has reported none. */
export async function findMatchFacts(db: Db, matchId: number): Promise<MatchFacts | null> {
  const rows = await db
    .select({ facts: matchFacts.facts })
    .from(matchFacts)
    .where(eq(matchFacts.matchId, matchId))
    .limit(1);
  return (rows[0]?.facts as MatchFacts | undefined) ?? null;
}
