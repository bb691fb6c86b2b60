/** Iterations of the insider-share estimate before giving up on more precision. */
const MAX_ITERATIONS = 1000;
const CONVERGED = 1e-12;

export type ShinResult = {
  /** Margin-free probabilities, in the order of the prices; they sum to 1. */
  probabilities: number[];
  /** The estimated share of insider money, z. */
  z: number;
};

function getShinProbability(z: number, inverse: number, booksum: number): number {
  return (Math.sqrt(z * z + (4 * (1 - z) * inverse * inverse) / booksum) - z) / (2 * (1 - z));
}

/**
 * Margin-free probabilities of a market's decimal prices by Shin's method: the bookmaker's margin
 * is read as protection against a share z of insiders, estimated by Jullien and Salanié's fixed
 * point (for two outcomes, in closed form). Unlike dividing by the booksum, it takes more margin
 * off long shots than off favourites. Null when a price is not above 1 or there are fewer than
 * two.
 */
export function getShinProbabilities(prices: readonly number[]): ShinResult | null {
  if (prices.length < 2 || !prices.every((p) => Number.isFinite(p) && p > 1)) return null;
  const inverse = prices.map((p) => 1 / p);
  const booksum = inverse.reduce((sum, p) => sum + p, 0);
  let z = 0;
  if (booksum > 1) {
    if (inverse.length === 2) {
      const [a = 0, b = 0] = inverse;
      const diff = a - b;
      z = ((booksum - 1) * (diff * diff - booksum)) / (booksum * (diff * diff - 1));
    } else {
      for (let i = 0; i < MAX_ITERATIONS; i++) {
        const roots = inverse.map((p) => Math.sqrt(z * z + (4 * (1 - z) * p * p) / booksum));
        const next = (roots.reduce((sum, r) => sum + r, 0) - 2) / (inverse.length - 2);
        const done = Math.abs(next - z) < CONVERGED;
        z = next;
        if (done) break;
      }
    }
  }
  const raw = inverse.map((p) => getShinProbability(z, p, booksum));
  const total = raw.reduce((sum, p) => sum + p, 0);
  return { probabilities: raw.map((p) => p / total), z };
}

/** A bookmaker's payout on a market: the share of stakes it pays back, 1 / Σ 1/price. */
export function getPayout(prices: readonly number[]): number | null {
  if (prices.length === 0 || !prices.every((p) => Number.isFinite(p) && p > 0)) return null;
  return 1 / prices.reduce((sum, p) => sum + 1 / p, 0);
}
