import * as z from 'zod';

// football-data.org's error answers and rate-limit hints (NOTES.md §8).

const ErrorBodySchema = z.object({ message: z.string(), errorCode: z.int() });

/** `{message, errorCode}` when `body` is football-data's error shape, else undefined. */
export function findErrorBody(body: unknown): { message: string; errorCode: number } | undefined {
  const result = ErrorBodySchema.safeParse(body);
  return result.success ? result.data : undefined;
}

/**
 * The error an `{message, errorCode}` body stands for. 400 "Your API token is invalid." is a bad
 * key; 403 "restricted … check your subscription" is a resource outside the plan (we always
 * send a token, and a wrong one gets the 400).
 */
export function classifyError(
  status: number,
  message: string,
): 'auth' | 'plan' | 'rate-limit' | 'not-found' | 'bad-request' | 'server' {
  if (status === 401 || (status === 400 && /token/i.test(message))) return 'auth';
  if (status === 403) return /subscription|permission|restricted/i.test(message) ? 'plan' : 'auth';
  if (status === 429) return 'rate-limit';
  if (status === 404) return 'not-found';
  if (status >= 500) return 'server';
  return 'bad-request';
}

/**
 * Seconds to wait after a 429: `X-RequestCounter-Reset`, else the number in "Wait 41 seconds.".
 */
export function parseWaitSeconds(resetHeader: string | null, bodyText: string): number | undefined {
  const header = Number(resetHeader?.trim() ?? '');
  if (resetHeader !== null && resetHeader.trim() !== '' && Number.isFinite(header) && header >= 0) {
    return Math.ceil(header);
  }
  let message = bodyText;
  try {
    message = findErrorBody(JSON.parse(bodyText))?.message ?? bodyText;
  } catch {
    // not JSON: look in the raw text
  }
  const match = /wait\s+(\d{1,5})\s+sec/i.exec(message);
  return match?.[1] === undefined ? undefined : Number(match[1]);
}
