import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

import { errorAnswers, GATED_ERRORS, NOT_MODIFIED } from '../../domain/api/answers.ts';
import {
  NewsPageSchema,
  NewsQuerySchema,
  NewsSourcesSchema,
  NewsSyncBodySchema,
  NewsSyncLimitedSchema,
  NewsSyncResultSchema,
} from '../../domain/api/news.ts';
import type { AdminAuth } from '../http/admin-auth.ts';
import { sendCached } from '../http/caching.ts';
import type { News } from '../services/news.ts';

/** A manual sync fetches every feed (each up to 10 s, four at once): the socket may idle that long. */
const SYNC_SOCKET_TIMEOUT_MS = 5 * 60 * 1000;

/**
 * The news feed (`GET /api/news`), the manual RSS sync (`POST /api/news/sync`, admin) and the
 * feeds' state for the admin page, with the specification's function aliases (`news-api`,
 * `fetch-rss-news`).
 */
export function newsRoutes(deps: { news: News; adminAuth: AdminAuth }) {
  const { news, adminAuth } = deps;
  const tags = ['news'];

  return async function (fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();

    const listOptions = {
      schema: {
        summary: 'A page of news, newest first',
        tags,
        querystring: NewsQuerySchema,
        response: {
          200: NewsPageSchema,
          ...GATED_ERRORS,
          ...NOT_MODIFIED,
          ...errorAnswers(400, 404),
        },
      },
    };
    for (const url of ['/api/news', '/functions/v1/news-api']) {
      app.get(url, listOptions, async (request, reply) =>
        sendCached(reply, await news.listPage(request.query)),
      );
    }

    const syncOptions = {
      // After the gate and the check for invalid characters, before the body's schema.
      preValidation: adminAuth.requireAdmin,
      schema: {
        summary: 'Fetch every feed now (at most once every 5 minutes)',
        description: 'Needs the admin password in x-admin-password when ADMIN_PASSWORD is set.',
        tags,
        security: [{ session: [], adminHeader: [] }],
        body: NewsSyncBodySchema,
        response: {
          200: NewsSyncResultSchema,
          ...GATED_ERRORS,
          ...errorAnswers(400, 403),
          429: NewsSyncLimitedSchema,
        },
      },
    };
    for (const url of ['/api/news/sync', '/functions/v1/fetch-rss-news']) {
      app.post(url, syncOptions, async (request, reply: FastifyReply) => {
        // Fastify's connection timeout would close a socket idle that long; a request injected
        // in tests has no real socket.
        const socket = request.raw.socket as { setTimeout?: (ms: number) => unknown } | undefined;
        socket?.setTimeout?.(SYNC_SOCKET_TIMEOUT_MS);
        const outcome = await news.sync();
        if (outcome.status === 'limited') {
          return reply.code(429).header('retry-after', String(outcome.retryAfterS)).send({
            error: 'News sync is limited to once every 5 minutes',
            last_sync_at: outcome.lastSyncAt.toISOString(),
          });
        }
        return reply.header('cache-control', 'no-store').send(outcome.response);
      });
    }

    app.get(
      '/api/news/sources',
      {
        schema: {
          summary: "The feeds' state, for the admin page",
          tags,
          response: { 200: NewsSourcesSchema, ...GATED_ERRORS, ...NOT_MODIFIED },
        },
      },
      async (_request, reply) =>
        reply.header('cache-control', 'private, no-cache').send(await news.listSources()),
    );
  };
}
