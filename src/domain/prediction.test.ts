import { describe, expect, it } from 'vitest';

import { getConfidenceLabel, getConfidenceTone, getConfidenceWidth } from './prediction.ts';

describe('getConfidenceTone', () => {
  it.each([
    [100, 'success'],
    [80, 'success'],
    [79.95, 'success'],
    [79.9, 'success'],
    [79.5, 'success'],
    [79.49, 'accent'],
    [60, 'accent'],
    [59.95, 'accent'],
    [59.5, 'accent'],
    [59.49, 'muted'],
    [59, 'muted'],
    [0, 'muted'],
    [120, 'success'],
    [Number.NaN, 'muted'],
  ])('colours %s%% as %s', (pct, tone) => {
    expect(getConfidenceTone(pct)).toBe(tone);
  });

  // The colour always matches the label: every tenth of a percent across the scale.
  it('colours every value by the whole percent its label shows', () => {
    for (let tenths = 0; tenths <= 1000; tenths++) {
      const pct = tenths / 10;
      const shown = Math.round(pct);
      const expected = shown >= 80 ? 'success' : shown >= 60 ? 'accent' : 'muted';
      expect(getConfidenceLabel(pct)).toBe(shown);
      expect(getConfidenceTone(pct), `${pct}% reads ${shown}%`).toBe(expected);
    }
  });
});

describe('getConfidenceLabel', () => {
  it.each([
    [79.9, 80],
    [79.49, 79],
    [59.95, 60],
    [0.4, 0],
    [130, 100],
    [-2, 0],
    [Number.NaN, 0],
  ])('labels %s%% as %s%%', (pct, label) => {
    expect(getConfidenceLabel(pct)).toBe(label);
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
