import { describe, expect, it } from 'vitest';

import { getPayout, getShinProbabilities } from './shin.ts';

describe('getShinProbabilities', () => {
  it('matches the worked example of the shin package: prices 2.6, 2.4 and 4.3', () => {
    // Published with the reference implementation (pypi.org/project/shin).
    const result = getShinProbabilities([2.6, 2.4, 4.3]);
    expect(result?.probabilities[0]).toBeCloseTo(0.37299406033208965, 9);
    expect(result?.probabilities[1]).toBeCloseTo(0.4047794109200184, 9);
    expect(result?.probabilities[2]).toBeCloseTo(0.2222265287474275, 9);
    expect(result?.z).toBeCloseTo(0.01694251276407055, 9);
  });

  it('takes more margin off the long shot than dividing by the booksum does', () => {
    const prices = [1.5, 4.2, 7.5];
    const booksum = prices.reduce((sum, p) => sum + 1 / p, 0);
    const shin = getShinProbabilities(prices)?.probabilities ?? [];
    expect(shin[2]).toBeLessThan(1 / 7.5 / booksum);
    expect(shin[0]).toBeGreaterThan(1 / 1.5 / booksum);
    expect(shin.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
  });

  it('solves two outcomes in closed form, equal prices giving one half each', () => {
    expect(getShinProbabilities([1.9, 1.9])?.probabilities).toEqual([0.5, 0.5]);
    const [over = 0, under = 0] = getShinProbabilities([1.8, 2.05])?.probabilities ?? [];
    expect(over + under).toBeCloseTo(1, 12);
    expect(over).toBeGreaterThan(under);
  });

  it('refuses prices that are not above 1, or a single price', () => {
    expect(getShinProbabilities([1, 3, 4])).toBeNull();
    expect(getShinProbabilities([2.5, Number.NaN, 3])).toBeNull();
    expect(getShinProbabilities([2])).toBeNull();
  });
});

describe('getPayout', () => {
  it('is one over the sum of the inverse prices', () => {
    expect(getPayout([2, 2])).toBeCloseTo(1, 12);
    expect(getPayout([2.6, 2.4, 4.3])).toBeCloseTo(1 / (1 / 2.6 + 1 / 2.4 + 1 / 4.3), 12);
    expect(getPayout([])).toBeNull();
  });
});
