import { describe, expect, it } from 'vitest';

import { getConfidenceTone, getConfidenceWidth } from './prediction.ts';

describe('getConfidenceTone', () => {
  it.each([
    [100, 'success'],
    [80, 'success'],
    [79.9, 'accent'],
    [60, 'accent'],
    [59, 'muted'],
    [0, 'muted'],
  ])('colours %s%% as %s', (pct, tone) => {
    expect(getConfidenceTone(pct)).toBe(tone);
  });
});

describe('getConfidenceWidth', () => {
  it.each([
    [72, 72],
    [0, 0],
    [120, 100],
    [-5, 0],
    [Number.NaN, 0],
  ])('draws %s%% as a bar of %s%%', (pct, width) => {
    expect(getConfidenceWidth(pct)).toBe(width);
  });
});
