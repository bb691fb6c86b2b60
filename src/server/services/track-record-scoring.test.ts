import { describe, expect, it } from 'vitest';

import { bootstrapDayMean, getWilsonInterval, orderModels } from './track-record-scoring.ts';

describe('getWilsonInterval', () => {
  it.each([
    // successes, trials, lo, hi (Wilson's score interval at 95%, worked out by hand)
    [0, 1, 0, 0.7935],
    [1, 1, 0.2065, 1],
    [5, 10, 0.2366, 0.7634],
    [80, 100, 0.7112, 0.8666],
  ])('%i of %i lies in [%f, %f]', (successes, trials, lo, hi) => {
    const interval = getWilsonInterval(successes, trials);
    expect(interval.lo).toBeCloseTo(lo, 4);
    expect(interval.hi).toBeCloseTo(hi, 4);
  });

  it('is [0, 0] with no trials', () => {
    expect(getWilsonInterval(0, 0)).toEqual({ lo: 0, hi: 0 });
  });
});

describe('bootstrapDayMean', () => {
  const items = Array.from({ length: 60 }, (_, i) => ({
    value: (i * 37) % 11,
    day: `2026-11-${String(1 + (i % 12)).padStart(2, '0')}`,
  }));
  const mean = items.reduce((sum, item) => sum + item.value, 0) / items.length;

  it('gives the same interval for the same seed, and another for another seed', () => {
    const first = bootstrapDayMean(items, 'a');
    expect(bootstrapDayMean(items, 'a')).toEqual(first);
    expect(bootstrapDayMean(items, 'b')).not.toEqual(first);
  });

  it('holds the mean, and narrows as the days agree', () => {
    const wide = bootstrapDayMean(items, 'seed');
    expect(wide.lo).toBeLessThan(mean);
    expect(wide.hi).toBeGreaterThan(mean);
    expect((wide.hi ?? 0) - (wide.lo ?? 0)).toBeGreaterThan(0.5);
    const same = bootstrapDayMean(
      items.map((item) => ({ ...item, value: 3 })),
      'seed',
    );
    expect(same).toEqual({ lo: 3, hi: 3 });
  });

  it('resamples whole days: one day, however many matches, gives no interval', () => {
    const oneDay = items.map((item) => ({ ...item, day: '2026-11-01' }));
    expect(bootstrapDayMean(oneDay, 'seed')).toEqual({ lo: null, hi: null });
    const twoDays = oneDay.map((item, i) => ({
      ...item,
      day: i < 30 ? '2026-11-01' : '2026-11-02',
    }));
    expect(bootstrapDayMean(twoDays, 'seed').lo).not.toBeNull();
  });
});

describe('orderModels', () => {
  it('keeps the known order, then the others by name, each once', () => {
    expect(
      orderModels(
        ['Shot Ratings', 'Market Blend', 'Elo Ratings', 'Alpha', 'Elo Ratings'],
        ['Elo Ratings', 'Dixon-Coles', 'Market Blend'],
      ),
    ).toEqual(['Elo Ratings', 'Market Blend', 'Alpha', 'Shot Ratings']);
  });
});
