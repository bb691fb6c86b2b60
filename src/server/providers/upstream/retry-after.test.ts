import { describe, expect, it } from 'vitest';

import { parseRetryAfter } from './retry-after.ts';

const T0 = Date.parse('2026-11-21T12:00:00.000Z');

describe('parseRetryAfter', () => {
  it('parses seconds, dates and rubbish', () => {
    expect(parseRetryAfter(null, T0)).toBeUndefined();
    expect(parseRetryAfter('  ', T0)).toBeUndefined();
    expect(parseRetryAfter('soon', T0)).toBeUndefined();
    expect(parseRetryAfter('2', T0)).toBe(2000);
    expect(parseRetryAfter(new Date(T0 + 5000).toUTCString(), T0)).toBe(5000);
    expect(parseRetryAfter(new Date(T0 - 5000).toUTCString(), T0)).toBe(0);
  });

  it.each([
    ['120', 120_000],
    [' 0 ', 0],
    ['86401', 86_400_000],
    ['99999999999999999999', 86_400_000],
    ['Sat, 21 Nov 2026 12:01:00 GMT', 60_000],
    ['Sat, 21 Nov 2026 11:00:00 GMT', 0],
    ['Mon, 21 Dec 2026 12:00:00 GMT', 86_400_000],
    ['1.5', undefined],
    ['-5', undefined],
    ['', undefined],
    [undefined, undefined],
  ])('reads %j as %j ms, at most 24 hours', (value, ms) => {
    expect(parseRetryAfter(value, T0)).toBe(ms);
  });
});
