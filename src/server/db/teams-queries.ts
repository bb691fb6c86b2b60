import { and, asc, eq, exists, inArray, notExists, or, sql, type SQL } from 'drizzle-orm';

import type { ClubInfo } from '../../domain/history.ts';
import type { Db } from './client.ts';
import { leagues, standings, teams, transfers } from './schema.ts';

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

export type ClubRow = {
  id: number;
  /** teams.key: the club's team page is `/team/<key>`. */
  key: string;
  name: string;
  shortName: string;
  logoUrl: string | null;
  leagueId: number;
  leagueSlug: string;
  /** Other spellings of the club (results, Understat, Transfermarkt), without its name. */
  aliases: string[];
  /** Its Transfermarkt spellings, as history_transfers names it. */
  transfermarktNames: string[];
  /** What news also calls it (Gunners, Spurs, Barça), from clubs.csv. */
  newsNames: string[];
};

/**
 * Clubs with their spellings, in league order then by name, optionally of some leagues only;
 * `current`: only the clubs of the season being shown (in its league's table, or with transfers;
 * every club of a league without a table yet).
 */
export async function listClubs(
  db: Db,
  options: { leagueIds?: number[]; current?: boolean } = {},
): Promise<ClubRow[]> {
  const conditions: SQL[] = [];
  if (options.leagueIds !== undefined) conditions.push(inArray(teams.leagueId, options.leagueIds));
  if (options.current === true) {
    const one = { one: sql`1` };
    const inTable = db.select(one).from(standings).where(eq(standings.teamId, teams.id));
    const moving = db.select(one).from(transfers).where(eq(transfers.teamId, teams.id));
    const leagueTable = db
      .select(one)
      .from(standings)
      .where(eq(standings.leagueId, teams.leagueId));
    // A league without a table yet counts every club it has.
    conditions.push(or(exists(inTable), exists(moving), notExists(leagueTable)) as SQL);
  }
  const rows = await db
    .select({
      id: teams.id,
      key: teams.key,
      name: teams.name,
      shortName: teams.shortName,
      logoUrl: teams.logoUrl,
      leagueId: teams.leagueId,
      leagueSlug: leagues.slug,
      aliases: teams.aliases,
    })
    .from(teams)
    .innerJoin(leagues, eq(teams.leagueId, leagues.id))
    .where(and(...conditions))
    .orderBy(asc(leagues.orderIndex), asc(teams.name), asc(teams.id));
  return rows.map(({ aliases, ...row }) => {
    const spellings = (aliases ?? null) as Partial<ClubInfo['aliases']> | null;
    const transfermarktNames = spellings?.transfermarkt ?? [];
    const all = [spellings?.results ?? '', ...(spellings?.understat ?? []), ...transfermarktNames];
    return {
      ...row,
      aliases: [...new Set(all)].filter((n) => n !== '' && n !== row.name),
      transfermarktNames,
      newsNames: spellings?.news ?? [],
    };
  });
}

/** Every stored club with all its spellings, for matching an upstream's names to club keys. */
export async function listKnownClubs(
  db: Db,
): Promise<
  { key: string; name: string; shortName: string; leagueSlug: string; names: string[] }[]
> {
  const rows = await db
    .select({
      key: teams.key,
      name: teams.name,
      shortName: teams.shortName,
      leagueSlug: leagues.slug,
      aliases: teams.aliases,
    })
    .from(teams)
    .innerJoin(leagues, eq(teams.leagueId, leagues.id));
  return rows.map(({ aliases, ...row }) => {
    const spellings = (aliases ?? null) as Partial<ClubInfo['aliases']> | null;
    const names = [
      row.name,
      row.shortName,
      spellings?.results ?? '',
      ...(spellings?.understat ?? []),
      ...(spellings?.transfermarkt ?? []),
    ].filter((n) => n.trim() !== '');
    return { ...row, names: [...new Set(names)] };
  });
}
