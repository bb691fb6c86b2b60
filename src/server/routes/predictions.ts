import type { FastifyInstance } from 'fastify';
import { z } from 'zod';

import type { Db } from '../db/client.ts';
import { listLatestPredictions, listMatchPredictions } from '../db/predictions-queries.ts';
import { sendCached } from '../http/caching.ts';
import { parseInput } from '../http/errors.ts';
import type { ResponseCache } from '../http/response-cache.ts';

const whole = (min: number, max: number) =>
  z
    .string()
    .regex(/^\d+$/, 'must be a whole number')
    .transform(Number)
    .pipe(z.number().min(min, `must be at least ${min}`).max(max, `must be at most ${max}`));

const PredictionsQuery = z.strictObject({
  limit: whole(1, 50).optional(),
  match_id: whole(1, 2_147_483_647).optional(),
});

/** The latest predictions (`limit`, default 10), or one match's by confidence (`match_id`). */
export function predictionRoutes(deps: { db: Db; cache: ResponseCache }) {
  return async function (app: FastifyInstance) {
    app.get('/api/predictions', async (request, reply) => {
      const query = parseInput(PredictionsQuery, request.query, 'query');
      const limit = query.limit ?? 10;
      const matchId = query.match_id;
      const cached = await deps.cache.get(
        `predictions:${matchId ?? 'latest'}:${limit}`,
        async () => ({
          predictions:
            matchId === undefined
              ? await listLatestPredictions(deps.db, limit)
              : await listMatchPredictions(deps.db, matchId, limit),
        }),
      );
      return sendCached(reply, cached);
    });
  };
}
