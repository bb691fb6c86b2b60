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
