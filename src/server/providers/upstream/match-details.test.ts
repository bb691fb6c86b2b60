import { describe, expect, it } from 'vitest';

import { accountsForScore, parseFigure } from './match-details.ts';

describe('accountsForScore', () => {
  const goal = (side: 'home' | 'away') => ({
    kind: 'goal' as const,
    side,
    minute: 10,
    added: 0,
    scorer: null,
    assist: null,
    penalty: false,
    ownGoal: false,
  });

  it.each([
    [['home', 'home', 'away'], 2, 1, true],
    [['home', 'away'], 2, 1, false],
    [['away', 'away', 'home'], 2, 1, false],
    [[], null, null, true],
    [[], 0, 0, true],
    [['home'], null, null, false],
  ] as const)('%j against %s-%s: %s', (sides, home, away, expected) => {
    expect(accountsForScore(sides.map(goal), home, away)).toBe(expected);
  });
});

describe('parseFigure', () => {
  it.each([
    [12, 'count', 12],
    [0, 'count', 0],
    ['12', 'count', 12],
    [' 7 ', 'count', 7],
    ['55%', 'count', 55],
    ['1.87', 'decimal', 1.87],
    [0.64, 'decimal', 0.64],
    ['0', 'decimal', 0],
    [null, 'count', null],
    [undefined, 'count', null],
    ['1.87', 'count', undefined],
    [2.5, 'count', undefined],
    [-1, 'count', undefined],
    ['-1', 'decimal', undefined],
    ['n/a', 'count', undefined],
    ['', 'count', undefined],
    ['1e3', 'count', undefined],
    [Number.NaN, 'decimal', undefined],
    [Number.POSITIVE_INFINITY, 'decimal', undefined],
    [{ value: 3 }, 'count', undefined],
    [true, 'count', undefined],
  ] as const)('reads %j as a %s: %s', (value, kind, expected) => {
    expect(parseFigure(value, kind)).toBe(expected);
  });
});

describe('parseFigure as a count (the default)', () => {
  it.each([
    [7, 7],
    [0, 0],
    ['3', 3],
    ['39%', 39],
    [null, null],
    [undefined, null],
    [-2, undefined],
    [2.5, undefined],
    ['2.5', undefined],
    ['many', undefined],
    [{}, undefined],
    [Number.NaN, undefined],
  ])('reads %j as %j', (value, expected) => {
    expect(parseFigure(value)).toBe(expected);
  });
});
