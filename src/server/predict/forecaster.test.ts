import { describe, expect, it } from 'vitest';

import { createForecaster } from './forecaster.ts';
import type { PlayedMatch } from './model.ts';
import { MODELS } from './models.ts';
import { runWalkForward } from './walk-forward.ts';

const DAY = 86_400_000;
const CLUBS = ['a', 'b', 'c', 'd', 'e', 'f'];

/** A few seasons of six clubs, three matches a kick-off, results from a fixed rule. */
function createHistory(rounds: number): PlayedMatch[] {
  const matches: PlayedMatch[] = [];
  for (let round = 0; round < rounds; round++) {
    const kickoffMs = Date.UTC(2018, 7, 4) + round * 7 * DAY;
    for (let pair = 0; pair < 3; pair++) {
      const home = CLUBS[(pair + round) % 6]!;
      const away = CLUBS[(pair + round + 3) % 6]!;
      matches.push({
        id: `E0:${round}:${home}:${away}`,
        league: 'E0',
        season: `${2018 + Math.floor(round / 30)}-${2019 + Math.floor(round / 30)}`,
        kickoffMs,
        home,
        away,
        homeGoals: (round * 7 + pair) % 4,
        awayGoals: (round * 3 + pair * 5) % 3,
        shots: { home: 10 + (round % 7), away: 8 + (pair % 5), homeOnTarget: 4, awayOnTarget: 3 },
        preClosing: { home: 2.2, draw: 3.3, away: 3.4, over25: 1.9, under25: 1.95 },
      });
    }
  }
  return matches;
}

describe('createForecaster', () => {
  it('forecasts as the walk forward of the backtest does, after learning in steps or at once', async () => {
    const history = createHistory(90);
    const fixture = {
      ...history.at(-1)!,
      id: 'next',
      kickoffMs: history.at(-1)!.kickoffMs + 7 * DAY,
    };
    const { homeGoals: _h, awayGoals: _a, shots: _s, ...next } = fixture;

    const atOnce = createForecaster(MODELS);
    await atOnce.learn(history);
    const inSteps = createForecaster(MODELS);
    for (let n = 0; n <= history.length; n += 30) await inSteps.learn(history.slice(0, n));
    await inSteps.learn(history);

    // The walk forward's own forecast of the next match, from the same results.
    for (const [index, factory] of MODELS.entries()) {
      const walked = runWalkForward([...history, fixture], factory).get('next');
      expect(atOnce.forecast(next)[index]?.forecast).toEqual(walked);
      expect(inSteps.forecast(next)[index]?.forecast).toEqual(walked);
    }
  });

  it('starts again when the history is not an extension of what it learnt', async () => {
    const history = createHistory(40);
    const forecaster = createForecaster(MODELS);
    await forecaster.learn(history);
    expect(forecaster.learntCount).toBe(history.length);
    await forecaster.learn(history.slice(0, 30));
    expect(forecaster.learntCount).toBe(30);
  });

  it('stops learning once its signal aborts, keeps what it learnt whole, and goes on from it later', async () => {
    const history = createHistory(300);
    const forecaster = createForecaster(MODELS);
    const stopping = new AbortController();
    const learning = forecaster.learn(history, { signal: stopping.signal });
    const queued = forecaster.learn(history, { signal: stopping.signal });
    // One turn of the event loop: the first slice of learning runs, then the signal aborts.
    await new Promise((resolve) => setImmediate(resolve));
    stopping.abort(new Error('stopping'));
    await expect(learning).rejects.toThrow('stopping');
    await expect(queued).rejects.toThrow('stopping');
    const kept = forecaster.learntCount;
    expect(kept).toBeGreaterThan(0);
    expect(kept).toBeLessThan(history.length);
    // Whole kick-offs only: what it kept ends where a kick-off's matches end.
    expect(history[kept]!.kickoffMs).not.toBe(history[kept - 1]!.kickoffMs);

    await forecaster.learn(history);
    expect(forecaster.learntCount).toBe(history.length);
    const { homeGoals: _h, awayGoals: _a, shots: _s, ...last } = history.at(-1)!;
    const fresh = createForecaster(MODELS);
    await fresh.learn(history);
    expect(forecaster.forecast(last)).toEqual(fresh.forecast(last));
  });

  it('learns earlier results it is given to read as if they began the history, and reads them again only to start again', async () => {
    const history = createHistory(120);
    const split = 60 * 3;
    let reads = 0;
    const earlier = {
      key: 'first seasons',
      read: async () => {
        reads += 1;
        return history.slice(0, split);
      },
    };
    const season = history.slice(split);
    const { homeGoals: _h, awayGoals: _a, shots: _s, ...last } = history.at(-1)!;
    const whole = createForecaster(MODELS);
    await whole.learn(history);

    const forecaster = createForecaster(MODELS);
    for (let n = 0; n <= season.length; n += 30)
      await forecaster.learn(season, { count: n, earlier });
    await forecaster.learn(season, { earlier });
    expect(reads).toBe(1);
    expect(forecaster.learntCount).toBe(history.length);
    expect(forecaster.forecast(last)).toEqual(whole.forecast(last));

    // The season starting over: everything is learnt again, the earlier results read again.
    await forecaster.learn(season.slice(0, 30), { earlier });
    expect(reads).toBe(2);
    expect(forecaster.learntCount).toBe(split + 30);
    // Other earlier results: the same.
    await forecaster.learn(season, { earlier: { ...earlier, key: 'other seasons' } });
    expect(reads).toBe(3);
    // None: the season alone.
    await forecaster.learn(season);
    expect(forecaster.learntCount).toBe(season.length);
  });

  it('goes on from where it stopped in the earlier results', async () => {
    const history = createHistory(600);
    const split = 1_500;
    const earlier = { key: 'first seasons', read: async () => history.slice(0, split) };
    const season = history.slice(split);
    const forecaster = createForecaster(MODELS);
    const stopping = new AbortController();
    // Aborted as it turns the first result into a match: it stops at the end of that slice.
    const toMatch = (record: PlayedMatch) => {
      stopping.abort(new Error('stopping'));
      return record;
    };
    const learning = forecaster.learn(season, { earlier, toMatch, signal: stopping.signal });
    await expect(learning).rejects.toThrow('stopping');
    const kept = forecaster.learntCount;
    expect(kept).toBeGreaterThan(0);
    expect(kept).toBeLessThan(split);

    await forecaster.learn(season, { earlier });
    expect(forecaster.learntCount).toBe(history.length);
    const { homeGoals: _h, awayGoals: _a, shots: _s, ...last } = history.at(-1)!;
    const fresh = createForecaster(MODELS);
    await fresh.learn(history);
    expect(forecaster.forecast(last)).toEqual(fresh.forecast(last));
  });

  it('gives one model by name, and none before it learnt anything', async () => {
    const forecaster = createForecaster(MODELS);
    const { homeGoals: _h, awayGoals: _a, shots: _s, ...fixture } = createHistory(1)[0]!;
    expect(forecaster.forecastBy('Dixon-Coles', fixture)).toBeNull();
    await forecaster.learn(createHistory(20));
    expect(forecaster.forecastBy('Dixon-Coles', fixture)?.home).toBeGreaterThan(0);
    expect(forecaster.forecastBy('No Such Model', fixture)).toBeNull();
  });
});
