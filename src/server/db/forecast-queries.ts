import {
  and,
  asc,
  eq,
  gt,
  gte,
  inArray,
  isNotNull,
  like,
  lte,
  max,
  min,
  or,
  type SQL,
} from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';

import type { ClubInfo } from '../../domain/history.ts';
import type { Db } from './client.ts';
import { preClosingOdds } from './history-queries.ts';
import { historyMatches, leagues, markets, matches, teams } from './schema.ts';

/** A played match of the shipped history, as the prediction models read it. */
export type HistoryResultRow = {
  div: string;
  season: string;
  /** UK calendar date and UK local kick-off time (null when the data set has none). */
  date: string;
  time: string | null;
  home: string;
  away: string;
  homeGoals: number;
  awayGoals: number;
  homeShots: number | null;
  awayShots: number | null;
  homeShotsOnTarget: number | null;
  awayShotsOnTarget: number | null;
  /** Pre-closing decimal prices by the data set's column names (see preClosingOdds). */
  odds: Record<string, number>;
};

/** "2022-2023" moved by `years`: "2019-2020" for -3. */
function shiftSeason(season: string, years: number): string {
  const first = Number(season.slice(0, 4)) + years;
  return `${first}-${first + 1}`;
}

/**
 * The results of the history's latest `seasons` seasons (default: all), every league; none
 * before an import.
 */
export async function listRecentHistoryResults(
  db: Db,
  seasons?: number,
): Promise<HistoryResultRow[]> {
  const [latest] = await db.select({ season: max(historyMatches.season) }).from(historyMatches);
  if (latest?.season === null || latest?.season === undefined) return [];
  const rows = await db
    .select({
      div: historyMatches.div,
      season: historyMatches.season,
      date: historyMatches.date,
      time: historyMatches.time,
      home: historyMatches.home,
      away: historyMatches.away,
      homeGoals: historyMatches.homeGoals,
      awayGoals: historyMatches.awayGoals,
      homeShots: historyMatches.homeShots,
      awayShots: historyMatches.awayShots,
      homeShotsOnTarget: historyMatches.homeShotsOnTarget,
      awayShotsOnTarget: historyMatches.awayShotsOnTarget,
      odds: preClosingOdds,
    })
    .from(historyMatches)
    .where(
      seasons === undefined
        ? undefined
        : gte(historyMatches.season, shiftSeason(latest.season, 1 - seasons)),
    );
  return rows;
}

/**
 * Each club's key by the name the history's results give it (clubs.csv's results_name): the
 * same keys the live provider maps upstream names onto.
 */
export async function listClubKeysByResultsName(db: Db): Promise<Map<string, string>> {
  const rows = await db.select({ key: teams.key, aliases: teams.aliases }).from(teams);
  const keys = new Map<string, string>();
  for (const row of rows) {
    const results = (row.aliases as Partial<ClubInfo['aliases']> | null)?.results;
    if (typeof results === 'string' && results !== '') keys.set(results, row.key);
  }
  return keys;
}

/** A stored match with its clubs' keys, its league's code and its stored odds, as forecasts read it. */
export type ForecastMatchRow = {
  externalId: string;
  /** The league's code in the history, e.g. E0. */
  leagueCode: string;
  homeKey: string;
  awayKey: string;
  kickoffUtc: Date;
  homeScore: number | null;
  awayScore: number | null;
  /** The odds events (The Odds API shape, as stored, unvalidated) and when each was last written. */
  h2h: unknown;
  h2hUpdatedAt: Date | null;
  totals: unknown;
  totalsUpdatedAt: Date | null;
};

const home = alias(teams, 'forecast_home');
const away = alias(teams, 'forecast_away');
const h2h = alias(markets, 'forecast_h2h');
const totals = alias(markets, 'forecast_totals');

function selectForecastMatches(db: Db) {
  return db
    .select({
      externalId: matches.externalId,
      leagueCode: leagues.code,
      homeKey: home.key,
      awayKey: away.key,
      kickoffUtc: matches.kickoffUtc,
      homeScore: matches.homeScore,
      awayScore: matches.awayScore,
      h2h: h2h.data,
      h2hUpdatedAt: h2h.updatedAt,
      totals: totals.data,
      totalsUpdatedAt: totals.updatedAt,
    })
    .from(matches)
    .innerJoin(leagues, eq(matches.leagueId, leagues.id))
    .innerJoin(home, eq(matches.homeTeamId, home.id))
    .innerJoin(away, eq(matches.awayTeamId, away.id))
    .leftJoin(h2h, and(eq(h2h.matchId, matches.id), eq(h2h.type, 'h2h')))
    .leftJoin(totals, and(eq(totals.matchId, matches.id), eq(totals.type, 'totals')));
}

/** Matches whose external id starts with one of `idPrefixes` (whose provider gave them). */
function fromProviders(idPrefixes: readonly string[]): SQL {
  return or(...idPrefixes.map((prefix) => like(matches.externalId, `${prefix}%`))) as SQL;
}

/** Stored matches of the given providers finished by `now` with both scores, oldest first. */
export async function listFinishedForecastMatches(
  db: Db,
  options: { now: Date; idPrefixes: readonly string[] },
): Promise<ForecastMatchRow[]> {
  if (options.idPrefixes.length === 0) return [];
  return selectForecastMatches(db)
    .where(
      and(
        fromProviders(options.idPrefixes),
        eq(matches.status, 'finished'),
        lte(matches.kickoffUtc, options.now),
        isNotNull(matches.homeScore),
        isNotNull(matches.awayScore),
      ),
    )
    .orderBy(asc(matches.kickoffUtc), asc(matches.id));
}

/** Phases of a match being played. */
const IN_PLAY = ['live', 'halftime', 'extratime', 'penalties'];

/** The kick-off of the earliest stored match of the given providers being played now, if any. */
export async function findEarliestInPlayKickoff(
  db: Db,
  options: { now: Date; idPrefixes: readonly string[] },
): Promise<Date | null> {
  if (options.idPrefixes.length === 0) return null;
  const [row] = await db
    .select({ kickoff: min(matches.kickoffUtc) })
    .from(matches)
    .where(
      and(
        fromProviders(options.idPrefixes),
        inArray(matches.status, IN_PLAY),
        lte(matches.kickoffUtc, options.now),
      ),
    );
  return row?.kickoff ?? null;
}

/** Stored matches of the given providers still scheduled to kick off after `now`, soonest first. */
export async function listScheduledForecastMatches(
  db: Db,
  options: { now: Date; idPrefixes: readonly string[] },
): Promise<ForecastMatchRow[]> {
  if (options.idPrefixes.length === 0) return [];
  return selectForecastMatches(db)
    .where(
      and(
        fromProviders(options.idPrefixes),
        eq(matches.status, 'scheduled'),
        gt(matches.kickoffUtc, options.now),
      ),
    )
    .orderBy(asc(matches.kickoffUtc), asc(matches.id));
}
