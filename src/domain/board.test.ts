import { describe, expect, it } from 'vitest';

import {
  deriveStatus,
  formatAge,
  formatInterval,
  formatMinute,
  getCompetitionFlagCode,
  getLiveMinuteText,
  getPage,
  getScoreText,
  getStatus,
  getStatusBadge,
  sortLiveMatches,
} from './board.ts';

const NOW = Date.parse('2026-11-21T15:30:00Z');
const ago = (minutes: number) => new Date(NOW - minutes * 60_000).toISOString();

describe('formatMinute', () => {
  it.each([
    ['67', "67'"],
    ['1', "1'"],
    ['45+2', "45+2'"],
    ['90+4', "90+4'"],
    ['HT', 'HT'],
    ['FT', 'FT'],
    ['', ''],
    ["67'", "67'"],
    [' 12 ', "12'"],
    ['ET 105', 'ET 105'],
  ])('shows %j as %j', (text, shown) => {
    expect(formatMinute(text)).toBe(shown);
  });
});

describe('getLiveMinuteText', () => {
  it.each([
    [{ minute: '67' }, '67'],
    [{ minute: 67 }, '67'],
    [{ live_minute: '45+1' }, '45+1'],
    [{ liveMinute: 12 }, '12'],
    [{ elapsed: 80 }, '80'],
    [{ minute: '', elapsed: 33 }, '33'],
    [{ minute: null }, ''],
    [{ minute: { value: 3 } }, ''],
    [{ minute: Number.NaN }, ''],
    [{}, ''],
  ])('reads %j as %j', (item, text) => {
    expect(getLiveMinuteText(item)).toBe(text);
  });
});

describe('getStatus', () => {
  it.each([
    [{ status: 0 }, 0],
    [{ status: '-1' }, -1],
    [{ status: ' 5 ' }, 5],
    [{ status: 'live' }, Number.NaN],
    [{}, Number.NaN],
  ])('reads %j as %s', (item, status) => {
    expect(getStatus(item)).toBe(status);
  });
});

describe('deriveStatus', () => {
  it.each([
    ['a finished match at 45 an hour in', { status: 1, date: ago(60), minute: '45' }, 5],
    ['a finished match saying HT', { status: 1, date: ago(50), minute: 'HT' }, 5],
    ['a finished match at 45+2', { status: 1, date: ago(48), live_minute: '45+2' }, 5],
    ['a finished match more than two hours old', { status: 1, date: ago(121), minute: '45' }, 1],
    ['a finished match exactly two hours old', { status: 1, date: ago(120), minute: 'HT' }, 5],
    ['a finished match not yet started', { status: 1, date: ago(-10), minute: 'HT' }, 1],
    ['a finished match at full time', { status: 1, date: ago(110), minute: 'FT' }, 1],
    ['a finished match without a kick-off', { status: 1, minute: 'HT' }, 1],
    ['a live match at 45', { status: 0, date: ago(46), minute: '45' }, 0],
    ['an unknown status', { status: 9, date: ago(46), minute: '45' }, 9],
  ])('keeps or changes %s to %s', (_, item, status) => {
    expect(deriveStatus(item, NOW)).toBe(status);
  });
});

describe('sortLiveMatches', () => {
  it('puts matches in play first, then scheduled, then finished (latest first), then the rest', () => {
    const items = [
      { id: 'ft-early', status: 1, date: ago(300) },
      { id: 'sched-late', status: -1, date: ago(-120) },
      { id: 'postponed', status: 2, date: ago(10) },
      { id: 'live-late', status: 0, date: ago(20) },
      { id: 'ft-late', status: 1, date: ago(200) },
      { id: 'ht-derived', status: 1, date: ago(55), minute: 'HT' },
      { id: 'sched-early', status: -1, date: ago(-30) },
      { id: 'live-early', status: 0, date: ago(70) },
      { id: 'unknown', status: 'odd', date: ago(5) },
    ];
    expect(sortLiveMatches(items, NOW).map((m) => m.id)).toEqual([
      'live-early',
      'ht-derived',
      'live-late',
      'sched-early',
      'sched-late',
      'ft-late',
      'ft-early',
      'postponed',
      'unknown',
    ]);
  });

  // Each status code's group: in play (0), to come (1), finished (2), the rest (3).
  const GROUPS: [string, unknown, number][] = [
    ['live', 0, 0],
    ['half-time', 5, 0],
    ['extra time', 3, 0],
    ['penalties', 4, 0],
    ['scheduled', -1, 1],
    ['finished', 1, 2],
    ['postponed', 2, 3],
    ['an unknown code', 7, 3],
    ['a non-number', 'odd', 3],
    ['a numeric string for half-time', '5', 0],
  ];

  it.each(GROUPS)('sorts %s (status %j) into its group against every other', (_, status, group) => {
    // Against each other code, kicked off earlier and later: the group alone decides.
    for (const [, other, otherGroup] of GROUPS) {
      if (otherGroup === group) continue;
      for (const offset of [-60, 60]) {
        const items = [
          { id: 'other', status: other, date: ago(30 + offset) },
          { id: 'this', status, date: ago(30) },
        ];
        const first = sortLiveMatches(items, NOW)[0]?.id;
        expect(first, `status ${String(status)} v ${String(other)}`).toBe(
          group < otherGroup ? 'this' : 'other',
        );
      }
    }
  });

  it('keeps half-time, extra time and penalties in kick-off order among the live matches', () => {
    const items = [
      { id: 'pens', status: 4, date: ago(130) },
      { id: 'live', status: 0, date: ago(20) },
      { id: 'ft', status: 1, date: ago(10) },
      { id: 'et', status: 3, date: ago(100) },
      { id: 'sched', status: -1, date: ago(-10) },
      { id: 'ht', status: 5, date: ago(50) },
    ];
    expect(sortLiveMatches(items, NOW).map((m) => m.id)).toEqual([
      'pens',
      'et',
      'ht',
      'live',
      'sched',
      'ft',
    ]);
  });

  it('does not change the list it is given', () => {
    const items = [
      { status: 1, date: ago(10) },
      { status: 0, date: ago(5) },
    ];
    sortLiveMatches(items, NOW);
    expect(items[0]?.status).toBe(1);
  });
});

describe('getStatusBadge', () => {
  it.each([
    [-1, 'VS', false],
    [0, 'LIVE', true],
    [1, 'FT', false],
    [2, 'POSTPONED', false],
    [3, 'ET', true],
    [4, 'PENS', true],
    [5, 'HT', false],
    [7, 'VS', false],
    [Number.NaN, 'VS', false],
  ])('shows status %s as %s', (status, label, showsMinute) => {
    expect(getStatusBadge(status)).toMatchObject({ label, showsMinute });
  });
});

describe('getScoreText', () => {
  it.each([
    ['the kick-off time before the match', { hour: '17:00', result: 'x-x' }, -1, '17:00'],
    ['the result when there is one', { hour: '17:00', result: '2-1' }, 0, '2-1'],
    ['0-0 while the result is x-x', { hour: '17:00', result: 'x-x' }, 0, '0-0'],
    ['0-0 when the result is missing', { hour: '17:00' }, 5, '0-0'],
    ['0-0 for a scheduled match with no time', { result: 'x-x' }, -1, '0-0'],
    ['the result of a finished match', { result: '3-3' }, 1, '3-3'],
  ])('shows %s', (_, item, status, text) => {
    expect(getScoreText(item, status)).toBe(text);
  });
});

describe('getCompetitionFlagCode', () => {
  it.each([
    ['Premier League', 'gb-eng'],
    ['England - Championship', 'gb-eng'],
    ['La Liga', 'es'],
    ['Primera División', 'es'],
    ['Serie A', 'it'],
    ['Bundesliga', 'de'],
    ['Ligue 1', 'fr'],
    ['Eredivisie', ''],
    ['', ''],
  ])('gives %j the flag %j', (name, flag) => {
    expect(getCompetitionFlagCode(name)).toBe(flag);
  });
});

describe('formatInterval', () => {
  it.each([
    [30_000, '30s'],
    [120_000, '2m'],
    [300_000, '5m'],
  ])('shows %s ms as %s', (ms, text) => {
    expect(formatInterval(ms)).toBe(text);
  });
});

describe('formatAge', () => {
  it.each([
    [0, '0s ago'],
    [12_400, '12s ago'],
    [59_999, '59s ago'],
    [60_000, '1m ago'],
    [185_000, '3m ago'],
    [-5_000, '0s ago'],
  ])('shows %s ms as %s', (ms, text) => {
    expect(formatAge(ms)).toBe(text);
  });
});

describe('getPage', () => {
  const items = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i'];
  it.each([
    [1, { rows: ['a', 'b', 'c', 'd'], page: 1, pages: 3, first: 1, last: 4, placeholders: 0 }],
    [3, { rows: ['i'], page: 3, pages: 3, first: 9, last: 9, placeholders: 3 }],
    [9, { rows: ['i'], page: 3, pages: 3, first: 9, last: 9, placeholders: 3 }],
    [0, { rows: ['a', 'b', 'c', 'd'], page: 1, pages: 3, first: 1, last: 4, placeholders: 0 }],
  ])('gives page %s', (page, expected) => {
    expect(getPage(items, page, 4)).toMatchObject({ ...expected, total: 9 });
  });

  it('gives one empty page of placeholders for no items', () => {
    expect(getPage([], 1, 4)).toEqual({
      rows: [],
      page: 1,
      pages: 1,
      first: 0,
      last: 0,
      total: 0,
      placeholders: 4,
    });
  });
});
