import { describe, expect, it } from 'vitest';

import {
  formatGmtOffset,
  formatShortDateTime,
  formatZonedTime,
  getUkKickoffMs,
  getZonedDate,
  getZonedDayRange,
  getZonedInstant,
  getZoneOffsetMs,
  formatZoneOffsets,
  listZoneOffsets,
  parseZoneOffsets,
  setZoneOffsets,
} from './time-zone.ts';

describe('getZonedDayRange', () => {
  it.each([
    [
      '2026-11-21T15:30:00Z',
      'Africa/Johannesburg',
      '2026-11-20T22:00:00.000Z',
      '2026-11-21T22:00:00.000Z',
    ],
    [
      '2026-11-21T23:30:00Z',
      'Africa/Johannesburg',
      '2026-11-21T22:00:00.000Z',
      '2026-11-22T22:00:00.000Z',
    ],
    ['2026-11-21T15:30:00Z', 'UTC', '2026-11-21T00:00:00.000Z', '2026-11-22T00:00:00.000Z'],
    [
      '2026-03-29T12:00:00Z',
      'Europe/London',
      '2026-03-29T00:00:00.000Z',
      '2026-03-29T23:00:00.000Z',
    ],
  ])('puts %s in the %s day from %s to %s', (at, zone, start, end) => {
    const range = getZonedDayRange(Date.parse(at), zone);
    expect(new Date(range.startMs).toISOString()).toBe(start);
    expect(new Date(range.endMs).toISOString()).toBe(end);
  });
});

describe('formatZonedTime', () => {
  it.each([
    ['2026-11-21T15:00:00Z', 'Africa/Johannesburg', '17:00'],
    ['2026-11-21T22:30:00Z', 'Africa/Johannesburg', '00:30'],
    ['2026-07-01T14:00:00Z', 'Europe/London', '15:00'],
  ])('shows %s in %s as %s', (at, zone, text) => {
    expect(formatZonedTime(Date.parse(at), zone)).toBe(text);
  });
});

describe('getZoneOffsetMs', () => {
  it('is two hours for GMT+2 all year', () => {
    expect(getZoneOffsetMs(Date.parse('2026-01-15T00:00:00Z'), 'Africa/Johannesburg')).toBe(
      7_200_000,
    );
    expect(getZoneOffsetMs(Date.parse('2026-07-15T00:00:00Z'), 'Africa/Johannesburg')).toBe(
      7_200_000,
    );
  });
});

describe('formatShortDateTime', () => {
  it.each([
    ['2026-11-21T16:00:00Z', 'Africa/Johannesburg', 'Nov 21, 18:00'],
    ['2026-11-21T22:30:00Z', 'Africa/Johannesburg', 'Nov 22, 00:30'],
    ['2026-01-05T08:05:00Z', 'Africa/Johannesburg', 'Jan 05, 10:05'],
  ])('shows %s in %s as %s', (at, zone, text) => {
    expect(formatShortDateTime(Date.parse(at), zone)).toBe(text);
  });
});

describe('getZonedInstant and getZonedDate (London)', () => {
  const TZ = 'Europe/London';

  it('turns London wall-clock time into UTC in summer and in winter', () => {
    const wall = { year: 2026, month: 7, day: 1, hour: 20, minute: 0 };
    expect(new Date(getZonedInstant(wall, TZ)).toISOString()).toBe('2026-07-01T19:00:00.000Z');
    expect(new Date(getZonedInstant({ ...wall, month: 1 }, TZ)).toISOString()).toBe(
      '2026-01-01T20:00:00.000Z',
    );
  });

  it('gives the London calendar day of an instant', () => {
    expect(getZonedDate(Date.parse('2026-10-17T23:30:00Z'), TZ)).toBe('2026-10-18');
    expect(getZonedDate(Date.parse('2026-12-31T23:30:00Z'), TZ)).toBe('2026-12-31');
  });
});

describe('formatGmtOffset', () => {
  const WINTER = Date.UTC(2026, 0, 15, 12);
  const SUMMER = Date.UTC(2026, 6, 15, 12);
  it.each([
    [WINTER, 'Africa/Johannesburg', 'GMT+2'],
    [WINTER, 'Europe/London', 'GMT'],
    [SUMMER, 'Europe/London', 'GMT+1'],
    [WINTER, 'Asia/Kolkata', 'GMT+5:30'],
    [WINTER, 'America/Sao_Paulo', 'GMT-3'],
    [WINTER, 'America/St_Johns', 'GMT-3:30'],
    [WINTER, 'UTC', 'GMT'],
  ])('at %i writes %s as %s', (ms, timeZone, text) => {
    expect(formatGmtOffset(ms, timeZone)).toBe(text);
  });
});

describe('getUkKickoffMs', () => {
  it.each([
    ['2024-01-13', '15:00', '2024-01-13T15:00:00.000Z'],
    ['2024-08-17', '12:30', '2024-08-17T11:30:00.000Z'],
    ['2024-08-17', null, '2024-08-17T14:00:00.000Z'],
    // The clocks go forward at 01:00 GMT on 31 March 2024 and back at 01:00 GMT on 27 October.
    ['2024-03-31', '16:30', '2024-03-31T15:30:00.000Z'],
    ['2024-10-27', '14:00', '2024-10-27T14:00:00.000Z'],
    ['2005-12-26', '12:45', '2005-12-26T12:45:00.000Z'],
  ])('reads %s %s (UK time) as %s', (date, time, iso) => {
    expect(new Date(getUkKickoffMs(date, time)).toISOString()).toBe(iso);
  });
});

describe('zone offset tables', () => {
  const SPAN_START = Date.UTC(2025, 0, 1);
  const SPAN_END = Date.UTC(2028, 0, 1);
  /** Every formatted reading of an instant, which the table must reproduce exactly. */
  const readAll = (ms: number, timeZone: string) => [
    getZoneOffsetMs(ms, timeZone),
    getZonedDate(ms, timeZone),
    formatZonedTime(ms, timeZone),
    formatShortDateTime(ms, timeZone),
    formatGmtOffset(ms, timeZone),
  ];

  // Summer time on an hour, on half an hour (Lord Howe), at 45 minutes (Chatham), south of the
  // equator, none at all (Kolkata), abolished (São Paulo) and the site's default zone.
  it.each([
    'Europe/London',
    'America/New_York',
    'Australia/Lord_Howe',
    'Pacific/Chatham',
    'Asia/Kolkata',
    'America/Sao_Paulo',
    'Africa/Johannesburg',
  ])('reads %s exactly as Intl does, at every change and between', (timeZone) => {
    const table = listZoneOffsets(timeZone, SPAN_START, SPAN_END);
    // Instants: each change and the minute and second either side, and every 7 hours 13 minutes.
    const instants: number[] = [];
    for (const { fromMs } of table.changes)
      instants.push(fromMs - 60_000, fromMs - 1, fromMs, fromMs + 1);
    for (let ms = SPAN_START; ms < SPAN_END; ms += 26_000_000 + 13 * 60_000) instants.push(ms);
    const expected = instants.map((ms) => readAll(ms, timeZone));
    setZoneOffsets(timeZone, table);
    try {
      expect(instants.map((ms) => readAll(ms, timeZone))).toEqual(expected);
    } finally {
      setZoneOffsets(timeZone, {
        startMs: 0,
        endMs: 1,
        changes: [{ fromMs: 0, offsetMinutes: 0 }],
      });
    }
  });

  it('finds two changes a year where summer time is kept, and none where it is not', () => {
    expect(
      listZoneOffsets('Europe/London', SPAN_START, SPAN_END).changes.map((c) => [
        new Date(c.fromMs).toISOString(),
        c.offsetMinutes,
      ]),
    ).toEqual([
      ['2025-01-01T00:00:00.000Z', 0],
      ['2025-03-30T01:00:00.000Z', 60],
      ['2025-10-26T01:00:00.000Z', 0],
      ['2026-03-29T01:00:00.000Z', 60],
      ['2026-10-25T01:00:00.000Z', 0],
      ['2027-03-28T01:00:00.000Z', 60],
      ['2027-10-31T01:00:00.000Z', 0],
    ]);
    expect(listZoneOffsets('Asia/Kolkata', SPAN_START, SPAN_END).changes).toEqual([
      { fromMs: SPAN_START, offsetMinutes: 330 },
    ]);
  });

  it('reads instants outside the span with Intl', () => {
    const timeZone = 'Europe/Paris';
    const summer = Date.UTC(2030, 6, 1, 12);
    const expected = readAll(summer, timeZone);
    // A table that says UTC all along, but only for 2025.
    setZoneOffsets(timeZone, {
      startMs: SPAN_START,
      endMs: Date.UTC(2026, 0, 1),
      changes: [{ fromMs: SPAN_START, offsetMinutes: 0 }],
    });
    try {
      expect(readAll(summer, timeZone)).toEqual(expected);
      expect(formatZonedTime(Date.UTC(2025, 6, 1, 12), timeZone)).toBe('12:00');
    } finally {
      setZoneOffsets(timeZone, {
        startMs: 0,
        endMs: 1,
        changes: [{ fromMs: 0, offsetMinutes: 0 }],
      });
    }
  });

  it('writes a table the page can carry and reads it back', () => {
    const table = listZoneOffsets('America/New_York', SPAN_START, SPAN_END);
    const text = formatZoneOffsets(table);
    expect(text).toMatch(/^\d+,\d+;\d+:-300;\d+:-240;/);
    expect(parseZoneOffsets(text)).toEqual(table);
  });

  it.each([
    ['', 'empty'],
    ['1,2', 'no changes'],
    ['10,5;10:0', 'a span that ends before it starts'],
    ['0,100;5:0', 'a first change after the start'],
    ['0,100;0:0;50:60;40:0', 'changes out of order'],
    ['0,100;0:0;100:60', 'a change at the end of the span'],
    ['0,100;0:1200', 'an offset beyond 18 hours'],
    ['0,100;0:x', 'a word'],
    ['0,100;0:0;<script>', 'markup'],
  ])('refuses %j (%s)', (text) => {
    expect(parseZoneOffsets(text)).toBeUndefined();
  });
});
