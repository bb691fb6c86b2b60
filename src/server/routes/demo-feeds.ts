import { createHash } from 'node:crypto';

import type { FastifyInstance, FastifyRequest } from 'fastify';

import { HttpError } from '../http/errors.ts';
import { renderDemoFeed, type DemoFeedDeps } from '../services/demo-newsroom/feed.ts';

// A Host header is only trusted as far as this shape (it ends up in every link).
const HOST_PATTERN = /^(?:[a-z0-9.-]+|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/**
 * Touchline's own RSS feeds, one per league (`/feeds/<slug>.xml`): match reports, previews and
 * transfer rumours written from the replay in the database, on the site's clock. Behind the gate
 * like every data route, for fans' readers; the news ingestion never requests them, it renders
 * them in-process (renderDemoFeed).
 */
export function demoFeedRoutes(deps: DemoFeedDeps) {
  return async function (app: FastifyInstance) {
    app.get('/feeds/:file', async (request, reply) => {
      const file = (request.params as { file?: unknown }).file;
      const xml =
        typeof file === 'string'
          ? await renderDemoFeed(deps, `/feeds/${file}`, getOrigin(request))
          : null;
      if (xml === null) throw new HttpError(404, 'Feed not found');

      const etag = `"${createHash('sha1').update(xml).digest('base64url')}"`;
      reply.header('etag', etag).header('cache-control', 'private, max-age=60');
      const held = request.headers['if-none-match'];
      if (held !== undefined && held.split(',').some((tag) => tag.trim() === etag)) {
        return reply.code(304).send();
      }
      return reply.type('application/rss+xml; charset=utf-8').send(xml);
    });
  };
}

function getOrigin(request: FastifyRequest): string {
  const host = HOST_PATTERN.test(request.host) ? request.host : 'localhost';
  return `${request.protocol}://${host}`;
}
