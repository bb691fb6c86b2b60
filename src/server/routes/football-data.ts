import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';

import { sortLiveMatches } from '../../domain/board.ts';
import type { League } from '../../domain/league.ts';
import { getStatusCode, type LiveMatch } from '../../domain/live-match.ts';
import type { MarketKey } from '../../domain/odds.ts';
import { getRefreshIntervalMs } from '../../domain/refresh.ts';
import { formatZonedTime, getZonedDayRange } from '../../domain/time-zone.ts';
import {
  collectRumours,
  hasTransferActivity,
  sortByFee,
  type RumourClub,
  type TransferTeam,
} from '../../domain/transfers.ts';
import type { Db } from '../db/client.ts';
import { listUpcomingOdds } from '../db/markets-queries.ts';
import { listMatchesBetween, type MatchRow } from '../db/matches-queries.ts';
import { listRecentNewsArticles } from '../db/news-articles-queries.ts';
import { getLeagueStats } from '../db/player-stats-queries.ts';
import { listStandings } from '../db/standings-queries.ts';
import { listClubs } from '../db/teams-queries.ts';
import { listTransferTeams } from '../db/transfers-queries.ts';
import { HttpError, parseInput } from '../http/errors.ts';
import type { CachedBody, ResponseCache } from '../http/response-cache.ts';
import { resolveLeague } from './league-param.ts';

export type FootballDataDeps = { db: Db; cache: ResponseCache; now: () => Date; timeZone: string };

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
export function createFootballData(deps: FootballDataDeps) {
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
          limit: league === undefined ? ODDS_LIMIT_PER_LEAGUE * 5 : ODDS_LIMIT_PER_LEAGUE,
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

export type FootballData = ReturnType<typeof createFootballData>;

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
  const [moves, clubs, articles] = await Promise.all([
    listTransferTeams(db, leagueIds),
    listClubs(db, { leagueIds, current: true }),
    listRecentNewsArticles(db, {
      leagueSlugs: league === undefined ? undefined : [league.slug],
      since: new Date(now.getTime() - RUMOUR_MAX_AGE_MS),
      limit: RUMOUR_ARTICLES,
    }),
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

  const movesById = new Map(moves.map((team) => [team.id, team]));
  const teams: TransferTeam[] = clubs.map((club) => {
    const team = movesById.get(club.id);
    movesById.delete(club.id);
    return {
      id: club.id,
      name: club.name,
      shield: team?.shield ?? club.logoUrl ?? '',
      league_alias: team?.league_alias ?? club.leagueSlug,
      arrivals: team?.arrivals ?? [],
      departures: team?.departures ?? [],
      rumors: rumours.get(club.name) ?? [],
    };
  });
  // A club with moves is always a current one; should its league differ, it still shows.
  teams.push(...movesById.values());
  return teams.filter(hasTransferActivity).map((team) => ({
    ...team,
    arrivals: sortByFee(team.arrivals),
    departures: sortByFee(team.departures),
  }));
}

/** Sends a cached JSON body with its ETag (the caching hook answers 304 when it matches). */
export function sendCached(reply: FastifyReply, cached: CachedBody) {
  return reply
    .header('etag', cached.etag)
    .type('application/json; charset=utf-8')
    .send(cached.body);
}

const LeagueQuery = z.strictObject({ league: z.string().max(100).optional() });
const SlugParams = z.strictObject({ slug: z.string().max(100) });
const OddsQuery = z.strictObject({
  league: z.string().max(100).optional(),
  market: z.enum(['h2h', 'totals'], 'must be h2h or totals').optional(),
});

export function footballDataRoutes(deps: { db: Db; data: FootballData }) {
  const { db, data } = deps;
  const leagueBySlug = async (params: unknown) => {
    const { slug } = parseInput(SlugParams, params, 'params');
    const league = await resolveLeague(db, slug);
    if (league === undefined) throw new HttpError(404, 'League not found');
    return league;
  };

  return async function (app: FastifyInstance) {
    app.get('/api/matches/today', async (request, reply) => {
      const { league } = parseInput(LeagueQuery, request.query, 'query');
      const cached = await data.matchesToday(await resolveLeague(db, league));
      // The site's clock (pinned or sped up in demos), so a browser can tell how old updated_at is.
      // Board data is always stale (SPEC 4): the browser must revalidate every refetch (a 304 when
      // nothing changed), never answer it from its HTTP cache as max-age/stale-while-revalidate do.
      return sendCached(
        reply
          .header('x-server-time', data.now().toISOString())
          .header('cache-control', 'private, max-age=0, must-revalidate'),
        cached,
      );
    });
    app.get('/api/leagues/:slug/table', async (request, reply) => {
      return sendCached(reply, await data.table(await leagueBySlug(request.params)));
    });
    app.get('/api/leagues/:slug/stats', async (request, reply) => {
      return sendCached(reply, await data.stats(await leagueBySlug(request.params)));
    });
    app.get('/api/odds', async (request, reply) => {
      const { league, market } = parseInput(OddsQuery, request.query, 'query');
      return sendCached(reply, await data.odds(await resolveLeague(db, league), market ?? 'h2h'));
    });
    app.get('/api/transfers', async (request, reply) => {
      const { league } = parseInput(LeagueQuery, request.query, 'query');
      return sendCached(reply, await data.transfers(await resolveLeague(db, league)));
    });
  };
}
