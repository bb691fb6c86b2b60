import { and, asc, eq, gte, inArray, isNotNull, lt, or, sql, type SQL } from 'drizzle-orm';

import type { Db } from './client.ts';
import { matchFacts, matches, teams } from './schema.ts';

// Expected goals from the stored match facts (domain/match-facts.ts), read path by path: a
// season's facts hold megabytes of shots, and these reads take only the figures they need. Each
// starts from the league's matches by kick-off (matches_league_kickoff_idx), then the facts by
// match id (their primary key).

type Side = 'home' | 'away';

/** The side's xG as the facts' statistics give it; null where not recorded. */
const statisticXg = (side: Side) =>
  sql<number | null>`(${matchFacts.facts}->'statistics'->${sql.raw(`'${side}'`)}->>'xg')::float8`;

/** The facts' shots as a JSON array; an empty one where no shots are recorded (null). */
const shotList = sql`(case when jsonb_typeof(${matchFacts.facts}->'shots') = 'array'
  then ${matchFacts.facts}->'shots' else '[]'::jsonb end)`;

/** Finished matches of a league kicking off in [from, to) whose facts record both sides' xG. */
function finishedWithXg(leagueId: number, from: Date, to: Date): SQL | undefined {
  return and(
    eq(matches.leagueId, leagueId),
    gte(matches.kickoffUtc, from),
    lt(matches.kickoffUtc, to),
    eq(matches.status, 'finished'),
    isNotNull(matches.homeScore),
    isNotNull(matches.awayScore),
    isNotNull(statisticXg('home')),
    isNotNull(statisticXg('away')),
  );
}

export type ClubXgRow = { matchId: number; homeXg: number; awayXg: number };

/**
 * The xG of each finished match of the club in its league kicking off in [from, to), oldest
 * first: only the matches whose facts record it.
 */
export async function listClubXgMatches(
  db: Db,
  club: { id: number; leagueId: number },
  from: Date,
  to: Date,
): Promise<ClubXgRow[]> {
  const rows = await db
    .select({
      matchId: matches.id,
      homeXg: statisticXg('home'),
      awayXg: statisticXg('away'),
    })
    .from(matches)
    .innerJoin(matchFacts, eq(matchFacts.matchId, matches.id))
    .where(
      and(
        finishedWithXg(club.leagueId, from, to),
        or(eq(matches.homeTeamId, club.id), eq(matches.awayTeamId, club.id)),
      ),
    )
    .orderBy(asc(matches.kickoffUtc), asc(matches.id));
  return rows.map((row) => ({
    matchId: row.matchId,
    homeXg: Number(row.homeXg),
    awayXg: Number(row.awayXg),
  }));
}

export type ClubShooterRow = { player: string; goals: number; xg: number; shots: number };

/**
 * The club's players who scored from a shot in its finished league matches kicking off in
 * [from, to): goals (shots that went in), shots and the sum of their xG, by goals then xG.
 * Summed in the database, so the shots never leave it.
 */
export async function listClubShotScorers(
  db: Db,
  club: { id: number; leagueId: number },
  from: Date,
  to: Date,
): Promise<ClubShooterRow[]> {
  const result = await db.execute(sql`
    select shot->>'player' as player,
      (count(*) filter (where shot->>'result' = 'goal'))::int as goals,
      coalesce(sum((shot->>'xg')::float8), 0)::float8 as xg,
      count(*)::int as shots
    from ${matches}
    join ${matchFacts} on ${matchFacts.matchId} = ${matches.id}
    cross join lateral jsonb_array_elements(${shotList}) as shot
    where ${finishedWithXg(club.leagueId, from, to)}
      and (${matches.homeTeamId} = ${club.id} or ${matches.awayTeamId} = ${club.id})
      and shot->>'side' = case when ${matches.homeTeamId} = ${club.id} then 'home' else 'away' end
      and shot->>'player' is not null
    group by shot->>'player'
    having count(*) filter (where shot->>'result' = 'goal') > 0
    order by goals desc, xg desc, player asc
  `);
  // Both drivers answer raw queries with { rows }.
  const { rows } = result as unknown as { rows: ClubShooterRow[] };
  return rows.map((row) => ({
    player: String(row.player),
    goals: Number(row.goals),
    xg: Number(row.xg),
    shots: Number(row.shots),
  }));
}

export type LeagueXgMatchRow = {
  homeId: number;
  awayId: number;
  homeScore: number;
  awayScore: number;
  homeXg: number;
  awayXg: number;
  /** Each shot's xG, the side's alone; null where the facts record no shots. */
  homeShots: number[] | null;
  awayShots: number[] | null;
};

/** The xG of one side's shots, as a JSON array; null where shots are not recorded. */
const shotXgList = (side: Side) =>
  sql<unknown>`case when jsonb_typeof(${matchFacts.facts}->'shots') = 'array'
    then jsonb_path_query_array(${matchFacts.facts}->'shots', ${sql.raw(`'$[*] ? (@.side == "${side}").xg'`)})
  end`;

/** What a JSON array of numbers reads as: its numbers; null for no array. */
function readNumbers(value: unknown): number[] | null {
  if (!Array.isArray(value)) return null;
  return value.filter((item): item is number => typeof item === 'number');
}

/**
 * The league's finished matches kicking off in [from, to) whose facts record both sides' xG,
 * each with the xG of every shot where the shots are recorded.
 */
export async function listLeagueXgMatches(
  db: Db,
  leagueId: number,
  from: Date,
  to: Date,
): Promise<LeagueXgMatchRow[]> {
  const rows = await db
    .select({
      homeId: matches.homeTeamId,
      awayId: matches.awayTeamId,
      homeScore: matches.homeScore,
      awayScore: matches.awayScore,
      homeXg: statisticXg('home'),
      awayXg: statisticXg('away'),
      homeShots: shotXgList('home'),
      awayShots: shotXgList('away'),
    })
    .from(matches)
    .innerJoin(matchFacts, eq(matchFacts.matchId, matches.id))
    .where(finishedWithXg(leagueId, from, to))
    .orderBy(asc(matches.kickoffUtc), asc(matches.id));
  return rows.map((row) => ({
    homeId: row.homeId,
    awayId: row.awayId,
    homeScore: row.homeScore ?? 0,
    awayScore: row.awayScore ?? 0,
    homeXg: Number(row.homeXg),
    awayXg: Number(row.awayXg),
    homeShots: readNumbers(row.homeShots),
    awayShots: readNumbers(row.awayShots),
  }));
}

export type XgClubRow = {
  id: number;
  key: string;
  name: string;
  shortName: string;
  logoUrl: string | null;
};

/** The clubs with these ids, as the xG table names them. */
export async function listXgClubs(db: Db, ids: readonly number[]): Promise<XgClubRow[]> {
  if (ids.length === 0) return [];
  return db
    .select({
      id: teams.id,
      key: teams.key,
      name: teams.name,
      shortName: teams.shortName,
      logoUrl: teams.logoUrl,
    })
    .from(teams)
    .where(inArray(teams.id, [...ids]));
}
