import { describe, expect, it } from 'vitest';

import { createQueryClient, getRetryDelay, listenForWindowFocus } from './query-client.ts';

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

describe('listenForWindowFocus', () => {
  it('reports a window focus and a tab becoming visible, until cleaned up', () => {
    const calls: unknown[][] = [];
    const cleanup = listenForWindowFocus((...args) => calls.push(args));
    window.dispatchEvent(new Event('focus'));
    window.dispatchEvent(new Event('visibilitychange'));
    expect(calls).toEqual([[], []]);
    cleanup();
    window.dispatchEvent(new Event('focus'));
    expect(calls).toHaveLength(2);
  });
});
