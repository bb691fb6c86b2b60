import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

import { errorAnswers, GATED_ERRORS, NOT_MODIFIED, textAnswer } from '../../domain/api/answers.ts';
import { FeedParamsSchema } from '../../domain/api/files.ts';
import { HttpError } from '../http/errors.ts';
import { renderDemoFeed, type DemoFeedDeps } from '../services/demo-newsroom/feed.ts';

// A Host header is only trusted as far as this shape (it ends up in every link).
const HOST_PATTERN = /^(?:[a-z0-9.-]+|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/**
 * Touchline's own RSS feeds, one per league (`/feeds/<slug>.xml`): match reports, previews and
 * transfer rumours written from the replay in the database, on the site's clock. Behind the gate
 * like every data route, for fans' readers; the news ingestion never requests them, it renders
 * them in-process (renderDemoFeed). The caching hook tags them and answers 304.
 */
export function demoFeedRoutes(deps: DemoFeedDeps) {
  return async function (fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.get(
      '/feeds/:file',
      {
        schema: {
          summary: "A league's feed of match reports, previews and rumours",
          tags: ['news'],
          params: FeedParamsSchema,
          response: {
            200: textAnswer('application/rss+xml', 'RSS 2.0'),
            ...GATED_ERRORS,
            ...NOT_MODIFIED,
            ...errorAnswers(400, 404),
          },
        },
      },
      async (request, reply) => {
        const xml = await renderDemoFeed(deps, `/feeds/${request.params.file}`, getOrigin(request));
        if (xml === null) throw new HttpError(404, 'Feed not found');
        return reply
          .header('cache-control', 'private, max-age=60')
          .type('application/rss+xml; charset=utf-8')
          .send(xml);
      },
    );
  };
}

function getOrigin(request: FastifyRequest): string {
  const host = HOST_PATTERN.test(request.host) ? request.host : 'localhost';
  return `${request.protocol}://${host}`;
}
