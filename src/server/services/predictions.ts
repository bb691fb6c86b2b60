import type { Db } from '../db/client.ts';
import {
  listLatestPredictions,
  listMatchPredictions,
  listUpcomingPredictions,
} from '../db/predictions-queries.ts';
import type { CachedBody } from '../http/caching.ts';
import type { ResponseCache } from '../http/response-cache.ts';

/** The models' predictions as the API lists them. */
export function createPredictions(deps: { db: Db; cache: ResponseCache; now: () => Date }) {
  return {
    /**
     * The latest `limit` predictions; one match's by confidence when `matchId` is given; the
     * next matches' forecasts, soonest first, when `upcoming`.
     */
    list(query: {
      limit: number;
      matchId?: number | undefined;
      upcoming?: boolean;
    }): Promise<CachedBody> {
      const { limit, matchId, upcoming = false } = query;
      const which = matchId ?? (upcoming ? 'upcoming' : 'latest');
      return deps.cache.get(`predictions:${which}:${limit}`, async () => ({
        predictions:
          matchId !== undefined
            ? await listMatchPredictions(deps.db, matchId, limit)
            : upcoming
              ? await listUpcomingPredictions(deps.db, deps.now(), limit)
              : await listLatestPredictions(deps.db, limit),
      }));
    },
  };
}

export type Predictions = ReturnType<typeof createPredictions>;
