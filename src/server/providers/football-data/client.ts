import { LEAGUES } from '../../../domain/league.ts';
import { carryListGaps } from '../provider.ts';
import {
  createUpstreamClient,
  UpstreamError,
  type Quota,
  type UpstreamClient,
  type UpstreamResponse,
} from '../upstream/http.ts';
import { requireLeague } from '../upstream/league.ts';
import type { LiveSource, LiveSourceOptions } from '../upstream/live-source.ts';
import { classifyError, findErrorBody, parseWaitSeconds } from './errors.ts';
import { parseMatchList, parseScorers, parseStandings, PROVIDER } from './parse.ts';

export const FOOTBALL_DATA_BASE_URL = 'https://api.football-data.org/v4';
/** Free plan: 10 requests a minute, so one every 6 s. */
export const FOOTBALL_DATA_MIN_INTERVAL_MS = 6000;
/** Scorers asked for: more than the 10 shown, so the assists list (sorted from it) is fuller. */
const SCORERS_LIMIT = 50;
const TOP_PLAYERS = 10;
/** Longest pause before a call when the last answer said no requests are left this minute. */
const MAX_QUOTA_WAIT_MS = 60_000;
const DAY_MS = 24 * 60 * 60 * 1000;

export type FootballDataSourceOptions = LiveSourceOptions & {
  minIntervalMs?: number;
};

/**
 * football-data sends no Retry-After on a 429 but `X-RequestCounter-Reset` (seconds) and
 * "Wait 41 seconds." in the message; this puts that wait into a Retry-After header so the shared
 * client waits it out (or, above its 30 s cap, stops at once).
 */
function withRetryAfter(getFetch: () => typeof fetch): typeof fetch {
  return async (input, init) => {
    const response = await getFetch()(input, init);
    if (response.status !== 429 || response.headers.has('retry-after')) return response;
    const text = await response.text();
    const seconds = parseWaitSeconds(response.headers.get('x-requestcounter-reset'), text);
    const headers = new Headers(response.headers);
    headers.delete('content-length');
    headers.delete('content-encoding');
    if (seconds !== undefined) headers.set('retry-after', String(seconds));
    return new Response(text, { status: 429, statusText: response.statusText, headers });
  };
}

/** UTC calendar day, "2026-10-18". */
function formatDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/**
 * Touchline's football-data.org v4 adapter: matches, standings and top scorers / assisters of
 * the registry's leagues (the free plan covers the five it ships with). No odds (not on the
 * free plan) and no transfers (no endpoint).
 */
export function createFootballDataSource(
  options: FootballDataSourceOptions,
): LiveSource & { client: UpstreamClient } {
  const now = options.now ?? Date.now;
  const leagues = options.leagues ?? LEAGUES;
  const sleep =
    options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  // What the last answer said about this minute's budget.
  let budget: { remaining: number; resetAtMs: number } | undefined;

  const readQuota = (headers: Headers): Quota | undefined => {
    const left = headers.get('x-requests-available-minute');
    if (left === null || left.trim() === '' || !Number.isFinite(Number(left))) return undefined;
    const remaining = Number(left);
    const reset = Number(headers.get('x-requestcounter-reset') ?? '');
    budget = {
      remaining,
      resetAtMs: now() + (Number.isFinite(reset) && reset > 0 ? reset * 1000 : 60_000),
    };
    return { remaining, used: null };
  };

  const client = createUpstreamClient({
    name: PROVIDER,
    baseUrl: options.baseUrl ?? FOOTBALL_DATA_BASE_URL,
    headers: { 'X-Auth-Token': options.apiKey },
    // An error body inside a 200 is not documented; if one comes, treat it by its errorCode.
    inspectBody(body) {
      const error = findErrorBody(body);
      if (error === undefined) return undefined;
      return new UpstreamError(
        PROVIDER,
        classifyError(error.errorCode, error.message),
        `${error.errorCode}: ${error.message}`,
        { status: error.errorCode },
      );
    },
    // No inspectText: football-data answers JSON only, so any other 200 body is `bad-body`.
    readQuota,
    minIntervalMs: options.minIntervalMs ?? FOOTBALL_DATA_MIN_INTERVAL_MS,
    fetch: withRetryAfter(() => options.fetch ?? globalThis.fetch),
    sleep,
    now,
    ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }),
    ...(options.log === undefined ? {} : { log: options.log }),
  });

  /**
   * One GET: waits first when the last answer left no requests this minute, and names 400 bad
   * tokens and 403 plan refusals by what football-data means by them.
   */
  const get = async (
    path: string,
    query?: Record<string, string | number>,
  ): Promise<UpstreamResponse> => {
    if (budget !== undefined && budget.remaining <= 0 && budget.resetAtMs > now()) {
      await sleep(Math.min(MAX_QUOTA_WAIT_MS, budget.resetAtMs - now()));
    }
    try {
      return await client.getJson(path, query);
    } catch (error) {
      if (!(error instanceof UpstreamError) || error.status === undefined) throw error;
      if (error.kind !== 'auth' && error.kind !== 'bad-request') throw error;
      const kind = classifyError(error.status, error.message);
      if (kind === error.kind) throw error;
      throw new UpstreamError(PROVIDER, kind, error.message.replace(`${PROVIDER}: `, ''), {
        status: error.status,
        cause: error,
      });
    }
  };

  return {
    name: PROVIDER,
    client,

    /**
     * 1 request (up to 3 with retries): `/matches?competitions=PL,PD,SA,BL1,FL1&dateFrom&dateTo`
     * over the UTC days the range touches (one day more at the end in case `dateTo` is
     * exclusive), then kept to the leagues and to kick-offs in [from, to). Unreadable matches
     * are counted as dropped and named on the list, so their stored rows stay.
     */
    async listMatches(from, to) {
      const fromMs = from.getTime();
      const toMs = to.getTime();
      if (!(toMs > fromMs)) return [];
      const { body } = await get('matches', {
        competitions: leagues.map((league) => league.footballDataCode).join(','),
        dateFrom: formatDay(fromMs),
        dateTo: formatDay(toMs - 1 + DAY_MS),
      });
      const matches = parseMatchList(body, leagues, client.noteDropped);
      return carryListGaps(
        matches,
        matches.filter((m) => {
          const kickoff = m.kickoff.getTime();
          return kickoff >= fromMs && kickoff < toMs;
        }),
      );
    },

    /** 1 request: `/competitions/{code}/standings`, TOTAL table. */
    async getStandings(leagueSlug) {
      const { body } = await get(
        `competitions/${requireLeague(PROVIDER, leagueSlug, leagues).footballDataCode}/standings`,
      );
      return parseStandings(body);
    },

    /** 1 request: `/competitions/{code}/scorers?limit=50`; assists are sorted from that list. */
    async getTopPlayers(leagueSlug) {
      const { body } = await get(
        `competitions/${requireLeague(PROVIDER, leagueSlug, leagues).footballDataCode}/scorers`,
        { limit: SCORERS_LIMIT },
      );
      return parseScorers(body, TOP_PLAYERS, client.noteDropped);
    },
  };
}
