import { describe, expect, it } from 'vitest';

import { getOver25Probability, getScoreForecast } from './score-grid.ts';

describe('getScoreForecast', () => {
  it('gives home, draw and away probabilities that sum to 1', () => {
    const f = getScoreForecast(1.6, 1.1, -0.1);
    expect(f.home + f.draw + f.away).toBeCloseTo(1, 12);
    expect(f.over25 + f.under25).toBeCloseTo(1, 12);
  });

  it('makes the side with more expected goals the favourite', () => {
    const f = getScoreForecast(2.4, 0.7);
    expect(f.home).toBeGreaterThan(0.7);
    expect(f.away).toBeLessThan(0.1);
  });

  it('moves probability to draws with a negative ρ and leaves over/under 2.5 alone', () => {
    const plain = getScoreForecast(1.4, 1.2, 0);
    const corrected = getScoreForecast(1.4, 1.2, -0.1);
    expect(corrected.draw).toBeGreaterThan(plain.draw + 0.01);
    expect(corrected.over25).toBeCloseTo(plain.over25, 12);
  });

  it('prices over 2.5 from the total of the expected goals', () => {
    const f = getScoreForecast(1.5, 1.25);
    // P(total ≥ 3) for a Poisson total with mean 2.75.
    expect(f.over25).toBeCloseTo(1 - Math.exp(-2.75) * (1 + 2.75 + 2.75 ** 2 / 2), 12);
    expect(getOver25Probability(3.5)).toBeGreaterThan(getOver25Probability(2.5));
  });

  it('keeps a valid distribution when ρ is too large for the means', () => {
    const f = getScoreForecast(3, 2.5, -0.9);
    for (const p of [f.home, f.draw, f.away]) expect(p).toBeGreaterThan(0);
    expect(f.home + f.draw + f.away).toBeCloseTo(1, 12);
  });
});
