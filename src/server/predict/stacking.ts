/** One past forecast for the stacking fit: features per outcome, what happened, and its weight. */
export type StackingRow = {
  /** Feature vectors of each outcome, outcome by outcome (`outcomes × parameters` numbers). */
  x: Float64Array;
  outcome: number;
  weight: number;
};

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
  rows: StackingRow[],
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
    for (let r = 0; r < rows.length; r++) {
      const { x, outcome, weight } = rows[r]!;
      let top = -Infinity;
      for (let k = 0; k < outcomes; k++) {
        let s = 0;
        for (let j = 0; j < p; j++) s += theta[j]! * x[k * p + j]!;
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
        for (let j = 0; j < p; j++) mean[j] = mean[j]! + q[k]! * x[k * p + j]!;
      }
      for (let i = 0; i < p; i++) {
        g[i] = g[i]! + weight * (x[outcome * p + i]! - mean[i]!);
        for (let j = 0; j <= i; j++) h[i * p + j] = h[i * p + j]! + weight * mean[i]! * mean[j]!;
      }
      for (let k = 0; k < outcomes; k++) {
        const wq = weight * q[k]!;
        const base = k * p;
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
