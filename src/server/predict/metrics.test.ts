import { describe, expect, it } from 'vitest';

import {
  buildCalibrationTable,
  getFavourite,
  getOutcome,
  normaliseOdds,
  scoreBrier,
  scoreLogLoss,
  scoreOverUnder,
  scoreOverUnderBrier,
  scoreOverUnderLogLoss,
  scoreResults,
  scoreRps,
  type Outcome,
  type ResultProbabilities,
} from './metrics.ts';

const third = 1 / 3;
const uniform: ResultProbabilities = { home: third, draw: third, away: third };
const sure: ResultProbabilities = { home: 1, draw: 0, away: 0 };
const lean: ResultProbabilities = { home: 0.5, draw: 0.3, away: 0.2 };

describe('getOutcome', () => {
  it.each([
    [2, 1, 'home'],
    [0, 0, 'draw'],
    [3, 3, 'draw'],
    [0, 1, 'away'],
  ] as const)('%i-%i is a %s result', (home, away, expected) => {
    expect(getOutcome(home, away)).toBe(expected);
  });
});

describe('normaliseOdds', () => {
  it.each([
    ['equal two-way prices', [1.9, 1.9], [0.5, 0.5]],
    ['a fair three-way book', [2, 4, 4], [0.5, 0.25, 0.25]],
    ['a book with a margin', [2, 3, 5], [15 / 31, 10 / 31, 6 / 31]],
  ])('removes the margin from %s', (_label, odds, expected) => {
    const p = normaliseOdds(odds);
    expect(p).not.toBeNull();
    p!.forEach((value, i) => expect(value).toBeCloseTo(expected[i]!, 12));
    expect(p!.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
  });

  it.each([
    ['a missing price', [2, null, 3]],
    ['an undefined price', [2, undefined, 3]],
    ['a price of 1.0', [1, 2, 3]],
    ['a price of 0', [2, 0, 3]],
    ['a non-number', [2, NaN, 3]],
  ])('returns null for %s', (_label, odds) => {
    expect(normaliseOdds(odds)).toBeNull();
  });
});

describe('per-match scores', () => {
  it.each<[string, ResultProbabilities, Outcome, number, number, number]>([
    // label, probabilities, outcome, RPS, log loss, Brier
    ['certain and right', sure, 'home', 0, 0, 0],
    ['certain and wrong by two ranks', sure, 'away', 1, -Math.log(1e-15), 2],
    ['uniform, home win', uniform, 'home', 5 / 18, Math.log(3), 2 / 3],
    ['uniform, draw', uniform, 'draw', 1 / 9, Math.log(3), 2 / 3],
    ['uniform, away win', uniform, 'away', 5 / 18, Math.log(3), 2 / 3],
    ['home lean, home win', lean, 'home', 0.145, -Math.log(0.5), 0.38],
    ['home lean, draw', lean, 'draw', 0.145, -Math.log(0.3), 0.78],
    ['home lean, away win', lean, 'away', 0.445, -Math.log(0.2), 0.98],
  ])('%s', (_label, p, outcome, rps, logloss, brier) => {
    expect(scoreRps(p, outcome)).toBeCloseTo(rps, 12);
    expect(scoreLogLoss(p, outcome)).toBeCloseTo(logloss, 12);
    expect(scoreBrier(p, outcome)).toBeCloseTo(brier, 12);
  });

  it.each<[ResultProbabilities, Outcome]>([
    [{ home: 0.4, draw: 0.4, away: 0.2 }, 'home'],
    [{ home: 0.3, draw: 0.35, away: 0.35 }, 'draw'],
    [{ home: 0.35, draw: 0.3, away: 0.35 }, 'home'],
    [{ home: 0.2, draw: 0.3, away: 0.5 }, 'away'],
    [uniform, 'home'],
  ])('picks the favourite of %o as %s, breaking ties in the order H, D, A', (p, expected) => {
    expect(getFavourite(p)).toBe(expected);
  });

  it.each([
    // pOver, over happened, log loss, Brier (sum over the two outcomes)
    [0.6, true, -Math.log(0.6), 0.32],
    [0.6, false, -Math.log(0.4), 0.72],
    [0.5, true, Math.log(2), 0.5],
    [1, true, 0, 0],
  ])('over/under with P(over) %f and over=%s', (pOver, over, logloss, brier) => {
    expect(scoreOverUnderLogLoss(pOver, over)).toBeCloseTo(logloss, 12);
    expect(scoreOverUnderBrier(pOver, over)).toBeCloseTo(brier, 12);
  });
});

describe('scoreResults and scoreOverUnder', () => {
  it('averages over matches and counts favourites that won', () => {
    const scores = scoreResults([
      { p: lean, outcome: 'home' },
      { p: lean, outcome: 'away' },
    ]);
    expect(scores.matches).toBe(2);
    expect(scores.rps).toBeCloseTo((0.145 + 0.445) / 2, 12);
    expect(scores.logloss).toBeCloseTo((-Math.log(0.5) - Math.log(0.2)) / 2, 12);
    expect(scores.brier).toBeCloseTo((0.38 + 0.98) / 2, 12);
    expect(scores.accuracy).toBe(0.5);
  });

  it('averages over/under scores over matches', () => {
    const scores = scoreOverUnder([
      { pOver: 0.6, over: true },
      { pOver: 0.6, over: false },
    ]);
    expect(scores).toEqual({
      matches: 2,
      logloss: expect.closeTo((-Math.log(0.6) - Math.log(0.4)) / 2, 12) as number,
      brier: expect.closeTo(0.52, 12) as number,
    });
  });

  it('returns NaN scores for no matches', () => {
    expect(scoreResults([]).rps).toBeNaN();
    expect(scoreOverUnder([]).logloss).toBeNaN();
  });
});

describe('buildCalibrationTable', () => {
  it('bins every outcome probability and compares it with what happened', () => {
    const table = buildCalibrationTable([
      { p: lean, outcome: 'home' },
      { p: { home: 0.55, draw: 0.25, away: 0.2 }, outcome: 'away' },
      { p: sure, outcome: 'home' },
    ]);
    expect(table).toHaveLength(10);
    expect(table.reduce((sum, bin) => sum + bin.count, 0)).toBe(9);
    const rows = table.map((bin) => [bin.from, bin.count, bin.meanPredicted, bin.observed]);
    expect(rows[0]).toEqual([0, 2, 0, 0]);
    expect(rows[2]![1]).toBe(3);
    expect(rows[2]![2]).toBeCloseTo(0.65 / 3, 12);
    expect(rows[2]![3]).toBeCloseTo(1 / 3, 12);
    expect(rows[3]).toEqual([0.3, 1, 0.3, 0]);
    expect(rows[5]![1]).toBe(2);
    expect(rows[5]![2]).toBeCloseTo(0.525, 12);
    expect(rows[5]![3]).toBe(0.5);
    // A probability of exactly 1 belongs to the last bin.
    expect(rows[9]).toEqual([0.9, 1, 1, 1]);
    expect(table[1]!.count).toBe(0);
    expect(table[1]!.observed).toBeNaN();
  });
});
