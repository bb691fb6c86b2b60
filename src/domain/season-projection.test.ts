import { describe, expect, it } from 'vitest';

import type { LeaguePlaces } from './league.ts';
import {
  projectSeason,
  type ProjectionClub,
  type ProjectionFixture,
  type ScoreChance,
} from './season-projection.ts';

const PLACES: LeaguePlaces = { championsLeague: 2, relegation: 1, relegationPlayoff: 1 };

const club = (key: string, points = 0, goalsFor = 0, goalsAgainst = 0): ProjectionClub => ({
  key,
  points,
  goalsFor,
  goalsAgainst,
  played: 0,
});

/** Independent Poisson goals (up to 9 a side): a score distribution with these means. */
function poissonScores(homeMean: number, awayMean: number): ScoreChance[] {
  const poisson = (mean: number, k: number) => {
    let p = Math.exp(-mean);
    for (let i = 1; i <= k; i++) p *= mean / i;
    return p;
  };
  const scores: ScoreChance[] = [];
  for (let home = 0; home < 10; home++) {
    for (let away = 0; away < 10; away++) {
      scores.push({ home, away, probability: poisson(homeMean, home) * poisson(awayMean, away) });
    }
  }
  return scores;
}

const fixture = (home: string, away: string, scores = poissonScores(1.4, 1.1)) => ({
  home,
  away,
  scores,
});

/** Every club plays every other at home once: a single round robin of the keys. */
function roundRobin(keys: string[], scoresOf?: (home: string, away: string) => ScoreChance[]) {
  return keys.flatMap((home) =>
    keys.filter((away) => away !== home).map((away) => fixture(home, away, scoresOf?.(home, away))),
  );
}

const KEYS = ['ajax', 'bari', 'como', 'deva', 'elche', 'fulham'];
const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

describe('projectSeason', () => {
  it('gives the title for sure to a club 30 points clear with two games left', () => {
    const table = [club('ajax', 80, 70, 20), ...KEYS.slice(1).map((k) => club(k, 50, 40, 40))];
    const fixtures = [
      fixture('ajax', 'bari'),
      fixture('como', 'ajax'),
      fixture('deva', 'elche'),
      fixture('fulham', 'bari'),
    ];
    const rows = projectSeason({ table, fixtures, places: PLACES, simulations: 2000, seed: 's' });
    const ajax = rows.find((r) => r.key === 'ajax');
    expect(ajax?.title).toBe(1);
    expect(ajax?.championsLeague).toBe(1);
    expect(ajax?.relegation).toBe(0);
    expect(ajax?.positions[0]).toBe(1);
    for (const row of rows.filter((r) => r.key !== 'ajax')) expect(row.title).toBe(0);
  });

  it('ends a season with no fixtures left as the table stands', () => {
    const table = KEYS.map((k, i) => club(k, 60 - 5 * i, 30, 30));
    const rows = projectSeason({ table, fixtures: [], places: PLACES, simulations: 10, seed: 's' });
    expect(rows.map((r) => [r.key, r.expectedPoints])).toEqual(KEYS.map((k, i) => [k, 60 - 5 * i]));
    expect(
      rows.map((r) => [r.title, r.championsLeague, r.relegationPlayoff, r.relegation]),
    ).toEqual([
      [1, 1, 0, 0],
      [0, 1, 0, 0],
      [0, 0, 0, 0],
      [0, 0, 0, 0],
      [0, 0, 1, 0],
      [0, 0, 0, 1],
    ]);
  });

  it('ranks equal points by goal difference, then goals scored', () => {
    const table = [club('ajax', 50, 40, 30), club('bari', 50, 45, 30), club('como', 50, 50, 40)];
    const rows = projectSeason({
      table,
      fixtures: [],
      places: { championsLeague: 1, relegation: 1, relegationPlayoff: 0 },
      simulations: 5,
      seed: 's',
    });
    const byKey = new Map(rows.map((r) => [r.key, r]));
    expect(byKey.get('bari')?.title).toBe(1);
    expect(byKey.get('como')?.positions).toEqual([0, 1, 0]);
    expect(byKey.get('ajax')?.relegation).toBe(1);
  });

  it('settles a tie on points, goal difference and goals by lot, not by name', () => {
    const table = [club('ajax', 50, 40, 30), club('bari', 50, 40, 30)];
    const places = { championsLeague: 1, relegation: 1, relegationPlayoff: 0 };
    const rows = projectSeason({ table, fixtures: [], places, simulations: 4000, seed: 'lot' });
    for (const row of rows) expect(row.title).toBeCloseTo(0.5, 1);
  });

  it('gives the same answer for the same seed and a different one for another seed', () => {
    const table = KEYS.map((k) => club(k));
    const input = { table, fixtures: roundRobin(KEYS), places: PLACES, simulations: 500 };
    const first = projectSeason({ ...input, seed: 'one' });
    expect(projectSeason({ ...input, seed: 'one' })).toEqual(first);
    expect(projectSeason({ ...input, seed: 'two' })).not.toEqual(first);
  });

  it('gives the stronger side more expected points and better chances', () => {
    // bari scores twice as many and concedes half as many as anyone else expects.
    const scoresOf = (home: string, away: string) =>
      poissonScores(
        home === 'bari' ? 2.6 : away === 'bari' ? 0.7 : 1.3,
        away === 'bari' ? 2.2 : home === 'bari' ? 0.6 : 1.1,
      );
    const table = KEYS.map((k) => club(k, 20, 15, 15));
    const rows = projectSeason({
      table,
      fixtures: roundRobin(KEYS, scoresOf),
      places: PLACES,
      simulations: 4000,
      seed: 'strength',
    });
    expect(rows[0]?.key).toBe('bari');
    const others = rows.slice(1);
    for (const other of others) {
      expect(rows[0]!.expectedPoints).toBeGreaterThan(other.expectedPoints + 3);
      expect(rows[0]!.title).toBeGreaterThan(other.title);
      expect(rows[0]!.relegation).toBeLessThan(other.relegation);
    }
  });

  it('adds up: one champion, each place filled once, expected points as the fixtures give', () => {
    const table = KEYS.map((k, i) => club(k, 10 + i, 10, 10));
    const fixtures = roundRobin(KEYS);
    const rows = projectSeason({ table, fixtures, places: PLACES, simulations: 3000, seed: 'sum' });
    expect(sum(rows.map((r) => r.title))).toBeCloseTo(1, 9);
    expect(sum(rows.map((r) => r.championsLeague))).toBeCloseTo(2, 9);
    expect(sum(rows.map((r) => r.relegation))).toBeCloseTo(1, 9);
    expect(sum(rows.map((r) => r.relegationPlayoff))).toBeCloseTo(1, 9);
    for (const row of rows) expect(sum(row.positions)).toBeCloseTo(1, 9);
    for (let position = 0; position < KEYS.length; position++) {
      expect(sum(rows.map((r) => r.positions[position]!))).toBeCloseTo(1, 9);
    }
    // Each of the 30 fixtures hands out 3 points, or 2 for a draw.
    const scores = poissonScores(1.4, 1.1);
    const total = sum(scores.map((s) => s.probability));
    const draw = sum(scores.filter((s) => s.home === s.away).map((s) => s.probability)) / total;
    const expected = sum(table.map((c) => c.points)) + fixtures.length * (3 - draw);
    expect(sum(rows.map((r) => r.expectedPoints))).toBeCloseTo(expected, 0);
    expect(rows.map((r) => r.expectedPoints)).toEqual(
      [...rows.map((r) => r.expectedPoints)].sort((a, b) => b - a),
    );
  });

  it('draws scores as often as their probabilities say', () => {
    // One fixture, three scores: 2-0 half the time, 1-1 a third, 0-3 a sixth (weights 3:2:1).
    const scores = [
      { home: 2, away: 0, probability: 3 },
      { home: 1, away: 1, probability: 2 },
      { home: 0, away: 3, probability: 1 },
    ];
    const rows = projectSeason({
      table: [club('ajax'), club('bari')],
      fixtures: [{ home: 'ajax', away: 'bari', scores }],
      places: { championsLeague: 1, relegation: 0, relegationPlayoff: 0 },
      simulations: 60_000,
      seed: 'draws',
    });
    const ajax = rows.find((r) => r.key === 'ajax')!;
    expect(ajax.expectedPoints).toBeCloseTo(3 * (1 / 2) + 1 * (1 / 3), 1);
    // A 1-1 leaves both on 1 point and 1 goal: the lot decides, so ajax wins it half the time.
    expect(ajax.title).toBeCloseTo(1 / 2 + 1 / 6, 1);
  });

  it.each<[string, Partial<{ fixtures: ProjectionFixture[]; simulations: number }>]>([
    ['a club not in the table', { fixtures: [fixture('ajax', 'zurich')] }],
    ['a club against itself', { fixtures: [fixture('ajax', 'ajax')] }],
    ['no likely score', { fixtures: [fixture('ajax', 'bari', [])] }],
    [
      'a negative probability',
      { fixtures: [fixture('ajax', 'bari', [{ home: 1, away: 0, probability: -1 }])] },
    ],
    [
      'a fractional score',
      { fixtures: [fixture('ajax', 'bari', [{ home: 1.5, away: 0, probability: 1 }])] },
    ],
    ['no simulations', { simulations: 0 }],
  ])('refuses %s', (_, change) => {
    const input = {
      table: [club('ajax'), club('bari')],
      fixtures: [fixture('ajax', 'bari')],
      places: PLACES,
      simulations: 10,
      seed: 's',
      ...change,
    };
    expect(() => projectSeason(input)).toThrow(RangeError);
  });

  it('refuses a club listed twice', () => {
    expect(() =>
      projectSeason({
        table: [club('ajax'), club('ajax')],
        fixtures: [],
        places: PLACES,
        simulations: 1,
        seed: 's',
      }),
    ).toThrow(RangeError);
  });
});
