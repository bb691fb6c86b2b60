import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

import { errorAnswers, GATED_ERRORS, NOT_MODIFIED } from '../../domain/api/answers.ts';
import {
  LeagueAnswerSchema,
  LeagueListSchema,
  SlugParamsSchema,
} from '../../domain/api/leagues.ts';
import { HttpError } from '../http/errors.ts';
import type { LeagueDirectory } from '../services/leagues.ts';

export function leagueRoutes(deps: { leagues: LeagueDirectory }) {
  return async function (fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const tags = ['data'];

    app.get(
      '/api/leagues',
      {
        schema: {
          summary: 'The leagues, in the order the site lists them',
          tags,
          response: { 200: LeagueListSchema, ...GATED_ERRORS, ...NOT_MODIFIED },
        },
      },
      async () => ({ leagues: await deps.leagues.all() }),
    );
    app.get(
      '/api/leagues/:slug',
      {
        schema: {
          summary: 'One league by its slug',
          tags,
          params: SlugParamsSchema,
          response: {
            200: LeagueAnswerSchema,
            ...GATED_ERRORS,
            ...NOT_MODIFIED,
            ...errorAnswers(400, 404),
          },
        },
      },
      async (request) => {
        const league = await deps.leagues.findBySlug(request.params.slug);
        if (league === null) throw new HttpError(404, 'League not found');
        return { league };
      },
    );
  };
}
