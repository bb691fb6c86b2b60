import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

import { errorAnswers, GATED_ERRORS, textAnswer } from '../../domain/api/answers.ts';
import { LiveQuerySchema } from '../../domain/api/live.ts';
import type { LiveStreams } from '../http/live-streams.ts';

/** `GET /api/live`: the board's changes as Server-Sent Events, resumable by event id. */
export function liveRoutes(deps: { streams: LiveStreams }) {
  return async function (fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.get(
      '/api/live',
      {
        // One request holds a stream for minutes: the per-minute request count would refuse a
        // browser's reconnections for nothing. The overload guard and the stream limits apply.
        config: { countedByRateLimit: false },
        schema: {
          summary:
            'Server-Sent Events: `matches` (the board items whose score, status or minute changed), ' +
            '`ready` (first, with the newest event id), `reload` (a resume the server cannot ' +
            'serve); a comment every 15 s. Resumes after the `Last-Event-ID` header or ' +
            '`last_event_id`. 429 past the streams allowed per session or address.',
          tags: ['data'],
          querystring: LiveQuerySchema,
          response: {
            200: textAnswer('text/event-stream', 'The stream, open until either side ends it.'),
            ...GATED_ERRORS,
            ...errorAnswers(400),
          },
        },
      },
      (request, reply) => {
        const header = request.headers['last-event-id'];
        const lastEventId =
          (typeof header === 'string' && header !== '' ? header : undefined) ??
          request.query.last_event_id;
        deps.streams.open(request, reply, lastEventId);
      },
    );
  };
}
