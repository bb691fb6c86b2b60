import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

import { errorAnswers, GATED_ERRORS, NOT_MODIFIED } from '../../domain/api/answers.ts';
import { LeagueXgSchema } from '../../domain/api/league-xg.ts';
import {
  LeagueAnswerSchema,
  LeagueListSchema,
  SlugParamsSchema,
} from '../../domain/api/leagues.ts';
import { SeasonProjectionSchema } from '../../domain/api/season-projection.ts';
import { sendCached } from '../http/caching.ts';
import { HttpError } from '../http/errors.ts';
import type { LeagueXgService } from '../services/league-xg.ts';
import type { LeagueDirectory } from '../services/leagues.ts';
import type { SeasonProjections } from '../services/season-projection.ts';

export function leagueRoutes(deps: {
  leagues: LeagueDirectory;
  projections: SeasonProjections;
  xg: LeagueXgService;
}) {
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
    app.get(
      '/api/leagues/:slug/projection',
      {
        schema: {
          summary:
            "The league's season projection: each club's expected points and chances of the title, the Champions League places and relegation, from simulations of the remaining fixtures (rows empty until the first is computed)",
          tags,
          params: SlugParamsSchema,
          response: {
            200: SeasonProjectionSchema,
            ...GATED_ERRORS,
            ...NOT_MODIFIED,
            ...errorAnswers(400, 404),
          },
        },
      },
      async (request, reply) => {
        const league = await deps.leagues.findBySlug(request.params.slug);
        if (league === null) throw new HttpError(404, 'League not found');
        return sendCached(reply, await deps.projections.get(league));
      },
    );
    app.get(
      '/api/leagues/:slug/xg',
      {
        schema: {
          summary:
            "The league's expected-goals table for the season: each club's matches with xG, xG for and against, points and expected points from the same matches, by points (rows empty when no match records xG)",
          tags,
          params: SlugParamsSchema,
          response: {
            200: LeagueXgSchema,
            ...GATED_ERRORS,
            ...NOT_MODIFIED,
            ...errorAnswers(400, 404),
          },
        },
      },
      async (request, reply) => {
        const league = await deps.leagues.findBySlug(request.params.slug);
        if (league === null) throw new HttpError(404, 'League not found');
        return sendCached(reply, await deps.xg.get(league));
      },
    );
  };
}
