import { describe, expect, it } from 'vitest';

import {
  computeExpectedPoints,
  computePoissonGoalChances,
  computeResultChances,
  computeShotGoalChances,
  tallyXgTable,
  type XgSide,
} from './expected-points.ts';

const sum = (values: readonly number[]) => values.reduce((a, b) => a + b, 0);
const mean = (chances: readonly number[]) => sum(chances.map((p, goals) => p * goals));
const shots = (...xg: number[]): XgSide => ({ xg: sum(xg), shots: xg });
const noShots = (xg: number): XgSide => ({ xg, shots: null });

describe('computeShotGoalChances', () => {
  it.each([
    { shots: [], chances: [1] },
    { shots: [0.5], chances: [0.5, 0.5] },
    { shots: [0.5, 0.5], chances: [0.25, 0.5, 0.25] },
    { shots: [0.1, 0.2], chances: [0.72, 0.26, 0.02] },
    { shots: [1, 1], chances: [0, 0, 1] },
  ])('gives $chances for shots of $shots', ({ shots: xg, chances }) => {
    const got = computeShotGoalChances(xg);
    expect(got).toHaveLength(chances.length);
    got.forEach((p, goals) => expect(p).toBeCloseTo(chances[goals] ?? NaN, 12));
  });

  it('adds up to 1 with the shots’ xG for mean', () => {
    const xg = [0.03, 0.76, 0.12, 0.05, 0.31, 0.08, 0.02, 0.44];
    const chances = computeShotGoalChances(xg);
    expect(sum(chances)).toBeCloseTo(1, 12);
    expect(mean(chances)).toBeCloseTo(sum(xg), 12);
  });

  it('reads a shot outside 0..1 (or no number) as the nearest chance', () => {
    expect(computeShotGoalChances([1.4, -0.2, Number.NaN])).toEqual([0, 1, 0, 0]);
  });
});

describe('computePoissonGoalChances', () => {
  it('is a sure nil for no xG, and for an xG that is no number', () => {
    expect(computePoissonGoalChances(0)).toEqual([1]);
    expect(computePoissonGoalChances(Number.NaN)).toEqual([1]);
    expect(computePoissonGoalChances(-1)).toEqual([1]);
  });

  it.each([0.3, 1.3, 2.75, 6])('adds up to 1 with mean %s', (xg) => {
    const chances = computePoissonGoalChances(xg);
    expect(chances[0]).toBeCloseTo(Math.exp(-xg), 12);
    expect(chances[2]).toBeCloseTo((Math.exp(-xg) * xg * xg) / 2, 12);
    expect(sum(chances)).toBeCloseTo(1, 12);
    expect(mean(chances)).toBeCloseTo(xg, 9);
  });
});

describe('computeResultChances', () => {
  it('adds up to 1', () => {
    for (const [home, away] of [
      [computePoissonGoalChances(1.7), computePoissonGoalChances(0.4)],
      [computeShotGoalChances([0.3, 0.2, 0.6]), computePoissonGoalChances(2.2)],
      [computeShotGoalChances([]), computeShotGoalChances([0.9, 0.9, 0.9])],
    ] as const) {
      const chances = computeResultChances(home, away);
      expect(chances.home + chances.draw + chances.away).toBeCloseTo(1, 12);
    }
  });

  it('gives two equal sides equal chances of winning', () => {
    const chances = computeResultChances(
      computePoissonGoalChances(1),
      computePoissonGoalChances(1),
    );
    // P(draw) = e^-2 · I0(2) for two Poisson(1) sides.
    expect(chances.draw).toBeCloseTo(0.308508, 6);
    expect(chances.home).toBeCloseTo(chances.away, 12);
    expect(chances.home).toBeCloseTo((1 - 0.308508) / 2, 6);
  });
});

describe('computeExpectedPoints', () => {
  it('gives no win to a side without a shot against one shot of 0.5', () => {
    const match = computeExpectedPoints(shots(), shots(0.5));
    expect(match.chances.home).toBe(0);
    expect(match.chances.draw).toBeCloseTo(0.5, 12);
    expect(match.chances.away).toBeCloseTo(0.5, 12);
    expect(match.home).toBeCloseTo(0.5, 12);
    expect(match.away).toBeCloseTo(2, 12);
  });

  it('gives sides with the same shots the same expected points, the other way round too', () => {
    const even = computeExpectedPoints(shots(0.4, 0.1, 0.25), shots(0.4, 0.1, 0.25));
    expect(even.home).toBeCloseTo(even.away, 12);
    const there = computeExpectedPoints(shots(0.7, 0.2), shots(0.1));
    const back = computeExpectedPoints(shots(0.1), shots(0.7, 0.2));
    expect(back.home).toBeCloseTo(there.away, 12);
    expect(back.away).toBeCloseTo(there.home, 12);
  });

  it('reckons with the shots where recorded, else with Poisson on the xG', () => {
    // One big chance of 0.9 is more often a win than 0.9 spread as Poisson (which also scores twice).
    const fromShots = computeExpectedPoints(shots(0.9), shots());
    const fromXg = computeExpectedPoints(noShots(0.9), noShots(0));
    expect(fromShots.home).toBeCloseTo(3 * 0.9 + 0.1, 12);
    expect(fromXg.home).toBeCloseTo(3 * (1 - Math.exp(-0.9)) + Math.exp(-0.9), 12);
    expect(fromShots.home).not.toBeCloseTo(fromXg.home, 3);
  });

  it('shares out between 2 and 3 points a match, more to the side with more xG', () => {
    const match = computeExpectedPoints(noShots(2.1), noShots(0.6));
    expect(match.home + match.away).toBeGreaterThanOrEqual(2);
    expect(match.home + match.away).toBeLessThanOrEqual(3);
    expect(match.home).toBeGreaterThan(match.away);
  });
});

describe('tallyXgTable', () => {
  it('adds up each club’s matches, xG, points and expected points', () => {
    const rows = tallyXgTable([
      // 1 beat 2 at home on an even xG; 3 drew at 1 with the better chances.
      { homeId: 1, awayId: 2, homeGoals: 1, awayGoals: 0, home: shots(0.5), away: shots(0.5) },
      { homeId: 1, awayId: 3, homeGoals: 2, awayGoals: 2, home: shots(), away: shots(0.5) },
    ]);
    const byId = new Map(rows.map((row) => [row.teamId, row]));
    expect(byId.get(1)).toMatchObject({ matches: 2, xgFor: 0.5, xgAgainst: 1, points: 4 });
    // 0.25·3 + 0.5 against 2; 0.5 against 3.
    expect(byId.get(1)?.expectedPoints).toBeCloseTo(1.25 + 0.5, 12);
    expect(byId.get(2)).toMatchObject({ matches: 1, xgFor: 0.5, xgAgainst: 0.5, points: 0 });
    expect(byId.get(2)?.expectedPoints).toBeCloseTo(1.25, 12);
    expect(byId.get(3)).toMatchObject({ matches: 1, xgFor: 0.5, xgAgainst: 0, points: 1 });
    expect(byId.get(3)?.expectedPoints).toBeCloseTo(2, 12);
  });

  it('is empty without matches', () => {
    expect(tallyXgTable([])).toEqual([]);
  });
});
