import { describe, expect, it } from 'vitest';

import { getPreClosingPrices, getPreClosingPublishedMs } from './pre-closing.ts';

describe('getPreClosingPrices', () => {
  it.each([
    [
      'the market average first',
      {
        AvgH: 2.1,
        AvgD: 3.4,
        AvgA: 3.5,
        B365H: 2.0,
        B365D: 3.3,
        B365A: 3.6,
        'Avg>2.5': 1.9,
        'Avg<2.5': 1.95,
      },
      { home: 2.1, draw: 3.4, away: 3.5, over25: 1.9, under25: 1.95 },
    ],
    [
      "BetBrain's average in older seasons",
      { BbAvH: 1.5, BbAvD: 4, BbAvA: 7, 'BbAv>2.5': 1.7, 'BbAv<2.5': 2.1 },
      { home: 1.5, draw: 4, away: 7, over25: 1.7, under25: 2.1 },
    ],
    [
      'Bet365 when no average is complete',
      { AvgH: 2.1, AvgD: 3.4, B365H: 2.0, B365D: 3.3, B365A: 3.6, 'B365>2.5': 2, 'B365<2.5': 1.8 },
      { home: 2.0, draw: 3.3, away: 3.6, over25: 2, under25: 1.8 },
    ],
    [
      'nothing from closing prices alone',
      { PSCH: 2, PSCD: 3, PSCA: 4, 'AvgC>2.5': 1.9, 'AvgC<2.5': 1.9 },
      {},
    ],
    ['nothing from an empty row', {}, {}],
  ])('reads %s', (_, odds, expected) => {
    expect(getPreClosingPrices(odds)).toEqual(expected);
  });
});

describe('getPreClosingPublishedMs', () => {
  const uk = (iso: string) => new Date(iso).getTime();
  it.each([
    ['a Saturday match: the Friday before', '2022-10-01T11:30:00Z', '2022-09-30T14:00:00Z'],
    ['a Sunday match: the Friday before', '2022-10-02T15:30:00Z', '2022-09-30T14:00:00Z'],
    ['a Monday match: the Friday before', '2022-10-03T19:00:00Z', '2022-09-30T14:00:00Z'],
    ['a Friday evening match: that afternoon', '2022-09-30T19:00:00Z', '2022-09-30T14:00:00Z'],
    ['a Tuesday evening match: that afternoon', '2022-10-18T18:45:00Z', '2022-10-18T14:00:00Z'],
    ['a Wednesday match: the Tuesday before', '2022-10-19T18:30:00Z', '2022-10-18T14:00:00Z'],
    ['a Thursday match: the Tuesday before', '2022-10-20T19:00:00Z', '2022-10-18T14:00:00Z'],
    [
      'a Tuesday lunchtime match: the Friday before',
      '2022-10-18T11:00:00Z',
      '2022-10-14T14:00:00Z',
    ],
    ['in winter time, 15:00 UK is 15:00 UTC', '2022-12-31T12:30:00Z', '2022-12-30T15:00:00Z'],
  ])('%s', (_, kickoff, published) => {
    expect(new Date(getPreClosingPublishedMs(uk(kickoff))).toISOString()).toBe(
      new Date(published).toISOString(),
    );
  });

  it('is always before the kick-off and at most a week before it', () => {
    for (let ms = uk('2023-03-20T00:00:00Z'); ms < uk('2023-04-10T00:00:00Z'); ms += 3_600_000) {
      const published = getPreClosingPublishedMs(ms);
      expect(published).toBeLessThan(ms);
      expect(ms - published).toBeLessThanOrEqual(7 * 86_400_000);
    }
  });
});
