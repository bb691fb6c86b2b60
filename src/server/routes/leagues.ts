import type { FastifyInstance } from 'fastify';
import { z } from 'zod';

import type { Db } from '../db/client.ts';
import { findLeagueBySlug, listLeagues } from '../db/leagues-queries.ts';
import { HttpError, parseInput } from '../http/errors.ts';

const SlugParams = z.strictObject({ slug: z.string().max(100) });

export function leagueRoutes(deps: { db: Db }) {
  return async function (app: FastifyInstance) {
    app.get('/api/leagues', async () => ({ leagues: await listLeagues(deps.db) }));

    app.get('/api/leagues/:slug', async (request) => {
      const { slug } = parseInput(SlugParams, request.params, 'params');
      const league = await findLeagueBySlug(deps.db, slug);
      if (league === null) throw new HttpError(404, 'League not found');
      return { league };
    });
  };
}
