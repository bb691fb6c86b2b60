import * as z from 'zod/mini';

// The answers every route shares: the error shape, empty answers, text that is not JSON.

/** Every refusal and failure the HTTP API answers: `{ "error": "<message for people>" }`. */
export const ApiErrorSchema = z.object({ error: z.string() });
export type ApiError = z.infer<typeof ApiErrorSchema>;

const WHY = {
  400: 'The request does not fit the contract; the message names the first bad field ("query.market: must be h2h or totals").',
  401: 'No valid session cookie (log in with POST /api/session first).',
  403: 'Forbidden: a POST sent from another site, or the admin password missing or wrong ("Admin password required").',
  404: 'Not found.',
  429: 'Too many requests from this address, or too many password attempts: wait for Retry-After.',
  500: 'Internal Server Error (the details are in the server log).',
  503: 'The server is overloaded: retry after Retry-After.',
} as const;

export type ErrorStatus = keyof typeof WHY;

/** The error answer of one status, with what it means for the OpenAPI document. */
export function describeError(status: ErrorStatus, why: string = WHY[status]) {
  return { description: why, content: { 'application/json': { schema: ApiErrorSchema } } };
}

/** Error answers by status code, each `{ error }`, for a route's `response` map. */
export function errorAnswers<const S extends ErrorStatus>(
  ...statuses: S[]
): Record<S, ReturnType<typeof describeError>> {
  return Object.fromEntries(statuses.map((s) => [s, describeError(s)])) as Record<
    S,
    ReturnType<typeof describeError>
  >;
}

/** What any route behind the gate may answer besides its own: no session, throttled, failed, overloaded. */
export const GATED_ERRORS = errorAnswers(401, 429, 500, 503);
/** The same for a public route, which never answers 401. */
export const PUBLIC_ERRORS = errorAnswers(429, 500, 503);

/** An answer without a body (a redirect, a 204, a 304). */
export function emptyAnswer(description: string) {
  return z.undefined().check(z.describe(description));
}

/** An answer whose body is text of `mediaType` (an image, a feed, a page). */
export function textAnswer(mediaType: string, description: string) {
  return { description, content: { [mediaType]: { schema: z.string() } } };
}

/** The 304 of a JSON or feed GET whose ETag the client sent back in If-None-Match. */
export const NOT_MODIFIED = {
  304: emptyAnswer('Not Modified: the client holds these bytes already (If-None-Match).'),
};
