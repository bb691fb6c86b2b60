import type { TrackRecord } from '../../domain/api/track-record.ts';
import type { Db } from '../db/client.ts';
import { getSettledStamp, listSettledMatches } from '../db/track-record-queries.ts';
import type { CachedBody } from '../http/caching.ts';
import type { ResponseCache } from '../http/response-cache.ts';
import { MODELS } from '../predict/models.ts';
import { readSettledMatch } from './settled-match.ts';
import { scoreTrackRecord } from './track-record-scoring.ts';

/** The prediction models' names in display order. */
export function listModelNames(): string[] {
  return MODELS.map((factory) => factory().name);
}

/** The whole track record from the database: one query, then the scoring. */
export async function computeTrackRecord(
  db: Db,
  modelOrder: readonly string[],
): Promise<TrackRecord> {
  const rows = await listSettledMatches(db);
  return scoreTrackRecord(
    rows.flatMap((row) => readSettledMatch(row) ?? []),
    modelOrder,
  );
}

/**
 * The published track record of the models' forecasts. Scoring every settled match with its
 * bootstrap intervals costs far more than a page view, so it is computed once per state of
 * the settled matches: each answer first reads a short stamp of them (count, scores, when
 * their forecasts and prices were written) and reuses the record computed for the same stamp.
 */
export function createTrackRecord(deps: {
  db: Db;
  cache: ResponseCache;
  /** Model names in display order (default: MODELS'). */
  modelOrder?: readonly string[];
}) {
  const modelOrder = deps.modelOrder ?? listModelNames();
  let computed: { stamp: string; record: Promise<TrackRecord> } | null = null;

  const getRecord = async (): Promise<TrackRecord> => {
    const stamp = await getSettledStamp(deps.db);
    if (computed === null || computed.stamp !== stamp) {
      const record = computeTrackRecord(deps.db, modelOrder);
      const entry = { stamp, record };
      computed = entry;
      // A failure is not kept: the next answer tries again.
      record.catch(() => {
        if (computed === entry) computed = null;
      });
    }
    return computed.record;
  };

  return {
    get(): Promise<CachedBody> {
      return deps.cache.get('track-record', getRecord);
    },
  };
}

export type TrackRecordService = ReturnType<typeof createTrackRecord>;
