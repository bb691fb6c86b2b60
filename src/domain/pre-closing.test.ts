import { describe, expect, it } from 'vitest';

import { getPreClosingPrices } from './pre-closing.ts';

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
