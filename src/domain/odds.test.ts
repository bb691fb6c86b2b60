import { describe, expect, it } from 'vitest';

import {
  renameOddsEventClubs,
  findBestPrices,
  getConsensusProbabilities,
  type Bookmaker,
  type OddsEvent,
} from './odds.ts';
import { getShinProbabilities } from './shin.ts';

const makeEvent = (bookmakers: Bookmaker[]): OddsEvent => ({
  id: 'evt-1',
  commence_time: '2026-05-17T15:00:00Z',
  home_team: 'Arsenal',
  away_team: 'Chelsea',
  bookmakers,
});

const h2h = (home: number, draw: number, away: number): Bookmaker['markets'][number] => ({
  key: 'h2h',
  outcomes: [
    { name: 'Arsenal', price: home },
    { name: 'Draw', price: draw },
    { name: 'Chelsea', price: away },
  ],
});

const totals = (point: number, over: number, under: number): Bookmaker['markets'][number] => ({
  key: 'totals',
  outcomes: [
    { name: 'Over', price: over, point },
    { name: 'Under', price: under, point },
  ],
});

const bet365: Omit<Bookmaker, 'markets'> = {
  key: 'bet365',
  title: 'Bet365',
  link: 'https://www.bet365.com',
};
const unibet: Omit<Bookmaker, 'markets'> = {
  key: 'unibet',
  title: 'Unibet',
  link: 'https://www.unibet.com',
};
const pinnacle: Omit<Bookmaker, 'markets'> = { key: 'pinnacle', title: 'Pinnacle' };

const at = (bookmaker: Omit<Bookmaker, 'markets'>, price: number) => ({
  price,
  bookmakerKey: bookmaker.key,
  bookmakerTitle: bookmaker.title,
  link: bookmaker.link ?? null,
});

describe('findBestPrices', () => {
  it.each([
    [
      'takes the highest price for each outcome across bookmakers',
      [
        { ...bet365, markets: [h2h(2.1, 3.4, 3.6)] },
        { ...unibet, markets: [h2h(2.05, 3.6, 3.5)] },
        { ...pinnacle, markets: [h2h(2.0, 3.5, 3.8)] },
      ],
      { home: at(bet365, 2.1), draw: at(unibet, 3.6), away: at(pinnacle, 3.8) },
    ],
    [
      'gives a tie to the bookmaker listed first',
      [
        { ...unibet, markets: [h2h(2.1, 3.4, 3.6)] },
        { ...bet365, markets: [h2h(2.1, 3.4, 3.6)] },
      ],
      { home: at(unibet, 2.1), draw: at(unibet, 3.4), away: at(unibet, 3.6) },
    ],
    [
      'leaves an outcome no bookmaker offers empty',
      [
        {
          ...bet365,
          markets: [
            {
              key: 'h2h' as const,
              outcomes: [
                { name: 'Arsenal', price: 2.2 },
                { name: 'Chelsea', price: 3.1 },
              ],
            },
          ],
        },
        {
          ...unibet,
          markets: [{ key: 'h2h' as const, outcomes: [{ name: 'Arsenal', price: 2.3 }] }],
        },
      ],
      { home: at(unibet, 2.3), draw: null, away: at(bet365, 3.1) },
    ],
    [
      'skips a bookmaker without the market',
      [
        { ...bet365, markets: [totals(2.5, 1.9, 1.9)] },
        { ...pinnacle, markets: [h2h(2.0, 3.5, 3.8)] },
      ],
      { home: at(pinnacle, 2.0), draw: at(pinnacle, 3.5), away: at(pinnacle, 3.8) },
    ],
    ['is empty for an event without bookmakers', [], { home: null, draw: null, away: null }],
    [
      'ignores outcomes named after neither team',
      [
        {
          ...bet365,
          markets: [
            {
              key: 'h2h' as const,
              outcomes: [
                { name: 'Arsenal FC', price: 9 },
                { name: 'draw', price: 9 },
              ],
            },
          ],
        },
      ],
      { home: null, draw: null, away: null },
    ],
    [
      'ignores prices that pay nothing back',
      [
        { ...bet365, markets: [h2h(1, 0, Number.NaN)] },
        { ...unibet, markets: [h2h(1.01, 3.2, 4)] },
      ],
      { home: at(unibet, 1.01), draw: at(unibet, 3.2), away: at(unibet, 4) },
    ],
  ])('in the match market %s', (_, bookmakers, expected) => {
    expect(findBestPrices(makeEvent(bookmakers), 'h2h')).toEqual(expected);
  });

  it.each([
    [
      'takes the highest over and under at 2.5 goals',
      [
        { ...bet365, markets: [h2h(2.1, 3.4, 3.6), totals(2.5, 1.95, 1.85)] },
        { ...unibet, markets: [totals(2.5, 1.9, 1.92)] },
      ],
      { over: at(bet365, 1.95), under: at(unibet, 1.92) },
    ],
    [
      'ignores the 3.5 line even when it pays more',
      [
        { ...bet365, markets: [totals(3.5, 3.1, 1.3), totals(2.5, 1.8, 2.0)] },
        { ...pinnacle, markets: [totals(3.5, 3.3, 1.35)] },
      ],
      { over: at(bet365, 1.8), under: at(bet365, 2.0) },
    ],
    [
      'gives a tie to the bookmaker listed first',
      [
        { ...pinnacle, markets: [totals(2.5, 1.9, 1.9)] },
        { ...bet365, markets: [totals(2.5, 1.9, 1.9)] },
      ],
      { over: at(pinnacle, 1.9), under: at(pinnacle, 1.9) },
    ],
    [
      'is empty when no bookmaker has the market',
      [{ ...bet365, markets: [h2h(2.1, 3.4, 3.6)] }],
      { over: null, under: null },
    ],
    [
      'ignores a totals line without a point',
      [
        {
          ...bet365,
          markets: [{ key: 'totals' as const, outcomes: [{ name: 'Over', price: 1.9 }] }],
        },
      ],
      { over: null, under: null },
    ],
  ])('in the totals market %s', (_, bookmakers, expected) => {
    expect(findBestPrices(makeEvent(bookmakers), 'totals')).toEqual(expected);
  });
});

describe('getConsensusProbabilities', () => {
  const event = (
    bookmakers: [number | undefined, number | undefined, number | undefined][],
  ): OddsEvent => ({
    id: 'e',
    commence_time: '2026-11-21T18:00:00Z',
    home_team: 'Home FC',
    away_team: 'Away FC',
    bookmakers: bookmakers.map(([h, d, a], i) => ({
      key: `b${i}`,
      title: `B${i}`,
      markets: [
        {
          key: 'h2h' as const,
          outcomes: [
            ...(h === undefined ? [] : [{ name: 'Home FC', price: h }]),
            ...(d === undefined ? [] : [{ name: 'Draw', price: d }]),
            ...(a === undefined ? [] : [{ name: 'Away FC', price: a }]),
          ],
        },
      ],
    })),
  });

  it('removes the margin of one bookmaker', () => {
    const p = getConsensusProbabilities(event([[2, 4, 4]]));
    // 1/2 + 1/4 + 1/4 = 1: no margin, so the probabilities are the inverse prices.
    expect(p?.home).toBeCloseTo(0.5, 10);
    expect(p?.draw).toBeCloseTo(0.25, 10);
    expect(p?.away).toBeCloseTo(0.25, 10);
  });

  it('averages the bookmakers that price all three outcomes, ignoring the others', () => {
    const p = getConsensusProbabilities(
      event([
        [1.9, 3.6, 4.2],
        [2.0, 3.4, 4.0],
        [2.5, undefined, 3.0],
      ]),
    );
    const fair = (h: number, d: number, a: number) =>
      getShinProbabilities([h, d, a])?.probabilities ?? [];
    const [a, b] = [fair(1.9, 3.6, 4.2), fair(2.0, 3.4, 4.0)];
    expect(p?.home).toBeCloseTo(((a[0] ?? 0) + (b[0] ?? 0)) / 2, 10);
    expect(p?.draw).toBeCloseTo(((a[1] ?? 0) + (b[1] ?? 0)) / 2, 10);
    expect((p?.home ?? 0) + (p?.draw ?? 0) + (p?.away ?? 0)).toBeCloseTo(1, 10);
  });

  it("takes more margin off the long shot than off the favourite (Shin's method)", () => {
    const p = getConsensusProbabilities(event([[1.5, 4.2, 7.0]]));
    // Dividing by the booksum instead takes the margin off every outcome in proportion.
    const booksum = 1 / 1.5 + 1 / 4.2 + 1 / 7.0;
    const basic = [1 / 1.5 / booksum, 1 / 4.2 / booksum, 1 / 7.0 / booksum];
    expect(p?.home).toBeGreaterThan(basic[0] ?? 1);
    expect(p?.away).toBeLessThan(basic[2] ?? 0);
  });

  it('is null when no bookmaker prices all three outcomes', () => {
    expect(getConsensusProbabilities(event([[2, undefined, 3]]))).toBeNull();
    expect(getConsensusProbabilities(event([]))).toBeNull();
  });
});

describe('renameOddsEventClubs', () => {
  const event: OddsEvent = {
    id: 'e1',
    commence_time: '2026-11-28T15:00:00Z',
    home_team: 'Wolverhampton Wanderers',
    away_team: 'Brighton and Hove Albion',
    bookmakers: [
      {
        key: 'bet365',
        title: 'Bet365',
        markets: [
          {
            key: 'h2h',
            outcomes: [
              { name: 'Brighton and Hove Albion', price: 2.1 },
              { name: 'Draw', price: 3.4 },
              { name: 'Wolverhampton Wanderers', price: 3.6 },
            ],
          },
          {
            key: 'totals',
            outcomes: [
              { name: 'Over', price: 1.9, point: 2.5 },
              { name: 'Under', price: 1.95, point: 2.5 },
            ],
          },
        ],
      },
    ],
  };

  it('names the teams and their outcomes as asked, in any order, and leaves the rest', () => {
    const renamed = renameOddsEventClubs(event, 'Wolves', 'Brighton');
    expect(renamed.home_team).toBe('Wolves');
    expect(renamed.away_team).toBe('Brighton');
    expect(renamed.bookmakers[0]?.markets.map((m) => m.outcomes.map((o) => o.name))).toEqual([
      ['Brighton', 'Draw', 'Wolves'],
      ['Over', 'Under'],
    ]);
    expect(renamed.bookmakers[0]?.markets[0]?.outcomes.map((o) => o.price)).toEqual([
      2.1, 3.4, 3.6,
    ]);
    // The upstream's event is not changed.
    expect(event.home_team).toBe('Wolverhampton Wanderers');
  });

  it("answers the same event when the names are already the club table's", () => {
    expect(renameOddsEventClubs(event, event.home_team, event.away_team)).toBe(event);
  });
});
