import type * as z from 'zod';

import type { ProviderMatchEvent } from '../provider.ts';
import { formatPath } from './require-shape.ts';

// What the live adapters share when they read a match beyond its score: its goals against the
// score, its figures, the first problem of a part that cannot be read.

/** Whether `goals` add up to the score (a score not yet given counts as 0). */
export function accountsForScore(
  goals: readonly ProviderMatchEvent[],
  homeScore: number | null,
  awayScore: number | null,
): boolean {
  const home = goals.filter((goal) => goal.side === 'home').length;
  return home === (homeScore ?? 0) && goals.length - home === (awayScore ?? 0);
}

/**
 * A figure as a number: 12, "12", "1.42", "55%" (the percentage's number); null when none is
 * given; undefined when it is something else (a negative number, text that is no number, an
 * object), or a fraction where a count belongs.
 */
export function parseFigure(
  value: unknown,
  kind: 'count' | 'decimal' = 'count',
): number | null | undefined {
  if (value === null || value === undefined) return null;
  let number: number;
  if (typeof value === 'number') {
    number = value;
  } else if (typeof value === 'string') {
    const text = value.trim().replace(/\s*%$/, '');
    if (!/^\d+(\.\d+)?$/.test(text)) return undefined;
    number = Number(text);
  } else {
    return undefined;
  }
  if (!Number.isFinite(number) || number < 0) return undefined;
  if (kind === 'count' && !Number.isSafeInteger(number)) return undefined;
  return number;
}

/** A name as given, trimmed; null when none or blank. */
export function cleanName(value: string | null | undefined): string | null {
  const text = value?.trim() ?? '';
  return text === '' ? null : text;
}

/** The first problem zod found in a part, at its place in the answer. */
export function firstIssue(where: string, error: z.ZodError): string {
  const issue = error.issues[0];
  return `${formatPath(where, issue?.path ?? [])}: ${issue?.message ?? 'unexpected shape'}`;
}
