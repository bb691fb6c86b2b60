import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

import { errorAnswers, GATED_ERRORS, NOT_MODIFIED } from '../../domain/api/answers.ts';
import { TeamPageSchema, TeamSlugParamsSchema } from '../../domain/api/team-page.ts';
import { sendCached } from '../http/caching.ts';
import type { TeamPageService } from '../services/team-page.ts';

/** The team page's data: one club's season in one answer. */
export function teamRoutes(deps: { teamPage: TeamPageService }) {
  return async function (fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.get(
      '/api/teams/:slug',
      {
        schema: {
          summary:
            "A club's season: position, form, results and fixtures, position by matchday, " +
            'scorers and transfers; 404 for a slug that names no club',
          tags: ['data'],
          params: TeamSlugParamsSchema,
          response: {
            200: TeamPageSchema,
            ...GATED_ERRORS,
            ...NOT_MODIFIED,
            ...errorAnswers(400, 404),
          },
        },
      },
      async (request, reply) => sendCached(reply, await deps.teamPage.get(request.params.slug)),
    );
  };
}
