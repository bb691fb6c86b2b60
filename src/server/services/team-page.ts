import type {
  FormEntry,
  TeamMatch,
  TeamPage,
  TeamPlayer,
  TeamRef,
  TeamXg,
} from '../../domain/api/team-page.ts';
import { slugifyTeamName } from '../../domain/team-names.ts';
import {
  getSeasonRange,
  isFinishedMatch,
  scoreOutcome,
  tracePositions,
  type SeasonMatch,
} from '../../domain/team-season.ts';
import { sortByFee } from '../../domain/transfers.ts';
import type { Db } from '../db/client.ts';
import {
  findClubByKey,
  listClubNames,
  listClubTopPlayers,
  listClubTransfers,
  listLeagueMatches,
  listTableStandings,
  type ClubPageRow,
  type ClubPlayerRow,
  type LeagueMatchRow,
} from '../db/team-page-queries.ts';
import {
  listClubShotScorers,
  listClubXgMatches,
  type ClubShooterRow,
  type ClubXgRow,
} from '../db/xg-queries.ts';
import type { CachedBody } from '../http/caching.ts';
import { HttpError } from '../http/errors.ts';
import type { ResponseCache } from '../http/response-cache.ts';
import { getClubNamer } from './club-names.ts';

export type TeamPageDeps = { db: Db; cache: ResponseCache; now: () => Date };

const FORM_LENGTH = 5;
/** In play or about to be: listed before the fixtures still to come. */
const UNDER_WAY = new Set(['live', 'halftime', 'extratime', 'penalties']);

/** The match page's address: its stored id, then the clubs for people reading the link. */
export function toMatchPath(match: { id: number; homeKey: string; awayKey: string }): string {
  return `/match/${match.id}-${match.homeKey}-v-${match.awayKey}`;
}

function toTeamMatch(row: LeagueMatchRow): TeamMatch {
  return {
    id: row.id,
    path: toMatchPath(row),
    kickoff: row.kickoffUtc.toISOString(),
    status: row.status,
    home: { key: row.homeKey, name: row.homeName, shield: row.homeShield ?? '' },
    away: { key: row.awayKey, name: row.awayName, shield: row.awayShield ?? '' },
    home_score: row.homeScore,
    away_score: row.awayScore,
  };
}

function toSeasonMatch(row: LeagueMatchRow): SeasonMatch {
  return { ...row, kickoffMs: row.kickoffUtc.getTime() };
}

function toFormEntry(match: TeamMatch, row: LeagueMatchRow, clubId: number): FormEntry {
  const isHome = row.homeId === clubId;
  const opponent: TeamRef = isHome ? match.away : match.home;
  const [scored, conceded] = isHome
    ? [row.homeScore, row.awayScore]
    : [row.awayScore, row.homeScore];
  return {
    outcome: scoreOutcome(toSeasonMatch(row), clubId),
    score: `${scored ?? 0}-${conceded ?? 0}`,
    opponent,
    home: isHome,
    kickoff: match.kickoff,
    path: match.path,
  };
}

function toTeamPlayers(rows: ClubPlayerRow[], kind: string): TeamPlayer[] {
  return rows
    .filter((row) => row.kind === kind)
    .map((row) => ({
      player_id: row.playerId,
      nick: row.nick,
      player_image: row.imageUrl ?? '',
      flag: row.flag,
      rank: row.rank,
      total: row.total,
    }));
}

const roundXg = (xg: number) => Math.round(xg * 100) / 100;

/**
 * The club's xG match by match (oldest first) and its scorers' xG: the matches are the stored
 * league matches whose facts record xG, named and scored as the results list has them.
 */
function toTeamXg(
  rows: readonly ClubXgRow[],
  shooters: readonly ClubShooterRow[],
  leagueMatches: readonly LeagueMatchRow[],
  clubId: number,
): TeamXg {
  const byId = new Map(leagueMatches.map((m) => [m.id, m]));
  return {
    matches: rows.flatMap((row) => {
      const match = byId.get(row.matchId);
      if (match === undefined) return [];
      const shown = toTeamMatch(match);
      const isHome = match.homeId === clubId;
      const [goalsFor, goalsAgainst] = isHome
        ? [match.homeScore, match.awayScore]
        : [match.awayScore, match.homeScore];
      const [xgFor, xgAgainst] = isHome ? [row.homeXg, row.awayXg] : [row.awayXg, row.homeXg];
      return [
        {
          id: match.id,
          path: shown.path,
          kickoff: shown.kickoff,
          opponent: isHome ? shown.away : shown.home,
          home: isHome,
          goals_for: goalsFor ?? 0,
          goals_against: goalsAgainst ?? 0,
          xg_for: roundXg(xgFor),
          xg_against: roundXg(xgAgainst),
        },
      ];
    }),
    scorers: shooters.map((row) => ({
      player: row.player,
      goals: row.goals,
      xg: roundXg(row.xg),
      shots: row.shots,
    })),
  };
}

/** The club a page's slug names: its key, else a club whose name reads as the slug. */
async function findClub(db: Db, slug: string): Promise<ClubPageRow | null> {
  const wanted = slug.trim().toLowerCase();
  const byKey = await findClubByKey(db, wanted);
  if (byKey !== null) return byKey;
  const named = (await listClubNames(db)).find((club) => slugifyTeamName(club.name) === wanted);
  return named === undefined ? null : findClubByKey(db, named.key);
}

/** Reads everything the team page shows for one club, from what is stored. */
async function readTeamPage(db: Db, club: ClubPageRow, now: Date): Promise<TeamPage> {
  const season = getSeasonRange(now.getTime());
  const [from, to] = [new Date(season.startMs), new Date(season.endMs)];
  const [leagueMatches, table, players, moves, nameOf, xgRows, shooters] = await Promise.all([
    listLeagueMatches(db, club.leagueId, from, to),
    listTableStandings(db, club.leagueId),
    listClubTopPlayers(db, club.leagueId, club.id),
    listClubTransfers(db, club.leagueId, club.id),
    getClubNamer(db),
    listClubXgMatches(db, club, from, to),
    listClubShotScorers(db, club, from, to),
  ]);
  // The other side of a move by the club table's name, as on the transfers page.
  const named = <T extends { team: string }>(list: T[]) =>
    list.map((move) => ({ ...move, team: nameOf(move.team) }));
  const own = leagueMatches.filter((m) => m.homeId === club.id || m.awayId === club.id);
  const finished = own.filter((m) => isFinishedMatch(toSeasonMatch(m))).reverse();
  const open = own.filter((m) => !isFinishedMatch(toSeasonMatch(m)));
  const fixtures = [
    ...open.filter((m) => UNDER_WAY.has(m.status)),
    ...open.filter((m) => !UNDER_WAY.has(m.status)),
  ];
  const row = table.find((r) => r.teamId === club.id);
  return {
    team: {
      id: club.id,
      key: club.key,
      name: club.name,
      short_name: club.shortName,
      shield: club.logoUrl ?? '',
      league: { slug: club.leagueSlug, name: club.leagueName },
    },
    standing:
      row === undefined
        ? null
        : {
            pos: row.pos,
            played: row.wins + row.draws + row.losses,
            wins: row.wins,
            draws: row.draws,
            losses: row.losses,
            goals_for: row.goalsFor,
            goals_against: row.goalsAgainst,
            points: row.points,
          },
    form: finished.slice(0, FORM_LENGTH).map((m) => toFormEntry(toTeamMatch(m), m, club.id)),
    results: finished.map(toTeamMatch),
    fixtures: fixtures.map(toTeamMatch),
    positions: tracePositions(table, leagueMatches.map(toSeasonMatch), club.id),
    table_size: table.length,
    scorers: toTeamPlayers(players, 'goals'),
    assisters: toTeamPlayers(players, 'assists'),
    // Highest fee first, as the transfers page lists a club's moves.
    transfers: {
      window: moves.window,
      arrivals: sortByFee(named(moves.arrivals)),
      departures: sortByFee(named(moves.departures)),
    },
    xg: toTeamXg(xgRows, shooters, leagueMatches, club.id),
  };
}

/** A club's season for the team page, cached like the other data answers. */
export function createTeamPage(deps: TeamPageDeps) {
  const { db, cache } = deps;
  return {
    /** The page's answer; a 404 "Team not found" when the slug names no club. */
    async get(slug: string): Promise<CachedBody> {
      const club = await findClub(db, slug);
      if (club === null) throw new HttpError(404, 'Team not found');
      return cache.get(`team:${club.key}`, () => readTeamPage(db, club, deps.now()));
    },
  };
}

export type TeamPageService = ReturnType<typeof createTeamPage>;
