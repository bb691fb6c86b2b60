import type { LeagueXg, LeagueXgRow } from '../../domain/api/league-xg.ts';
import { tallyXgTable, type XgMatch, type XgTally } from '../../domain/expected-points.ts';
import type { League } from '../../domain/league.ts';
import { getSeasonRange } from '../../domain/team-season.ts';
import type { Db } from '../db/client.ts';
import {
  listLeagueXgMatches,
  listXgClubs,
  type LeagueXgMatchRow,
  type XgClubRow,
} from '../db/xg-queries.ts';
import type { CachedBody } from '../http/caching.ts';
import type { ResponseCache } from '../http/response-cache.ts';

export type LeagueXgDeps = { db: Db; cache: ResponseCache; now: () => Date };

const round = (value: number) => Math.round(value * 100) / 100;

function toXgMatch(row: LeagueXgMatchRow): XgMatch {
  return {
    homeId: row.homeId,
    awayId: row.awayId,
    homeGoals: row.homeScore,
    awayGoals: row.awayScore,
    home: { xg: row.homeXg, shots: row.homeShots },
    away: { xg: row.awayXg, shots: row.awayShots },
  };
}

/** By points, then xG difference, then xG for, then name: the league table's order in xG terms. */
function compareRows(a: LeagueXgRow, b: LeagueXgRow): number {
  return (
    b.points - a.points ||
    b.xg_difference - a.xg_difference ||
    b.xg_for - a.xg_for ||
    a.team.name.localeCompare(b.team.name, 'en')
  );
}

function toRow(tally: XgTally, club: XgClubRow): LeagueXgRow {
  return {
    team: {
      key: club.key,
      name: club.name,
      short_name: club.shortName,
      shield: club.logoUrl ?? '',
    },
    matches: tally.matches,
    xg_for: round(tally.xgFor),
    xg_against: round(tally.xgAgainst),
    xg_difference: round(tally.xgFor - tally.xgAgainst),
    points: tally.points,
    expected_points: round(tally.expectedPoints),
    points_difference: round(tally.points - tally.expectedPoints),
  };
}

/** The league's xG table for the season containing `now`, from the stored facts. */
async function readLeagueXg(db: Db, league: League, now: Date): Promise<LeagueXg> {
  const season = getSeasonRange(now.getTime());
  const matches = await listLeagueXgMatches(
    db,
    league.id,
    new Date(season.startMs),
    new Date(season.endMs),
  );
  const tallies = tallyXgTable(matches.map(toXgMatch));
  const listed = await listXgClubs(
    db,
    tallies.map((tally) => tally.teamId),
  );
  const clubs = new Map(listed.map((club) => [club.id, club]));
  const rows = tallies.flatMap((tally) => {
    const club = clubs.get(tally.teamId);
    return club === undefined ? [] : [toRow(tally, club)];
  });
  return { league: league.slug, rows: rows.sort(compareRows) };
}

/** The leagues' xG tables, cached like the other data answers (new results clear the cache). */
export function createLeagueXg(deps: LeagueXgDeps) {
  return {
    /** The league's xG table; rows are empty when no finished match records xG. */
    get(league: League): Promise<CachedBody> {
      return deps.cache.get(`xg:${league.slug}`, () => readLeagueXg(deps.db, league, deps.now()));
    },
  };
}

export type LeagueXgService = ReturnType<typeof createLeagueXg>;
