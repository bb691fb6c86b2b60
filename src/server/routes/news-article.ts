import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

import { errorAnswers, GATED_ERRORS, NOT_MODIFIED } from '../../domain/api/answers.ts';
import { ArticleParamsSchema, NewsArticleAnswerSchema } from '../../domain/api/news-article.ts';
import type { Db } from '../db/client.ts';
import type { LeagueDirectory } from '../services/leagues.ts';
import { getNewsArticle } from '../services/news-article.ts';

/** One news story for its own page (the replay's previews, round-ups and rumours link there). */
export function newsArticleRoutes(deps: { db: Db; leagues: LeagueDirectory }) {
  return async function (fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.get(
      '/api/news/articles/:ref',
      {
        schema: {
          summary: 'One news story, by id or by the /news/<ref> page it links to',
          tags: ['news'],
          params: ArticleParamsSchema,
          response: {
            200: NewsArticleAnswerSchema,
            ...GATED_ERRORS,
            ...NOT_MODIFIED,
            ...errorAnswers(400, 404),
          },
        },
      },
      async (request) => getNewsArticle(deps, request.params.ref),
    );
  };
}
