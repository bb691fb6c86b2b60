/**
 * Scoring rules for match forecasts, as defined in the bookmaker anchors (data/ANCHORS.md in the
 * shared data folder): RPS, log loss, Brier and favourite accuracy for home/draw/away, log loss
 * and Brier for over/under 2.5 goals. Pure functions over plain numbers.
 */

export type Outcome = 'home' | 'draw' | 'away';

/** Probabilities of home win, draw and away win, summing to 1. */
export type ResultProbabilities = { home: number; draw: number; away: number };

/** Ordered as the ranked probability score needs them: home < draw < away. */
const OUTCOMES: readonly Outcome[] = ['home', 'draw', 'away'];

/** Forecasts of 0 would give an infinite log loss; no finite forecaster deserves that. */
const MIN_PROBABILITY = 1e-15;

export function getOutcome(homeGoals: number, awayGoals: number): Outcome {
  if (homeGoals > awayGoals) return 'home';
  return homeGoals === awayGoals ? 'draw' : 'away';
}

/**
 * Margin-free probabilities by basic normalisation, p_i = (1/o_i) / Σ_j (1/o_j), or null when any
 * price is missing or not above 1 (such odds are treated as missing).
 */
export function normaliseOdds(odds: readonly (number | null | undefined)[]): number[] | null {
  const inverse: number[] = [];
  for (const price of odds) {
    if (price === null || price === undefined || !Number.isFinite(price) || price <= 1) return null;
    inverse.push(1 / price);
  }
  const total = inverse.reduce((sum, value) => sum + value, 0);
  return inverse.map((value) => value / total);
}

/** Ranked probability score over the ordered outcomes home < draw < away (r = 3). */
export function scoreRps(p: ResultProbabilities, outcome: Outcome): number {
  const oHome = outcome === 'home' ? 1 : 0;
  const oDraw = outcome === 'draw' ? 1 : 0;
  const first = p.home - oHome;
  const second = p.home + p.draw - oHome - oDraw;
  return (first * first + second * second) / 2;
}

/** −ln p(observed outcome), natural log. */
export function scoreLogLoss(p: ResultProbabilities, outcome: Outcome): number {
  return -Math.log(Math.max(p[outcome], MIN_PROBABILITY));
}

/** Σ_k (p_k − o_k)² over the three outcomes (range 0–2). */
export function scoreBrier(p: ResultProbabilities, outcome: Outcome): number {
  let sum = 0;
  for (const k of OUTCOMES) {
    const d = p[k] - (k === outcome ? 1 : 0);
    sum += d * d;
  }
  return sum;
}

/** The outcome with the highest probability, ties broken in the order home, draw, away. */
export function getFavourite(p: ResultProbabilities): Outcome {
  let best: Outcome = 'home';
  for (const k of OUTCOMES) if (p[k] > p[best]) best = k;
  return best;
}

/** −ln of the probability given to the side of 2.5 goals that happened. */
export function scoreOverUnderLogLoss(pOver: number, over: boolean): number {
  return -Math.log(Math.max(over ? pOver : 1 - pOver, MIN_PROBABILITY));
}

/** Brier summed over the two outcomes, over and under (range 0–2, twice the single-event Brier). */
export function scoreOverUnderBrier(pOver: number, over: boolean): number {
  const d = pOver - (over ? 1 : 0);
  return 2 * d * d;
}

export type ResultScores = {
  matches: number;
  rps: number;
  logloss: number;
  brier: number;
  accuracy: number;
};

export type OverUnderScores = { matches: number; logloss: number; brier: number };

/** Mean RPS, log loss and Brier and the share of favourites that won, over the given matches. */
export function scoreResults(
  items: readonly { p: ResultProbabilities; outcome: Outcome }[],
): ResultScores {
  let rps = 0;
  let logloss = 0;
  let brier = 0;
  let correct = 0;
  for (const { p, outcome } of items) {
    rps += scoreRps(p, outcome);
    logloss += scoreLogLoss(p, outcome);
    brier += scoreBrier(p, outcome);
    if (getFavourite(p) === outcome) correct++;
  }
  const n = items.length;
  if (n === 0) return { matches: 0, rps: NaN, logloss: NaN, brier: NaN, accuracy: NaN };
  return {
    matches: n,
    rps: rps / n,
    logloss: logloss / n,
    brier: brier / n,
    accuracy: correct / n,
  };
}

/** Mean over/under 2.5 log loss and Brier over the given matches. */
export function scoreOverUnder(
  items: readonly { pOver: number; over: boolean }[],
): OverUnderScores {
  let logloss = 0;
  let brier = 0;
  for (const { pOver, over } of items) {
    logloss += scoreOverUnderLogLoss(pOver, over);
    brier += scoreOverUnderBrier(pOver, over);
  }
  const n = items.length;
  if (n === 0) return { matches: 0, logloss: NaN, brier: NaN };
  return { matches: n, logloss: logloss / n, brier: brier / n };
}

export type CalibrationBin = {
  /** Lower edge of the predicted-probability bin (inclusive). */
  from: number;
  /** Upper edge (exclusive, except the last bin, which includes 1). */
  to: number;
  /** Predicted probabilities that fell in the bin: three per match, one per outcome. */
  count: number;
  meanPredicted: number;
  /** Share of those predictions whose outcome happened. */
  observed: number;
};

/**
 * Calibration table over all home/draw/away outcomes: every match contributes its three predicted
 * probabilities, binned into `bins` equal-width bins, against how often those outcomes happened.
 * Empty bins have count 0 and NaN means.
 */
export function buildCalibrationTable(
  items: readonly { p: ResultProbabilities; outcome: Outcome }[],
  bins = 10,
): CalibrationBin[] {
  const predicted = new Array<number>(bins).fill(0);
  const hits = new Array<number>(bins).fill(0);
  const counts = new Array<number>(bins).fill(0);
  for (const { p, outcome } of items) {
    for (const k of OUTCOMES) {
      const bin = Math.min(bins - 1, Math.max(0, Math.floor(p[k] * bins)));
      counts[bin]! += 1;
      predicted[bin]! += p[k];
      if (k === outcome) hits[bin]! += 1;
    }
  }
  return counts.map((count, i) => ({
    from: i / bins,
    to: (i + 1) / bins,
    count,
    meanPredicted: count === 0 ? NaN : predicted[i]! / count,
    observed: count === 0 ? NaN : hits[i]! / count,
  }));
}
