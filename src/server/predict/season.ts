/** The season before "2023-2024", i.e. "2022-2023" (seasons are "YYYY-YYYY"). */
export function getPreviousSeason(season: string): string {
  const start = Number(season.slice(0, 4));
  return `${start - 1}-${start}`;
}

/** Exponential time-decay weight of something `ageMs` old, halving every `halfLifeDays`. */
export function getDecayWeight(ageMs: number, halfLifeDays: number): number {
  return Math.pow(0.5, ageMs / (halfLifeDays * 86_400_000));
}

/**
 * getDecayWeight of things at each of `times` (ms), at `nowMs`. Times in order repeat (a kick-off
 * has several matches), so each run of equal times is worked out once.
 */
export function listDecayWeights(
  times: readonly number[],
  nowMs: number,
  halfLifeDays: number,
): number[] {
  const weights: number[] = [];
  let weight = 0;
  for (let i = 0; i < times.length; i++) {
    if (i === 0 || times[i] !== times[i - 1])
      weight = getDecayWeight(nowMs - times[i]!, halfLifeDays);
    weights.push(weight);
  }
  return weights;
}
