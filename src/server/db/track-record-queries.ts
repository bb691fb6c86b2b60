import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';

import type { Db } from './client.ts';
import { leagues, markets, matches, predictions, teams } from './schema.ts';

const home = alias(teams, 'record_home');
const away = alias(teams, 'record_away');
const h2h = alias(markets, 'record_h2h');

/** A finished match with its result forecasts written before kick-off and its stored 1X2 prices. */
export type SettledMatchRow = {
  id: number;
  kickoffUtc: Date;
  homeScore: number | null;
  awayScore: number | null;
  leagueSlug: string;
  leagueName: string;
  leagueOrder: number;
  homeName: string;
  awayName: string;
  /** `[{ model, probabilities }]` as stored (unvalidated). */
  forecasts: unknown;
  /** The latest h2h odds event (The Odds API shape, unvalidated); null when none is stored. */
  h2h: unknown;
};

/**
 * The match's result forecasts whose latest version was written before its kick-off: the one
 * that counts (the prediction job never refreshes a forecast after kick-off).
 */
const forecastBeforeKickoff = sql`${predictions.matchId} = ${matches.id}
  and ${predictions.market} = 'result'
  and ${predictions.updatedAt} < ${matches.kickoffUtc}`;

/**
 * Every finished match with a result forecast written before kick-off, oldest first: one row
 * per match, its forecasts gathered in it.
 */
export async function listSettledMatches(db: Db): Promise<SettledMatchRow[]> {
  return db
    .select({
      id: matches.id,
      kickoffUtc: matches.kickoffUtc,
      homeScore: matches.homeScore,
      awayScore: matches.awayScore,
      leagueSlug: leagues.slug,
      leagueName: leagues.name,
      leagueOrder: leagues.orderIndex,
      homeName: home.name,
      awayName: away.name,
      forecasts: sql<unknown>`(
        select json_agg(json_build_object(
          'model', ${predictions.modelName},
          'probabilities', ${predictions.probabilities}
        ) order by ${predictions.id})
        from ${predictions}
        where ${forecastBeforeKickoff}
      )`,
      h2h: h2h.data,
    })
    .from(matches)
    .innerJoin(leagues, eq(matches.leagueId, leagues.id))
    .innerJoin(home, eq(matches.homeTeamId, home.id))
    .innerJoin(away, eq(matches.awayTeamId, away.id))
    .leftJoin(h2h, and(eq(h2h.matchId, matches.id), eq(h2h.type, 'h2h')))
    .where(
      and(
        eq(matches.status, 'finished'),
        isNotNull(matches.homeScore),
        isNotNull(matches.awayScore),
        sql`exists (select 1 from ${predictions} where ${forecastBeforeKickoff})`,
      ),
    )
    .orderBy(asc(matches.kickoffUtc), asc(matches.id));
}

/**
 * What the track record is computed from, in one short line: how many matches are finished,
 * their scores, their result forecasts and when those and their prices were written. It
 * changes whenever the record could.
 */
export async function getSettledStamp(db: Db): Promise<string> {
  const [row] = await db
    .select({
      finished: sql<number>`count(distinct ${matches.id})::int`,
      // A corrected score changes it.
      scores: sql<string | null>`sum(${matches.homeScore} * 1000 + ${matches.awayScore})::text`,
      forecasts: sql<number>`count(${predictions.id})::int`,
      // Sums of write times: any forecast or price written again changes them.
      forecastWrites: sql<string | null>`sum(extract(epoch from ${predictions.updatedAt}))::text`,
      priceWrites: sql<string | null>`sum(extract(epoch from ${h2h.updatedAt}))::text`,
    })
    .from(matches)
    .leftJoin(
      predictions,
      and(eq(predictions.matchId, matches.id), eq(predictions.market, 'result')),
    )
    .leftJoin(h2h, and(eq(h2h.matchId, matches.id), eq(h2h.type, 'h2h')))
    .where(eq(matches.status, 'finished'));
  if (row === undefined) return '';
  return [row.finished, row.scores, row.forecasts, row.forecastWrites, row.priceWrites].join('|');
}
