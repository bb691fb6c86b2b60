import { describe, expect, it } from 'vitest';

import type { Fixture, MatchShots, PlayedMatch } from './model.ts';
import { getOver25Probability } from './score-grid.ts';
import { createShotRatings } from './shot-ratings.ts';
import { runWalkForward } from './walk-forward.ts';

const DAY = 86_400_000;
const START = Date.UTC(2023, 7, 12, 14);
const OPPONENTS = ['Burnley', 'Fulham', 'Luton', 'Wolves'];

/** Shots as [home, away, home on target, away on target]. */
type ShotCounts = [number, number, number, number];

function makeMatch(
  day: number,
  home: string,
  away: string,
  [homeGoals, awayGoals]: [number, number],
  shots?: ShotCounts,
  league = 'E0',
): PlayedMatch {
  const match: PlayedMatch = {
    id: `${league}:${day}:${home}:${away}`,
    league,
    season: '2023-2024',
    kickoffMs: START + day * DAY,
    home,
    away,
    homeGoals,
    awayGoals,
  };
  if (shots) {
    const [homeShots, awayShots, homeOnTarget, awayOnTarget] = shots;
    match.shots = { home: homeShots, away: awayShots, homeOnTarget, awayOnTarget };
  }
  return match;
}

function makeFixture(day: number, home: string, away: string, league = 'E0'): Fixture {
  const {
    homeGoals: _h,
    awayGoals: _a,
    ...fixture
  } = makeMatch(day, home, away, [0, 0], [0, 0, 0, 0], league);
  return fixture;
}

/**
 * A season of one league: every club plays every other at home, in rounds a week apart, with
 * goals and shots from a fixed rule that favours the clubs listed first.
 */
function makeSeason(league = 'E0', scaleShots = 1): PlayedMatch[] {
  const clubs = ['Arsenal', 'Chelsea', 'Everton', ...OPPONENTS];
  const matches: PlayedMatch[] = [];
  let day = 0;
  for (let round = 0; round < 4; round++) {
    for (const [i, home] of clubs.entries()) {
      for (const [j, away] of clubs.entries()) {
        if (i === j) continue;
        const edge = j - i;
        const goals: [number, number] = [
          Math.max(0, 1 + Math.sign(edge) + ((round + i) % 2)),
          Math.max(0, 1 - Math.sign(edge) + ((round + j) % 3 === 0 ? 1 : 0)),
        ];
        const shots: ShotCounts = [
          Math.round((13 + edge) * scaleShots),
          Math.round((11 - edge) * scaleShots),
          Math.round((5 + edge / 2) * scaleShots),
          Math.round((4 - edge / 2) * scaleShots),
        ];
        matches.push(makeMatch(day, home, away, goals, shots, league));
      }
      day += 1;
    }
    day += 7;
  }
  return matches;
}

/**
 * Two clubs with the same draws against opponents alike (each its own four, met in the same
 * order), one outshooting them and one outshot.
 */
function makeDraws(withShots: boolean): PlayedMatch[] {
  const dominant: ShotCounts = [20, 5, 8, 2];
  const dominated: ShotCounts = [5, 20, 2, 8];
  return OPPONENTS.flatMap((opponent, day) => [
    makeMatch(day, 'Outshooters', opponent, [1, 1], withShots ? dominant : undefined),
    makeMatch(day, 'Outshot', `${opponent} B`, [1, 1], withShots ? dominated : undefined),
  ]);
}

function learnAll(matches: readonly PlayedMatch[]) {
  const model = createShotRatings();
  for (const match of matches) model.learn(match);
  return model;
}

describe('createShotRatings', () => {
  it('rates a club that outshoots its opponents above one that is outshot, with the same results', () => {
    const model = learnAll(makeDraws(true));
    const outshooters = model.forecast(makeFixture(10, 'Outshooters', 'Sheffield'));
    const outshot = model.forecast(makeFixture(10, 'Outshot', 'Sheffield'));
    expect(outshooters.home).toBeGreaterThan(outshot.home + 0.02);
    expect(outshooters.expectedHomeGoals).toBeGreaterThan(outshot.expectedHomeGoals);
    expect(outshooters.expectedAwayGoals).toBeLessThan(outshot.expectedAwayGoals);
  });

  it('learns from goals alone when a match has no shots', () => {
    const model = learnAll(makeDraws(false));
    // The same draws without shots tell the two clubs apart only by the league's averages moving
    // between their matches.
    const outshooters = model.forecast(makeFixture(10, 'Outshooters', 'Sheffield'));
    const outshot = model.forecast(makeFixture(10, 'Outshot', 'Sheffield'));
    expect(Math.abs(outshooters.home - outshot.home)).toBeLessThan(0.002);
    // ...while goals do, and every forecast stays a proper one.
    const winners = learnAll([
      makeMatch(0, 'Winners', 'Burnley', [3, 0]),
      makeMatch(0, 'Losers', 'Fulham', [0, 3]),
    ]);
    const winning = winners.forecast(makeFixture(10, 'Winners', 'Luton'));
    const losing = winners.forecast(makeFixture(10, 'Losers', 'Luton'));
    expect(winning.home).toBeGreaterThan(losing.home);
    for (const f of [winning, losing]) {
      expect(f.home + f.draw + f.away).toBeCloseTo(1, 12);
      expect(Number.isFinite(f.expectedHomeGoals)).toBe(true);
    }
  });

  it('gives probabilities in (0, 1) that sum to 1, with over 2.5 from its expected goals', () => {
    const forecasts = runWalkForward(makeSeason(), () => createShotRatings());
    expect(forecasts.size).toBe(4 * 7 * 6);
    for (const f of forecasts.values()) {
      for (const p of [f.home, f.draw, f.away, f.over25, f.under25]) {
        expect(p).toBeGreaterThan(0);
        expect(p).toBeLessThan(1);
      }
      expect(f.home + f.draw + f.away).toBeCloseTo(1, 12);
      expect(f.over25 + f.under25).toBeCloseTo(1, 12);
      expect(f.over25).toBeCloseTo(getOver25Probability(f.expectedHomeGoals + f.expectedAwayGoals));
    }
  });

  it('gives the same forecasts on every run', () => {
    const first = runWalkForward(makeSeason(), () => createShotRatings());
    const second = runWalkForward(makeSeason(), () => createShotRatings());
    expect([...second]).toEqual([...first]);
  });

  it('forecasts a match the same whatever its own result and shots', () => {
    const season = makeSeason();
    const last = season.at(-1)!;
    const reversed: PlayedMatch = {
      ...last,
      homeGoals: last.awayGoals + 4,
      awayGoals: 0,
      shots: { home: 40, away: 0, homeOnTarget: 20, awayOnTarget: 0 },
    };
    const original = runWalkForward(season, () => createShotRatings());
    const altered = runWalkForward([...season.slice(0, -1), reversed], () => createShotRatings());
    expect(altered).toEqual(original);
    // ...and the result, once learnt, does move the next forecast of those clubs.
    const next = makeFixture(200, last.home, last.away);
    expect(learnAll([...season.slice(0, -1), reversed]).forecast(next)).not.toEqual(
      learnAll(season).forecast(next),
    );
  });

  it('leaves what it learns unchanged by the forecasts it is asked for', () => {
    const season = makeSeason();
    const asked = createShotRatings();
    for (const match of season) {
      asked.forecast(makeFixture(0, match.away, match.home));
      asked.learn(match);
    }
    const fixture = makeFixture(200, 'Arsenal', 'Wolves');
    expect(asked.forecast(fixture)).toEqual(learnAll(season).forecast(fixture));
  });

  it('rates clubs alike in a league that shoots twice as much, once it knows that league', () => {
    const seasons = (league: string, scale: number) =>
      Array.from({ length: 6 }, (_, year) =>
        makeSeason(league, scale).map((m) => ({
          ...m,
          id: `${m.id}:${year}`,
          kickoffMs: m.kickoffMs + year * 60 * DAY,
        })),
      ).flat();
    const model = learnAll([...seasons('E0', 1), ...seasons('D1', 2)]);
    const day = 400;
    for (const [home, away] of [
      ['Arsenal', 'Wolves'],
      ['Luton', 'Chelsea'],
    ] as const) {
      const normal = model.forecast(makeFixture(day, home, away, 'E0'));
      const shooting = model.forecast(makeFixture(day, home, away, 'D1'));
      expect(shooting.home).toBeCloseTo(normal.home, 2);
      expect(shooting.away).toBeCloseTo(normal.away, 2);
      expect(shooting.expectedHomeGoals / normal.expectedHomeGoals).toBeCloseTo(1, 1);
    }
  });

  it.each<[string, MatchShots]>([
    ['no shots at all', { home: 0, away: 0, homeOnTarget: 0, awayOnTarget: 0 }],
    ['a great many shots', { home: 60, away: 45, homeOnTarget: 30, awayOnTarget: 25 }],
  ])('stays a proper forecast after a match with %s', (_label, shots) => {
    const model = createShotRatings();
    for (let day = 0; day < 30; day++) {
      model.learn({ ...makeMatch(day, 'Arsenal', 'Chelsea', [0, 5]), shots });
    }
    const f = model.forecast(makeFixture(40, 'Arsenal', 'Chelsea'));
    expect(f.home + f.draw + f.away).toBeCloseTo(1, 12);
    for (const p of [f.home, f.draw, f.away, f.over25]) expect(p).toBeGreaterThan(0);
    expect(f.expectedHomeGoals).toBeGreaterThan(0);
  });
});
