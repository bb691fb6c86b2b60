/** A score such as RPS or log loss, to four decimals. */
export function formatScore(value: number): string {
  return value.toFixed(4);
}

/** A difference of scores with its sign, using a true minus: "+0.0051", "−0.0032". */
export function formatSignedScore(value: number): string {
  const text = Math.abs(value).toFixed(4);
  if (Number(text) === 0) return text;
  return `${value < 0 ? '\u2212' : '+'}${text}`;
}

/** A probability or share as a percentage: "48%", or "48.3%" with one decimal. */
export function formatPercent(value: number, decimals = 0): string {
  return `${(value * 100).toFixed(decimals)}%`;
}
