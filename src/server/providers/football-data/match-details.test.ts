import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import type { DroppedItem } from '../upstream/http.ts';
import { accountsForScore } from '../upstream/match-details.ts';
import {
  readGoals,
  readMatchDetails,
  readReferee,
  readStatistics,
  type MatchSides,
} from './match-details.ts';

const SIDES: MatchSides = { homeId: 64, awayId: 62, homeScore: 1, awayScore: 1 };
const PLACE = { id: '538242', where: 'match' };

function collect() {
  const reasons: string[] = [];
  return { reasons, report: (_kind: string, reason: string) => reasons.push(reason) };
}

const goal = (fields: Record<string, unknown>) => ({
  minute: 10,
  injuryTime: null,
  type: 'REGULAR',
  team: { id: 64, name: 'Liverpool FC' },
  scorer: { id: 1, name: 'Mohamed Salah' },
  assist: null,
  ...fields,
});

describe('readGoals', () => {
  it('takes each side from the score after the goal, else from `team`', () => {
    const { reasons, report } = collect();
    const goals = readGoals(
      [
        // The score says Everton, whatever `team` says.
        goal({ type: 'OWN', team: { id: 64 }, score: { home: 0, away: 1 } }),
        // No score after it: `team`.
        goal({ minute: 55, team: { id: 64 } }),
        // A score that does not step by one goal: `team`.
        goal({ minute: 70, team: { id: 62 }, score: { home: 5, away: 5 } }),
      ],
      SIDES,
      'match',
      report,
    );
    expect(goals?.map((g) => [g.minute, g.side, g.ownGoal])).toEqual([
      [10, 'away', true],
      [55, 'home', false],
      [70, 'away', false],
    ]);
    expect(reasons).toEqual([]);
  });

  it('reads added time and a minute sent as text, and sorts by the order of play', () => {
    const goals = readGoals(
      [goal({ minute: 46 }), goal({ minute: '45', injuryTime: 2 }), goal({ minute: 3 })],
      SIDES,
      'match',
      () => {},
    );
    expect(goals?.map((g) => [g.minute, g.added])).toEqual([
      [3, 0],
      [45, 2],
      [46, 0],
    ]);
  });

  it.each([
    ['goals that are no list', { a: 1 }, 'match.goals: not a list'],
    ['a goal of an unknown type', [goal({ type: 'HEADER' })], 'match.goals[0].type'],
    ['a goal without a team', [goal({ team: null })], 'match.goals[0].team'],
    [
      'a goal of neither club',
      [goal({ team: { id: 5 } })],
      'match.goals[0].team.id: 5 is neither club',
    ],
    ['a negative minute', [goal({ minute: -1 })], 'match.goals[0].minute'],
  ])('leaves the goals unknown for %s, reporting it', (_name, goals, reason) => {
    const { reasons, report } = collect();
    expect(readGoals(goals, SIDES, 'match', report)).toBeUndefined();
    expect(reasons).toEqual([expect.stringContaining(reason)]);
  });

  it('says nothing of goals when the match has none (the free plan)', () => {
    const { reasons, report } = collect();
    expect(readGoals(undefined, SIDES, 'match', report)).toBeUndefined();
    expect(readGoals(null, SIDES, 'match', report)).toBeUndefined();
    expect(readGoals([], SIDES, 'match', report)).toEqual([]);
    expect(reasons).toEqual([]);
  });
});

describe('readStatistics', () => {
  it('is null when neither club has statistics, and xG is never given', () => {
    const { report } = collect();
    expect(readStatistics({}, 'match', report)).toBeNull();
    expect(readStatistics({ homeStatistics: { ball_possession: 55 } }, 'match', report)).toBeNull();
    expect(readStatistics({ awayStatistics: { shots: 4 } }, 'match', report)).toEqual({
      home: expect.objectContaining({ shots: null, xg: null }),
      away: expect.objectContaining({ shots: 4, xg: null }),
    });
  });

  it('reports statistics that are no object', () => {
    const { reasons, report } = collect();
    expect(readStatistics({ homeStatistics: [3] }, 'match', report)).toBeNull();
    expect(reasons).toEqual(['match.homeTeam.statistics: not an object']);
  });
});

describe('readReferee', () => {
  it.each([
    [
      [{ id: 1, name: 'Anthony Taylor', type: 'REFEREE', nationality: 'England' }],
      'Anthony Taylor',
    ],
    [
      [
        { name: 'Gary Beswick', type: 'ASSISTANT_REFEREE_N1' },
        { name: ' Anthony Taylor ', type: 'REFEREE' },
      ],
      'Anthony Taylor',
    ],
    [[{ name: 'Gary Beswick', type: 'ASSISTANT_REFEREE_N1' }], null],
    // The v2 shape, without types: no telling the referee from his assistants.
    [[{ id: 11575, name: 'Mike Dean', nationality: null }], null],
    [
      [
        { name: null, type: 'REFEREE' },
        { name: 'Simon Hooper', type: 'REFEREE' },
      ],
      'Simon Hooper',
    ],
    [[], null],
    [null, null],
    ['Anthony Taylor', null],
  ])('reads %j as %j', (referees, expected) => {
    expect(readReferee(referees)).toBe(expected);
  });
});

describe('readMatchDetails', () => {
  it('never throws on untrusted parts, and gives facts of the documented shape', () => {
    fc.assert(
      fc.property(
        fc.jsonValue(),
        fc.jsonValue(),
        fc.jsonValue(),
        fc.jsonValue(),
        (goals, referees, homeStatistics, awayStatistics) => {
          const dropped: DroppedItem[] = [];
          const details = readMatchDetails(
            { goals, referees, homeStatistics, awayStatistics },
            SIDES,
            PLACE,
            (item) => dropped.push(item),
          );
          expect(details.facts.sources).toEqual(['football-data-org']);
          expect(details.facts.goalsRecorded).toBe(
            details.events !== undefined && accountsForScore(details.events, 1, 1),
          );
          for (const side of [details.facts.statistics?.home, details.facts.statistics?.away]) {
            for (const value of Object.values(side ?? {})) {
              expect(value === null || (Number.isSafeInteger(value) && value >= 0)).toBe(true);
            }
          }
          expect(dropped.every((item) => item.id === '538242')).toBe(true);
        },
      ),
    );
  });
});
