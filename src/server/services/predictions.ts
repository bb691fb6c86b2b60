import type { Db } from '../db/client.ts';
import { listLatestPredictions, listMatchPredictions } from '../db/predictions-queries.ts';
import type { CachedBody } from '../http/caching.ts';
import type { ResponseCache } from '../http/response-cache.ts';

/** The models' predictions as the API lists them. */
export function createPredictions(deps: { db: Db; cache: ResponseCache }) {
  return {
    /** The latest `limit` predictions, or one match's by confidence when `matchId` is given. */
    list(query: { limit: number; matchId?: number | undefined }): Promise<CachedBody> {
      const { limit, matchId } = query;
      return deps.cache.get(`predictions:${matchId ?? 'latest'}:${limit}`, async () => ({
        predictions:
          matchId === undefined
            ? await listLatestPredictions(deps.db, limit)
            : await listMatchPredictions(deps.db, matchId, limit),
      }));
    },
  };
}

export type Predictions = ReturnType<typeof createPredictions>;
