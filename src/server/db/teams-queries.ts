import { eq, inArray, sql } from 'drizzle-orm';

import type { Db } from './client.ts';
import { leagues, teams } from './schema.ts';

export type TeamInput = {
  key: string;
  leagueSlug: string;
  name: string;
  shortName: string;
  logoUrl: string | null;
};

/** Inserts or renames teams by key; returns nothing, ids come from getTeamIdsByKey. */
export async function upsertTeams(db: Db, input: TeamInput[]): Promise<void> {
  if (input.length === 0) return;
  const leagueRows = await db.select({ id: leagues.id, slug: leagues.slug }).from(leagues);
  const leagueIds = new Map(leagueRows.map((l) => [l.slug, l.id]));
  const rows = input.flatMap((t) => {
    const leagueId = leagueIds.get(t.leagueSlug);
    return leagueId === undefined
      ? []
      : [{ key: t.key, leagueId, name: t.name, shortName: t.shortName, logoUrl: t.logoUrl }];
  });
  await db
    .insert(teams)
    .values(rows)
    .onConflictDoUpdate({
      target: teams.key,
      set: {
        leagueId: sql`excluded.league_id`,
        name: sql`excluded.name`,
        shortName: sql`excluded.short_name`,
        logoUrl: sql`coalesce(excluded.logo_url, ${teams.logoUrl})`,
      },
    });
}

export async function getTeamIdsByKey(db: Db, keys: string[]): Promise<Map<string, number>> {
  if (keys.length === 0) return new Map();
  const rows = await db
    .select({ id: teams.id, key: teams.key })
    .from(teams)
    .where(inArray(teams.key, [...new Set(keys)]));
  return new Map(rows.map((r) => [r.key, r.id]));
}

export async function findTeamByKey(db: Db, key: string) {
  const rows = await db.select().from(teams).where(eq(teams.key, key)).limit(1);
  return rows[0] ?? null;
}
