import { describe, expect, it } from 'vitest';

import { computeStandings, type StandingsResult, type StandingsTeam } from './standings.ts';

const team = (id: number, name: string): StandingsTeam => ({
  id,
  name,
  shield: `/shields/${id}.png`,
});
const result = (homeId: number, home: number, away: number, awayId: number): StandingsResult => ({
  homeId,
  awayId,
  home,
  away,
});

describe('computeStandings', () => {
  const teams = [team(1, 'Arsenal'), team(2, 'Brighton'), team(3, 'Chelsea'), team(4, 'Derby')];

  it('builds the table of a small league checked by hand', () => {
    const results = [
      result(1, 2, 0, 2),
      result(3, 1, 1, 4),
      result(1, 1, 1, 3),
      result(2, 3, 1, 4),
      result(4, 0, 2, 1),
      result(3, 2, 0, 2),
    ];
    expect(computeStandings(teams, results)).toEqual([
      {
        id: 1,
        pos: 1,
        team: 'Arsenal',
        shield: '/shields/1.png',
        wins: 2,
        draws: 1,
        losses: 0,
        points: 7,
        goals_for: 5,
        goals_against: 1,
      },
      {
        id: 3,
        pos: 2,
        team: 'Chelsea',
        shield: '/shields/3.png',
        wins: 1,
        draws: 2,
        losses: 0,
        points: 5,
        goals_for: 4,
        goals_against: 2,
      },
      {
        id: 2,
        pos: 3,
        team: 'Brighton',
        shield: '/shields/2.png',
        wins: 1,
        draws: 0,
        losses: 2,
        points: 3,
        goals_for: 3,
        goals_against: 5,
      },
      {
        id: 4,
        pos: 4,
        team: 'Derby',
        shield: '/shields/4.png',
        wins: 0,
        draws: 1,
        losses: 2,
        points: 1,
        goals_for: 2,
        goals_against: 6,
      },
    ]);
  });

  it.each([
    // Arsenal and Chelsea both win once: Chelsea's bigger win puts them ahead.
    [
      'goal difference',
      [result(1, 1, 0, 2), result(3, 3, 0, 4)],
      ['Chelsea', 'Arsenal', 'Brighton', 'Derby'],
    ],
    // All on 3 points; Derby and Arsenal at +1, Chelsea and Brighton at -1: goals for splits each pair.
    [
      'goals for',
      [result(1, 2, 0, 2), result(4, 4, 2, 3), result(2, 1, 0, 1), result(3, 1, 0, 4)],
      ['Derby', 'Arsenal', 'Chelsea', 'Brighton'],
    ],
    // Two identical 1-1 draws: the names decide.
    ['name', [result(4, 1, 1, 3), result(2, 1, 1, 1)], ['Arsenal', 'Brighton', 'Chelsea', 'Derby']],
    // A draw is worth one point, a loss none.
    [
      'points',
      [result(2, 0, 0, 4), result(1, 0, 1, 3)],
      ['Chelsea', 'Brighton', 'Derby', 'Arsenal'],
    ],
  ])('breaks ties on %s', (_, results, order) => {
    const table = computeStandings(teams, results);
    expect(table.map((row) => row.team)).toEqual(order);
    expect(table.map((row) => row.pos)).toEqual([1, 2, 3, 4]);
  });

  it('lists teams with no games on zero, in name order', () => {
    const table = computeStandings([team(9, 'Zulu'), ...teams], [result(4, 1, 0, 2)]);
    expect(table.map((row) => row.team)).toEqual([
      'Derby',
      'Arsenal',
      'Chelsea',
      'Zulu',
      'Brighton',
    ]);
    expect(table[3]).toEqual({
      id: 9,
      pos: 4,
      team: 'Zulu',
      shield: '/shields/9.png',
      wins: 0,
      draws: 0,
      losses: 0,
      points: 0,
      goals_for: 0,
      goals_against: 0,
    });
  });

  it('gives an empty table for a league with no teams', () => {
    expect(computeStandings([], [])).toEqual([]);
  });

  it.each([
    ['a result naming an unknown team', teams, [result(1, 1, 0, 99)]],
    ['a team listed twice', [...teams, team(1, 'Arsenal again')], []],
  ])('rejects %s', (_, leagueTeams, results) => {
    expect(() => computeStandings(leagueTeams, results)).toThrow(RangeError);
  });
});
