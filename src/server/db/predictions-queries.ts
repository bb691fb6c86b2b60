import { asc, desc, eq, inArray } from 'drizzle-orm';

import type { Prediction } from '../../domain/prediction.ts';
import type { Db } from './client.ts';
import { predictions } from './schema.ts';

const columns = {
  id: predictions.id,
  match_id: predictions.matchId,
  model_name: predictions.modelName,
  pick: predictions.pick,
  confidence_pct: predictions.confidencePct,
  rationale: predictions.rationale,
  createdAt: predictions.createdAt,
};

function toPrediction(row: { createdAt: Date } & Omit<Prediction, 'created_at'>): Prediction {
  const { createdAt, ...rest } = row;
  return { ...rest, created_at: createdAt.toISOString() };
}

/** The latest predictions, newest first. */
export async function listLatestPredictions(db: Db, limit: number): Promise<Prediction[]> {
  const rows = await db
    .select(columns)
    .from(predictions)
    .orderBy(desc(predictions.createdAt), desc(predictions.id))
    .limit(limit);
  return rows.map(toPrediction);
}

/** A match's predictions, most confident first. */
export async function listMatchPredictions(
  db: Db,
  matchId: number,
  limit: number,
): Promise<Prediction[]> {
  const rows = await db
    .select(columns)
    .from(predictions)
    .where(eq(predictions.matchId, matchId))
    .orderBy(desc(predictions.confidencePct), desc(predictions.id))
    .limit(limit);
  return rows.map(toPrediction);
}

/** A model's forecast to store: every column but the id and the creation time. */
export type PredictionInput = Required<
  Omit<typeof predictions.$inferInsert, 'id' | 'createdAt' | 'market' | 'probabilities'>
> & { market: 'result' | 'totals'; probabilities: Record<string, number> };

/** Stores predictions; one that exists already is left as it was (never rewritten). */
export async function createPredictions(
  db: Db,
  rows: PredictionInput[],
  now: Date,
): Promise<number> {
  if (rows.length === 0) return 0;
  const inserted = await db
    .insert(predictions)
    .values(rows.map((r) => ({ ...r, createdAt: now })))
    .onConflictDoNothing()
    .returning({ id: predictions.id });
  return inserted.length;
}

/** Ids of the given matches that already have predictions. */
export async function listPredictedMatchIds(db: Db, matchIds: number[]): Promise<Set<number>> {
  if (matchIds.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ matchId: predictions.matchId })
    .from(predictions)
    .where(inArray(predictions.matchId, matchIds));
  return new Set(rows.map((r) => r.matchId));
}

export type MatchPredictionRow = {
  matchId: number;
  modelName: string;
  market: string;
  pick: string;
  confidencePct: number;
};

/** The predictions of the given matches, most confident first. */
export async function listPredictionsForMatches(
  db: Db,
  matchIds: number[],
): Promise<MatchPredictionRow[]> {
  if (matchIds.length === 0) return [];
  return db
    .select({
      matchId: predictions.matchId,
      modelName: predictions.modelName,
      market: predictions.market,
      pick: predictions.pick,
      confidencePct: predictions.confidencePct,
    })
    .from(predictions)
    .where(inArray(predictions.matchId, matchIds))
    .orderBy(desc(predictions.confidencePct), asc(predictions.id));
}
