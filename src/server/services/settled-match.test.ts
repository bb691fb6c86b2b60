import { describe, expect, it } from 'vitest';

import { getShinProbabilities } from '../../domain/shin.ts';
import { readBookmakerProbabilities, readResultProbabilities } from './settled-match.ts';

const event = (bookmakers: { key: string; prices: (number | undefined)[] }[]) => ({
  id: 'e1',
  commence_time: '2026-11-21T15:00:00Z',
  home_team: 'Arsenal',
  away_team: 'Chelsea',
  bookmakers: bookmakers.map(({ key, prices: [home, draw, away] }) => ({
    key,
    title: key,
    markets: [
      {
        key: 'h2h',
        outcomes: [
          { name: 'Arsenal', price: home },
          { name: 'Draw', price: draw },
          { name: 'Chelsea', price: away },
        ].filter((o) => o.price !== undefined),
      },
    ],
  })),
});

const shin = (prices: number[]) => {
  const [home, draw, away] = getShinProbabilities(prices)?.probabilities ?? [];
  return { home, draw, away };
};

describe('readBookmakerProbabilities', () => {
  it("reads Pinnacle's prices and the mean price of every bookmaker, each by Shin's method", () => {
    const read = readBookmakerProbabilities(
      event([
        { key: 'bet365', prices: [2.1, 3.3, 3.6] },
        { key: 'pinnacle', prices: [2.2, 3.4, 3.5] },
        { key: 'williamhill', prices: [2.0, 3.2, 3.8] },
      ]),
    );
    expect(read.pinnacle).toEqual(shin([2.2, 3.4, 3.5]));
    const average = shin([(2.1 + 2.2 + 2.0) / 3, (3.3 + 3.4 + 3.2) / 3, (3.6 + 3.5 + 3.8) / 3]);
    expect(read.average?.home).toBeCloseTo(average.home ?? 0, 12);
    expect(read.average?.away).toBeCloseTo(average.away ?? 0, 12);
  });

  it('leaves out a bookmaker missing a price or pricing one at 1 or less', () => {
    const read = readBookmakerProbabilities(
      event([
        { key: 'bet365', prices: [2.1, 3.3, 3.6] },
        { key: 'pinnacle', prices: [2.2, undefined, 3.5] },
        { key: 'williamhill', prices: [1, 3.2, 3.8] },
      ]),
    );
    expect(read.pinnacle).toBeNull();
    expect(read.average).toEqual(shin([2.1, 3.3, 3.6]));
  });

  it('reads nothing from what is not an odds event', () => {
    for (const data of [null, 'odds', { bookmakers: 'none' }, event([])]) {
      expect(readBookmakerProbabilities(data)).toEqual({ pinnacle: null, average: null });
    }
  });
});

describe('readResultProbabilities', () => {
  it('reads three probabilities summing to 1 (rounding aside), made to sum to 1 exactly', () => {
    expect(readResultProbabilities({ home: 0.5, draw: 0.3, away: 0.2, over25: 0.6 })).toEqual({
      home: 0.5,
      draw: 0.3,
      away: 0.2,
    });
    const rounded = readResultProbabilities({ home: 0.333, draw: 0.333, away: 0.333 });
    expect((rounded?.home ?? 0) + (rounded?.draw ?? 0) + (rounded?.away ?? 0)).toBeCloseTo(1, 12);
  });

  it.each([
    ['a missing outcome', { home: 0.5, draw: 0.5 }],
    ['a negative probability', { home: 1.2, draw: -0.1, away: -0.1 }],
    ['a sum far from 1', { home: 0.5, draw: 0.5, away: 0.5 }],
    ['text', { home: '0.5', draw: 0.25, away: 0.25 }],
    ['nothing', null],
  ])('reads nothing from %s', (_what, value) => {
    expect(readResultProbabilities(value)).toBeNull();
  });
});
