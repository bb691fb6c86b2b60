import { describe, expect, it } from 'vitest';

import {
  addStackingRow,
  createStackingRows,
  dropOldestStackingRows,
  fitConditionalLogit,
  getStackedProbabilities,
  type StackingRows,
} from './stacking.ts';

/**
 * Rows weighted by their true probabilities instead of sampled outcomes: the maximum-likelihood
 * fit must then recover the true parameters exactly, with no randomness involved.
 */
function makeExpectedRows(theta: number[]): StackingRows {
  const rows = createStackingRows(6);
  for (let i = 0; i < 200; i++) {
    const home = 0.2 + (0.5 * i) / 199;
    const draw = 0.3 - 0.1 * Math.abs(home - 0.45);
    const market = [home, draw, 1 - home - draw];
    const x = new Float64Array(6);
    for (let k = 0; k < 3; k++) x.set([Math.log(market[k]!), k === 1 ? 1 : 0], k * 2);
    const truth = getStackedProbabilities(theta, x, 3);
    for (let k = 0; k < 3; k++) addStackingRow(rows, x, k, truth[k]!);
  }
  return rows;
}

describe('fitConditionalLogit', () => {
  it('recovers the parameters that generated the outcomes', () => {
    const truth = [1.2, 0.15];
    const fitted = fitConditionalLogit(makeExpectedRows(truth), 3, [1, 0], {
      priorMean: [1, 0],
      priorStrength: 0,
      iterations: 8,
    });
    expect(fitted[0]).toBeCloseTo(1.2, 6);
    expect(fitted[1]).toBeCloseTo(0.15, 6);
  });

  it('stays at the prior when the prior outweighs the data', () => {
    const fitted = fitConditionalLogit(makeExpectedRows([1.2, 0.15]), 3, [1, 0], {
      priorMean: [1, 0],
      priorStrength: 1e9,
      iterations: 4,
    });
    expect(fitted[0]).toBeCloseTo(1, 4);
    expect(fitted[1]).toBeCloseTo(0, 4);
  });
});

describe('getStackedProbabilities', () => {
  it('returns the source probabilities for weight 1 and no offsets', () => {
    const x = new Float64Array([Math.log(0.5), 0, Math.log(0.3), 1, Math.log(0.2), 0]);
    const p = getStackedProbabilities([1, 0], x, 3);
    expect(p[0]).toBeCloseTo(0.5, 12);
    expect(p[1]).toBeCloseTo(0.3, 12);
    expect(p[2]).toBeCloseTo(0.2, 12);
  });
});

describe('StackingRows', () => {
  it('keeps its rows in order as it grows past its room, and drops the oldest', () => {
    const rows = createStackingRows(2);
    for (let i = 0; i < 100; i++) addStackingRow(rows, [i, -i], i % 3, i / 100);
    dropOldestStackingRows(rows, 30);
    expect(rows.count).toBe(70);
    expect([...rows.x.subarray(0, 4)]).toEqual([30, -30, 31, -31]);
    expect([...rows.x.subarray(138, 140)]).toEqual([99, -99]);
    expect([...rows.outcome.subarray(0, 3)]).toEqual([0, 1, 2]);
    expect(rows.weight[69]).toBe(0.99);
  });
});
