import type { Db } from '../db/client.ts';
import { findMatchesByExternalIds } from '../db/matches-queries.ts';
import {
  createPredictions,
  listPredictedMatchIds,
  type PredictionInput,
} from '../db/predictions-queries.ts';
import { describeResultPick, describeTotalsPick, type Forecaster } from '../predict/forecaster.ts';
import type { Fixture, PlayedMatch } from '../predict/model.ts';
import type { FootballProvider, ForecastRecord } from '../providers/provider.ts';

function toFixture(record: ForecastRecord): Fixture {
  return {
    id: record.id,
    league: record.league,
    season: record.season,
    kickoffMs: record.kickoffMs,
    home: record.homeKey,
    away: record.awayKey,
    preClosing: record.preClosing,
  };
}

/**
 * Writes one result prediction and one totals tip per model for every upcoming match that has
 * none yet. Stored predictions are never rewritten, so none changes after kick-off.
 */
export async function runPredictUpcoming(deps: {
  db: Db;
  provider: FootballProvider;
  forecaster: Forecaster;
  now: Date;
}): Promise<number> {
  if (deps.provider.listForecastInputs === undefined) return 0;
  const { played, upcoming } = await deps.provider.listForecastInputs(deps.now);
  const stored = await findMatchesByExternalIds(
    deps.db,
    upcoming.map((u) => u.externalId),
  );
  const byExternalId = new Map(stored.map((m) => [m.externalId, m]));
  const predicted = await listPredictedMatchIds(
    deps.db,
    stored.map((m) => m.id),
  );
  const due = upcoming.filter((u) => {
    const match = byExternalId.get(u.externalId);
    return match !== undefined && !predicted.has(match.id) && match.kickoffUtc > deps.now;
  });
  if (due.length === 0) return 0;

  deps.forecaster.learn(
    played.map((r): PlayedMatch => ({
      ...toFixture(r),
      homeGoals: r.homeGoals ?? 0,
      awayGoals: r.awayGoals ?? 0,
    })),
  );
  const rows: PredictionInput[] = [];
  for (const record of due) {
    const match = byExternalId.get(record.externalId);
    if (match === undefined) continue;
    for (const model of deps.forecaster.forecast(toFixture(record))) {
      const f = model.forecast;
      const probabilities = {
        home: f.home,
        draw: f.draw,
        away: f.away,
        over25: f.over25,
        under25: f.under25,
      };
      const result = describeResultPick(model, { home: match.homeName, away: match.awayName });
      const totals = describeTotalsPick(model);
      rows.push({
        matchId: match.id,
        modelName: model.name,
        market: 'result',
        ...result,
        probabilities,
      });
      rows.push({
        matchId: match.id,
        modelName: model.name,
        market: 'totals',
        ...totals,
        probabilities,
      });
    }
  }
  return createPredictions(deps.db, rows, deps.now);
}
