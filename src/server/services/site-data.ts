import { sortLiveMatches } from '../../domain/board.ts';
import type { League } from '../../domain/league.ts';
import { getStatusCode, type LiveMatch } from '../../domain/live-match.ts';
import type { MarketKey } from '../../domain/odds.ts';
import { getRefreshIntervalMs } from '../../domain/refresh.ts';
import { collectRumours, type RumourClub } from '../../domain/rumours.ts';
import { formatZonedTime, getZonedDayRange } from '../../domain/time-zone.ts';
import {
  hasTransferActivity,
  sortByFee,
  type TransferPlayer,
  type TransferTeam,
} from '../../domain/transfers.ts';
import type { Db } from '../db/client.ts';
import { listHistoryTransfersByLine } from '../db/history-queries.ts';
import { listLeagues } from '../db/leagues-queries.ts';
import { listUpcomingOdds } from '../db/markets-queries.ts';
import { listMatchesBetween, type MatchRow } from '../db/matches-queries.ts';
import { listRecentNewsArticles, type RecentArticleRow } from '../db/news-articles-queries.ts';
import { getLeagueStats } from '../db/player-stats-queries.ts';
import { listStandings } from '../db/standings-queries.ts';
import { listClubs } from '../db/teams-queries.ts';
import { listTransferTeams } from '../db/transfers-queries.ts';
import type { CachedBody } from '../http/caching.ts';
import type { ResponseCache } from '../http/response-cache.ts';
import { getClubNamer } from './club-names.ts';
import { findRumourLine, toRumourMove, toRumourValor } from './demo-newsroom/rumour-moves.ts';

export type SiteDataDeps = { db: Db; cache: ResponseCache; now: () => Date; timeZone: string };

const ODDS_LIMIT_PER_LEAGUE = 10;
/** Rumours older than this are stale: the window they were about has usually closed. */
const RUMOUR_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;
/** The most recent articles read for rumours per answer. */
const RUMOUR_ARTICLES = 500;

export function toLiveMatch(row: MatchRow, timeZone: string): LiveMatch {
  const hasScore = row.homeScore !== null && row.awayScore !== null;
  return {
    id: row.id,
    competition_name: row.leagueName,
    league_slug: row.leagueSlug,
    local: row.homeName,
    visitor: row.awayName,
    local_key: row.homeKey,
    visitor_key: row.awayKey,
    local_shield: row.homeShield ?? '',
    visitor_shield: row.awayShield ?? '',
    status: getStatusCode(row.status),
    result: hasScore ? `${row.homeScore}-${row.awayScore}` : 'x-x',
    hour: formatZonedTime(row.kickoffUtc.getTime(), timeZone),
    minute: row.minute ?? '',
    date: row.kickoffUtc.toISOString(),
  };
}

/**
 * Whether the scores are older than the polling rule allows: two missed polls and half a
 * minute of grace. The upstream may be down; the last good data is still served, with its age.
 */
export function isStale(updatedMs: number, nowMs: number, statuses: number[]): boolean {
  if (updatedMs === 0) return false;
  return nowMs - updatedMs > 2 * getRefreshIntervalMs(statuses) + 30_000;
}

/** The queries behind the data API, shared by the REST routes and the function aliases. */
export function createSiteData(deps: SiteDataDeps) {
  const { db, cache } = deps;
  return {
    now: deps.now,
    async matchesToday(league: League | undefined): Promise<CachedBody> {
      const { startMs, endMs } = getZonedDayRange(deps.now().getTime(), deps.timeZone);
      return cache.get(`matches:${startMs}:${league?.slug ?? 'all'}`, async () => {
        const rows = await listMatchesBetween(
          db,
          new Date(startMs),
          new Date(endMs),
          league === undefined ? undefined : [league.id],
        );
        const updated = rows.reduce((max, r) => Math.max(max, r.updatedAt.getTime()), 0);
        const matches = rows.map((r) => toLiveMatch(r, deps.timeZone));
        return {
          matches: sortLiveMatches(matches, deps.now().getTime()),
          updated_at: updated === 0 ? null : new Date(updated).toISOString(),
          stale: isStale(
            updated,
            deps.now().getTime(),
            matches.map((m) => m.status),
          ),
        };
      });
    },
    table(league: League): Promise<CachedBody> {
      return cache.get(`table:${league.slug}`, async () => ({
        table: await listStandings(db, league.id),
      }));
    },
    stats(league: League): Promise<CachedBody> {
      return cache.get(`stats:${league.slug}`, async () => ({
        stats: await getLeagueStats(db, league.id),
      }));
    },
    odds(league: League | undefined, market: MarketKey): Promise<CachedBody> {
      // Keyed by the minute: an event leaves the list once it has kicked off.
      const minute = Math.floor(deps.now().getTime() / 60_000);
      return cache.get(`odds:${league?.slug ?? 'all'}:${market}:${minute}`, async () => ({
        events: await listUpcomingOdds(db, {
          leagueIds: league === undefined ? undefined : [league.id],
          market,
          now: deps.now(),
          // Every league's share when no league is named: the leagues the database holds.
          limit:
            ODDS_LIMIT_PER_LEAGUE * (league === undefined ? (await listLeagues(db)).length : 1),
        }),
      }));
    },
    // Rumours come from news articles: a news sync that adds any clears the cache (onChange).
    transfers(league: League | undefined): Promise<CachedBody> {
      return cache.get(`transfers:${league?.slug ?? 'all'}`, async () => ({
        transfers: await listTransfersWithRumours(db, league, deps.now()),
      }));
    },
  };
}

export type SiteData = ReturnType<typeof createSiteData>;

/**
 * Each club's arrivals and departures (highest fee first) and the rumours recent news links to
 * it (newest first), in league order then by name; clubs with none of these are left out.
 */
async function listTransfersWithRumours(
  db: Db,
  league: League | undefined,
  now: Date,
): Promise<TransferTeam[]> {
  const leagueIds = league === undefined ? undefined : [league.id];
  const [moves, clubs, articles, nameOf] = await Promise.all([
    listTransferTeams(db, leagueIds),
    listClubs(db, { leagueIds, current: true }),
    listRecentNewsArticles(db, {
      leagueSlugs: league === undefined ? undefined : [league.slug],
      since: new Date(now.getTime() - RUMOUR_MAX_AGE_MS),
      limit: RUMOUR_ARTICLES,
    }),
    getClubNamer(db),
  ]);
  const allClubs: RumourClub[] = [];
  const clubsByLeague = new Map<string, RumourClub[]>();
  for (const club of clubs) {
    const entry = { name: club.name, aliases: club.aliases };
    allClubs.push(entry);
    clubsByLeague.set(club.leagueSlug, [...(clubsByLeague.get(club.leagueSlug) ?? []), entry]);
  }
  // An article filed under a league is about that league's clubs; one filed nowhere, any club.
  const rumours = collectRumours(articles, (article) =>
    article.leagueSlug === null ? allClubs : (clubsByLeague.get(article.leagueSlug) ?? []),
  );
  await tellRumouredMoves(db, rumours, articles, nameOf);

  const movesById = new Map(moves.map((team) => [team.id, team]));
  const teams: TransferTeam[] = clubs.map((club) => {
    const team = movesById.get(club.id);
    movesById.delete(club.id);
    return {
      id: club.id,
      name: club.name,
      key: club.key,
      shield: team?.shield ?? club.logoUrl ?? '',
      league_alias: team?.league_alias ?? club.leagueSlug,
      arrivals: team?.arrivals ?? [],
      departures: team?.departures ?? [],
      rumors: rumours.get(club.name) ?? [],
    };
  });
  // A club with moves is always a current one; should its league differ, it still shows.
  teams.push(...movesById.values());
  // The other side of a move by the club table's name ("Man Utd" is Manchester United).
  const named = (players: TransferPlayer[]) =>
    players.map((player) => ({ ...player, team: nameOf(player.team) }));
  return teams.filter(hasTransferActivity).map((team) => ({
    ...team,
    arrivals: sortByFee(named(team.arrivals)),
    departures: sortByFee(named(team.departures)),
  }));
}

/**
 * A rumour from one of the replay's own stories names the selling club and the fee of the move
 * the story tells, read from that move as the story is (rumour-moves.ts); other rumours keep
 * their source as the club and no fee.
 */
async function tellRumouredMoves(
  db: Db,
  rumours: Map<string, TransferPlayer[]>,
  articles: readonly RecentArticleRow[],
  nameOf: (spelling: string) => string,
): Promise<void> {
  const lineById = new Map<string, number>();
  for (const article of articles) {
    const line = findRumourLine(article.guid);
    if (line !== null) lineById.set(`news-${String(article.id)}`, line);
  }
  const entries = [...rumours.values()].flat().filter((entry) => lineById.has(String(entry.id)));
  if (entries.length === 0) return;
  const history = await listHistoryTransfersByLine(
    db,
    entries.map((entry) => lineById.get(String(entry.id)) as number),
  );
  const byLine = new Map(history.map((move) => [move.line, move]));
  for (const entry of entries) {
    const move = byLine.get(lineById.get(String(entry.id)) as number);
    if (move === undefined) continue;
    const told = toRumourMove(move, '', nameOf);
    entry.team = told.from;
    entry.valor = toRumourValor(told);
  }
}
