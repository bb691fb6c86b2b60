import { eq, sql } from 'drizzle-orm';

import type { Db } from './client.ts';
import { seasonProjections } from './schema.ts';

export type SeasonProjectionRow = typeof seasonProjections.$inferSelect;

/** The league's stored projection, or null. */
export async function findSeasonProjection(
  db: Db,
  leagueSlug: string,
): Promise<SeasonProjectionRow | null> {
  const rows = await db
    .select()
    .from(seasonProjections)
    .where(eq(seasonProjections.leagueSlug, leagueSlug))
    .limit(1);
  return rows[0] ?? null;
}

/** Stores the league's projection in place of the one it had. */
export async function upsertSeasonProjection(db: Db, row: SeasonProjectionRow): Promise<void> {
  await db
    .insert(seasonProjections)
    .values(row)
    .onConflictDoUpdate({
      target: seasonProjections.leagueSlug,
      set: {
        season: sql`excluded.season`,
        simulations: sql`excluded.simulations`,
        matchesPlayed: sql`excluded.matches_played`,
        computedAt: sql`excluded.computed_at`,
        body: sql`excluded.body`,
      },
    });
}
