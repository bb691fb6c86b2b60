import { and, asc, eq, gte, inArray, like, lt, notInArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';

import type { Db } from './client.ts';
import { leagues, matches, teams } from './schema.ts';

/** A match as a provider reports it: every column but the id and the update time. */
export type MatchInput = Required<Omit<typeof matches.$inferInsert, 'id' | 'updatedAt'>>;

/** Upserts matches by external id; updated_at records the poll that last confirmed the row. */
export async function upsertMatches(
  db: Db,
  input: MatchInput[],
  now: Date,
): Promise<Map<string, number>> {
  if (input.length === 0) return new Map();
  const rows = await db
    .insert(matches)
    .values(input.map((m) => ({ ...m, updatedAt: now })))
    .onConflictDoUpdate({
      target: matches.externalId,
      set: {
        kickoffUtc: sql`excluded.kickoff_utc`,
        status: sql`excluded.status`,
        minute: sql`excluded.minute`,
        homeScore: sql`excluded.home_score`,
        awayScore: sql`excluded.away_score`,
        htHomeScore: sql`excluded.ht_home_score`,
        htAwayScore: sql`excluded.ht_away_score`,
        updatedAt: sql`excluded.updated_at`,
      },
    })
    .returning({ id: matches.id, externalId: matches.externalId });
  return new Map(rows.map((r) => [r.externalId, r.id]));
}

export type FixtureKey = {
  leagueId: number;
  homeTeamId: number;
  awayTeamId: number;
  kickoffUtc: Date;
};

/** How far apart two providers' kick-off times of one fixture may be. */
const SAME_FIXTURE_MS = 36 * 60 * 60 * 1000;

/**
 * Stored matches of the same clubs kicking off within a day and a half of each fixture: the
 * same game as another provider knows it. Returns, per fixture index, the stored row or none.
 */
export async function findSameFixtures(
  db: Db,
  fixtures: FixtureKey[],
): Promise<({ id: number; externalId: string } | undefined)[]> {
  if (fixtures.length === 0) return [];
  const rows = await db
    .select({
      id: matches.id,
      externalId: matches.externalId,
      homeTeamId: matches.homeTeamId,
      awayTeamId: matches.awayTeamId,
      kickoffUtc: matches.kickoffUtc,
    })
    .from(matches)
    .where(
      and(
        inArray(matches.homeTeamId, [...new Set(fixtures.map((f) => f.homeTeamId))]),
        inArray(matches.awayTeamId, [...new Set(fixtures.map((f) => f.awayTeamId))]),
      ),
    );
  return fixtures.map((f) =>
    rows.find(
      (r) =>
        r.homeTeamId === f.homeTeamId &&
        r.awayTeamId === f.awayTeamId &&
        Math.abs(r.kickoffUtc.getTime() - f.kickoffUtc.getTime()) <= SAME_FIXTURE_MS,
    ),
  );
}

/** Gives a stored match another provider's external id (the provider now reporting it). */
export async function renameMatch(db: Db, id: number, externalId: string): Promise<void> {
  await db.update(matches).set({ externalId }).where(eq(matches.id, id));
}

const home = alias(teams, 'home');
const away = alias(teams, 'away');

export type MatchRow = {
  id: number;
  leagueName: string;
  leagueSlug: string;
  homeName: string;
  awayName: string;
  homeKey: string;
  awayKey: string;
  homeShield: string | null;
  awayShield: string | null;
  kickoffUtc: Date;
  status: string;
  minute: string | null;
  homeScore: number | null;
  awayScore: number | null;
  updatedAt: Date;
};

/** Matches kicking off in [from, to), optionally in some leagues, soonest first. */
export async function listMatchesBetween(
  db: Db,
  from: Date,
  to: Date,
  leagueIds?: number[],
): Promise<MatchRow[]> {
  const conditions = [gte(matches.kickoffUtc, from), lt(matches.kickoffUtc, to)];
  if (leagueIds !== undefined) conditions.push(inArray(matches.leagueId, leagueIds));
  return db
    .select({
      id: matches.id,
      leagueName: leagues.name,
      leagueSlug: leagues.slug,
      homeName: home.name,
      awayName: away.name,
      homeKey: home.key,
      awayKey: away.key,
      homeShield: home.logoUrl,
      awayShield: away.logoUrl,
      kickoffUtc: matches.kickoffUtc,
      status: matches.status,
      minute: matches.minute,
      homeScore: matches.homeScore,
      awayScore: matches.awayScore,
      updatedAt: matches.updatedAt,
    })
    .from(matches)
    .innerJoin(leagues, eq(matches.leagueId, leagues.id))
    .innerJoin(home, eq(matches.homeTeamId, home.id))
    .innerJoin(away, eq(matches.awayTeamId, away.id))
    .where(and(...conditions))
    .orderBy(asc(matches.kickoffUtc), asc(matches.id));
}

/**
 * Deletes a provider's matches in [from, to) that it no longer reports (a replay that moved to
 * another season, a fixture an upstream dropped); their markets and predictions go with them.
 */
export async function deleteMatchesNotIn(
  db: Db,
  options: { idPrefix: string; from: Date; to: Date; keepExternalIds: string[] },
): Promise<number> {
  const conditions = [
    like(matches.externalId, `${options.idPrefix}%`),
    gte(matches.kickoffUtc, options.from),
    lt(matches.kickoffUtc, options.to),
  ];
  if (options.keepExternalIds.length > 0) {
    conditions.push(notInArray(matches.externalId, options.keepExternalIds));
  }
  const deleted = await db
    .delete(matches)
    .where(and(...conditions))
    .returning({ id: matches.id });
  return deleted.length;
}

/** Whether any match whose external id starts with `idPrefix` is stored (a provider's). */
export async function hasStoredMatches(db: Db, idPrefix: string): Promise<boolean> {
  const rows = await db
    .select({ id: matches.id })
    .from(matches)
    .where(like(matches.externalId, `${idPrefix}%`))
    .limit(1);
  return rows.length > 0;
}

/** Stored matches by external id, with their kick-off and team names. */
export async function findMatchesByExternalIds(db: Db, externalIds: string[]) {
  if (externalIds.length === 0) return [];
  return db
    .select({
      id: matches.id,
      externalId: matches.externalId,
      kickoffUtc: matches.kickoffUtc,
      homeName: home.name,
      awayName: away.name,
    })
    .from(matches)
    .innerJoin(home, eq(matches.homeTeamId, home.id))
    .innerJoin(away, eq(matches.awayTeamId, away.id))
    .where(inArray(matches.externalId, externalIds));
}

export type LeagueMatchRow = {
  id: number;
  externalId: string;
  homeName: string;
  awayName: string;
  /** The clubs' keys (their crests are `/img/crest/<key>.svg`). */
  homeKey: string;
  awayKey: string;
  kickoffUtc: Date;
  status: string;
  homeScore: number | null;
  awayScore: number | null;
  htHomeScore: number | null;
  htAwayScore: number | null;
};

/** A league's matches kicking off in [from, to), optionally in one status, soonest first. */
export async function listLeagueMatches(
  db: Db,
  options: { leagueId: number; from: Date; to: Date; status?: string },
): Promise<LeagueMatchRow[]> {
  const conditions = [
    eq(matches.leagueId, options.leagueId),
    gte(matches.kickoffUtc, options.from),
    lt(matches.kickoffUtc, options.to),
  ];
  if (options.status !== undefined) conditions.push(eq(matches.status, options.status));
  return db
    .select({
      id: matches.id,
      externalId: matches.externalId,
      homeName: home.name,
      awayName: away.name,
      homeKey: home.key,
      awayKey: away.key,
      kickoffUtc: matches.kickoffUtc,
      status: matches.status,
      homeScore: matches.homeScore,
      awayScore: matches.awayScore,
      htHomeScore: matches.htHomeScore,
      htAwayScore: matches.htAwayScore,
    })
    .from(matches)
    .innerJoin(home, eq(matches.homeTeamId, home.id))
    .innerJoin(away, eq(matches.awayTeamId, away.id))
    .where(and(...conditions))
    .orderBy(asc(matches.kickoffUtc), asc(matches.id));
}
