import { LEAGUES } from '../../../domain/league.ts';
import type { OddsEvent } from '../../../domain/odds.ts';
import { carryListGaps, markListGaps } from '../provider.ts';
import {
  UpstreamError,
  createUpstreamClient,
  type UpstreamClient,
  type UpstreamErrorKind,
} from '../upstream/http.ts';
import { requireLeague } from '../upstream/league.ts';
import type {
  LiveSource,
  LiveSourceOptions,
  UpstreamMatch,
  UpstreamTeam,
  UpstreamTransfer,
} from '../upstream/live-source.ts';
import { findBodyError, findErrorAnswer, findTextError, PROVIDER, readQuota } from './errors.ts';
import { createFinishedDetails, IDS_PER_REQUEST } from './finished-details.ts';
import { parseOddsPage, toOddsEvents, type ApiFootballOdds } from './odds.ts';
import { getSeason, parseClubs, parseMatches, parseStandings, parseTopPlayers } from './parse.ts';
import { createSeasonGate } from './season-gate.ts';
import { createTransferBudget } from './transfer-budget.ts';
import { getTransferRange, parseTransfers } from './transfers.ts';

export const API_FOOTBALL_BASE_URL = 'https://v3.football.api-sports.io';

/** The free plan allows 10 requests a minute (NOTES.md §1): one every 6 s. */
const MIN_INTERVAL_MS = 6_000;
/** `/odds` pages read at most; a league's pre-match odds fit in a few. */
const MAX_ODDS_PAGES = 10;

export type ApiFootballSourceOptions = LiveSourceOptions & {
  minIntervalMs?: number;
};

/**
 * Failures that concern one club's answer only (its body refused, an error of the host for that
 * request): the club is skipped and the others are read. Any other kind (quota, plan, key, rate
 * limit, breaker) would fail every club the same way and stops the league.
 */
const CLUB_FAILURES = new Set<UpstreamErrorKind>([
  'bad-body',
  'bad-request',
  'not-found',
  'server',
  'timeout',
  'network',
]);

function isClubFailure(error: unknown): error is UpstreamError {
  return error instanceof UpstreamError && CLUB_FAILURES.has(error.kind);
}

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
  const seasons = createSeasonGate(client, now);
  const budget = createTransferBudget({ client, leagues, now });
  const drop = client.noteDropped;
  const finished = createFinishedDetails({ client, leagues, now, drop });

  /** The league's id and the current season, the query of every per-league request. */
  const leagueQuery = (leagueSlug: string) => ({
    league: requireLeague(PROVIDER, leagueSlug, leagues).apiFootballId,
    season: season(),
  });

  /**
   * One club's moves of the season, or the failure that concerns that club only (noted on the
   * client, so the status page counts it); any other failure is thrown.
   */
  async function readClubMoves(
    club: UpstreamTeam,
    range: { from: string; to: string },
  ): Promise<UpstreamTransfer[] | UpstreamError> {
    try {
      const { body } = await client.getJson('transfers', { team: club.id });
      return parseTransfers(body, club, range, drop);
    } catch (error) {
      if (!isClubFailure(error)) throw error;
      client.noteFailure(error);
      return error;
    }
  }

  return {
    name: PROVIDER,
    client,

    /**
     * 1 request per UTC day the range touches (1, at most 2 for a day in the site's time
     * zone): `/fixtures?date=YYYY-MM-DD&timezone=UTC`. A `date` query with no league lists
     * every competition, live matches included with their minute; a per-league query would cost
     * one request a league a day. The leagues and the range are filtered here. That list has no
     * goals or figures: a match that has finished since the last poll costs one
     * `/fixtures?ids=` request more per 20, once, while the day's quota allows
     * (finished-details.ts, NOTES.md §13).
     */
    async listMatches(from, to) {
      const matches: UpstreamMatch[] = [];
      for (const date of listUtcDays(from, to)) {
        const { body } = await client.getJson('fixtures', { date, timezone: 'UTC' });
        const day = parseMatches(body, { range: { from, to }, leagues, drop });
        matches.push(...day);
        // What a day's list left out stays noted on the whole list (sorting keeps the note).
        carryListGaps(day, matches);
      }
      return finished.complete(matches.sort((a, b) => a.kickoff.getTime() - b.kickoff.getTime()));
    },

    /** 1 request: `/standings?league=&season=`. */
    async getStandings(leagueSlug) {
      const { body } = await seasons.getJson('standings', leagueQuery(leagueSlug));
      return parseStandings(body, drop);
    },

    /** 2 requests: `/players/topscorers` and `/players/topassists`, each `?league=&season=`. */
    async getTopPlayers(leagueSlug) {
      const query = leagueQuery(leagueSlug);
      const scorers = await seasons.getJson('players/topscorers', query);
      const assisters = await seasons.getJson('players/topassists', query);
      return {
        goals: parseTopPlayers(scorers.body, 'goals', drop),
        assists: parseTopPlayers(assisters.body, 'assists', drop),
      };
    },

    /**
     * 1 + one per further page of `/odds?league=&season=` (pre-match odds, paginated), then
     * one `/fixtures?ids=a-b-…` per 20 matches to name the teams (odds carry none): usually 2.
     * No request for the names when there are no odds.
     */
    async listOdds(leagueSlug): Promise<OddsEvent[]> {
      const query = leagueQuery(leagueSlug);
      const first = parseOddsPage((await seasons.getJson('odds', query)).body, drop);
      if (first.pages > MAX_ODDS_PAGES) {
        throw new UpstreamError(
          PROVIDER,
          'bad-body',
          `paging.total: ${first.pages} pages of odds, more than the ${MAX_ODDS_PAGES} read`,
        );
      }
      const odds: ApiFootballOdds[] = [...first.odds];
      for (let page = 2; page <= first.pages; page++) {
        const { body } = await seasons.getJson('odds', { ...query, page });
        odds.push(...parseOddsPage(body, drop).odds);
      }
      const ids = [...new Set(odds.map((entry) => entry.fixture.id))];
      const matches: UpstreamMatch[] = [];
      for (let i = 0; i < ids.length; i += IDS_PER_REQUEST) {
        const chunk = ids.slice(i, i + IDS_PER_REQUEST).join('-');
        const { body } = await client.getJson('fixtures', { ids: chunk });
        matches.push(...parseMatches(body, { leagues, drop }));
      }
      return toOddsEvents(odds, matches, leagues);
    },

    /**
     * 1 + one per club: `/teams?league=&season=` for the league's clubs, then
     * `/transfers?team=` for each (the endpoint takes a player or a team, not a league): 21
     * requests for 20 clubs, about 2 minutes at the free plan's 10 a minute. The daily budget
     * decides first whether the league's turn has come (transfer-budget.ts), else puts the league
     * off with a QuotaDeferral; a club whose answer fails is noted and skipped, and the league
     * fails only when no club could be read. Keeps the current season's moves, April to March
     * (Summer and Winter windows).
     */
    async listTransfers(leagueSlug) {
      const query = leagueQuery(leagueSlug);
      seasons.assertOpen(query.season);
      budget.claim(leagueSlug);
      const clubs = parseClubs((await seasons.getJson('teams', query)).body, drop);
      budget.requireClubs(leagueSlug, clubs.length);
      const range = getTransferRange(new Date(now()));
      const moves: UpstreamTransfer[] = [];
      const failures: UpstreamError[] = [];
      for (const club of clubs) {
        const read = await readClubMoves(club, range);
        if (read instanceof UpstreamError) failures.push(read);
        else moves.push(...read);
      }
      if (failures.length === clubs.length) {
        throw failures[0] ?? new UpstreamError(PROVIDER, 'bad-body', 'no club could be read');
      }
      // The clubs skipped keep the moves stored for them.
      return failures.length > 0 ? markListGaps(moves, { partial: true }) : moves;
    },
  };
}
