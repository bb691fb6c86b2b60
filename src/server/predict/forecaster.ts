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

/** A result that is already a played match, as the backtest's and the tests' are. */
const asPlayed = (record: Learnable) => record as unknown as PlayedMatch;

/**
 * Results that come before the ones handed to `learn`, named by a key that changes when they
 * do. They are read only when the models must learn them (the first time, or again after a
 * start from scratch), so the process does not hold the whole history between refreshes.
 */
export type EarlierResults<R> = { key: string; read: () => Promise<readonly R[]> };

export type LearnOptions<R> = {
  /** How many of `played` to learn (the first ones); all of them when not given. */
  count?: number;
  /** Turns a result into the played match the models learn; the result itself when not given. */
  toMatch?: (record: R) => PlayedMatch;
  /** Once it aborts, the learning stops at its next slice and rejects with its reason. */
  signal?: AbortSignal;
  /** The results before `played`, learnt before them. */
  earlier?: EarlierResults<R>;
};

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
  /** The earlier results learnt: their key, how many, and whether all of them. */
  let earlierLearnt: { key: string; count: number; whole: boolean } | undefined;
  /** The ids of the results learnt after the earlier ones. */
  let learnt: string[] = [];
  let queue: Promise<void> = Promise.resolve();
  const countLearnt = () => (earlierLearnt?.count ?? 0) + learnt.length;

  /**
   * Whether the history begins with what was learnt. Called for every forecast of a refresh, so
   * it compares the earlier results' key and a sample of the learnt ids (every 1,000th and the
   * last ten), not all of them: a history that differs changes its length or its latest ids, or
   * shifts the ids sampled.
   */
  function isExtension(
    earlier: EarlierResults<Learnable> | undefined,
    played: readonly Learnable[],
    count: number,
  ): boolean {
    if (earlier?.key !== earlierLearnt?.key) return false;
    if (learnt.length > count) return false;
    for (let i = 0; i < learnt.length; i += 1_000) if (played[i]!.id !== learnt[i]) return false;
    for (let i = Math.max(0, learnt.length - 10); i < learnt.length; i++) {
      if (played[i]!.id !== learnt[i]) return false;
    }
    return true;
  }

  /**
   * Teaches the models `records` from `start` to `end`, a kick-off at a time, as a walk forward
   * does (see runWalkForward): a kick-off's matches are each forecast, then learnt together. The
   * models refit when they forecast, so this keeps them on the same course as the backtest's.
   * Yields to the event loop between slices; `onLearnt` hears of each result learnt.
   */
  async function learnRange<R extends Learnable>(
    records: readonly R[],
    [start, end]: [number, number],
    toMatch: (record: R) => PlayedMatch,
    onLearnt: (id: string) => void,
    signal: AbortSignal | undefined,
  ): Promise<void> {
    let sliceStarted = performance.now();
    let from = start;
    while (from < end) {
      const kickoffMs = records[from]!.kickoffMs;
      let to = from;
      while (to < end && records[to]!.kickoffMs === kickoffMs) to++;
      const group = records.slice(from, to).map(toMatch);
      for (const { homeGoals: _h, awayGoals: _a, shots: _s, ...fixture } of group) {
        for (const model of models) model.forecast(fixture);
      }
      for (const match of group) {
        for (const model of models) model.learn(match);
        onLearnt(match.id);
      }
      from = to;
      if (performance.now() - sliceStarted > SLICE_MS) {
        await setImmediate();
        signal?.throwIfAborted();
        sliceStarted = performance.now();
      }
    }
  }

  async function learnInSlices<R extends Learnable>(
    played: readonly R[],
    { count = played.length, toMatch = asPlayed, signal, earlier }: LearnOptions<R>,
  ): Promise<void> {
    signal?.throwIfAborted();
    if (!isExtension(earlier, played, count)) {
      models = createModelSet(factories);
      earlierLearnt =
        earlier === undefined ? undefined : { key: earlier.key, count: 0, whole: false };
      learnt = [];
    }
    if (earlier !== undefined && earlierLearnt !== undefined && !earlierLearnt.whole) {
      const progress = earlierLearnt;
      const records = await earlier.read();
      signal?.throwIfAborted();
      await learnRange(
        records,
        [progress.count, records.length],
        toMatch,
        () => (progress.count += 1),
        signal,
      );
      progress.whole = true;
    }
    await learnRange(played, [learnt.length, count], toMatch, (id) => learnt.push(id), signal);
  }

  return {
    /**
     * Teaches the models the results they have not seen: the earlier ones, then the first
     * `count` of `played` (in kick-off order). Once `signal` aborts, the learning stops at its
     * next slice and rejects with its reason; what was learnt whole stays learnt, and a later
     * call goes on from it.
     */
    learn<R extends Learnable>(played: readonly R[], options: LearnOptions<R> = {}): Promise<void> {
      const run = queue.then(() => learnInSlices(played, options));
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
      return model === undefined || countLearnt() === 0 ? null : model.forecast(fixture);
    },
    /** How many results the models have learnt, the earlier ones included. */
    get learntCount() {
      return countLearnt();
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
