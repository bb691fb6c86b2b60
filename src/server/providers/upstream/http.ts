import type { QuotaDeferral } from '../provider.ts';
import type { LiveSourceName } from '../registry.ts';
import { parseRetryAfter } from './retry-after.ts';

/**
 * Why an upstream call failed. Only `timeout`, `network`, `server` and `rate-limit` are worth
 * another attempt; the rest will fail the same way until an operator acts.
 */
export type UpstreamErrorKind =
  | 'auth'
  | 'rate-limit'
  | 'quota'
  | 'plan'
  | 'server'
  | 'timeout'
  | 'network'
  | 'bad-request'
  | 'not-found'
  | 'bad-body'
  | 'breaker-open';

const RETRYABLE = new Set<UpstreamErrorKind>(['timeout', 'network', 'server', 'rate-limit']);

export class UpstreamError extends Error {
  readonly provider: string;
  readonly kind: UpstreamErrorKind;
  readonly status: number | undefined;
  /** From a Retry-After header, when the upstream sent one. */
  readonly retryAfterMs: number | undefined;

  constructor(
    provider: string,
    kind: UpstreamErrorKind,
    message: string,
    details: { status?: number; retryAfterMs?: number; cause?: unknown } = {},
  ) {
    super(
      `${provider}: ${message}`,
      details.cause === undefined ? undefined : { cause: details.cause },
    );
    this.name = 'UpstreamError';
    this.provider = provider;
    this.kind = kind;
    this.status = details.status;
    this.retryAfterMs = details.retryAfterMs;
  }

  get retryable(): boolean {
    return RETRYABLE.has(this.kind);
  }
}

export type BreakerState = 'closed' | 'open' | 'half-open';

export type Quota = { remaining: number | null; used: number | null };

/** What /api/status and /metrics show per provider. */
export type UpstreamStats = {
  provider: LiveSourceName;
  /** HTTP requests sent today (UTC day), retries included. */
  callsToday: number;
  /** UTC day `callsToday` counts, "2026-11-21". */
  day: string;
  requests: number;
  retries: number;
  failures: number;
  lastSuccessAt: string | null;
  lastErrorAt: string | null;
  lastError: string | null;
  creditsLeft: number | null;
  creditsUsed: number | null;
  breaker: BreakerState;
  /** Items of good answers left out because they lacked what Touchline needs (see noteDropped). */
  itemsDropped: number;
  /** What the upstream's plan refuses, in its words, while it does (see notePlanLimit). */
  planLimit: string | null;
  /** Reads Touchline's own quota planning put off, no request sent (see noteDeferral). */
  deferred: number;
  /** The last of them, in words: "api-football: transfers of ligue-1 wait for another day: …". */
  lastDeferral: string | null;
};

/** One item of a good answer that the adapter left out, and why. */
export type DroppedItem = {
  /** What the item was: "transfer", "match", "scorer"… */
  kind: string;
  /** The item's id at the upstream, or where it stood ("response[3]") when it had none. */
  id: string;
  reason: string;
};

type Log = { warn: (obj: object, msg: string) => void };

export type UpstreamClientOptions = {
  name: LiveSourceName;
  baseUrl: string;
  /** Sent with every request (auth headers). */
  headers?: Record<string, string>;
  /** Added to every query (auth by query parameter). */
  query?: Record<string, string>;
  /**
   * Looks at a parsed 200 body for an error the provider reports inside it; returns the
   * error, or undefined when the body is data.
   */
  inspectBody?: (body: unknown) => UpstreamError | undefined;
  /**
   * Looks at a 200 body that is not JSON (some providers answer plan refusals in plain text);
   * returns the error to raise. Without it, any such body is a `bad-body` error.
   */
  inspectText?: (text: string) => UpstreamError | undefined;
  /**
   * Classifies a non-2xx answer the provider's own way (e.g. a 429 that means "out of credits",
   * which no retry will mend); undefined falls back to the status code. `nowMs` is the
   * client's clock, for reading a Retry-After date with parseRetryAfter.
   */
  inspectError?: (
    status: number,
    text: string,
    headers: Headers,
    nowMs: number,
  ) => UpstreamError | undefined;
  /** Reads credits from response headers, for providers that report them. */
  readQuota?: (headers: Headers) => Quota | undefined;
  /** At least this long between two requests (e.g. 6 s for 10 requests a minute). */
  minIntervalMs?: number;
  timeoutMs?: number;
  maxAttempts?: number;
  baseDelayMs?: number;
  capDelayMs?: number;
  fetch?: typeof fetch;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
  log?: Log;
};

export type UpstreamResponse = { body: unknown; headers: Headers };

export type UpstreamClient = {
  name: LiveSourceName;
  /** GETs `path` (relative to the base URL) and returns its parsed JSON body. */
  getJson: (
    path: string,
    query?: Record<string, string | number | boolean | undefined>,
  ) => Promise<UpstreamResponse>;
  stats: () => UpstreamStats;
  /**
   * Counts a failure found after a good HTTP answer (the adapter's parser refused the body),
   * so it shows in the counters and the breaker like any other. Ignored: errors already counted
   * here, and Touchline's own refusals to call (an open breaker, a QuotaDeferral), which say
   * nothing of the upstream's health: counted, they would keep the breaker open on their own.
   */
  noteFailure: (error: unknown) => void;
  /**
   * Counts a read the adapter's own quota planning put off: shown as deferred, never as a
   * failure or a breaker outcome.
   */
  noteDeferral: (deferral: QuotaDeferral) => void;
  /**
   * Counts an item an adapter left out of a good answer (a null id, a missing team) and logs it
   * once with the provider's name: the rest of the answer is kept.
   */
  noteDropped: (item: DroppedItem) => void;
  /**
   * Records (or, with null, clears) a refusal the upstream's plan makes, such as a season the
   * plan does not cover, so the status page says so instead of it being retried.
   */
  notePlanLimit: (message: string | null) => void;
};

/** How many distinct dropped items a client remembers having logged, so each is logged once. */
const LOGGED_DROPS_LIMIT = 10_000;

const BREAKER_WINDOW = 20;
const BREAKER_MIN_CALLS = 10;
const BREAKER_FAILURE_RATE = 0.5;
const BREAKER_COOL_DOWN_MS = 30_000;
const MAX_BODY_BYTES = 10 * 1024 * 1024;

/** Circuit breaker over the outcomes of the last calls: opens at ≥ 50% failures over ≥ 10. */
function createBreaker(now: () => number) {
  let outcomes: boolean[] = [];
  let state: BreakerState = 'closed';
  let openedAt = 0;
  let trialInFlight = false;

  return {
    state(): BreakerState {
      if (state === 'open' && now() - openedAt >= BREAKER_COOL_DOWN_MS) state = 'half-open';
      return state;
    },
    /** Whether a call may go out now. */
    allow(): boolean {
      const current = this.state();
      if (current === 'closed') return true;
      if (current === 'half-open' && !trialInFlight) {
        trialInFlight = true;
        return true;
      }
      return false;
    },
    record(ok: boolean) {
      if (state === 'half-open' || trialInFlight) {
        trialInFlight = false;
        if (ok) {
          state = 'closed';
          outcomes = [];
        } else {
          state = 'open';
          openedAt = now();
        }
        return;
      }
      outcomes.push(ok);
      if (outcomes.length > BREAKER_WINDOW) outcomes.shift();
      const failures = outcomes.filter((o) => !o).length;
      if (
        outcomes.length >= BREAKER_MIN_CALLS &&
        failures / outcomes.length >= BREAKER_FAILURE_RATE
      ) {
        state = 'open';
        openedAt = now();
      }
    },
  };
}

function errorForStatus(provider: string, response: Response, text: string, nowMs: number) {
  const status = response.status;
  const detail = text.trim().slice(0, 200);
  const message = `HTTP ${status}${detail === '' ? '' : `: ${detail}`}`;
  const retryAfterMs = parseRetryAfter(response.headers.get('retry-after'), nowMs);
  if (status === 401 || status === 403)
    return new UpstreamError(provider, 'auth', message, { status });
  if (status === 429)
    return new UpstreamError(provider, 'rate-limit', message, {
      status,
      ...(retryAfterMs === undefined ? {} : { retryAfterMs }),
    });
  if (status === 404) return new UpstreamError(provider, 'not-found', message, { status });
  if (status >= 500) return new UpstreamError(provider, 'server', message, { status });
  return new UpstreamError(provider, 'bad-request', message, { status });
}

async function readText(provider: string, response: Response): Promise<string> {
  const status = response.status;
  const length = Number(response.headers.get('content-length') ?? '0');
  if (length > MAX_BODY_BYTES) {
    throw new UpstreamError(provider, 'bad-body', `body of ${length} bytes is too large`, {
      status,
    });
  }
  const text = await response.text();
  if (text.length > MAX_BODY_BYTES) {
    throw new UpstreamError(provider, 'bad-body', 'body is too large', { status });
  }
  return text;
}

/**
 * A small HTTP client for one upstream API: 5 s timeout, at most 3 attempts with full-jitter
 * back-off (1 s base, 30 s cap) on network errors, timeouts, 5xx and 429 only, a circuit
 * breaker, request spacing, and counters for /api/status.
 */
export function createUpstreamClient(options: UpstreamClientOptions): UpstreamClient {
  const provider = options.name;
  const now = options.now ?? Date.now;
  const doFetch = options.fetch ?? fetch;
  const sleep =
    options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const random = options.random ?? Math.random;
  const timeoutMs = options.timeoutMs ?? 5000;
  const maxAttempts = options.maxAttempts ?? 3;
  const baseDelayMs = options.baseDelayMs ?? 1000;
  const capDelayMs = options.capDelayMs ?? 30_000;
  const breaker = createBreaker(now);
  let nextSlotMs = 0;
  /** Failures already in the counters, so noteFailure() never counts one twice. */
  const counted = new WeakSet<UpstreamError>();
  /** Errors a 200 body reported (inspectBody / inspectText): never retried, whatever their kind. */
  const fromBody = new WeakSet<UpstreamError>();
  const bodyError = (error: UpstreamError) => {
    fromBody.add(error);
    return error;
  };

  const stats: Omit<UpstreamStats, 'breaker'> = {
    provider,
    callsToday: 0,
    day: new Date(now()).toISOString().slice(0, 10),
    requests: 0,
    retries: 0,
    failures: 0,
    lastSuccessAt: null,
    lastErrorAt: null,
    lastError: null,
    creditsLeft: null,
    creditsUsed: null,
    itemsDropped: 0,
    planLimit: null,
    deferred: 0,
    lastDeferral: null,
  };
  const loggedDrops = new Set<string>();

  const countCall = () => {
    const day = new Date(now()).toISOString().slice(0, 10);
    if (day !== stats.day) {
      stats.day = day;
      stats.callsToday = 0;
    }
    stats.callsToday++;
    stats.requests++;
  };

  const waitForSlot = async () => {
    if (options.minIntervalMs === undefined) return;
    const at = Math.max(now(), nextSlotMs);
    nextSlotMs = at + options.minIntervalMs;
    if (at > now()) await sleep(at - now());
  };

  const attempt = async (url: URL): Promise<UpstreamResponse> => {
    await waitForSlot();
    countCall();
    let response: Response;
    let text: string;
    try {
      response = await doFetch(url, {
        headers: { accept: 'application/json', ...options.headers },
        signal: AbortSignal.timeout(timeoutMs),
        redirect: 'error',
      });
      text = await readText(provider, response);
    } catch (error) {
      if (error instanceof UpstreamError) throw error;
      const timedOut = error instanceof Error && error.name === 'TimeoutError';
      throw new UpstreamError(
        provider,
        timedOut ? 'timeout' : 'network',
        timedOut ? `no answer within ${timeoutMs} ms` : `request failed: ${describe(error)}`,
        { cause: error },
      );
    }
    const quota = options.readQuota?.(response.headers);
    if (quota !== undefined) {
      if (quota.remaining !== null) stats.creditsLeft = quota.remaining;
      if (quota.used !== null) stats.creditsUsed = quota.used;
    }
    if (!response.ok) {
      throw (
        options.inspectError?.(response.status, text, response.headers, now()) ??
        errorForStatus(provider, response, text, now())
      );
    }
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      const inText = options.inspectText?.(text);
      if (inText !== undefined) throw bodyError(inText);
      throw new UpstreamError(
        provider,
        'bad-body',
        `answer is not JSON: ${text.trim().slice(0, 120)}`,
        {
          status: response.status,
        },
      );
    }
    const inBody = options.inspectBody?.(body);
    if (inBody !== undefined) throw bodyError(inBody);
    return { body, headers: response.headers };
  };

  return {
    name: provider,
    async getJson(path, query = {}) {
      const url = new URL(path.replace(/^\//, ''), options.baseUrl.replace(/\/?$/, '/'));
      for (const [key, value] of Object.entries({ ...query, ...options.query })) {
        if (value !== undefined) url.searchParams.set(key, String(value));
      }
      for (let attemptNo = 1; ; attemptNo++) {
        if (!breaker.allow()) {
          throw new UpstreamError(provider, 'breaker-open', 'circuit breaker is open; not calling');
        }
        try {
          const result = await attempt(url);
          breaker.record(true);
          stats.lastSuccessAt = new Date(now()).toISOString();
          return result;
        } catch (error) {
          const failure =
            error instanceof UpstreamError
              ? error
              : new UpstreamError(provider, 'network', describe(error), { cause: error });
          breaker.record(false);
          stats.failures++;
          stats.lastErrorAt = new Date(now()).toISOString();
          stats.lastError = failure.message;
          counted.add(failure);
          // A Retry-After beyond the cap means the upstream wants a long rest: stop now.
          const restTooLong =
            failure.retryAfterMs !== undefined && failure.retryAfterMs > capDelayMs;
          const retry =
            failure.retryable && !fromBody.has(failure) && !restTooLong && attemptNo < maxAttempts;
          options.log?.warn(
            { provider, kind: failure.kind, status: failure.status, attempt: attemptNo, retry },
            failure.message,
          );
          if (!retry) throw failure;
          stats.retries++;
          const jitter = random() * Math.min(capDelayMs, baseDelayMs * 2 ** (attemptNo - 1));
          const delay =
            failure.retryAfterMs === undefined
              ? jitter
              : Math.min(capDelayMs, Math.max(jitter, failure.retryAfterMs));
          await sleep(delay);
        }
      }
    },
    stats: () => ({ ...stats, breaker: breaker.state() }),
    noteFailure(error) {
      // A QuotaDeferral is no UpstreamError; an open breaker refused without asking.
      if (!(error instanceof UpstreamError) || error.kind === 'breaker-open') return;
      if (counted.has(error)) return;
      counted.add(error);
      breaker.record(false);
      stats.failures++;
      stats.lastErrorAt = new Date(now()).toISOString();
      stats.lastError = error.message;
      options.log?.warn({ provider, kind: error.kind, status: error.status }, error.message);
    },
    noteDeferral(deferral) {
      stats.deferred++;
      stats.lastDeferral = deferral.message;
    },
    noteDropped(item) {
      stats.itemsDropped++;
      const key = `${item.kind}\u0000${item.id}\u0000${item.reason}`;
      if (loggedDrops.has(key)) return;
      if (loggedDrops.size >= LOGGED_DROPS_LIMIT) loggedDrops.clear();
      loggedDrops.add(key);
      options.log?.warn(
        { provider, item: item.kind, id: item.id },
        `${provider}: ${item.kind} ${item.id} left out: ${item.reason}`,
      );
    },
    notePlanLimit(message) {
      if (message !== null && message !== stats.planLimit) {
        options.log?.warn({ provider, kind: 'plan' }, `${provider}: ${message}`);
      }
      stats.planLimit = message;
    },
  };
}

function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause instanceof Error ? ` (${error.cause.message})` : '';
  return `${error.message}${cause}`;
}
