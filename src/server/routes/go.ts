import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

import { emptyAnswer, errorAnswers, GATED_ERRORS } from '../../domain/api/answers.ts';
import { GoParamsSchema, GoQuerySchema } from '../../domain/api/odds.ts';
import type { AffiliateClicks } from '../services/affiliate-clicks.ts';

/** 'Bet now': records the click beside a 302 to the bookmaker's own https site. */
export function goRoutes(deps: { clicks: AffiliateClicks }) {
  return async function (fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.get(
      '/go/:bookmaker',
      {
        schema: {
          summary: "Record a 'Bet now' click and go to the bookmaker",
          tags: ['odds'],
          params: GoParamsSchema,
          querystring: GoQuerySchema,
          response: {
            302: emptyAnswer("To the bookmaker's own site (Location)."),
            ...GATED_ERRORS,
            ...errorAnswers(400, 404),
          },
        },
      },
      async (request, reply) => {
        const target = await deps.clicks.follow({
          ...request.query,
          bookmaker: request.params.bookmaker,
          ip: request.ip,
          log: request.log,
        });
        return reply
          .header('cache-control', 'no-store')
          .header('referrer-policy', 'no-referrer')
          .redirect(target, 302);
      },
    );
  };
}
