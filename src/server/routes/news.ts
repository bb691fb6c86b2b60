import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';

import type { Db } from '../db/client.ts';
import { listFeedSources } from '../db/feed-sources-queries.ts';
import { listNewsArticles, type NewsArticleRow } from '../db/news-articles-queries.ts';
import type { AdminAuth } from '../http/admin-auth.ts';
import { sendCached } from '../http/caching.ts';
import { HttpError, parseInput } from '../http/errors.ts';
import type { ResponseCache } from '../http/response-cache.ts';
import type { NewsSync } from '../jobs/news-sync.ts';
import type { LeagueDirectory } from '../services/leagues.ts';

const MAX_PAGE = 10_000;
/** A manual sync fetches every feed (each up to 10 s, four at once): the socket may idle that long. */
const SYNC_SOCKET_TIMEOUT_MS = 5 * 60 * 1000;

const NewsQuery = z.strictObject({
  league: z.string().max(100).optional(),
  page: z.coerce
    .number('must be a number')
    .multipleOf(1, 'must be a whole number')
    .min(1, 'must be at least 1')
    .max(MAX_PAGE, `must be at most ${MAX_PAGE}`)
    .default(1),
  page_size: z.coerce
    .number('must be a number')
    .multipleOf(1, 'must be a whole number')
    .min(1, 'must be at least 1')
    .max(50, 'must be at most 50')
    .default(10),
});
const SyncBody = z.strictObject({});

/** A news item in both of the specification's spellings (source/source_name, url/link). */
export type NewsItem = {
  id: number;
  title: string;
  summary: string;
  image_url: string | null;
  source: string;
  source_name: string;
  published_at: string;
  url: string;
  link: string;
  created_at: string;
  updated_at: string;
};

function toNewsItem(row: NewsArticleRow): NewsItem {
  return {
    id: row.id,
    title: row.title,
    summary: row.summary ?? '',
    image_url: row.imageUrl,
    source: row.sourceName,
    source_name: row.sourceName,
    published_at: row.publishedAt.toISOString(),
    url: row.link,
    link: row.link,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/**
 * The news feed (`GET /api/news`), the manual RSS sync (`POST /api/news/sync`) and the feeds'
 * state for the admin page, with the specification's function aliases (`news-api`,
 * `fetch-rss-news`). The feed reads the table directly, so it is also the spec's news fallback.
 */
export function newsRoutes(deps: {
  db: Db;
  leagues: LeagueDirectory;
  cache: ResponseCache;
  newsSync: NewsSync;
  /** Checks (and throttles) the x-admin-password header a sync needs when one is set. */
  adminAuth: AdminAuth;
}) {
  const { db, leagues, cache, newsSync, adminAuth } = deps;

  const listNews = async (request: FastifyRequest, reply: FastifyReply) => {
    const query = parseInput(NewsQuery, request.query, 'query');
    const league = await leagues.resolve(query.league);
    const slug = league?.slug ?? 'all';
    const cached = await cache.get(`news:${slug}:${query.page}:${query.page_size}`, async () => {
      const rows = await listNewsArticles(db, {
        leagueSlug: league?.slug,
        limit: query.page_size,
        offset: (query.page - 1) * query.page_size,
      });
      return { items: rows.map(toNewsItem) };
    });
    return sendCached(reply, cached);
  };

  const sync = async (request: FastifyRequest, reply: FastifyReply) => {
    if (adminAuth.required && (await adminAuth.checkHeader(request)) !== 'right') {
      throw new HttpError(403, 'Admin password required');
    }
    parseInput(SyncBody, request.body ?? {}, 'body');
    // Fastify's connection timeout would close a socket idle that long; a request injected in
    // tests has no real socket.
    const socket = request.raw.socket as { setTimeout?: (ms: number) => unknown } | undefined;
    socket?.setTimeout?.(SYNC_SOCKET_TIMEOUT_MS);
    const outcome = await newsSync.runManual();
    if (outcome.status === 'limited') {
      return reply.code(429).header('retry-after', String(outcome.retryAfterS)).send({
        error: 'News sync is limited to once every 5 minutes',
        last_sync_at: outcome.lastSyncAt.toISOString(),
      });
    }
    if (outcome.response.total_new > 0) cache.clear();
    return reply.header('cache-control', 'no-store').send(outcome.response);
  };

  return async function (app: FastifyInstance) {
    app.get('/api/news', listNews);
    app.get('/functions/v1/news-api', listNews);
    app.post('/api/news/sync', sync);
    app.post('/functions/v1/fetch-rss-news', sync);
    app.get('/api/news/sources', async (_request, reply) => {
      const [sources, lastSyncAt] = await Promise.all([
        listFeedSources(db),
        newsSync.getLastSyncAt(),
      ]);
      return reply.header('cache-control', 'private, no-cache').send({
        sources: sources.map((s) => ({
          name: s.name,
          url: s.url,
          league_slug: s.leagueSlug,
          last_fetched_at: s.lastFetchedAt?.toISOString() ?? null,
          item_count: s.itemCount,
          error_count: s.errorCount,
          last_error: s.lastError,
          flagged: s.flagged,
          disabled: s.disabled,
          next_due_at: s.nextDueAt?.toISOString() ?? null,
        })),
        last_sync_at: lastSyncAt?.toISOString() ?? null,
        admin_password_required: adminAuth.required,
      });
    });
  };
}
