import type * as z from 'zod';

import { UpstreamError, type Quota } from '../upstream/http.ts';
import { requireShape } from '../upstream/require-shape.ts';
import { parseRetryAfter } from '../upstream/retry-after.ts';

// How API-Football tells what went wrong: an `errors` field in a 200 body, a few HTTP statuses of
// its own, and the daily quota headers. The sections cited (§n) are those of NOTES.md.

export const PROVIDER = 'api-football';

// ---------------------------------------------------------------------------------------------
// Errors and quota (§2, §11, §1)

/** Most serious first: a bad key explains any other complaint in the same body. */
const ERROR_KINDS: Array<[string, 'auth' | 'quota' | 'rate-limit' | 'plan']> = [
  ['token', 'auth'],
  ['requests', 'quota'],
  ['ratelimit', 'rate-limit'],
  ['plan', 'plan'],
];

/**
 * The error an API-Football body reports in its `errors` field (an empty array when all is
 * well, an object when not, while the HTTP status is still 200); undefined for a data body.
 * token → auth, requests (daily limit) → quota, rateLimit (per minute) → rate-limit, plan →
 * plan, any other key (parameter checks) → bad-request. The shared client retries no error
 * found in a 200 body, whatever its kind (see upstream/http.ts).
 */
export function findBodyError(body: unknown): UpstreamError | undefined {
  return readBodyError(body, {});
}

/**
 * A non-2xx answer the API-Football way: 499 is its own time-out (§11), worth another try; a
 * JSON body with `errors` (a 429 with `rateLimit` or `requests`, a 403 with `token`) names the
 * cause better than the status does, so a 429 for the daily limit reads as quota (no retry).
 * Undefined leaves the status to the shared client.
 */
export function findErrorAnswer(
  status: number,
  text: string,
  headers: Headers,
  nowMs: number,
): UpstreamError | undefined {
  if (status === 499) {
    return new UpstreamError(PROVIDER, 'timeout', 'HTTP 499: the API timed out', { status });
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return undefined;
  }
  const retryAfterMs = parseRetryAfter(headers.get('retry-after'), nowMs);
  return readBodyError(body, { status, retryAfterMs });
}

function readBodyError(
  body: unknown,
  details: { status?: number; retryAfterMs?: number | undefined },
): UpstreamError | undefined {
  if (typeof body !== 'object' || body === null || !('errors' in body)) return undefined;
  const errors: unknown = body.errors;
  let entries: Array<[string, string]>;
  if (Array.isArray(errors)) {
    if (errors.length === 0) return undefined;
    entries = errors.map((e) => ['error', typeof e === 'string' ? e : JSON.stringify(e)]);
  } else if (typeof errors === 'object' && errors !== null) {
    entries = Object.entries(errors).map(([key, value]) => [
      key,
      typeof value === 'string' ? value : JSON.stringify(value),
    ]);
    if (entries.length === 0) return undefined;
  } else {
    return undefined;
  }
  const status = details.status === undefined ? {} : { status: details.status };
  for (const [key, kind] of ERROR_KINDS) {
    const entry = entries.find(([k]) => k.toLowerCase() === key);
    if (entry === undefined) continue;
    const message = `${entry[0]}: ${entry[1]}`;
    if (kind !== 'rate-limit') return new UpstreamError(PROVIDER, kind, message, status);
    // Without Retry-After, "Your rate limit is 10 requests per minute": one request's share.
    const perMinute = /(\d+)\s*requests? per minute/i.exec(entry[1]);
    const retryAfterMs =
      details.retryAfterMs ??
      (perMinute !== null && Number(perMinute[1]) > 0
        ? Math.ceil(60_000 / Number(perMinute[1]))
        : undefined);
    return new UpstreamError(PROVIDER, kind, message, {
      ...status,
      ...(retryAfterMs === undefined ? {} : { retryAfterMs }),
    });
  }
  return new UpstreamError(
    PROVIDER,
    'bad-request',
    entries.map(([key, value]) => `${key}: ${value}`).join('; '),
    status,
  );
}

/**
 * A 200 body that is not JSON, named for the status page: empty (§11 lists HTTP 204 "no
 * content"), an HTML page (a proxy's or the host's error page), or JSON cut short (a connection
 * closed mid-answer). Undefined leaves any other text to the shared client's own message.
 */
export function findTextError(text: string): UpstreamError | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return new UpstreamError(PROVIDER, 'bad-body', 'empty answer (no content)');
  if (/^<(!doctype|html|head|body|\?xml)/i.test(trimmed)) {
    const title = /<title[^>]*>([^<]*)<\/title>/i.exec(trimmed)?.[1]?.trim() ?? '';
    return new UpstreamError(
      PROVIDER,
      'bad-body',
      `an HTML page instead of JSON${title === '' ? '' : ` ("${title.slice(0, 80)}")`}`,
    );
  }
  if (trimmed.startsWith('{') || trimmed.startsWith('[')) {
    return new UpstreamError(
      PROVIDER,
      'bad-body',
      `JSON cut short or malformed after ${trimmed.length} characters`,
    );
  }
  return undefined;
}

/** §1 daily quota headers: `x-ratelimit-requests-limit` and `x-ratelimit-requests-remaining`. */
export function readQuota(headers: Headers): Quota | undefined {
  const remaining = readCount(headers.get('x-ratelimit-requests-remaining'));
  const limit = readCount(headers.get('x-ratelimit-requests-limit'));
  if (remaining === null && limit === null) return undefined;
  return {
    remaining,
    used: remaining !== null && limit !== null ? Math.max(0, limit - remaining) : null,
  };
}

function readCount(value: string | null): number | null {
  if (value === null || !/^\s*\d+\s*$/.test(value)) return null;
  return Number(value);
}

// ---------------------------------------------------------------------------------------------
// Validation

/** Throws the body's own error first, so a parser handed an error body reports its kind. */
export function requireData<T>(schema: z.ZodType<T>, body: unknown): T {
  const error = findBodyError(body);
  if (error !== undefined) throw error;
  return requireShape(PROVIDER, schema, body, '');
}
