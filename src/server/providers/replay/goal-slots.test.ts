import { describe, expect, it } from 'vitest';

import type { ClubInfo, HistoryPlayer } from '../../../domain/history.ts';
import { splitPlayersByClub } from './goal-slots.ts';

describe('splitPlayersByClub', () => {
  const club = (key: string, ...understat: string[]): ClubInfo => ({
    key,
    name: key,
    shortName: key.slice(0, 3).toUpperCase(),
    leagueSlug: 'premier-league',
    logoUrl: null,
    aliases: { results: key, understat, transfermarkt: [] },
  });
  const clubs = new Map(
    [club('alpha', 'Alpha'), club('beta', 'Beta', 'Beta FC')].flatMap((c) =>
      c.aliases.understat.map((name) => [name, c] as const),
    ),
  );
  const player = (playerId: string, team: string, goals: number, assists = 0): HistoryPlayer => ({
    div: 'E0',
    season: '2022-2023',
    playerId,
    name: playerId,
    team,
    goals,
    assists,
  });

  it.each([
    [
      'a player of one club keeps his totals there, even beyond what it scored',
      [player('a', 'Alpha', 7, 2), player('b', 'Beta', 1)],
      { alpha: 5, beta: 3 },
      { alpha: ['a 7/2'], beta: ['b 1/0'] },
    ],
    [
      "a mover's goals go to the club with more goals left unclaimed",
      [player('a', 'Alpha', 8), player('m', 'Alpha,Beta', 3)],
      { alpha: 10, beta: 10 },
      { alpha: ['a 8/0'], beta: ['m 3/0'] },
    ],
    [
      // 4 left at alpha and 7 at beta: beta three times, to 4 each, then alpha, then beta.
      'one goal at a time, so a mover can end up split between his clubs',
      [player('a', 'Alpha', 6), player('b', 'Beta', 3), player('m', 'Alpha,Beta', 5)],
      { alpha: 10, beta: 10 },
      { alpha: ['a 6/0', 'm 1/0'], beta: ['b 3/0', 'm 4/0'] },
    ],
    [
      'a tie goes to the club named first',
      [player('m', 'Alpha,Beta', 3)],
      { alpha: 5, beta: 5 },
      { alpha: ['m 2/0'], beta: ['m 1/0'] },
    ],
    [
      // Goals left: alpha 8, beta 2. Goals left unassisted: alpha 1, beta 10.
      'assists go by the goals left unassisted, apart from the goals',
      [player('a', 'Alpha', 2, 9), player('b', 'Beta', 8), player('m', 'Alpha,Beta', 1, 1)],
      { alpha: 10, beta: 10 },
      { alpha: ['a 2/9', 'm 1/0'], beta: ['b 8/0', 'm 0/1'] },
    ],
    [
      // big first: alpha (2 left against 1), then alpha on the tie; small then to beta.
      'the movers with most goals are split first',
      [player('small', 'Alpha,Beta', 1), player('big', 'Alpha,Beta', 2)],
      { alpha: 2, beta: 1 },
      { alpha: ['big 2/0'], beta: ['small 1/0'] },
    ],
    [
      'where both clubs are over-claimed, to the one over by less',
      [player('a', 'Alpha', 5), player('b', 'Beta', 4), player('m', 'Alpha,Beta', 1)],
      { alpha: 3, beta: 3 },
      { alpha: ['a 5/0'], beta: ['b 4/0', 'm 1/0'] },
    ],
    [
      'an unknown club name is left out: a player of one club and an unknown one is of the one',
      [player('x', 'Nowhere', 4, 1), player('y', 'Beta FC,Nowhere', 2, 1)],
      { alpha: 9, beta: 9 },
      { beta: ['y 2/1'] },
    ],
    [
      'a mover with neither a goal nor an assist is left out',
      [player('z', 'Alpha,Beta', 0, 0)],
      { alpha: 1, beta: 1 },
      {},
    ],
  ])('%s', (_, players, scored, expected) => {
    const split = splitPlayersByClub(
      players,
      clubs,
      (key) => (scored as Record<string, number>)[key] ?? 0,
    );
    const table = Object.fromEntries(
      [...split]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([key, list]) => [
          key,
          list.map((s) => `${s.playerId} ${s.goals}/${s.assists}`).sort(),
        ]),
    );
    expect(table).toEqual(expected);
  });
});
