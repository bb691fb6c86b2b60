import { and, asc, desc, eq, gt, inArray } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';

import { isNewForecastVersion } from '../../domain/forecast-version.ts';
import type { Prediction } from '../../domain/prediction.ts';
import type { Db } from './client.ts';
import { leagues, matches, predictionVersions, predictions, teams } from './schema.ts';

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

/** A model's forecast to store: every column but the id, the version and the times. */
export type PredictionInput = Required<
  Omit<
    typeof predictions.$inferInsert,
    'id' | 'createdAt' | 'updatedAt' | 'version' | 'market' | 'probabilities'
  >
> & { market: 'result' | 'totals'; probabilities: Record<string, number> };

const predictionKey = (p: { matchId: number; modelName: string; market: string }) =>
  `${p.matchId}\n${p.modelName}\n${p.market}`;

/**
 * Stores forecasts as versions: a forecast not stored before is version 1; one that differs from
 * the stored version (see isNewForecastVersion) becomes the next
 * version; an unchanged one writes nothing. `predictions` keeps the latest version of each
 * forecast, `prediction_versions` every version. The caller decides what may still change (the
 * prediction job refreshes only matches not yet kicked off). Returns the versions written.
 */
export async function savePredictionVersions(
  db: Db,
  rows: readonly PredictionInput[],
  now: Date,
): Promise<number> {
  if (rows.length === 0) return 0;
  return db.transaction(async (tx) => {
    const stored = await tx
      .select({
        id: predictions.id,
        matchId: predictions.matchId,
        modelName: predictions.modelName,
        market: predictions.market,
        version: predictions.version,
        pick: predictions.pick,
        probabilities: predictions.probabilities,
      })
      .from(predictions)
      .where(inArray(predictions.matchId, [...new Set(rows.map((r) => r.matchId))]));
    const byKey = new Map(stored.map((p) => [predictionKey(p), p]));
    const inserts: (typeof predictions.$inferInsert)[] = [];
    const versions: (typeof predictionVersions.$inferInsert)[] = [];
    // One row per forecast: the last given wins.
    const latest = new Map(rows.map((row) => [predictionKey(row), row]));
    for (const [key, row] of latest) {
      const previous = byKey.get(key);
      if (previous !== undefined && !isNewForecastVersion(previous, row)) continue;
      const version = (previous?.version ?? 0) + 1;
      versions.push({
        matchId: row.matchId,
        modelName: row.modelName,
        market: row.market,
        version,
        pick: row.pick,
        confidencePct: row.confidencePct,
        probabilities: row.probabilities,
        createdAt: now,
      });
      if (previous === undefined) {
        inserts.push({ ...row, version, createdAt: now, updatedAt: now });
      } else {
        const { matchId: _m, modelName: _n, market: _k, ...changed } = row;
        await tx
          .update(predictions)
          .set({ ...changed, version, updatedAt: now })
          .where(eq(predictions.id, previous.id));
      }
    }
    if (inserts.length > 0) await tx.insert(predictions).values(inserts);
    if (versions.length > 0) await tx.insert(predictionVersions).values(versions);
    return versions.length;
  });
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
