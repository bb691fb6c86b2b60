import { setImmediate } from 'node:timers/promises';

import type { Fixture, Forecast, ModelFactory, PlayedMatch } from './model.ts';

export type ModelForecast = { name: string; usesOdds: boolean; forecast: Forecast };

/** How long a slice of learning may hold the event loop before it yields. */
const SLICE_MS = 20;

/**
 * Keeps the models trained between calls: each call to `learn` teaches only the results not seen
 * before, and starts again from scratch when the history is not an extension of what was learnt
 * (the replay starting its season over, or a corrected result). Learning the whole shipped
 * history takes seconds, so `learn` works in slices and yields to the event loop between them;
 * calls are queued, one at a time.
 */
export function createForecaster(factories: readonly ModelFactory[]) {
  let models = factories.map((factory) => factory());
  let learnt: string[] = [];
  let queue: Promise<void> = Promise.resolve();

  /**
   * Whether `played` begins with what was learnt. Called for every forecast of a refresh, so it
   * compares a sample of the learnt ids (every 1,000th and the last ten), not all of them: a
   * history that differs changes its length or its latest ids, or shifts the ids sampled.
   */
  function isExtension(played: readonly PlayedMatch[]): boolean {
    if (learnt.length > played.length) return false;
    for (let i = 0; i < learnt.length; i += 1_000) if (played[i]!.id !== learnt[i]) return false;
    for (let i = Math.max(0, learnt.length - 10); i < learnt.length; i++) {
      if (played[i]!.id !== learnt[i]) return false;
    }
    return true;
  }

  async function learnInSlices(played: readonly PlayedMatch[]): Promise<void> {
    if (!isExtension(played)) {
      models = factories.map((factory) => factory());
      learnt = [];
    }
    let sliceStarted = performance.now();
    for (const match of played.slice(learnt.length)) {
      for (const model of models) model.learn(match);
      learnt.push(match.id);
      if (performance.now() - sliceStarted > SLICE_MS) {
        await setImmediate();
        sliceStarted = performance.now();
      }
    }
  }

  return {
    /** Teaches the models the results they have not seen; `played` is in kick-off order. */
    learn(played: readonly PlayedMatch[]): Promise<void> {
      const run = queue.then(() => learnInSlices(played));
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
