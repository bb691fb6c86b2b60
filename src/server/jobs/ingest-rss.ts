import { LEAGUES } from '../../domain/league.ts';
import { findScoreline, getReportCardPath, type ClubNames } from '../../domain/report-card.ts';
import type { Db } from '../db/client.ts';
import {
  listFetchableFeedSources,
  updateFeedSource,
  type FeedSourceRow,
  type FeedSourceState,
} from '../db/feed-sources-queries.ts';
import { createNewsArticles, type NewsArticleInput } from '../db/news-articles-queries.ts';
import { listClubs } from '../db/teams-queries.ts';
import { entityTag } from '../entity-tag.ts';
import type { fetchFeed, FetchFeedResult } from '../providers/rss/client.ts';
import {
  compileLeagueTerms,
  guessLeagueSlug,
  type LeagueTerms,
} from '../providers/rss/league-guess.ts';
import { normaliseLink, normaliseSitePath, parseHttpUrl } from '../providers/rss/links.ts';
import { parseFeed, type FeedItem } from '../providers/rss/parse.ts';

/** How often a healthy feed is checked (BBC asks for ≥ 15 minutes with `<ttl>15</ttl>`). */
export const FEED_INTERVAL_MS = 15 * 60 * 1000;
const MAX_DELAY_MS = 24 * 60 * 60 * 1000;
const DISABLE_AFTER_MS = 30 * 24 * 60 * 60 * 1000;
const FLAG_AFTER_ERRORS = 3;
const MAX_PARALLEL = 4;
const MAX_ERROR_LENGTH = 300;
const MAX_GUID_LENGTH = 500;

export type FetchFeed = typeof fetchFeed;

type Log = { error: (obj: object, msg: string) => void };

/** One feed's line in the sync response. */
export type SourceSyncResult = {
  source: string;
  new_items: number;
  total_items: number;
  error: string | null;
};

/** The specification's RSS sync response (total_new and totalIngested are the same number). */
export type RssSyncResponse = {
  success: boolean;
  total_new: number;
  totalIngested: number;
  total_processed: number;
  sources: SourceSyncResult[];
  error?: string;
};

export type IngestRssDeps = {
  db: Db;
  now: () => Date;
  fetch: FetchFeed;
  /** host:port pairs the fetch guard lets through although private (loopback test feeds). */
  allowHosts?: string[];
  /**
   * This site's own feed at a path (the demo feeds, `/feeds/serie-a.xml`), rendered in-process:
   * the document, or null when there is none. Such a feed is never fetched, so the server never
   * sends a request to itself.
   */
  readSiteFeed?: (path: string) => Promise<string | null>;
  /** 'due' (the scheduler): feeds whose next check has come; 'all' (a manual sync): every enabled feed. */
  sources?: 'due' | 'all';
  /** Randomness in [0, 1) for the back-off jitter. */
  random?: () => number;
  log?: Log;
};

/**
 * Fetches feeds (conditionally, at most four at once and one per host), stores their new
 * articles and each feed's polling state in one transaction per feed, and backs off from
 * failing feeds. One feed's failure never stops the others.
 */
export async function runIngestRss(deps: IngestRssDeps): Promise<RssSyncResponse> {
  const sources = await listFetchableFeedSources(deps.db, {
    now: deps.now(),
    dueOnly: (deps.sources ?? 'due') === 'due',
  });
  const labels = labelSources(sources);
  const terms = await readClubTerms(deps.db);
  const results = await runPerHost(
    sources,
    (s) => getHost(s.url),
    MAX_PARALLEL,
    (source) => ingestSource(deps, source, labels.get(source.id) ?? source.name, terms),
  );
  const totalNew = results.reduce((sum, r) => sum + r.new_items, 0);
  const failed = results.filter((r) => r.error !== null).length;
  const response: RssSyncResponse = {
    success: results.length === 0 || failed < results.length,
    total_new: totalNew,
    totalIngested: totalNew,
    total_processed: results.reduce((sum, r) => sum + r.total_items, 0),
    sources: results,
  };
  if (!response.success) response.error = `all ${results.length} feeds failed`;
  return response;
}

type ClubTerms = { leagueTerms: LeagueTerms; clubs: ClubNames[] };

/**
 * Every spelling of this season's clubs: the league guess's terms (with the registry's leagues),
 * and the clubs by key, which a match report's headline is read against.
 */
async function readClubTerms(db: Db): Promise<ClubTerms> {
  const clubs = (await listClubs(db, { current: true })).map((club) => ({
    key: club.key,
    leagueSlug: club.leagueSlug,
    names: [club.name, club.shortName, ...club.aliases, ...club.newsNames],
  }));
  return { leagueTerms: compileLeagueTerms(clubs), clubs };
}

async function ingestSource(
  deps: IngestRssDeps,
  source: FeedSourceRow,
  label: string,
  terms: ClubTerms,
): Promise<SourceSyncResult> {
  const line = { source: label, new_items: 0, total_items: 0, error: null };
  const onSite = isSitePath(source.url);
  let fetched: FetchFeedResult;
  let items: FeedItem[] = [];
  try {
    fetched = onSite
      ? await renderSiteFeed(deps, source)
      : await deps.fetch(source.url, {
          etag: source.etag ?? undefined,
          lastModified: source.lastModified ?? undefined,
          allowHosts: deps.allowHosts ?? [],
          now: () => deps.now().getTime(),
        });
    if (fetched.status !== 304) items = parseFeed(fetched.body, { sitePaths: onSite }).items;
  } catch (error) {
    return { ...line, error: await recordFailure(deps, source, error) };
  }

  // Storing is the database's business, not the feed's: a failure here is no mark against it.
  const now = deps.now();
  try {
    if (fetched.status === 304) {
      await updateFeedSource(deps.db, source.id, getSuccessState(now, source), { now });
      return line;
    }
    const rows = processFeedItems(items, source, now, { sitePaths: onSite, ...terms });
    const state = getSuccessState(now, {
      etag: fetched.etag ?? null,
      lastModified: fetched.lastModified ?? null,
    });
    const added = await deps.db.transaction(async (tx) => {
      const count = await createNewsArticles(tx, rows, now);
      await updateFeedSource(tx, source.id, state, { now, newItems: count });
      return count;
    });
    return { ...line, new_items: added, total_items: items.length };
  } catch (error) {
    deps.log?.error({ err: error, feed: source.url }, 'rss: articles not stored');
    return { ...line, total_items: items.length, error: 'rss: articles not stored' };
  }
}

/** A feed url that is a path on this site, as the feed list writes the demo feeds. */
function isSitePath(url: string): boolean {
  return /^\/(?!\/)/.test(url);
}

/**
 * One of this site's own feeds, rendered in-process. Its ETag is a hash of the document, so an
 * unchanged feed is skipped as a 304 would be.
 */
async function renderSiteFeed(
  deps: IngestRssDeps,
  source: FeedSourceRow,
): Promise<FetchFeedResult> {
  const xml = (await deps.readSiteFeed?.(source.url)) ?? null;
  if (xml === null) throw new Error(`rss: this site has no feed at ${source.url}`);
  const etag = entityTag(xml);
  if (etag === source.etag) return { status: 304 };
  return { status: 200, body: xml, etag, lastModified: null, finalUrl: source.url };
}

/** Writes the back-off state of a failed feed; returns the error to report. */
async function recordFailure(
  deps: IngestRssDeps,
  source: FeedSourceRow,
  error: unknown,
): Promise<string> {
  const message = describeError(error);
  const now = deps.now();
  try {
    const state = getFailureState(source, {
      now,
      message,
      retryAfterMs: getRetryAfterMs(error),
      random: deps.random ?? Math.random,
    });
    await updateFeedSource(deps.db, source.id, state, { now });
  } catch (stateError) {
    deps.log?.error({ err: stateError, feed: source.url }, 'rss: feed state not stored');
  }
  return message;
}

/**
 * Turns a feed's items into articles: skips items without a title or an http(s) link (or, with
 * `sitePaths`, for this site's own feeds only, a path on this site), drops repeats within the
 * feed, keys each by its normalised link, dates undated or future items now, and files each
 * under the feed's league or, for a general feed, the league its text names (`leagueTerms`:
 * without them only league names count).
 */
export function processFeedItems(
  items: readonly FeedItem[],
  source: { name: string; leagueSlug: string | null },
  now: Date,
  options: { sitePaths?: boolean; leagueTerms?: LeagueTerms; clubs?: readonly ClubNames[] } = {},
): NewsArticleInput[] {
  const leagueTerms = options.leagueTerms ?? compileLeagueTerms([]);
  const rows: NewsArticleInput[] = [];
  const seenKeys = new Set<string>();
  const seenGuids = new Set<string>();
  for (const item of items) {
    const title = item.title.trim();
    const url = parseHttpUrl(item.link);
    const link =
      url !== null
        ? normaliseLink(url.href)
        : options.sitePaths === true
          ? normaliseSitePath(item.link)
          : null;
    if (title === '' || link === null || seenKeys.has(link)) continue;
    const guid = item.guid?.trim().slice(0, MAX_GUID_LENGTH) || null;
    if (guid !== null && seenGuids.has(guid)) continue;
    seenKeys.add(link);
    if (guid !== null) seenGuids.add(guid);
    const summary = item.summary.trim();
    const published = item.publishedAt?.getTime();
    rows.push({
      title,
      summary: summary === '' ? null : summary,
      imageUrl:
        findImageUrl(item.imageUrl, options.sitePaths === true) ??
        findReportCard(title, options.clubs ?? []),
      sourceName: source.name,
      publishedAt:
        published === undefined || !Number.isFinite(published) || published > now.getTime()
          ? now
          : new Date(published),
      link,
      dedupeKey: link,
      guid,
      leagueSlug: source.leagueSlug ?? guessLeagueSlug(`${title} ${summary}`, leagueTerms),
    });
  }
  return rows;
}

/** An item's picture: an http(s) address, or for this site's own feeds one it draws. */
function findImageUrl(imageUrl: string | null, sitePaths: boolean): string | null {
  if (imageUrl === null) return null;
  const url = parseHttpUrl(imageUrl);
  if (url !== null) return url.href;
  const path = sitePaths ? normaliseSitePath(imageUrl) : null;
  return path !== null && path.startsWith('/img/') ? path : null;
}

/** For a match report without a picture (its headline a score line), the card drawn of it. */
function findReportCard(title: string, clubs: readonly ClubNames[]): string | null {
  const line = findScoreline(title, clubs);
  return line === null ? null : getReportCardPath(line);
}

/** A healthy feed: errors cleared, next check one interval on. */
export function getSuccessState(
  now: Date,
  validators: { etag: string | null; lastModified: string | null },
): FeedSourceState {
  return {
    lastFetchedAt: now,
    etag: validators.etag,
    lastModified: validators.lastModified,
    errorCount: 0,
    lastError: null,
    failingSince: null,
    blockedUntil: null,
    nextDueAt: new Date(now.getTime() + FEED_INTERVAL_MS),
    flagged: false,
    disabled: false,
  };
}

/**
 * A failed fetch: one more error, the next check backed off (interval × 2^errors, capped at
 * 24 h, ±25 % jitter, never before a Retry-After), flagged after three failures in a row and
 * disabled after 30 days of them.
 */
export function getFailureState(
  source: Pick<FeedSourceRow, 'errorCount' | 'failingSince'>,
  failure: { now: Date; message: string; retryAfterMs?: number | undefined; random: () => number },
): FeedSourceState {
  const { now } = failure;
  const errorCount = source.errorCount + 1;
  const failingSince = source.failingSince ?? now;
  const retryAfterMs =
    failure.retryAfterMs === undefined || !Number.isFinite(failure.retryAfterMs)
      ? 0
      : Math.min(MAX_DELAY_MS, Math.max(0, failure.retryAfterMs));
  const delayMs = Math.max(getRetryDelayMs(errorCount, failure.random), retryAfterMs);
  return {
    lastFetchedAt: now,
    errorCount,
    lastError: failure.message,
    failingSince,
    blockedUntil: retryAfterMs > 0 ? new Date(now.getTime() + retryAfterMs) : null,
    nextDueAt: new Date(now.getTime() + delayMs),
    flagged: errorCount >= FLAG_AFTER_ERRORS,
    disabled: now.getTime() - failingSince.getTime() >= DISABLE_AFTER_MS,
  };
}

/** The wait after the n-th failure in a row: 15 min × 2^n, capped at 24 h, ±25 % jitter. */
export function getRetryDelayMs(errorCount: number, random: () => number): number {
  const base = Math.min(MAX_DELAY_MS, FEED_INTERVAL_MS * 2 ** Math.min(errorCount, 30));
  const jitter = 0.75 + 0.5 * Math.min(1, Math.max(0, random()));
  return Math.min(MAX_DELAY_MS, Math.round(base * jitter));
}

/**
 * Runs `work` over the items, at most `limit` at a time and never two of the same host at
 * once: each host's items form one lane, run in order by whichever worker takes the lane.
 */
export async function runPerHost<T, R>(
  items: readonly T[],
  hostOf: (item: T) => string,
  limit: number,
  work: (item: T) => Promise<R>,
): Promise<R[]> {
  const lanes = new Map<string, number[]>();
  items.forEach((item, index) => {
    const host = hostOf(item);
    lanes.set(host, [...(lanes.get(host) ?? []), index]);
  });
  const queue = [...lanes.values()];
  const results: R[] = new Array<R>(items.length);
  const worker = async () => {
    for (let lane = queue.shift(); lane !== undefined; lane = queue.shift()) {
      for (const index of lane) results[index] = await work(items[index] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, queue.length) }, worker));
  return results;
}

/**
 * Each feed's name in the sync response; a name several feeds share (one outlet's feed per
 * league) gets the league too, e.g. "The Guardian (Serie A)", so the admin can tell them apart.
 */
export function labelSources(
  sources: readonly Pick<FeedSourceRow, 'id' | 'name' | 'leagueSlug'>[],
): Map<number, string> {
  const uses = new Map<string, number>();
  for (const s of sources) uses.set(s.name, (uses.get(s.name) ?? 0) + 1);
  return new Map(
    sources.map((s) => {
      if ((uses.get(s.name) ?? 0) < 2) return [s.id, s.name];
      const league = LEAGUES.find((l) => l.slug === s.leagueSlug)?.name ?? 'all leagues';
      return [s.id, `${s.name} (${league})`];
    }),
  );
}

function getHost(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

function getRetryAfterMs(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null || !('retryAfterMs' in error)) return undefined;
  return typeof error.retryAfterMs === 'number' ? error.retryAfterMs : undefined;
}

function describeError(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.length > MAX_ERROR_LENGTH ? `${message.slice(0, MAX_ERROR_LENGTH - 1)}…` : message;
}
