import { describe, expect, it } from 'vitest';

import {
  buildMatchdayCalendar,
  buildReplayCalendar,
  DAY_MS,
  getReplayWeekRange,
  getWeekStartMs,
  toRealTime,
  toReplayTime,
  WEEK_MS,
  type ReplayCalendar,
} from './replay-clock.ts';

const HOUR_MS = 60 * 60 * 1000;
const ms = (iso: string): number => Date.parse(iso);
const iso = (time: number): string => new Date(time).toISOString();

/** Monday 2022-08-01: the season below opens on Friday 2022-08-05 at 19:00 UTC. */
const ANCHOR = ms('2022-08-01T00:00:00Z');

/** Kick-off counts per week offset: week 3 is an international break, week 5 too thin to keep. */
const COUNTS: Record<number, number> = { 0: 10, 1: 10, 2: 12, 3: 0, 4: 10, 5: 9, 6: 20, 7: 10 };

function makeKickoffs(counts: Record<number, number>): number[] {
  return Object.entries(counts).flatMap(([week, count]) =>
    Array.from(
      { length: count },
      (_, i) => ANCHOR + Number(week) * WEEK_MS + 4 * DAY_MS + 19 * HOUR_MS + i * 2 * HOUR_MS,
    ),
  );
}

const calendar: ReplayCalendar = buildReplayCalendar(makeKickoffs(COUNTS));

const replayWeekOf = (replayMs: number): number => Math.floor((replayMs - ANCHOR) / WEEK_MS);
const timeOfDay = (time: number): number => ((time % DAY_MS) + DAY_MS) % DAY_MS;

describe('buildReplayCalendar', () => {
  it('anchors on the Monday before the first kick-off and keeps weeks with at least 10 kick-offs', () => {
    expect(calendar).toEqual({ anchorMs: ANCHOR, weeks: [0, 1, 2, 4, 6, 7] });
  });

  it('reads kick-offs in any order', () => {
    expect(buildReplayCalendar(makeKickoffs(COUNTS).reverse())).toEqual(calendar);
  });

  it.each([
    ['2022-08-05T19:00:00Z', '2022-08-01T00:00:00.000Z'],
    ['2022-08-01T00:00:00Z', '2022-08-01T00:00:00.000Z'],
    ['2022-07-31T23:59:59Z', '2022-07-25T00:00:00.000Z'],
    ['1969-12-31T20:00:00Z', '1969-12-29T00:00:00.000Z'],
  ])('anchors a season opening at %s on %s', (first, anchor) => {
    expect(iso(buildReplayCalendar([ms(first)], 1).anchorMs)).toBe(anchor);
  });

  it.each([
    [1, [0, 1, 2, 4, 5, 6, 7]],
    [10, [0, 1, 2, 4, 6, 7]],
    [12, [2, 6]],
    [20, [6]],
  ])('with a minimum of %i kick-offs keeps weeks %j', (minimum, weeks) => {
    expect(buildReplayCalendar(makeKickoffs(COUNTS), minimum).weeks).toEqual(weeks);
  });

  it.each([
    ['no kick-offs', [], 10],
    ['no week full enough', [ANCHOR, ANCHOR + HOUR_MS], 3],
    ['a kick-off that is not a time', [ANCHOR, Number.NaN], 1],
  ])('rejects %s', (_, kickoffs, minimum) => {
    expect(() => buildReplayCalendar(kickoffs, minimum)).toThrow(RangeError);
  });
});

describe('toReplayTime', () => {
  // Real week 0 starts on Monday 1970-01-05; the calendar has 6 weeks, so real
  // week w shows calendar week [0, 1, 2, 4, 6, 7][w mod 6]. The later rows were
  // checked with an independent calculation.
  it.each([
    ['1970-01-05T00:00:00Z', '2022-08-01T00:00:00.000Z'],
    ['1970-01-07T15:00:00Z', '2022-08-03T15:00:00.000Z'],
    ['1970-01-12T12:30:00Z', '2022-08-08T12:30:00.000Z'],
    ['1970-01-26T20:00:00Z', '2022-08-29T20:00:00.000Z'],
    ['1970-02-16T09:00:00Z', '2022-08-01T09:00:00.000Z'],
    ['1970-01-04T23:59:59Z', '2022-09-25T23:59:59.000Z'],
    ['1969-12-31T00:00:00Z', '2022-09-21T00:00:00.000Z'],
    ['1960-02-29T12:00:00Z', '2022-08-15T12:00:00.000Z'],
    ['2024-02-29T20:00:00Z', '2022-09-22T20:00:00.000Z'],
    ['2026-04-18T14:00:00Z', '2022-08-20T14:00:00.000Z'],
    ['2030-06-12T18:30:00Z', '2022-08-31T18:30:00.000Z'],
    ['2030-12-31T23:59:59Z', '2022-08-16T23:59:59.000Z'],
  ])('shows %s as %s', (real, replay) => {
    expect(iso(toReplayTime(ms(real), calendar))).toBe(replay);
  });

  it.each([
    '1950-07-16T19:00:00Z',
    '1969-12-29T00:00:00Z',
    '1970-01-01T00:00:00Z',
    '1970-01-04T12:00:00Z',
    '2000-01-01T00:00:00Z',
    '2023-03-26T01:30:00Z',
    '2024-02-29T23:59:59.999Z',
    '2025-06-02T00:00:00Z',
    '2025-06-08T23:59:59.999Z',
    '2026-07-19T19:00:00Z',
    '2030-01-01T12:00:00Z',
    '2030-06-15T16:45:30Z',
    '2099-12-31T23:00:00Z',
  ])('keeps the weekday and time of day of %s inside a calendar week', (real) => {
    const replay = toReplayTime(ms(real), calendar);
    expect(new Date(replay).getUTCDay()).toBe(new Date(ms(real)).getUTCDay());
    expect(timeOfDay(replay)).toBe(timeOfDay(ms(real)));
    expect(calendar.weeks).toContain(replayWeekOf(replay));
  });

  it('walks consecutive calendar weeks in consecutive real weeks and starts over after the last', () => {
    const start = ms('2025-09-03T19:45:00Z');
    const shown = Array.from({ length: 14 }, (_, i) =>
      replayWeekOf(toReplayTime(start + i * WEEK_MS, calendar)),
    );
    const first = calendar.weeks.indexOf(shown[0]!);
    expect(shown).toEqual(
      Array.from({ length: 14 }, (_, i) => calendar.weeks[(first + i) % calendar.weeks.length]),
    );
  });

  it('goes from the last calendar week back to the first', () => {
    // Real week -1 (the week before 1970-01-05) shows the last calendar week.
    const lastWeekSunday = ms('1970-01-04T18:00:00Z');
    expect(replayWeekOf(toReplayTime(lastWeekSunday, calendar))).toBe(7);
    expect(replayWeekOf(toReplayTime(lastWeekSunday + WEEK_MS, calendar))).toBe(0);
  });

  it('skips the empty and thin weeks', () => {
    const shown = new Set<number>();
    for (let i = 0; i < 24; i++) {
      shown.add(replayWeekOf(toReplayTime(ms('2030-01-01T00:00:00Z') + i * WEEK_MS, calendar)));
    }
    expect([...shown].sort((a, b) => a - b)).toEqual([0, 1, 2, 4, 6, 7]);
  });

  it('moves with real time inside a week', () => {
    const monday = ms('2026-02-02T00:00:00Z');
    const start = toReplayTime(monday, calendar);
    expect(toReplayTime(monday + 3 * DAY_MS + 5 * HOUR_MS, calendar)).toBe(
      start + 3 * DAY_MS + 5 * HOUR_MS,
    );
  });
});

describe('toRealTime', () => {
  it.each([
    '1969-12-30T10:00:00Z',
    '1970-01-05T00:00:00Z',
    '2024-02-29T20:00:00Z',
    '2026-05-17T23:59:59Z',
    '2030-11-20T12:00:00Z',
  ])('inverts toReplayTime over the current and next weeks when now is %s', (now) => {
    const weekStart = getWeekStartMs(ms(now));
    for (let t = weekStart; t < weekStart + 2 * WEEK_MS; t += 5 * HOUR_MS + 17 * 60 * 1000) {
      expect(toRealTime(toReplayTime(t, calendar), ms(now), calendar)).toBe(t);
    }
  });

  it('finds a week already shown in this cycle in the next cycle', () => {
    const now = ms('2030-06-12T18:30:00Z');
    // Now shows calendar week 4 (2022-08-29 …); week 1 was shown two real weeks ago.
    const replay = ms('2022-08-13T15:00:00Z');
    const real = toRealTime(replay, now, calendar);
    expect(real).not.toBeNull();
    expect(iso(real!)).toBe('2030-07-13T15:00:00.000Z');
    expect(toReplayTime(real!, calendar)).toBe(replay);
  });

  it('returns a time earlier in the current week when it falls there', () => {
    const now = ms('2030-06-12T18:30:00Z');
    const real = toRealTime(ms('2022-08-29T20:00:00Z'), now, calendar);
    expect(iso(real!)).toBe('2030-06-10T20:00:00.000Z');
  });

  it.each([
    ['a skipped week', '2022-08-24T19:00:00Z'],
    ['a thin week', '2022-09-06T19:00:00Z'],
    ['a time before the season', '2022-07-30T15:00:00Z'],
    ['a time after the season', '2022-09-26T15:00:00Z'],
  ])('returns null for %s', (_, replay) => {
    expect(toRealTime(ms(replay), ms('2026-01-01T00:00:00Z'), calendar)).toBeNull();
  });
});

describe('getReplayWeekRange', () => {
  it.each([
    ['2030-06-12T18:30:00Z', '2030-06-10T00:00:00.000Z', '2022-08-29T00:00:00.000Z'],
    ['1970-01-04T23:59:59Z', '1969-12-29T00:00:00.000Z', '2022-09-19T00:00:00.000Z'],
    ['1970-01-05T00:00:00Z', '1970-01-05T00:00:00.000Z', '2022-08-01T00:00:00.000Z'],
  ])(
    'for %s starts the real week on %s and shows the week from %s',
    (real, realStart, replayStart) => {
      const range = getReplayWeekRange(ms(real), calendar);
      expect(iso(range.realStartMs)).toBe(realStart);
      expect(iso(range.replayStartMs)).toBe(replayStart);
      expect(range.replayEndMs - range.replayStartMs).toBe(WEEK_MS);
    },
  );
});

describe('buildMatchdayCalendar', () => {
  const saturday = (iso: string) => Date.parse(`${iso}T15:00:00Z`);
  const weekend = (iso: string, leagues: string[], perLeague: number) =>
    leagues.flatMap((league) =>
      Array.from({ length: perLeague }, () => ({ kickoffMs: saturday(iso), league })),
    );

  it('keeps only weeks whose weekend is a full matchday', () => {
    const matches = [
      ...weekend('2022-08-06', ['E0', 'SP1', 'I1', 'D1', 'F1'], 5),
      // A cup weekend: two leagues play.
      ...weekend('2022-08-13', ['I1', 'SP1'], 10),
      ...weekend('2022-08-20', ['E0', 'SP1', 'I1', 'D1'], 5),
      // Midweek only: no weekend at all.
      { kickoffMs: Date.parse('2022-08-24T19:00:00Z'), league: 'E0' },
    ];
    const calendar = buildMatchdayCalendar(matches);
    expect(calendar.weeks).toEqual([0, 2]);
    expect(new Date(calendar.anchorMs).toISOString()).toBe('2022-08-01T00:00:00.000Z');
  });

  it('keeps the opening and final weekends, when fewer leagues are in season', () => {
    const matches = [
      // Two leagues start a week early, and two finish a week late.
      ...weekend('2022-08-06', ['E0', 'D1'], 9),
      ...weekend('2022-08-13', ['E0', 'SP1', 'I1', 'D1', 'F1'], 5),
      ...weekend('2022-08-20', ['SP1', 'I1'], 10),
    ];
    expect(buildMatchdayCalendar(matches).weeks).toEqual([0, 1, 2]);
  });

  it('still skips a weekend when a league in season does not play', () => {
    const matches = [
      ...weekend('2022-08-06', ['E0', 'SP1', 'I1'], 10),
      ...weekend('2022-08-13', ['E0', 'SP1', 'I1'], 5),
      ...weekend('2022-08-20', ['E0', 'I1'], 10),
      ...weekend('2022-08-27', ['E0', 'SP1', 'I1'], 5),
    ];
    const calendar = buildMatchdayCalendar(matches);
    expect(calendar.weeks).toEqual([0, 1, 3]);
    expect(new Date(calendar.anchorMs).toISOString()).toBe('2022-08-01T00:00:00.000Z');
  });
});
