import { asc, eq, sql } from 'drizzle-orm';

import { LEAGUES, type League, type LeagueEntry } from '../../domain/league.ts';
import type { Db } from './client.ts';
import { leagues } from './schema.ts';

/**
 * Inserts the given leagues (default: the registry's) in their order; running it again changes
 * nothing but names and order.
 */
export async function seedLeagues(
  db: Db,
  entries: readonly LeagueEntry[] = LEAGUES,
): Promise<void> {
  await db
    .insert(leagues)
    .values(
      entries.map((league, index) => ({
        name: league.name,
        slug: league.slug,
        country: league.country,
        code: league.division,
        orderIndex: index + 1,
      })),
    )
    .onConflictDoUpdate({
      target: leagues.slug,
      set: {
        name: sql`excluded.name`,
        country: sql`excluded.country`,
        orderIndex: sql`excluded.order_index`,
      },
    });
}

const leagueColumns = {
  id: leagues.id,
  name: leagues.name,
  slug: leagues.slug,
  order_index: leagues.orderIndex,
  country: leagues.country,
  logo_url: leagues.logoUrl,
};

export async function listLeagues(db: Db): Promise<League[]> {
  return db.select(leagueColumns).from(leagues).orderBy(asc(leagues.orderIndex));
}

export async function findLeagueBySlug(db: Db, slug: string): Promise<League | null> {
  const rows = await db.select(leagueColumns).from(leagues).where(eq(leagues.slug, slug)).limit(1);
  return rows[0] ?? null;
}
