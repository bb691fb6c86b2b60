import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

import { errorAnswers, GATED_ERRORS, textAnswer } from '../../domain/api/answers.ts';
import { CrestParamsSchema, PlayerPhotoParamsSchema } from '../../domain/api/files.ts';
import { parseReportCardFile, ReportCardParamsSchema } from '../../domain/report-card.ts';
import { HttpError } from '../http/errors.ts';
import type { Images } from '../services/images.ts';

const YEAR_S = 31_536_000;
/** A drawn image may style itself and nothing more: no script, no fetch, sandboxed if opened. */
const CREST_POLICY = "default-src 'none'; style-src 'unsafe-inline'; sandbox";

/**
 * Drawn images at stable addresses, behind the gate like every route but the front end's own
 * files (the browser sends the cookie with same-origin images); cached privately for that reason.
 */
export function imageRoutes(deps: { images: Images }) {
  return async function (fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    // A page loads these by the dozen: gated, but not counted by the per-address rate limit.
    const config = { countedByRateLimit: false } as const;
    const tags = ['images'];
    const refusals = { ...GATED_ERRORS, ...errorAnswers(400) };

    app.get(
      '/img/crest/:file',
      {
        config,
        schema: {
          summary: "A club's crest, drawn from its colours and initials",
          tags,
          params: CrestParamsSchema,
          response: {
            200: textAnswer('image/svg+xml', 'The crest'),
            ...refusals,
            ...errorAnswers(404),
          },
        },
      },
      async (request, reply) => {
        const svg = await deps.images.findCrest(request.params.file.slice(0, -4));
        if (svg === null) throw new HttpError(404, 'Not Found');
        return reply
          .type('image/svg+xml')
          .header('cache-control', `private, max-age=${YEAR_S}, immutable`)
          .header('content-security-policy', CREST_POLICY)
          .send(svg);
      },
    );
    app.get(
      '/img/report/:home/:away/:file',
      {
        config,
        schema: {
          summary: "A match report's picture, drawn from the two crests and the score",
          tags,
          params: ReportCardParamsSchema,
          response: {
            200: textAnswer('image/svg+xml', 'The card'),
            ...refusals,
            ...errorAnswers(404),
          },
        },
      },
      async (request, reply) => {
        const { home, away, file } = request.params;
        const svg = await deps.images.findReportCard({ home, away, ...parseReportCardFile(file) });
        if (svg === null) throw new HttpError(404, 'Not Found');
        return reply
          .type('image/svg+xml')
          .header('cache-control', `private, max-age=${YEAR_S}, immutable`)
          .header('content-security-policy', CREST_POLICY)
          .send(svg);
      },
    );
    app.get(
      '/img/player/:file',
      {
        config,
        schema: {
          summary: 'A player photo placeholder, tinted from the id',
          tags,
          params: PlayerPhotoParamsSchema,
          response: { 200: textAnswer('image/svg+xml', 'The placeholder'), ...refusals },
        },
      },
      async (request, reply) =>
        reply
          .type('image/svg+xml')
          .header('cache-control', `private, max-age=${YEAR_S}, immutable`)
          .header('content-security-policy', "default-src 'none'; sandbox")
          .send(deps.images.getPlayerPhoto(request.params.file.slice(0, -4))),
    );
  };
}
