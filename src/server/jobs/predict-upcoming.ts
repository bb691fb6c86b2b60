import type { PreClosingPrices } from '../../domain/pre-closing.ts';
import type { Db } from '../db/client.ts';
import { findMatchesByExternalIds } from '../db/matches-queries.ts';
import {
  listPredictedMatchIds,
  savePredictionVersions,
  type PredictionInput,
} from '../db/predictions-queries.ts';
import {
  describeResultPick,
  describeTotalsPick,
  type Forecaster,
  type ModelForecast,
} from '../predict/forecaster.ts';
import type { Fixture, PlayedMatch } from '../predict/model.ts';
import type { FootballProvider, ForecastInputs, ForecastRecord } from '../providers/provider.ts';

type Market = PredictionInput['market'];

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

const isPrice = (price: number | undefined) =>
  price !== undefined && Number.isFinite(price) && price > 1;

/** The markets whose bookmakers' prices the fixture has. */
function listPricedMarkets(prices: PreClosingPrices): Market[] {
  const markets: Market[] = [];
  if ([prices.home, prices.draw, prices.away].every(isPrice)) markets.push('result');
  if ([prices.over25, prices.under25].every(isPrice)) markets.push('totals');
  return markets;
}

/**
 * The markets a model forecasts for a fixture. A model built on the bookmakers' prices forecasts
 * a market only when the fixture has that market's prices: without them it would fall back on
 * the other models, and its pick would pass their numbers off as its own.
 */
function listModelMarkets(model: ModelForecast, priced: readonly Market[]): Market[] {
  return model.usesOdds ? [...priced] : ['result', 'totals'];
}

/** A match to forecast: its inputs, its stored row and the names its picks are written with. */
export type DueForecast = {
  record: ForecastRecord;
  matchId: number;
  homeName: string;
  awayName: string;
};

/** The results as the models learn them; the same record always gives the same object. */
const playedMatches = new WeakMap<ForecastRecord, PlayedMatch>();

function toPlayedMatch(record: ForecastRecord): PlayedMatch {
  let match = playedMatches.get(record);
  if (match === undefined) {
    match = {
      ...toFixture(record),
      homeGoals: record.homeGoals ?? 0,
      awayGoals: record.awayGoals ?? 0,
      ...(record.shots === undefined ? {} : { shots: record.shots }),
    };
    playedMatches.set(record, match);
  }
  return match;
}

/** How many of the results (in kick-off order) kicked off before `kickoffMs`. */
function countBefore(results: readonly ForecastRecord[], kickoffMs: number): number {
  let low = 0;
  let high = results.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (results[middle]!.kickoffMs < kickoffMs) low = middle + 1;
    else high = middle;
  }
  return low;
}

/**
 * Each model's forecast rows of the due matches, in kick-off order, each made by models that
 * know only the results before its kick-off; results of a kick-off are learnt together, once
 * none of that kick-off's matches is still being played (`inPlaySinceMs`).
 */
export async function forecastMatches(
  forecaster: Forecaster,
  inputs: Pick<ForecastInputs, 'earlier' | 'played' | 'inPlaySinceMs'>,
  due: readonly DueForecast[],
  signal?: AbortSignal,
): Promise<PredictionInput[]> {
  const { earlier, played, inPlaySinceMs } = inputs;
  const learnable =
    inPlaySinceMs === undefined ? played.length : countBefore(played, inPlaySinceMs);
  const rows: PredictionInput[] = [];
  for (const { record, matchId, homeName, awayName } of [...due].sort(
    (a, b) => a.record.kickoffMs - b.record.kickoffMs,
  )) {
    const count = Math.min(learnable, countBefore(played, record.kickoffMs));
    await forecaster.learn(played, { count, toMatch: toPlayedMatch, signal, earlier });
    const priced = listPricedMarkets(record.preClosing);
    for (const model of forecaster.forecast(toFixture(record))) {
      const f = model.forecast;
      const probabilities = {
        home: f.home,
        draw: f.draw,
        away: f.away,
        over25: f.over25,
        under25: f.under25,
        // What the match page shows of the score grid: expected goals and the most likely scores.
        xg_home: f.expectedHomeGoals,
        xg_away: f.expectedAwayGoals,
        ...(f.rho === undefined ? {} : { rho: f.rho }),
      };
      for (const market of listModelMarkets(model, priced)) {
        const pick =
          market === 'result'
            ? describeResultPick(model, { home: homeName, away: awayName })
            : describeTotalsPick(model);
        rows.push({ matchId, modelName: model.name, market, ...pick, probabilities });
      }
    }
  }
  return rows;
}

/**
 * Forecasts every upcoming match and stores what changed as a new version (see
 * savePredictionVersions): a match's forecast is refreshed whenever its inputs change (a result
 * learnt, prices published) until kick-off, so the last version before kick-off is made from
 * every result known then. Nothing is written for a match once it has kicked off, except a match
 * under way that was never forecast: it gets one, from the results before its kick-off. A model
 * built on prices writes a market only once the match has that market's prices. Returns the
 * versions written.
 */
export async function runPredictUpcoming(deps: {
  db: Db;
  provider: FootballProvider;
  forecaster: Forecaster;
  now: Date;
  /** Aborted (the scheduler stopping): the learning stops, nothing is written, and it rejects. */
  signal?: AbortSignal;
}): Promise<number> {
  if (deps.provider.listForecastInputs === undefined) return 0;
  const { earlier, played, upcoming, inPlaySinceMs } = await deps.provider.listForecastInputs(
    deps.now,
  );
  const stored = await findMatchesByExternalIds(
    deps.db,
    upcoming.map((u) => u.externalId),
  );
  const byExternalId = new Map(stored.map((m) => [m.externalId, m]));
  const started = stored.filter((m) => m.kickoffUtc <= deps.now).map((m) => m.id);
  const predicted = await listPredictedMatchIds(deps.db, started);
  const due = upcoming.filter((u) => {
    const match = byExternalId.get(u.externalId);
    if (match === undefined) return false;
    return match.kickoffUtc > deps.now || !predicted.has(match.id);
  });
  if (due.length === 0) return 0;

  const rows = await forecastMatches(
    deps.forecaster,
    { earlier, played, inPlaySinceMs },
    due.flatMap((record) => {
      const match = byExternalId.get(record.externalId);
      return match === undefined
        ? []
        : [{ record, matchId: match.id, homeName: match.homeName, awayName: match.awayName }];
    }),
    deps.signal,
  );
  return savePredictionVersions(deps.db, rows, deps.now);
}
