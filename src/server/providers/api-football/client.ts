import { LEAGUES } from '../../../domain/league.ts';
import type { OddsEvent } from '../../../domain/odds.ts';
import { UpstreamError, createUpstreamClient, type UpstreamClient } from '../upstream/http.ts';
import { requireLeague } from '../upstream/league.ts';
import type {
  LiveSource,
  UpstreamMatch,
  UpstreamStanding,
  UpstreamTransfer,
  LiveSourceOptions,
} from '../upstream/live-source.ts';
import { findBodyError, findErrorAnswer, findTextError, PROVIDER, readQuota } from './errors.ts';
import { parseOddsPage, toOddsEvents, type ApiFootballOdds } from './odds.ts';
import { getSeason, parseMatches, parseStandings, parseTopPlayers } from './parse.ts';
import { getTransferRange, parseTransfers } from './transfers.ts';

export const API_FOOTBALL_BASE_URL = 'https://v3.football.api-sports.io';

/** The free plan allows 10 requests a minute (NOTES.md §1): one every 6 s. */
const MIN_INTERVAL_MS = 6_000;
/** `/odds` pages read at most; a league's pre-match odds fit in a few. */
const MAX_ODDS_PAGES = 10;
/** Fixture ids per `/fixtures?ids=` request (the API's limit; not in NOTES.md). */
const IDS_PER_REQUEST = 20;

export type ApiFootballSourceOptions = LiveSourceOptions & {
  minIntervalMs?: number;
};

/** "2026-10-18" for each UTC day that [from, to) touches. */
function listUtcDays(from: Date, to: Date): string[] {
  const days: string[] = [];
  const start = new Date(from);
  start.setUTCHours(0, 0, 0, 0);
  for (let day = start.getTime(); day < to.getTime(); day += 24 * 60 * 60 * 1000) {
    days.push(new Date(day).toISOString().slice(0, 10));
  }
  return days;
}

/**
 * Touchline's API-Football v3 source (direct api-sports.io access: `x-apisports-key` header).
 * Every request counts against the daily quota (100 on the free plan); the costs are per call.
 */
export function createApiFootballSource(
  options: ApiFootballSourceOptions,
): LiveSource & { client: UpstreamClient } {
  const now = options.now ?? Date.now;
  const leagues = options.leagues ?? LEAGUES;
  const client = createUpstreamClient({
    name: PROVIDER,
    baseUrl: options.baseUrl ?? API_FOOTBALL_BASE_URL,
    headers: { 'x-apisports-key': options.apiKey },
    inspectBody: findBodyError,
    inspectText: findTextError,
    inspectError: findErrorAnswer,
    readQuota,
    minIntervalMs: options.minIntervalMs ?? MIN_INTERVAL_MS,
    timeoutMs: options.timeoutMs,
    fetch: options.fetch,
    now,
    sleep: options.sleep,
    log: options.log,
  });

  const season = () => getSeason(new Date(now()));

  /** 1 request: `/standings?league=&season=`. */
  async function getStandings(leagueSlug: string): Promise<UpstreamStanding[]> {
    const league = requireLeague(PROVIDER, leagueSlug, leagues).apiFootballId;
    const { body } = await client.getJson('standings', { league, season: season() });
    return parseStandings(body);
  }

  return {
    name: PROVIDER,
    client,

    /**
     * 1 request per UTC day the range touches (1, at most 2 for a day in the site's time
     * zone): `/fixtures?date=YYYY-MM-DD&timezone=UTC`. A `date` query with no league lists
     * every competition, live matches included with their minute; a per-league query would cost
     * one request a league a day. The leagues and the range are filtered here.
     */
    async listMatches(from, to) {
      const matches: UpstreamMatch[] = [];
      for (const date of listUtcDays(from, to)) {
        const { body } = await client.getJson('fixtures', { date, timezone: 'UTC' });
        matches.push(...parseMatches(body, { range: { from, to }, leagues }));
      }
      return matches.sort((a, b) => a.kickoff.getTime() - b.kickoff.getTime());
    },

    getStandings,

    /** 2 requests: `/players/topscorers` and `/players/topassists`, each `?league=&season=`. */
    async getTopPlayers(leagueSlug) {
      const query = {
        league: requireLeague(PROVIDER, leagueSlug, leagues).apiFootballId,
        season: season(),
      };
      const scorers = await client.getJson('players/topscorers', query);
      const assisters = await client.getJson('players/topassists', query);
      return {
        goals: parseTopPlayers(scorers.body, 'goals'),
        assists: parseTopPlayers(assisters.body, 'assists'),
      };
    },

    /**
     * 1 + one per further page of `/odds?league=&season=` (pre-match odds, paginated), then
     * one `/fixtures?ids=a-b-…` per 20 matches to name the teams (odds carry none): usually 2.
     * No request for the names when there are no odds.
     */
    async listOdds(leagueSlug): Promise<OddsEvent[]> {
      const query = {
        league: requireLeague(PROVIDER, leagueSlug, leagues).apiFootballId,
        season: season(),
      };
      const first = parseOddsPage((await client.getJson('odds', query)).body);
      if (first.pages > MAX_ODDS_PAGES) {
        throw new UpstreamError(
          PROVIDER,
          'bad-body',
          `paging.total: ${first.pages} pages of odds, more than the ${MAX_ODDS_PAGES} read`,
        );
      }
      const odds: ApiFootballOdds[] = [...first.odds];
      for (let page = 2; page <= first.pages; page++) {
        odds.push(...parseOddsPage((await client.getJson('odds', { ...query, page })).body).odds);
      }
      const ids = [...new Set(odds.map((entry) => entry.fixture.id))];
      const matches: UpstreamMatch[] = [];
      for (let i = 0; i < ids.length; i += IDS_PER_REQUEST) {
        const chunk = ids.slice(i, i + IDS_PER_REQUEST).join('-');
        const { body } = await client.getJson('fixtures', { ids: chunk });
        matches.push(...parseMatches(body, { leagues }));
      }
      return toOddsEvents(odds, matches, leagues);
    },

    /**
     * 1 + one per club: `/standings` for the league's clubs, then `/transfers?team=` for each
     * (the endpoint takes a player or a team, not a league): 21 requests for 20 clubs, about
     * 2 minutes at the free plan's 10 a minute. Keeps the current season's moves, April to
     * March (Summer and Winter windows).
     */
    async listTransfers(leagueSlug) {
      const table = await getStandings(leagueSlug);
      const range = getTransferRange(new Date(now()));
      const moves: UpstreamTransfer[] = [];
      for (const { team } of table) {
        const { body } = await client.getJson('transfers', { team: team.id });
        moves.push(...parseTransfers(body, team, range));
      }
      return moves;
    },
  };
}
