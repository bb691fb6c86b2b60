import { describe, expect, it } from 'vitest';

import { isNewForecastVersion, PROBABILITY_STEP } from './forecast-version.ts';

const stored = { pick: 'Arsenal to win', probabilities: { home: 0.5, draw: 0.3, away: 0.2 } };

describe('isNewForecastVersion', () => {
  it('is not a new version when every probability moved by less than the step', () => {
    const next = { ...stored, probabilities: { home: 0.5004, draw: 0.2998, away: 0.1998 } };
    expect(isNewForecastVersion(stored, next)).toBe(false);
  });

  it('is a new version when a probability moved by the step or more', () => {
    const next = {
      ...stored,
      probabilities: { home: 0.5 + PROBABILITY_STEP, draw: 0.3, away: 0.2 - PROBABILITY_STEP },
    };
    expect(isNewForecastVersion(stored, next)).toBe(true);
  });

  it('is a new version when the pick changed, or a probability appeared or vanished', () => {
    expect(isNewForecastVersion(stored, { ...stored, pick: 'Draw' })).toBe(true);
    expect(
      isNewForecastVersion(stored, {
        ...stored,
        probabilities: { ...stored.probabilities, rho: -0.1 },
      }),
    ).toBe(true);
    expect(
      isNewForecastVersion(stored, { ...stored, probabilities: { home: 0.5, draw: 0.3 } }),
    ).toBe(true);
    expect(
      isNewForecastVersion({ pick: 'Draw', probabilities: null }, { ...stored, pick: 'Draw' }),
    ).toBe(true);
  });
});
