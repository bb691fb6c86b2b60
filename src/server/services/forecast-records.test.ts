import { describe, expect, it } from 'vitest';

import type { OddsEvent } from '../../domain/odds.ts';
import type { ForecastMatchRow } from '../db/forecast-queries.ts';
import type { ForecastRecord } from '../providers/provider.ts';
import {
  getSeasonOf,
  getStoredPrices,
  mergePlayedRecords,
  pickUpcomingRecords,
  toHistoryRecord,
  toStoredRecord,
  type UpcomingRecord,
} from './forecast-records.ts';

const KICKOFF = new Date('2026-10-17T14:00:00Z');
const BEFORE = new Date('2026-10-16T09:00:00Z');

function createEvent(bookmakers: OddsEvent['bookmakers']): OddsEvent {
  return {
    id: 'e1',
    commence_time: KICKOFF.toISOString(),
    home_team: 'Arsenal',
    away_team: 'Chelsea',
    bookmakers,
  };
}

const h2hBook = (key: string, home: number, draw: number, away: number) => ({
  key,
  title: key,
  markets: [
    {
      key: 'h2h' as const,
      outcomes: [
        { name: 'Arsenal', price: home },
        { name: 'Draw', price: draw },
        { name: 'Chelsea', price: away },
      ],
    },
  ],
});

const totalsBook = (key: string, lines: [number, number, number][]) => ({
  key,
  title: key,
  markets: [
    {
      key: 'totals' as const,
      outcomes: lines.flatMap(([point, over, under]) => [
        { name: 'Over', price: over, point },
        { name: 'Under', price: under, point },
      ]),
    },
  ],
});

function createRow(fields: Partial<ForecastMatchRow> = {}): ForecastMatchRow {
  return {
    externalId: 'football-data:1',
    leagueCode: 'E0',
    homeKey: 'arsenal',
    awayKey: 'chelsea',
    kickoffUtc: KICKOFF,
    homeScore: null,
    awayScore: null,
    h2h: null,
    h2hUpdatedAt: null,
    totals: null,
    totalsUpdatedAt: null,
    ...fields,
  };
}

const record = (id: string, kickoffMs: number, league = 'E0'): ForecastRecord => ({
  id,
  league,
  season: '2026-2027',
  kickoffMs,
  homeKey: 'a',
  awayKey: 'b',
  preClosing: {},
});

describe('getSeasonOf', () => {
  it.each([
    ['2026-08-22T14:00:00Z', '2026-2027'],
    ['2026-07-01T00:00:00Z', '2026-2027'],
    ['2027-05-23T15:00:00Z', '2026-2027'],
    ['2027-06-30T23:59:00Z', '2026-2027'],
    ['2026-12-26T15:00:00Z', '2026-2027'],
  ])('puts a match kicking off at %s in %s', (kickoff, season) => {
    expect(getSeasonOf(Date.parse(kickoff))).toBe(season);
  });
});

describe('toHistoryRecord', () => {
  const keys = new Map([
    ['Man City', 'manchester-city'],
    ['Burnley', 'burnley'],
  ]);
  const row = {
    div: 'E0',
    season: '2023-2024',
    date: '2023-08-11',
    time: '20:00',
    home: 'Burnley',
    away: 'Man City',
    homeGoals: 0,
    awayGoals: 3,
    homeShots: 6,
    awayShots: 17,
    homeShotsOnTarget: 1,
    awayShotsOnTarget: 8,
    odds: { AvgH: 8.5, AvgD: 5.2, AvgA: 1.35, 'Avg>2.5': 1.5, 'Avg<2.5': 2.6, AvgCH: 9 },
  };

  it('names the clubs by their keys and keeps the pre-closing prices only', () => {
    expect(toHistoryRecord(row, keys)).toEqual({
      id: 'E0:2023-2024:burnley:manchester-city',
      league: 'E0',
      season: '2023-2024',
      kickoffMs: Date.parse('2023-08-11T19:00:00Z'),
      homeKey: 'burnley',
      awayKey: 'manchester-city',
      homeGoals: 0,
      awayGoals: 3,
      shots: { home: 6, away: 17, homeOnTarget: 1, awayOnTarget: 8 },
      preClosing: { home: 8.5, draw: 5.2, away: 1.35, over25: 1.5, under25: 2.6 },
    });
  });

  it('gives no shots when the history lacks a count', () => {
    expect(toHistoryRecord({ ...row, awayShotsOnTarget: null }, keys)).not.toHaveProperty('shots');
  });

  it('leaves out a match of a club without a key', () => {
    expect(toHistoryRecord({ ...row, home: 'Luton' }, keys)).toBeNull();
  });
});

describe('getStoredPrices', () => {
  it('averages each outcome over the bookmakers that price the whole market', () => {
    const h2h = createEvent([
      h2hBook('a', 2, 3.4, 4),
      h2hBook('b', 2.2, 3.6, 3.6),
      // No away price: left out of every average.
      {
        ...h2hBook('c', 9, 9, 9),
        markets: [{ key: 'h2h', outcomes: [{ name: 'Arsenal', price: 9 }] }],
      },
    ]);
    const totals = createEvent([
      totalsBook('a', [
        [2.5, 1.8, 2],
        [3.5, 3, 1.3],
      ]),
      totalsBook('b', [[2.5, 2, 1.8]]),
      // Another line only: not the 2.5 goals the models forecast.
      totalsBook('c', [[1.5, 1.1, 6]]),
    ]);
    const prices = getStoredPrices(
      createRow({ h2h, h2hUpdatedAt: BEFORE, totals, totalsUpdatedAt: BEFORE }),
    );
    expect(prices.home).toBeCloseTo(2.1);
    expect(prices.draw).toBeCloseTo(3.5);
    expect(prices.away).toBeCloseTo(3.8);
    expect(prices.over25).toBeCloseTo(1.9);
    expect(prices.under25).toBeCloseTo(1.9);
  });

  it('gives no prices for a match without stored odds', () => {
    expect(getStoredPrices(createRow())).toEqual({});
  });

  it('gives only the markets that are stored', () => {
    const h2h = createEvent([h2hBook('a', 2, 3.4, 4)]);
    expect(getStoredPrices(createRow({ h2h, h2hUpdatedAt: BEFORE }))).toEqual({
      home: 2,
      draw: 3.4,
      away: 4,
    });
  });

  it('ignores odds written at or after kick-off: they are not pre-kick-off prices', () => {
    const h2h = createEvent([h2hBook('a', 2, 3.4, 4)]);
    expect(getStoredPrices(createRow({ h2h, h2hUpdatedAt: KICKOFF }))).toEqual({});
  });

  it('ignores stored data that is not an odds event, and prices of 1 or less', () => {
    expect(getStoredPrices(createRow({ h2h: { bookmakers: 'x' }, h2hUpdatedAt: BEFORE }))).toEqual(
      {},
    );
    const h2h = createEvent([h2hBook('a', 1, 3.4, 4)]);
    expect(getStoredPrices(createRow({ h2h, h2hUpdatedAt: BEFORE }))).toEqual({});
  });
});

describe('toStoredRecord', () => {
  it('keys a stored match like the history does, with the season of its kick-off', () => {
    const played = toStoredRecord(
      createRow({ kickoffUtc: new Date('2025-03-01T15:00:00Z'), homeScore: 2, awayScore: 1 }),
    );
    expect(played).toEqual({
      id: 'E0:2024-2025:arsenal:chelsea',
      league: 'E0',
      season: '2024-2025',
      kickoffMs: Date.parse('2025-03-01T15:00:00Z'),
      homeKey: 'arsenal',
      awayKey: 'chelsea',
      homeGoals: 2,
      awayGoals: 1,
      preClosing: {},
    });
  });

  it('gives an unplayed match no goals', () => {
    const upcoming = toStoredRecord(createRow());
    expect(upcoming).not.toHaveProperty('homeGoals');
    expect(upcoming).not.toHaveProperty('awayGoals');
  });
});

describe('mergePlayedRecords', () => {
  it('keeps each match once, the history first, in kick-off order then by id', () => {
    const history = [record('h2', 2000), record('h1', 1000)];
    const stored = [
      { ...record('h2', 2500), homeGoals: 9 },
      record('s2', 3000),
      record('s1', 3000),
      record('s0', 1500),
    ];
    const merged = mergePlayedRecords(history, stored);
    expect(merged.map((r) => r.id)).toEqual(['h1', 's0', 'h2', 's1', 's2']);
    expect(merged.find((r) => r.id === 'h2')).toEqual(record('h2', 2000));
  });
});

describe('pickUpcomingRecords', () => {
  it("keeps each league's first matches only", () => {
    const upcoming: UpcomingRecord[] = [
      { ...record('a1', 1, 'E0'), externalId: 'x:1' },
      { ...record('b1', 2, 'SP1'), externalId: 'x:2' },
      { ...record('a2', 3, 'E0'), externalId: 'x:3' },
      { ...record('a3', 4, 'E0'), externalId: 'x:4' },
      { ...record('b2', 5, 'SP1'), externalId: 'x:5' },
    ];
    expect(pickUpcomingRecords(upcoming, 2).map((r) => r.externalId)).toEqual([
      'x:1',
      'x:2',
      'x:3',
      'x:5',
    ]);
  });
});
