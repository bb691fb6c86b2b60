import { and, asc, desc, eq, gte, lt } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';

import type { TableStanding } from '../../domain/team-season.ts';
import type { TransferPlayer } from '../../domain/transfers.ts';
import type { Db } from './client.ts';
import { leagues, matches, playerStats, standings, teams, transfers } from './schema.ts';

// The team page's reads. Each goes through an index: teams by key (teams_key_unique) or id,
// matches by league and kick-off (matches_league_kickoff_idx), the table, top players and
// transfers by league (standings_league_team_idx, player_stats_league_kind_rank_idx,
// transfers_league_idx), then narrowed to the club.

export type ClubPageRow = {
  id: number;
  key: string;
  name: string;
  shortName: string;
  logoUrl: string | null;
  leagueId: number;
  leagueSlug: string;
  leagueName: string;
};

const CLUB_COLUMNS = {
  id: teams.id,
  key: teams.key,
  name: teams.name,
  shortName: teams.shortName,
  logoUrl: teams.logoUrl,
  leagueId: teams.leagueId,
  leagueSlug: leagues.slug,
  leagueName: leagues.name,
};

/** The club with this key, with its league; null when there is none. */
export async function findClubByKey(db: Db, key: string): Promise<ClubPageRow | null> {
  const rows = await db
    .select(CLUB_COLUMNS)
    .from(teams)
    .innerJoin(leagues, eq(teams.leagueId, leagues.id))
    .where(eq(teams.key, key))
    .limit(1);
  return rows[0] ?? null;
}

/** Every club's id, name and key: the few hundred rows a name is matched against. */
export async function listClubNames(db: Db): Promise<{ key: string; name: string }[]> {
  return db.select({ key: teams.key, name: teams.name }).from(teams).orderBy(asc(teams.id));
}

const home = alias(teams, 'home');
const away = alias(teams, 'away');

export type LeagueMatchRow = {
  id: number;
  kickoffUtc: Date;
  status: string;
  homeId: number;
  awayId: number;
  homeKey: string;
  awayKey: string;
  homeName: string;
  awayName: string;
  homeShield: string | null;
  awayShield: string | null;
  homeScore: number | null;
  awayScore: number | null;
};

/** A league's stored matches kicking off in [from, to), soonest first. */
export async function listLeagueMatches(
  db: Db,
  leagueId: number,
  from: Date,
  to: Date,
): Promise<LeagueMatchRow[]> {
  return db
    .select({
      id: matches.id,
      kickoffUtc: matches.kickoffUtc,
      status: matches.status,
      homeId: matches.homeTeamId,
      awayId: matches.awayTeamId,
      homeKey: home.key,
      awayKey: away.key,
      homeName: home.name,
      awayName: away.name,
      homeShield: home.logoUrl,
      awayShield: away.logoUrl,
      homeScore: matches.homeScore,
      awayScore: matches.awayScore,
    })
    .from(matches)
    .innerJoin(home, eq(matches.homeTeamId, home.id))
    .innerJoin(away, eq(matches.awayTeamId, away.id))
    .where(
      and(
        eq(matches.leagueId, leagueId),
        gte(matches.kickoffUtc, from),
        lt(matches.kickoffUtc, to),
      ),
    )
    .orderBy(asc(matches.kickoffUtc), asc(matches.id));
}

/** A league's table as stored, one row per club. */
export async function listTableStandings(
  db: Db,
  leagueId: number,
): Promise<(TableStanding & { pos: number })[]> {
  return db
    .select({
      pos: standings.pos,
      teamId: standings.teamId,
      name: teams.name,
      wins: standings.wins,
      draws: standings.draws,
      losses: standings.losses,
      goalsFor: standings.goalsFor,
      goalsAgainst: standings.goalsAgainst,
      points: standings.points,
    })
    .from(standings)
    .innerJoin(teams, eq(standings.teamId, teams.id))
    .where(eq(standings.leagueId, leagueId))
    .orderBy(asc(standings.pos));
}

export type ClubPlayerRow = {
  kind: string;
  rank: number;
  playerId: string;
  nick: string;
  imageUrl: string | null;
  flag: string;
  total: number;
};

/** The club's players in its league's top scorers and assisters, by rank. */
export async function listClubTopPlayers(
  db: Db,
  leagueId: number,
  teamId: number,
): Promise<ClubPlayerRow[]> {
  return db
    .select({
      kind: playerStats.kind,
      rank: playerStats.rank,
      playerId: playerStats.playerId,
      nick: playerStats.nick,
      imageUrl: playerStats.imageUrl,
      flag: playerStats.flag,
      total: playerStats.total,
    })
    .from(playerStats)
    .where(and(eq(playerStats.leagueId, leagueId), eq(playerStats.teamId, teamId)))
    .orderBy(asc(playerStats.kind), asc(playerStats.rank));
}

/** The club's stored moves of its league's window, arrivals and departures, newest first. */
export async function listClubTransfers(
  db: Db,
  leagueId: number,
  teamId: number,
): Promise<{ window: string | null; arrivals: TransferPlayer[]; departures: TransferPlayer[] }> {
  const rows = await db
    .select()
    .from(transfers)
    .where(and(eq(transfers.leagueId, leagueId), eq(transfers.teamId, teamId)))
    .orderBy(desc(transfers.id));
  const toPlayer = (row: (typeof rows)[number]): TransferPlayer => ({
    id: row.playerId,
    name: row.playerName,
    image: row.imageUrl ?? '',
    flag: row.flag,
    team: row.otherClub,
    type: row.type,
    valor: row.valor,
  });
  return {
    window: rows[0]?.window ?? null,
    arrivals: rows.filter((r) => r.direction === 'in').map(toPlayer),
    departures: rows.filter((r) => r.direction === 'out').map(toPlayer),
  };
}
