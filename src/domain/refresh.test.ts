import { describe, expect, it } from 'vitest';

import { getRefreshIntervalMs } from './refresh.ts';

describe('getRefreshIntervalMs', () => {
  it.each([
    ['a live match', [0], 30_000],
    ['a match in extra time', [1, 3], 30_000],
    ['a match on penalties', [-1, 4, 1], 30_000],
    ['a live match beside one at half-time', [5, 0], 30_000],
    ['extra time beside half-time', [5, 5, 3], 30_000],
    ['a match at half-time', [5], 120_000],
    ['half-time among finished and scheduled matches', [1, -1, 5, 2], 120_000],
    ['only scheduled matches', [-1, -1], 300_000],
    ['only finished and postponed matches', [1, 2], 300_000],
    ['an unknown status', [7, 99], 300_000],
    ['no matches', [], 300_000],
  ])('with %s is %i ms', (_, statuses, interval) => {
    expect(getRefreshIntervalMs(statuses)).toBe(interval);
  });
});
