import { LEAGUES } from '../../../domain/league.ts';
import { getZonedDate } from '../../../domain/time-zone.ts';
import { markListGaps } from '../provider.ts';
import {
  createUpstreamClient,
  UpstreamError,
  type DroppedItem,
  type UpstreamClient,
} from '../upstream/http.ts';
import { requireLeague } from '../upstream/league.ts';
import type { LiveSource, LiveSourceOptions, UpstreamMatch } from '../upstream/live-source.ts';
import { findBodyError, parseErrorText } from './answer.ts';
import { API_PATH, fetchDayList } from './day-list.ts';
import { BESOCCER_TIME_ZONE, parseMatchItems } from './matches.ts';
import { parseStandings, parseTopPlayers } from './parse.ts';

/** The client appends `api.php`: a base ending in `api.php/` is not what the server expects. */
export const BESOCCER_BASE_URL = 'https://apiclient.besoccerapps.com/scripts/api';

/**
 * BeSoccer documents no rate limit and sends no quota headers; clients poll live data every
 * 1–2 minutes. One request a second keeps a paged, multi-day `listMatches` polite without
 * slowing it.
 */
const MIN_INTERVAL_MS = 1000;
/** Longest `listMatches` range, in calendar days (one day list each). */
const MAX_DAYS = 31;
const DAY_MS = 24 * 60 * 60 * 1000;

export type BesoccerSourceOptions = LiveSourceOptions & {
  /** Items per page of the day list, and most pages of one day (defaults in day-list.ts). */
  dayPageSize?: number;
  maxDayPages?: number;
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

/**
 * BeSoccer (`api.php`), Touchline's primary source of matches, tables and top players. It offers
 * no transfers: none of BeSoccer's documented requests lists them (NOTES.md §5).
 */
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
  const paging = {
    ...(options.dayPageSize === undefined ? {} : { pageSize: options.dayPageSize }),
    ...(options.maxDayPages === undefined ? {} : { maxPages: options.maxDayPages }),
  };
  const drop = (item: DroppedItem) => client.noteDropped(item);

  return {
    name: 'besoccer',
    client,

    // The whole `req=matchsday` list, page by page, of each Madrid calendar day [from, to)
    // touches: a day's list covers every competition, so each league costs nothing extra.
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
      const leftOut: string[] = [];
      let partial = false;
      for (const date of days) {
        const items = await fetchDayList(client, date, paging);
        const read = parseMatchItems(items, { leagues, drop, root: `matchsday ${date}` });
        leftOut.push(...read.leftOut);
        partial ||= read.partial;
        for (const match of read.matches) {
          const kickoffMs = match.kickoff.getTime();
          if (kickoffMs >= fromMs && kickoffMs < toMs) byId.set(match.externalId, match);
        }
      }
      const matches = [...byId.values()].sort((a, b) => a.kickoff.getTime() - b.kickoff.getTime());
      return markListGaps(matches, { leftOut, partial });
    },

    // One `req=tables` request.
    async getStandings(leagueSlug) {
      const { body } = await client.getJson(API_PATH, {
        req: 'tables',
        league: requireLeague('besoccer', leagueSlug, leagues).besoccer.id,
        group: 1,
      });
      return parseStandings(body, drop);
    },

    // One `req=league_stats` request (goals and assists come together).
    async getTopPlayers(leagueSlug) {
      const league = requireLeague('besoccer', leagueSlug, leagues).besoccer.id;
      const { body } = await client.getJson(API_PATH, { req: 'league_stats', league });
      return parseTopPlayers(body, drop);
    },
  };
}
