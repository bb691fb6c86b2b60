import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import type { DroppedItem } from '../upstream/http.ts';
import { accountsForScore } from '../upstream/match-details.ts';
import {
  readFixtureDetails,
  readGoals,
  readReferee,
  readStatistics,
  type FixtureSides,
} from './fixture-details.ts';

const HOME = { id: 42, name: 'Arsenal', logo: null };
const AWAY = { id: 47, name: 'Tottenham', logo: null };
const SIDES: FixtureSides = { homeId: 42, awayId: 47, homeScore: 2, awayScore: 1 };
const PLACE = { id: '1379120', where: 'response[0]' };

function collect() {
  const dropped: DroppedItem[] = [];
  return { dropped, drop: (item: DroppedItem) => dropped.push(item) };
}

/** An event as API-Football writes it (§13). */
function event(
  elapsed: number,
  extra: number | null,
  team: { id: number },
  detail: string,
  player: string | null = 'B. Saka',
  fields: Record<string, unknown> = {},
) {
  return {
    time: { elapsed, extra },
    team,
    player: { id: 1, name: player },
    assist: { id: null, name: null },
    type: 'Goal',
    detail,
    comments: null,
    ...fields,
  };
}

describe('readGoals', () => {
  it('reads scorer, assist, minute and added time of each goal, leaving other events out', () => {
    const goals = readGoals(
      [
        event(31, null, AWAY, 'Yellow Card', 'C. Romero', { type: 'Card' }),
        event(23, null, HOME, 'Normal Goal', 'B. Saka', {
          assist: { id: 7, name: 'M. Ødegaard' },
        }),
        event(64, null, HOME, 'Substitution 1', 'B. Saka', { type: 'subst' }),
        event(78, null, AWAY, 'Goal cancelled', 'D. Solanke', { type: 'Var' }),
        event(90, 3, AWAY, 'Normal Goal', 'D. Solanke'),
      ],
      SIDES,
      PLACE,
    );
    expect(goals).toEqual([
      {
        kind: 'goal',
        side: 'home',
        minute: 23,
        added: 0,
        scorer: 'B. Saka',
        assist: 'M. Ødegaard',
        penalty: false,
        ownGoal: false,
      },
      {
        kind: 'goal',
        side: 'away',
        minute: 90,
        added: 3,
        scorer: 'D. Solanke',
        assist: null,
        penalty: false,
        ownGoal: false,
      },
    ]);
  });

  it('reads a penalty as a penalty and leaves a missed one out', () => {
    const goals = readGoals(
      [event(45, 2, HOME, 'Penalty'), event(52, null, AWAY, 'Missed Penalty', 'J. Maddison')],
      SIDES,
      PLACE,
    );
    expect(goals?.map((g) => [g.side, g.minute, g.added, g.penalty, g.scorer])).toEqual([
      ['home', 45, 2, true, 'B. Saka'],
    ]);
  });

  it("gives an own goal to the side its event's team names, the side it counts for", () => {
    // API-Football's `team` of an own goal is the club it counts for, not the scorer's club
    // (NOTES.md §13): a Tottenham player's own goal comes with Arsenal's id.
    const goals = readGoals([event(61, null, HOME, 'Own Goal', 'C. Romero')], SIDES, PLACE);
    expect(goals).toEqual([
      expect.objectContaining({ side: 'home', ownGoal: true, scorer: 'C. Romero' }),
    ]);
  });

  it('leaves out the kicks of a shoot-out, which come as penalties at 120', () => {
    const kick = (team: { id: number }, detail: string, n: number) =>
      event(120, n, team, detail, 'X', { comments: 'Penalty Shootout' });
    const goals = readGoals(
      [
        event(105, 1, AWAY, 'Normal Goal'),
        kick(HOME, 'Penalty', 1),
        kick(AWAY, 'Missed Penalty', 2),
        kick(HOME, 'Penalty', 3),
      ],
      SIDES,
      PLACE,
    );
    expect(goals?.map((g) => [g.side, g.minute, g.added])).toEqual([['away', 105, 1]]);
  });

  it('puts the goals in the order of play, added time before the next minute', () => {
    const goals = readGoals(
      [
        event(46, null, AWAY, 'Normal Goal', 'A'),
        event(45, 3, HOME, 'Normal Goal', 'B'),
        event(45, 1, HOME, 'Normal Goal', 'C'),
        event(45, 1, AWAY, 'Normal Goal', 'D'),
      ],
      SIDES,
      PLACE,
    );
    expect(goals?.map((g) => g.scorer)).toEqual(['C', 'D', 'B', 'A']);
  });

  it('keeps a goal whose scorer or assist the API does not name, with null names', () => {
    const goals = readGoals(
      [
        event(13, null, HOME, 'Normal Goal', null, { assist: null }),
        event(20, null, HOME, 'Normal Goal', '  '),
      ],
      SIDES,
      PLACE,
    );
    expect(goals?.map((g) => [g.scorer, g.assist])).toEqual([
      [null, null],
      [null, null],
    ]);
  });

  it('says nothing of goals when the answer has no events (a date list)', () => {
    const { dropped, drop } = collect();
    expect(readGoals(undefined, SIDES, PLACE, drop)).toBeUndefined();
    expect(readGoals([], SIDES, PLACE, drop)).toEqual([]);
    expect(dropped).toEqual([]);
  });

  it.each([
    ['events that are no list', 'none', 'response[0].events: not a list'],
    [
      'a goal without a minute',
      [event(10, null, HOME, 'Normal Goal', 'A', { time: { elapsed: null, extra: null } })],
      'response[0].events[0].time.elapsed',
    ],
    [
      'a goal of a club that is neither side',
      [event(10, null, { id: 99 }, 'Normal Goal')],
      'response[0].events[0].team.id: 99 is neither club',
    ],
    [
      'a goal of a kind the document does not list',
      [event(10, null, HOME, 'Golden Goal')],
      'response[0].events[0].detail',
    ],
    ['an event without a type', [{ time: { elapsed: 10 } }], 'response[0].events[0].type'],
  ])('leaves the goals unknown for %s, reporting it', (_name, events, reason) => {
    const { dropped, drop } = collect();
    expect(readGoals(events, SIDES, PLACE, drop)).toBeUndefined();
    expect(dropped).toEqual([
      { kind: 'goals', id: '1379120', reason: expect.stringContaining(reason) },
    ]);
  });
});

describe('readStatistics', () => {
  const figures = (team: { id: number }, pairs: [string, unknown][]) => ({
    team,
    statistics: pairs.map(([type, value]) => ({ type, value })),
  });

  it("reads both clubs' figures, counts given as text, expected goals as text, nulls as null", () => {
    const { dropped, drop } = collect();
    const statistics = readStatistics(
      [
        figures(HOME, [
          ['Shots on Goal', 6],
          ['Total Shots', 14],
          ['Ball Possession', '58%'],
          ['Fouls', 9],
          ['Corner Kicks', 7],
          ['Yellow Cards', null],
          ['Red Cards', null],
          ['expected_goals', '1.87'],
        ]),
        figures(AWAY, [
          ['Total Shots', '9'],
          ['Shots on Goal', 3],
          ['Yellow Cards', 2],
          ['expected_goals', '0.64'],
        ]),
      ],
      SIDES,
      PLACE,
      drop,
    );
    expect(statistics).toEqual({
      home: {
        shots: 14,
        shotsOnTarget: 6,
        xg: 1.87,
        corners: 7,
        fouls: 9,
        yellowCards: null,
        redCards: null,
      },
      away: {
        shots: 9,
        shotsOnTarget: 3,
        xg: 0.64,
        corners: null,
        fouls: null,
        yellowCards: 2,
        redCards: null,
      },
    });
    expect(dropped).toEqual([]);
  });

  it('leaves a figure that is no number null and reports it, keeping the others', () => {
    const { dropped, drop } = collect();
    const statistics = readStatistics(
      [
        figures(HOME, [
          ['Total Shots', 'n/a'],
          ['Fouls', 9],
          ['Corner Kicks', 7.5],
        ]),
        { team: AWAY, statistics: [{ value: 3 }, { type: 'Fouls', value: 12 }] },
      ],
      SIDES,
      PLACE,
      drop,
    );
    expect(statistics?.home).toMatchObject({ shots: null, fouls: 9, corners: null });
    expect(statistics?.away).toMatchObject({ fouls: 12 });
    expect(dropped).toEqual([
      {
        kind: 'statistic',
        id: '1379120',
        reason: 'response[0].statistics[0].statistics[0].value: not a figure: "n/a"',
      },
      {
        kind: 'statistic',
        id: '1379120',
        reason: 'response[0].statistics[0].statistics[2].value: not a figure: 7.5',
      },
      {
        kind: 'statistic',
        id: '1379120',
        reason: expect.stringContaining('response[0].statistics[1].statistics[0].type'),
      },
    ]);
  });

  it("keeps one club's figures when the other's entry cannot be read", () => {
    const { dropped, drop } = collect();
    const statistics = readStatistics(
      [
        { team: { id: null }, statistics: [{ type: 'Fouls', value: 1 }] },
        figures(AWAY, [['Fouls', 12]]),
        figures({ id: 99 }, [['Fouls', 3]]),
      ],
      SIDES,
      PLACE,
      drop,
    );
    expect(statistics?.home.fouls).toBeNull();
    expect(statistics?.away.fouls).toBe(12);
    expect(dropped.map((d) => d.reason)).toEqual([
      expect.stringContaining('response[0].statistics[0].team.id'),
      'response[0].statistics[2].team.id: 99 is neither club',
    ]);
  });

  it('is null when the answer gives no figure at all', () => {
    const { dropped, drop } = collect();
    expect(readStatistics(undefined, SIDES, PLACE, drop)).toBeNull();
    expect(readStatistics([], SIDES, PLACE, drop)).toBeNull();
    // As a recorded `id=` answer of a match without coverage: a club with an empty list.
    expect(readStatistics([{ team: HOME, statistics: [] }], SIDES, PLACE, drop)).toBeNull();
    expect(readStatistics([figures(HOME, [['Fouls', null]])], SIDES, PLACE, drop)).toBeNull();
    expect(dropped).toEqual([]);
    expect(readStatistics({ fouls: 3 }, SIDES, PLACE, drop)).toBeNull();
    expect(dropped).toEqual([
      { kind: 'statistics', id: '1379120', reason: 'response[0].statistics: not a list' },
    ]);
  });
});

describe('readReferee', () => {
  it.each([
    ['M. Oliver, England', 'M. Oliver'],
    ['Oleksandr Omelchenko, Ukraine', 'Oleksandr Omelchenko'],
    ['Guillermo Enrique Guerrero Alcivar, Ecuador', 'Guillermo Enrique Guerrero Alcivar'],
    ['J. Munuera', 'J. Munuera'],
    ['  A. Taylor , England ', 'A. Taylor'],
    [', England', null],
    ['', null],
    [null, null],
    [undefined, null],
    [42, null],
  ])('reads %j as %j', (raw, expected) => {
    expect(readReferee(raw)).toBe(expected);
  });
});

describe('readFixtureDetails', () => {
  it('gives the facts, and counts the goals as recorded only when they add up to the score', () => {
    const events = [event(23, null, HOME, 'Normal Goal'), event(88, null, AWAY, 'Normal Goal')];
    const whole = readFixtureDetails(
      { events, statistics: [], referee: 'M. Oliver, England' },
      { ...SIDES, homeScore: 1, awayScore: 1 },
      PLACE,
    );
    expect(whole.facts).toEqual({
      goalsRecorded: true,
      assistKind: 'assist',
      shots: null,
      statistics: null,
      atFullTime: [],
      referee: 'M. Oliver',
      sources: ['api-football'],
    });
    expect(whole.events).toHaveLength(2);
    // The score says 2-1: a goal is missing from the events.
    const short = readFixtureDetails({ events }, SIDES, PLACE);
    expect(short.events).toHaveLength(2);
    expect(short.facts.goalsRecorded).toBe(false);
  });

  it('has no goals and none recorded for an answer without events', () => {
    const details = readFixtureDetails({ referee: null }, SIDES, PLACE);
    expect(details).not.toHaveProperty('events');
    expect(details.facts).toMatchObject({ goalsRecorded: false, referee: null, statistics: null });
  });

  it('never throws on untrusted parts, and gives facts of the documented shape', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.jsonValue(), fc.jsonValue(), (events, statistics, referee) => {
        const details = readFixtureDetails({ events, statistics, referee }, SIDES, PLACE);
        expect(details.facts.sources).toEqual(['api-football']);
        expect(details.facts.referee === null || typeof details.facts.referee === 'string').toBe(
          true,
        );
        for (const side of [details.facts.statistics?.home, details.facts.statistics?.away]) {
          for (const value of Object.values(side ?? {})) {
            expect(value === null || (Number.isFinite(value) && value >= 0)).toBe(true);
          }
        }
        expect(details.facts.goalsRecorded).toBe(
          details.events !== undefined && accountsForScore(details.events, 2, 1),
        );
      }),
    );
  });
});
