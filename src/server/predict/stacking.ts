/**
 * Past forecasts for the stacking fit, packed one after another (a fit reads every row, and a
 * row per object scattered over the heap makes it wait on memory): row r's feature vectors of
 * each outcome, outcome by outcome (`width` = outcomes × parameters numbers), start at
 * x[r × width]; outcome[r] is what happened and weight[r] the row's weight. Only the first
 * `count` rows are in use.
 */
export type StackingRows = {
  width: number;
  count: number;
  x: Float64Array;
  outcome: Uint8Array;
  weight: Float64Array;
};

/** No rows yet, each `width` numbers wide. */
export function createStackingRows(width: number): StackingRows {
  const capacity = 64;
  return {
    width,
    count: 0,
    x: new Float64Array(capacity * width),
    outcome: new Uint8Array(capacity),
    weight: new Float64Array(capacity),
  };
}

/** Adds a row after the others (room for twice as many when full). */
export function addStackingRow(
  rows: StackingRows,
  features: ArrayLike<number>,
  outcome: number,
  weight = 1,
): void {
  if (rows.count === rows.outcome.length) {
    const capacity = rows.count * 2;
    const x = new Float64Array(capacity * rows.width);
    x.set(rows.x);
    rows.x = x;
    const outcomes = new Uint8Array(capacity);
    outcomes.set(rows.outcome);
    rows.outcome = outcomes;
    const weights = new Float64Array(capacity);
    weights.set(rows.weight);
    rows.weight = weights;
  }
  rows.x.set(features, rows.count * rows.width);
  rows.outcome[rows.count] = outcome;
  rows.weight[rows.count] = weight;
  rows.count += 1;
}

/** Drops the `count` oldest rows. */
export function dropOldestStackingRows(rows: StackingRows, count: number): void {
  rows.x.copyWithin(0, count * rows.width, rows.count * rows.width);
  rows.outcome.copyWithin(0, count, rows.count);
  rows.weight.copyWithin(0, count, rows.count);
  rows.count -= count;
}

/** Solves a·d = b for a small dense symmetric system (Gaussian elimination); null if singular. */
function solve(a: number[][], b: number[]): number[] | null {
  const n = b.length;
  const m = a.map((row, i) => [...row, b[i]!]);
  for (let col = 0; col < n; col++) {
    let pivot = col;
    for (let r = col + 1; r < n; r++) {
      if (Math.abs(m[r]![col]!) > Math.abs(m[pivot]![col]!)) pivot = r;
    }
    if (Math.abs(m[pivot]![col]!) < 1e-12) return null;
    [m[col], m[pivot]] = [m[pivot]!, m[col]!];
    for (let r = 0; r < n; r++) {
      if (r === col) continue;
      const f = m[r]![col]! / m[col]![col]!;
      for (let c = col; c <= n; c++) m[r]![c]! -= f * m[col]![c]!;
    }
  }
  return m.map((row, i) => row[n]! / row[i]!);
}

/**
 * Weighted conditional-logit (softmax over outcomes) fit by Newton's method: P(outcome k) ∝
 * exp(θ·x_k). A ridge penalty of `priorStrength` pulls θ towards `priorMean`, which also keeps
 * the first fits on little data sensible. Runs `iterations` steps from `start`.
 */
export function fitConditionalLogit(
  rows: StackingRows,
  outcomes: number,
  start: number[],
  {
    priorMean,
    priorStrength,
    iterations,
  }: { priorMean: number[]; priorStrength: number; iterations: number },
): number[] {
  const p = start.length;
  const theta = Float64Array.from(start);
  const q = new Float64Array(outcomes);
  const mean = new Float64Array(p);
  // Gradient and Hessian (lower triangle, row-major p × p) of the penalised log-likelihood.
  const g = new Float64Array(p);
  const h = new Float64Array(p * p);
  for (let iteration = 0; iteration < iterations; iteration++) {
    h.fill(0);
    for (let j = 0; j < p; j++) {
      g[j] = -priorStrength * (theta[j]! - priorMean[j]!);
      h[j * p + j] = -priorStrength;
    }
    const { x, width } = rows;
    for (let r = 0; r < rows.count; r++) {
      const row = r * width;
      const outcome = rows.outcome[r]!;
      const weight = rows.weight[r]!;
      let top = -Infinity;
      for (let k = 0; k < outcomes; k++) {
        let s = 0;
        for (let j = 0; j < p; j++) s += theta[j]! * x[row + k * p + j]!;
        q[k] = s;
        if (s > top) top = s;
      }
      let total = 0;
      for (let k = 0; k < outcomes; k++) {
        q[k] = Math.exp(q[k]! - top);
        total += q[k]!;
      }
      mean.fill(0);
      for (let k = 0; k < outcomes; k++) {
        q[k] = q[k]! / total;
        for (let j = 0; j < p; j++) mean[j] = mean[j]! + q[k]! * x[row + k * p + j]!;
      }
      for (let i = 0; i < p; i++) {
        g[i] = g[i]! + weight * (x[row + outcome * p + i]! - mean[i]!);
        for (let j = 0; j <= i; j++) h[i * p + j] = h[i * p + j]! + weight * mean[i]! * mean[j]!;
      }
      for (let k = 0; k < outcomes; k++) {
        const wq = weight * q[k]!;
        const base = row + k * p;
        for (let i = 0; i < p; i++) {
          const xi = wq * x[base + i]!;
          if (xi === 0) continue;
          for (let j = 0; j <= i; j++) h[i * p + j] = h[i * p + j]! - xi * x[base + j]!;
        }
      }
    }
    const matrix: number[][] = [];
    for (let i = 0; i < p; i++) {
      matrix.push(Array.from({ length: p }, (_, j) => (j <= i ? h[i * p + j]! : h[j * p + i]!)));
    }
    const step = solve(matrix, [...g]);
    if (step === null || !step.every(Number.isFinite)) break;
    for (let j = 0; j < p; j++) theta[j] = theta[j]! - step[j]!;
  }
  return [...theta];
}

/** P(outcome k) ∝ exp(θ·x_k) for one row's features. */
export function getStackedProbabilities(
  theta: number[],
  x: Float64Array,
  outcomes: number,
): number[] {
  const p = theta.length;
  const scores: number[] = [];
  for (let k = 0; k < outcomes; k++) {
    let s = 0;
    for (let j = 0; j < p; j++) s += theta[j]! * x[k * p + j]!;
    scores.push(s);
  }
  const top = Math.max(...scores);
  const e = scores.map((s) => Math.exp(s - top));
  const total = e.reduce((a, b) => a + b, 0);
  return e.map((v) => v / total);
}
