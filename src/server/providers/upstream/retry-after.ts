const MAX_RETRY_AFTER_MS = 24 * 60 * 60 * 1000;

/**
 * A Retry-After header in milliseconds: whole seconds or an HTTP date, as RFC 9110 allows,
 * capped at 24 hours; undefined when absent or unreadable.
 */
export function parseRetryAfter(
  value: string | null | undefined,
  nowMs: number,
): number | undefined {
  if (typeof value !== 'string') return undefined;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Math.min(Number(text) * 1000, MAX_RETRY_AFTER_MS);
  // Date.parse reads "-5" or "1" as years: a date worth reading has a four-digit year.
  if (!/\d{4}/.test(text)) return undefined;
  const at = Date.parse(text);
  if (!Number.isFinite(at)) return undefined;
  return Math.min(Math.max(0, at - nowMs), MAX_RETRY_AFTER_MS);
}
