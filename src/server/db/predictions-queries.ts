import { and, asc, desc, eq, gt, inArray } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';

import type { Prediction } from '../../domain/prediction.ts';
import type { Db } from './client.ts';
import { leagues, matches, predictions, teams } from './schema.ts';

const home = alias(teams, 'home');
const away = alias(teams, 'away');

const columns = {
  id: predictions.id,
  match_id: predictions.matchId,
  model_name: predictions.modelName,
  pick: predictions.pick,
  confidence_pct: predictions.confidencePct,
  rationale: predictions.rationale,
  createdAt: predictions.createdAt,
  homeName: home.name,
  awayName: away.name,
  kickoff: matches.kickoffUtc,
  leagueSlug: leagues.slug,
};

type Row = Omit<Prediction, 'created_at' | 'match'> & {
  createdAt: Date;
  homeName: string;
  awayName: string;
  kickoff: Date;
  leagueSlug: string;
};

function toPrediction(row: Row): Prediction {
  const { createdAt, homeName, awayName, kickoff, leagueSlug, ...rest } = row;
  return {
    ...rest,
    match: {
      home: homeName,
      away: awayName,
      kickoff: kickoff.toISOString(),
      league_slug: leagueSlug,
    },
    created_at: createdAt.toISOString(),
  };
}

/** Predictions with the match each is for. */
function selectPredictions(db: Db) {
  return db
    .select(columns)
    .from(predictions)
    .innerJoin(matches, eq(predictions.matchId, matches.id))
    .innerJoin(leagues, eq(matches.leagueId, leagues.id))
    .innerJoin(home, eq(matches.homeTeamId, home.id))
    .innerJoin(away, eq(matches.awayTeamId, away.id));
}

/** The latest predictions, newest first. */
export async function listLatestPredictions(db: Db, limit: number): Promise<Prediction[]> {
  const rows = await selectPredictions(db)
    .orderBy(desc(predictions.createdAt), desc(predictions.id))
    .limit(limit);
  return rows.map(toPrediction);
}

/**
 * The forecasts of the next matches to kick off: one per match (the result market's most
 * confident model), soonest first.
 */
export async function listUpcomingPredictions(
  db: Db,
  now: Date,
  limit: number,
): Promise<Prediction[]> {
  const rows = await selectPredictions(db)
    .where(
      and(
        gt(matches.kickoffUtc, now),
        eq(matches.status, 'scheduled'),
        eq(predictions.market, 'result'),
      ),
    )
    .orderBy(asc(matches.kickoffUtc), asc(matches.id), desc(predictions.confidencePct))
    // A match has a forecast per model: enough rows for `limit` matches.
    .limit(limit * 8);
  const seen = new Set<number>();
  const picked = rows.filter((row) => !seen.has(row.match_id) && seen.add(row.match_id));
  return picked.slice(0, limit).map(toPrediction);
}

/** A match's predictions, most confident first. */
export async function listMatchPredictions(
  db: Db,
  matchId: number,
  limit: number,
): Promise<Prediction[]> {
  const rows = await selectPredictions(db)
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
