// Expected points from expected goals, as Understat reckons them: pure rules, no I/O.

/** P(goals = k) at index k; the chances add up to 1. */
export type GoalChances = number[];

/** A side of one match as its stored facts give it: xG, and each shot's xG where recorded. */
export type XgSide = {
  xg: number;
  /** Every shot's chance of a goal; null where the shots are not recorded. */
  shots: readonly number[] | null;
};

export type ResultChances = { home: number; draw: number; away: number };

/** Poisson mass past this is dropped into the last count: far below any figure shown. */
const POISSON_TAIL = 1e-12;
/** No side's xG comes near: a bound that keeps exp(-mean) and the sum away from underflow. */
const MAX_MEAN = 100;

/** A probability read from stored data: a number outside 0..1 (or none) is clamped into it. */
const toChance = (value: number) => (Number.isFinite(value) ? Math.min(1, Math.max(0, value)) : 0);

/**
 * The number of goals from independent shots, each a goal with its xG: the Poisson-binomial
 * distribution, exact by convolution (one shot at a time).
 */
export function computeShotGoalChances(shots: readonly number[]): GoalChances {
  let chances = [1];
  for (const shot of shots) {
    const p = toChance(shot);
    const next = new Array<number>(chances.length + 1).fill(0);
    chances.forEach((chance, goals) => {
      next[goals] = (next[goals] ?? 0) + chance * (1 - p);
      next[goals + 1] = (next[goals + 1] ?? 0) + chance * p;
    });
    chances = next;
  }
  return chances;
}

/** The number of goals as Poisson with the side's xG for mean; the far tail in the last count. */
export function computePoissonGoalChances(xg: number): GoalChances {
  const mean = Number.isFinite(xg) ? Math.min(MAX_MEAN, Math.max(0, xg)) : 0;
  const chances = [Math.exp(-mean)];
  let total = chances[0] ?? 0;
  let term = total;
  for (let goals = 1; 1 - total > POISSON_TAIL && goals <= 4 * MAX_MEAN; goals++) {
    term *= mean / goals;
    chances.push(term);
    total += term;
  }
  chances[chances.length - 1] = (chances.at(-1) ?? 0) + (1 - total);
  return chances;
}

/** A side's goal chances: from its shots where recorded (Understat's way), else Poisson on xG. */
export function computeSideGoalChances(side: XgSide): GoalChances {
  return side.shots === null
    ? computePoissonGoalChances(side.xg)
    : computeShotGoalChances(side.shots);
}

/** Chances of a home win, a draw and an away win from each side's independent goal chances. */
export function computeResultChances(home: GoalChances, away: GoalChances): ResultChances {
  const result = { home: 0, draw: 0, away: 0 };
  // Running sum of P(away goals < h): the away chances below each home count.
  let awayBelow = 0;
  home.forEach((homeChance, goals) => {
    const level = away[goals] ?? 0;
    result.home += homeChance * awayBelow;
    result.draw += homeChance * level;
    awayBelow += level;
  });
  // What is left is the away win; computed so the three add up to 1 whatever the rounding.
  const total = home.reduce((a, b) => a + b, 0) * away.reduce((a, b) => a + b, 0);
  result.away = Math.max(0, total - result.home - result.draw);
  return result;
}

/**
 * Each side's expected points of one match (3 a win, 1 a draw), from the chances its xG gives
 * each result.
 */
export function computeExpectedPoints(
  home: XgSide,
  away: XgSide,
): { home: number; away: number; chances: ResultChances } {
  const chances = computeResultChances(computeSideGoalChances(home), computeSideGoalChances(away));
  return {
    home: 3 * chances.home + chances.draw,
    away: 3 * chances.away + chances.draw,
    chances,
  };
}

/** One finished match with the xG its facts record. */
export type XgMatch = {
  homeId: number;
  awayId: number;
  homeGoals: number;
  awayGoals: number;
  home: XgSide;
  away: XgSide;
};

/** A club's season in expected goals: unrounded sums over the matches with xG. */
export type XgTally = {
  teamId: number;
  matches: number;
  xgFor: number;
  xgAgainst: number;
  points: number;
  expectedPoints: number;
};

/**
 * Each club's matches, xG for and against, points and expected points over the given matches
 * (only those with xG should be given, so points and expected points count the same games).
 */
export function tallyXgTable(matches: readonly XgMatch[]): XgTally[] {
  const rows = new Map<number, XgTally>();
  const rowOf = (teamId: number) => {
    let row = rows.get(teamId);
    if (row === undefined) {
      row = { teamId, matches: 0, xgFor: 0, xgAgainst: 0, points: 0, expectedPoints: 0 };
      rows.set(teamId, row);
    }
    return row;
  };
  for (const match of matches) {
    const expected = computeExpectedPoints(match.home, match.away);
    const sides = [
      [
        rowOf(match.homeId),
        match.home,
        match.away,
        match.homeGoals,
        match.awayGoals,
        expected.home,
      ],
      [
        rowOf(match.awayId),
        match.away,
        match.home,
        match.awayGoals,
        match.homeGoals,
        expected.away,
      ],
    ] as const;
    for (const [row, own, other, scored, conceded, expectedPoints] of sides) {
      row.matches += 1;
      row.xgFor += own.xg;
      row.xgAgainst += other.xg;
      row.points += scored > conceded ? 3 : scored === conceded ? 1 : 0;
      row.expectedPoints += expectedPoints;
    }
  }
  return [...rows.values()];
}
