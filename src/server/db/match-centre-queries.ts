import { and, asc, desc, eq, like, lt, notLike, sql } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';

import type { Db } from './client.ts';
import { historyMatches, leagues, matches, newsArticles, predictions, teams } from './schema.ts';

const home = alias(teams, 'home');
const away = alias(teams, 'away');

/** The club spelling of the historical results (teams.aliases.results), or null. */
const resultsName = (aliases: AnyPgColumn) => sql<string | null>`${aliases}->>'results'`;

/** A stored match with its league and both clubs, or null when there is none with this id. */
export async function findMatchDetail(db: Db, id: number) {
  const rows = await db
    .select({
      id: matches.id,
      externalId: matches.externalId,
      leagueId: matches.leagueId,
      leagueName: leagues.name,
      leagueSlug: leagues.slug,
      leagueCode: leagues.code,
      kickoffUtc: matches.kickoffUtc,
      status: matches.status,
      minute: matches.minute,
      homeScore: matches.homeScore,
      awayScore: matches.awayScore,
      htHomeScore: matches.htHomeScore,
      htAwayScore: matches.htAwayScore,
      updatedAt: matches.updatedAt,
      homeId: home.id,
      homeName: home.name,
      homeKey: home.key,
      homeShield: home.logoUrl,
      homeResultsName: resultsName(home.aliases),
      awayId: away.id,
      awayName: away.name,
      awayKey: away.key,
      awayShield: away.logoUrl,
      awayResultsName: resultsName(away.aliases),
    })
    .from(matches)
    .innerJoin(leagues, eq(matches.leagueId, leagues.id))
    .innerJoin(home, eq(matches.homeTeamId, home.id))
    .innerJoin(away, eq(matches.awayTeamId, away.id))
    .where(eq(matches.id, id))
    .limit(1);
  return rows[0] ?? null;
}
export type MatchDetail = NonNullable<Awaited<ReturnType<typeof findMatchDetail>>>;

const historyColumns = {
  div: historyMatches.div,
  season: historyMatches.season,
  date: historyMatches.date,
  home: historyMatches.home,
  away: historyMatches.away,
  homeGoals: historyMatches.homeGoals,
  awayGoals: historyMatches.awayGoals,
};
export type HistoryResult = {
  div: string;
  season: string;
  date: string;
  home: string;
  away: string;
  homeGoals: number;
  awayGoals: number;
};

/** The date of one historical fixture (league code, season, clubs as the results spell them). */
export async function findHistoryDate(
  db: Db,
  key: { div: string; season: string; home: string; away: string },
): Promise<string | null> {
  const rows = await db
    .select({ date: historyMatches.date })
    .from(historyMatches)
    .where(
      and(
        eq(historyMatches.div, key.div),
        eq(historyMatches.season, key.season),
        eq(historyMatches.home, key.home),
        eq(historyMatches.away, key.away),
      ),
    )
    .limit(1);
  return rows[0]?.date ?? null;
}

/**
 * A club's last historical results before `before` (a UK date), newest first. Each side is read
 * through its own (club, date) index and the two merged: no scan of the history.
 */
export async function listClubHistory(
  db: Db,
  club: string,
  before: string,
  limit: number,
): Promise<HistoryResult[]> {
  const side = (column: AnyPgColumn) =>
    db
      .select(historyColumns)
      .from(historyMatches)
      .where(and(eq(column, club), lt(historyMatches.date, before)))
      .orderBy(desc(historyMatches.date))
      .limit(limit);
  const [asHome, asAway] = await Promise.all([
    side(historyMatches.home),
    side(historyMatches.away),
  ]);
  return [...asHome, ...asAway].sort((a, b) => b.date.localeCompare(a.date)).slice(0, limit);
}

/** The two clubs' last historical meetings before `before`, newest first (each way indexed). */
export async function listHistoryMeetings(
  db: Db,
  clubs: { home: string; away: string },
  before: string,
  limit: number,
): Promise<HistoryResult[]> {
  const way = (homeClub: string, awayClub: string) =>
    db
      .select(historyColumns)
      .from(historyMatches)
      .where(
        and(
          eq(historyMatches.home, homeClub),
          eq(historyMatches.away, awayClub),
          lt(historyMatches.date, before),
        ),
      )
      .orderBy(desc(historyMatches.date))
      .limit(limit);
  const [one, other] = await Promise.all([
    way(clubs.home, clubs.away),
    way(clubs.away, clubs.home),
  ]);
  return [...one, ...other].sort((a, b) => b.date.localeCompare(a.date)).slice(0, limit);
}

export type StoredResult = {
  id: number;
  externalId: string;
  kickoffUtc: Date;
  homeId: number;
  awayId: number;
  homeName: string;
  awayName: string;
  homeScore: number | null;
  awayScore: number | null;
};

/**
 * A club's stored finished matches before `before`, newest first, through the (club, kick-off)
 * indexes; `replays`: only those whose external id starts with the prefix, or none of them.
 */
export async function listStoredResults(
  db: Db,
  options: { teamId: number; before: Date; limit: number; prefix: string; replays: boolean },
): Promise<StoredResult[]> {
  const side = (column: AnyPgColumn) =>
    db
      .select({
        id: matches.id,
        externalId: matches.externalId,
        kickoffUtc: matches.kickoffUtc,
        homeId: matches.homeTeamId,
        awayId: matches.awayTeamId,
        homeName: home.name,
        awayName: away.name,
        homeScore: matches.homeScore,
        awayScore: matches.awayScore,
      })
      .from(matches)
      .innerJoin(home, eq(matches.homeTeamId, home.id))
      .innerJoin(away, eq(matches.awayTeamId, away.id))
      .where(
        and(
          eq(column, options.teamId),
          lt(matches.kickoffUtc, options.before),
          eq(matches.status, 'finished'),
          options.replays
            ? like(matches.externalId, `${options.prefix}%`)
            : notLike(matches.externalId, `${options.prefix}%`),
        ),
      )
      .orderBy(desc(matches.kickoffUtc))
      .limit(options.limit);
  const [asHome, asAway] = await Promise.all([side(matches.homeTeamId), side(matches.awayTeamId)]);
  return [...asHome, ...asAway]
    .sort((a, b) => b.kickoffUtc.getTime() - a.kickoffUtc.getTime())
    .slice(0, options.limit);
}

/** Every club's key, name and results spelling, to name and link historical rows. */
export async function listClubNames(db: Db) {
  return db
    .select({
      id: teams.id,
      key: teams.key,
      name: teams.name,
      resultsName: resultsName(teams.aliases),
    })
    .from(teams)
    .orderBy(asc(teams.id));
}

/** A match's result predictions with what each model stored of its forecast. */
export async function listResultPredictions(db: Db, matchId: number) {
  return db
    .select({
      modelName: predictions.modelName,
      pick: predictions.pick,
      confidencePct: predictions.confidencePct,
      probabilities: predictions.probabilities,
    })
    .from(predictions)
    .where(and(eq(predictions.matchId, matchId), eq(predictions.market, 'result')))
    .orderBy(asc(predictions.modelName));
}

/** The stored article with this feed guid (the demo newsroom's match report), or null. */
export async function findArticleByGuid(db: Db, guid: string) {
  const rows = await db
    .select({
      title: newsArticles.title,
      summary: newsArticles.summary,
      publishedAt: newsArticles.publishedAt,
    })
    .from(newsArticles)
    .where(eq(newsArticles.guid, guid))
    .limit(1);
  return rows[0] ?? null;
}
