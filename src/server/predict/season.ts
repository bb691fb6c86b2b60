/** The season before "2023-2024", i.e. "2022-2023" (seasons are "YYYY-YYYY"). */
export function getPreviousSeason(season: string): string {
  const start = Number(season.slice(0, 4));
  return `${start - 1}-${start}`;
}

/** Exponential time-decay weight of something `ageMs` old, halving every `halfLifeDays`. */
export function getDecayWeight(ageMs: number, halfLifeDays: number): number {
  return Math.pow(0.5, ageMs / (halfLifeDays * 86_400_000));
}
