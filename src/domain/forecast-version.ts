/**
 * The smallest change of a probability that makes a new version of a stored forecast: below a
 * twentieth of a percentage point (the site shows tenths) a refresh would change nothing a fan
 * sees, and every result anywhere moves every forecast a little.
 */
export const PROBABILITY_STEP = 0.0005;

type Version = { pick: string; probabilities: unknown };

/** Whether a fresh forecast differs from the stored version by more than a refresh's noise. */
export function isNewForecastVersion(
  stored: Version,
  next: { pick: string; probabilities: Readonly<Record<string, number>> },
): boolean {
  if (stored.pick !== next.pick) return true;
  const before = (stored.probabilities ?? {}) as Record<string, unknown>;
  const keys = new Set([...Object.keys(before), ...Object.keys(next.probabilities)]);
  for (const key of keys) {
    const old = before[key];
    const value = next.probabilities[key];
    if (typeof old !== 'number' || value === undefined) return true;
    if (Math.abs(old - value) >= PROBABILITY_STEP) return true;
  }
  return false;
}
