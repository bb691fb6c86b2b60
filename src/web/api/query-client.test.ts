import { describe, expect, it } from 'vitest';

import { createQueryClient, getRetryDelay } from './query-client.ts';

describe('getRetryDelay', () => {
  it.each([
    [0, 1000],
    [1, 2000],
    [4, 16_000],
    [5, 30_000],
    [10, 30_000],
  ])('after %i failures waits %i ms: doubling from 1 s, capped at 30 s', (attempt, delay) => {
    expect(getRetryDelay(attempt)).toBe(delay);
  });
});

describe('createQueryClient', () => {
  it('keeps unused query data for five minutes', () => {
    expect(createQueryClient().getDefaultOptions().queries?.gcTime).toBe(300_000);
  });
});
