import { setImmediate } from 'node:timers/promises';

import {
  createModelSet,
  type Fixture,
  type Forecast,
  type ModelFactory,
  type PlayedMatch,
} from './model.ts';

export type ModelForecast = { name: string; usesOdds: boolean; forecast: Forecast };

/** What the forecaster needs of a result before it learns it. */
type Learnable = { id: string; kickoffMs: number };

/** How long a slice of learning may hold the event loop before it yields. */
const SLICE_MS = 20;

/**
 * Keeps the models trained between calls: each call to `learn` teaches only the results not seen
 * before, and starts again from scratch when the history is not an extension of what was learnt
 * (the replay starting its season over, or a corrected result). Learning the whole shipped
 * history takes seconds (a walk forward, as the backtest's), so `learn` works in slices and
 * yields to the event loop between them; calls are queued, one at a time.
 */
export function createForecaster(factories: readonly ModelFactory[]) {
  let models = createModelSet(factories);
  let learnt: string[] = [];
  let queue: Promise<void> = Promise.resolve();

  /**
   * Whether `played` begins with what was learnt. Called for every forecast of a refresh, so it
   * compares a sample of the learnt ids (every 1,000th and the last ten), not all of them: a
   * history that differs changes its length or its latest ids, or shifts the ids sampled.
   */
  function isExtension(played: readonly Learnable[], count: number): boolean {
    if (learnt.length > count) return false;
    for (let i = 0; i < learnt.length; i += 1_000) if (played[i]!.id !== learnt[i]) return false;
    for (let i = Math.max(0, learnt.length - 10); i < learnt.length; i++) {
      if (played[i]!.id !== learnt[i]) return false;
    }
    return true;
  }

  async function learnInSlices<R extends Learnable>(
    played: readonly R[],
    count: number,
    toMatch: (record: R) => PlayedMatch,
    signal: AbortSignal | undefined,
  ): Promise<void> {
    signal?.throwIfAborted();
    if (!isExtension(played, count)) {
      models = createModelSet(factories);
      learnt = [];
    }
    let sliceStarted = performance.now();
    let start = learnt.length;
    while (start < count) {
      // As a walk forward does (see runWalkForward): a kick-off's matches are each forecast,
      // then learnt together. The models refit when they forecast, so this keeps them on the
      // same course as the backtest's.
      const kickoffMs = played[start]!.kickoffMs;
      let end = start;
      while (end < count && played[end]!.kickoffMs === kickoffMs) end++;
      const group = played.slice(start, end).map(toMatch);
      for (const { homeGoals: _h, awayGoals: _a, shots: _s, ...fixture } of group) {
        for (const model of models) model.forecast(fixture);
      }
      for (const match of group) {
        for (const model of models) model.learn(match);
        learnt.push(match.id);
      }
      start = end;
      if (performance.now() - sliceStarted > SLICE_MS) {
        await setImmediate();
        signal?.throwIfAborted();
        sliceStarted = performance.now();
      }
    }
  }

  return {
    /**
     * Teaches the models the results they have not seen of the first `count` of `played` (in
     * kick-off order), each turned into a played match by `toMatch` when it is learnt. Once
     * `signal` aborts, the learning stops at its next slice and rejects with its reason; what
     * was learnt whole stays learnt, and a later call goes on from it.
     */
    learn<R extends Learnable>(
      played: readonly R[],
      count = played.length,
      toMatch: (record: R) => PlayedMatch = (record) => record as unknown as PlayedMatch,
      signal?: AbortSignal,
    ): Promise<void> {
      const run = queue.then(() => learnInSlices(played, count, toMatch, signal));
      queue = run.catch(() => undefined);
      return run;
    },
    forecast(fixture: Fixture): ModelForecast[] {
      return models.map((model) => ({
        name: model.name,
        usesOdds: model.usesOdds,
        forecast: model.forecast(fixture),
      }));
    },
    /**
     * One model's forecast; null for a model it does not run, or before it learnt anything. A
     * model another one shares (Dixon-Coles and Elo Ratings, in the Market Blend) may refit for
     * it, as for `forecast`, and the other then forecasts with that fit.
     */
    forecastBy(modelName: string, fixture: Fixture): Forecast | null {
      const model = models.find((m) => m.name === modelName);
      return model === undefined || learnt.length === 0 ? null : model.forecast(fixture);
    },
    get learntCount() {
      return learnt.length;
    },
  };
}

export type Forecaster = ReturnType<typeof createForecaster>;

const percent = (p: number) => `${Math.round(p * 100)}%`;

/** The result pick of a forecast, as fans read it, with its confidence and a one-line reason. */
export function describeResultPick(
  model: ModelForecast,
  teams: { home: string; away: string },
): { pick: string; confidencePct: number; rationale: string } {
  const f = model.forecast;
  const options = [
    { pick: `${teams.home} to win`, p: f.home },
    { pick: 'Draw', p: f.draw },
    { pick: `${teams.away} to win`, p: f.away },
  ];
  const best = options.reduce((a, b) => (b.p > a.p ? b : a));
  return {
    pick: best.pick,
    confidencePct: Math.round(best.p * 1000) / 10,
    rationale:
      `${model.name} gives ${teams.home} ${percent(f.home)}, the draw ${percent(f.draw)} and ` +
      `${teams.away} ${percent(f.away)}, with expected goals ${f.expectedHomeGoals.toFixed(1)}-${f.expectedAwayGoals.toFixed(1)}.`,
  };
}

/** The over/under 2.5 goals tip of a forecast. */
export function describeTotalsPick(model: ModelForecast): {
  pick: string;
  confidencePct: number;
  rationale: string;
} {
  const f = model.forecast;
  const over = f.over25 >= f.under25;
  const total = f.expectedHomeGoals + f.expectedAwayGoals;
  return {
    pick: over ? 'Over 2.5 goals' : 'Under 2.5 goals',
    confidencePct: Math.round((over ? f.over25 : f.under25) * 1000) / 10,
    rationale: `${model.name} expects ${total.toFixed(1)} goals in all: ${percent(f.over25)} for three or more.`,
  };
}
