import type { Forecast } from './model.ts';

/** Scores above this many goals per side are lumped into the last cell (their mass is tiny). */
const MAX_GOALS = 10;

/** Poisson probabilities P(0..MAX_GOALS) with the tail folded into the last entry. */
function poissonRow(lambda: number): number[] {
  const row = new Array<number>(MAX_GOALS + 1);
  let p = Math.exp(-lambda);
  let sum = 0;
  for (let k = 0; k < MAX_GOALS; k++) {
    row[k] = p;
    sum += p;
    p *= lambda / (k + 1);
  }
  row[MAX_GOALS] = Math.max(0, 1 - sum);
  return row;
}

/** Dixon-Coles low-score factor τ; ρ < 0 moves mass from 1-0/0-1 to 0-0/1-1. */
export function getLowScoreFactor(
  homeGoals: number,
  awayGoals: number,
  lambdaHome: number,
  lambdaAway: number,
  rho: number,
): number {
  if (homeGoals === 0 && awayGoals === 0) return 1 - lambdaHome * lambdaAway * rho;
  if (homeGoals === 0 && awayGoals === 1) return 1 + lambdaHome * rho;
  if (homeGoals === 1 && awayGoals === 0) return 1 + lambdaAway * rho;
  if (homeGoals === 1 && awayGoals === 1) return 1 - rho;
  return 1;
}

/** Largest |ρ| keeping every τ positive for these means (so the grid stays a distribution). */
export function clampRho(rho: number, lambdaHome: number, lambdaAway: number): number {
  const upper = Math.min(1 / (lambdaHome * lambdaAway), 1) * 0.99;
  const lower = -Math.min(1 / lambdaHome, 1 / lambdaAway) * 0.99;
  return Math.min(upper, Math.max(lower, rho));
}

/** P(total goals ≥ 3) for Poisson total goals with this mean. */
export function getOver25Probability(totalGoals: number): number {
  const t = Math.max(totalGoals, 1e-9);
  return 1 - Math.exp(-t) * (1 + t + (t * t) / 2);
}

/**
 * The forecast implied by independent Poisson goals with the Dixon-Coles low-score correction.
 * The correction only moves mass between 0-0, 1-0, 0-1 and 1-1, so over/under 2.5 is exactly the
 * Poisson total's (consistent with the expected goals).
 */
export function getScoreForecast(lambdaHome: number, lambdaAway: number, rho = 0): Forecast {
  const r = clampRho(rho, lambdaHome, lambdaAway);
  const home = poissonRow(lambdaHome);
  const away = poissonRow(lambdaAway);
  let pHome = 0;
  let pDraw = 0;
  let pAway = 0;
  for (let i = 0; i <= MAX_GOALS; i++) {
    for (let j = 0; j <= MAX_GOALS; j++) {
      let p = home[i]! * away[j]!;
      if (i <= 1 && j <= 1) p *= getLowScoreFactor(i, j, lambdaHome, lambdaAway, r);
      if (i > j) pHome += p;
      else if (i === j) pDraw += p;
      else pAway += p;
    }
  }
  const total = pHome + pDraw + pAway;
  const over25 = getOver25Probability(lambdaHome + lambdaAway);
  return {
    home: pHome / total,
    draw: pDraw / total,
    away: pAway / total,
    expectedHomeGoals: lambdaHome,
    expectedAwayGoals: lambdaAway,
    over25,
    under25: 1 - over25,
    rho: r,
  };
}

export type LikelyScore = { home: number; away: number; probability: number };

/** The `count` most likely scores of the Dixon-Coles grid for these means, most likely first. */
export function listLikelyScores(
  lambdaHome: number,
  lambdaAway: number,
  rho: number,
  count: number,
): LikelyScore[] {
  const r = clampRho(rho, lambdaHome, lambdaAway);
  const home = poissonRow(lambdaHome);
  const away = poissonRow(lambdaAway);
  const scores: LikelyScore[] = [];
  // The last cell of each row holds the tail, not one score: it is left out.
  for (let i = 0; i < MAX_GOALS; i++) {
    for (let j = 0; j < MAX_GOALS; j++) {
      let p = home[i]! * away[j]!;
      if (i <= 1 && j <= 1) p *= getLowScoreFactor(i, j, lambdaHome, lambdaAway, r);
      scores.push({ home: i, away: j, probability: p });
    }
  }
  return scores
    .sort((a, b) => b.probability - a.probability || a.home - b.home || a.away - b.away)
    .slice(0, count);
}
