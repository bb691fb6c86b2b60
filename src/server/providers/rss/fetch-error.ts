/** A feed fetch that failed; its message starts with "rss: ". */
export class FeedFetchError extends Error {
  /** From a Retry-After header (429 and 503 only), at most 24 hours. */
  retryAfterMs?: number;
  status?: number;

  constructor(
    message: string,
    details: { status?: number; retryAfterMs?: number; cause?: unknown } = {},
  ) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.name = 'FeedFetchError';
    if (details.status !== undefined) this.status = details.status;
    if (details.retryAfterMs !== undefined) this.retryAfterMs = details.retryAfterMs;
  }
}

/** An error's message with its system code, e.g. "connect ECONNREFUSED 1.2.3.4:443 (ECONNREFUSED)". */
export function describeNetworkError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const code = (error as NodeJS.ErrnoException).code;
  return code === undefined ? error.message : `${error.message} (${code})`;
}

/** Text cut to 200 characters, for quoting a URL or header in an error. */
export function truncate(text: string): string {
  return text.length > 200 ? `${text.slice(0, 200)}…` : text;
}
