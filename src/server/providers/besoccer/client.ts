import { LEAGUES } from '../../../domain/league.ts';
import { getZonedDate } from '../../../domain/time-zone.ts';
import { pickTransferWindow } from '../../../domain/transfers.ts';
import { createUpstreamClient, UpstreamError, type UpstreamClient } from '../upstream/http.ts';
import { requireLeague } from '../upstream/league.ts';
import type { LiveSource, UpstreamMatch, LiveSourceOptions } from '../upstream/live-source.ts';
import { findBodyError, parseErrorText } from './answer.ts';
import { BESOCCER_TIME_ZONE, parseMatches, parseStandings, parseTopPlayers } from './parse.ts';
import { parseTransfers } from './transfers.ts';

/** The client appends `api.php`: a base ending in `api.php/` is not what the server expects. */
export const BESOCCER_BASE_URL = 'https://apiclient.besoccerapps.com/scripts/api';
const API_PATH = 'api.php';

/**
 * BeSoccer documents no rate limit and sends no quota headers; clients poll live data every
 * 1–2 minutes. One request a second keeps a multi-day `listMatches` polite without slowing it.
 */
const MIN_INTERVAL_MS = 1000;
/** Longest `listMatches` range, in calendar days (one request each). */
const MAX_DAYS = 31;
const DAY_MS = 24 * 60 * 60 * 1000;

export type BesoccerSourceOptions = LiveSourceOptions & {
  /**
   * `req=` value of the per-club transfers list. No client was seen calling it, so the name is
   * a guess to verify with a real key (NOTES.md §5).
   */
  transfersRequest?: string;
};

/** The calendar days (YYYY-MM-DD, in `timeZone`) that [from, to) touches. */
function listDays(from: Date, to: Date, timeZone: string): string[] {
  const first = getZonedDate(from.getTime(), timeZone);
  const last = getZonedDate(to.getTime() - 1, timeZone);
  const days = [first];
  const start = Date.parse(`${first}T00:00:00Z`);
  while (days[days.length - 1] !== last && days.length <= MAX_DAYS) {
    days.push(new Date(start + days.length * DAY_MS).toISOString().slice(0, 10));
  }
  return days;
}

/** BeSoccer (`api.php`), Touchline's primary source of matches, tables, top players and transfers. */
export function createBesoccerSource(
  options: BesoccerSourceOptions,
): LiveSource & { client: UpstreamClient } {
  const now = options.now ?? Date.now;
  const leagues = options.leagues ?? LEAGUES;
  const client = createUpstreamClient({
    name: 'besoccer',
    baseUrl: options.baseUrl ?? BESOCCER_BASE_URL,
    // Auth is the `key` query parameter only; every answer is asked for as JSON.
    query: { key: options.apiKey, format: 'json' },
    inspectText: parseErrorText,
    inspectBody: findBodyError,
    minIntervalMs: MIN_INTERVAL_MS,
    ...(options.fetch === undefined ? {} : { fetch: options.fetch }),
    ...(options.log === undefined ? {} : { log: options.log }),
    ...(options.sleep === undefined ? {} : { sleep: options.sleep }),
    ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }),
    now,
  });
  const transfersRequest = options.transfersRequest ?? 'transfers';

  return {
    name: 'besoccer',
    client,

    // One `req=matchsday` request per calendar day (Europe/London) that [from, to) touches; a
    // day's answer covers every competition, so each league costs nothing extra.
    async listMatches(from, to) {
      const fromMs = from.getTime();
      const toMs = to.getTime();
      if (Number.isNaN(fromMs) || Number.isNaN(toMs)) {
        throw new UpstreamError('besoccer', 'bad-request', 'listMatches needs two valid dates');
      }
      if (toMs <= fromMs) return [];
      const days = listDays(from, to, BESOCCER_TIME_ZONE);
      if (days.length > MAX_DAYS) {
        throw new UpstreamError('besoccer', 'bad-request', `range over ${MAX_DAYS} days`);
      }
      const byId = new Map<string, UpstreamMatch>();
      for (const date of days) {
        const { body } = await client.getJson(API_PATH, {
          req: 'matchsday',
          date,
          tz: BESOCCER_TIME_ZONE,
        });
        const { matches, skipped } = parseMatches(body, {
          envelope: 'matches',
          timeZone: BESOCCER_TIME_ZONE,
          leagues,
        });
        for (const item of skipped) {
          options.log?.warn(
            { provider: 'besoccer', matchId: item.id },
            `skipped match: ${item.reason}`,
          );
        }
        for (const match of matches) {
          const kickoffMs = match.kickoff.getTime();
          if (kickoffMs >= fromMs && kickoffMs < toMs) byId.set(match.externalId, match);
        }
      }
      return [...byId.values()].sort((a, b) => a.kickoff.getTime() - b.kickoff.getTime());
    },

    // One `req=tables` request.
    async getStandings(leagueSlug) {
      const { body } = await client.getJson(API_PATH, {
        req: 'tables',
        league: requireLeague('besoccer', leagueSlug, leagues).besoccer.id,
        group: 1,
      });
      return parseStandings(body);
    },

    // One `req=league_stats` request (goals and assists come together).
    async getTopPlayers(leagueSlug) {
      const league = requireLeague('besoccer', leagueSlug, leagues).besoccer.id;
      const { body } = await client.getJson(API_PATH, { req: 'league_stats', league });
      return parseTopPlayers(body);
    },

    // One request (`req=transfers` unless configured); a plan without it answers in plain text.
    async listTransfers(leagueSlug) {
      const league = requireLeague('besoccer', leagueSlug, leagues).besoccer.id;
      const { body } = await client.getJson(API_PATH, { req: transfersRequest, league });
      return parseTransfers(body, pickTransferWindow(now()).label);
    },
  };
}
