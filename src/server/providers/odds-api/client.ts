import { LEAGUES } from '../../../domain/league.ts';
import type { OddsEvent } from '../../../domain/odds.ts';
import {
  createUpstreamClient,
  UpstreamError,
  type Quota,
  type UpstreamClient,
} from '../upstream/http.ts';
import { requireLeague } from '../upstream/league.ts';
import type { LiveSource, LiveSourceOptions } from '../upstream/live-source.ts';
import { parseOddsEvents } from './parse.ts';

const PROVIDER = 'odds-api';
const DEFAULT_BASE_URL = 'https://api.the-odds-api.com';

export const ODDS_MARKETS = ['h2h', 'totals'] as const;
export const ODDS_REGIONS = ['uk', 'eu'] as const;

/**
 * Credits one listOdds call costs: markets × regions (2 × 2). A call whose answer holds no
 * events is not charged; the `x-requests-last` header gives the real cost afterwards.
 */
export const ODDS_CALL_COST = ODDS_MARKETS.length * ODDS_REGIONS.length;

/** Credits left / used as the provider reports them on every response, and the last call's cost. */
export function readOddsQuota(headers: Headers): (Quota & { last: number | null }) | undefined {
  const read = (name: string): number | null => {
    const value = headers.get(name);
    if (value === null || value.trim() === '') return null;
    const number = Number(value);
    return Number.isFinite(number) && number >= 0 ? number : null;
  };
  const quota = {
    remaining: read('x-requests-remaining'),
    used: read('x-requests-used'),
    last: read('x-requests-last'),
  };
  return quota.remaining === null && quota.used === null && quota.last === null ? undefined : quota;
}

/** Error codes whose HTTP status alone would be mapped wrongly by the shared client. */
function findHeldKind(code: string): 'quota' | 'plan' | undefined {
  if (code === 'OUT_OF_USAGE_CREDITS') return 'quota';
  if (code === 'HISTORICAL_UNAVAILABLE_ON_FREE_USAGE_PLAN') return 'plan';
  return undefined;
}

function readErrorBody(text: string): { code: string; message: string } | undefined {
  try {
    const body: unknown = JSON.parse(text);
    if (typeof body !== 'object' || body === null || Array.isArray(body)) return undefined;
    const { error_code: code, message } = body as Record<string, unknown>;
    if (typeof code !== 'string') return undefined;
    return { code, message: typeof message === 'string' ? message : '' };
  } catch {
    return undefined;
  }
}

function redactText(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const secret of secrets) out = out.split(secret).join('[redacted]');
  return out;
}

function redactError(error: unknown, secrets: readonly string[], depth = 0): unknown {
  if (!(error instanceof Error) || depth > 3) return error;
  const cause = redactError(error.cause, secrets, depth + 1);
  const message = redactText(error.message, secrets);
  if (message === error.message && cause === error.cause) return error;
  const copy = new Error(message, cause === undefined ? undefined : { cause });
  // The shared client tells a timeout from other failures by this name.
  copy.name = error.name;
  return copy;
}

function copyHeaders(headers: Headers): Headers {
  const copy = new Headers(headers);
  copy.delete('content-length');
  copy.delete('content-encoding');
  return copy;
}

/**
 * Wraps fetch for the shared client: it (1) removes the api key from any error text, since the
 * key travels in the query; (2) shortens `{message, error_code}` error bodies to
 * "CODE: message", which `inspectOddsError` then reads.
 */
function createGuardedFetch(apiKey: string, baseFetch: typeof fetch): typeof fetch {
  const secrets = [...new Set([apiKey, encodeURIComponent(apiKey)])];
  return async (input, init) => {
    let response: Response;
    let text: string;
    try {
      response = await baseFetch(input, init);
      if (response.ok) return response;
      text = await response.text();
    } catch (error) {
      throw redactError(error, secrets);
    }
    const parsed = readErrorBody(text);
    const headers = copyHeaders(response.headers);
    const detail =
      parsed === undefined
        ? text
        : `${parsed.code}${parsed.message === '' ? '' : `: ${parsed.message}`}`;
    return new Response(redactText(detail, secrets), {
      status: response.status,
      statusText: response.statusText,
      headers,
    });
  };
}

/**
 * An out-of-credits (or plan) answer, whatever its status (401 or 429), is not retried:
 * retrying only burns time. Other errors fall back to their HTTP status.
 */
function inspectOddsError(status: number, text: string): UpstreamError | undefined {
  const code = /^([A-Z_]+)(?::|$)/.exec(text.trim())?.[1];
  const kind = code === undefined ? undefined : findHeldKind(code);
  return kind === undefined
    ? undefined
    : new UpstreamError(PROVIDER, kind, `HTTP ${status}: ${text.trim().slice(0, 200)}`, {
        status,
      });
}

function inspectOddsBody(body: unknown): UpstreamError | undefined {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return undefined;
  // Not seen on this API, but an error object in a 200 must not pass as data.
  const { error_code: code, message } = body as Record<string, unknown>;
  if (typeof code === 'string') {
    return new UpstreamError(
      PROVIDER,
      findHeldKind(code) ?? 'bad-request',
      `${code}${typeof message === 'string' ? `: ${message}` : ''}`,
    );
  }
  return undefined;
}

export type OddsApiSourceOptions = LiveSourceOptions;

/**
 * The Odds API v4 adapter: listOdds only, one `/odds` call (ODDS_CALL_COST credits) per league.
 * Events, bookmakers and markets it cannot read are left out and counted as dropped items.
 */
export function createOddsApiSource(
  options: OddsApiSourceOptions,
): LiveSource & { client: UpstreamClient } {
  if (options.apiKey.trim() === '') throw new Error(`${PROVIDER}: apiKey is empty`);
  const now = options.now ?? Date.now;
  const leagues = options.leagues ?? LEAGUES;
  const client = createUpstreamClient({
    name: PROVIDER,
    baseUrl: options.baseUrl ?? DEFAULT_BASE_URL,
    query: { apiKey: options.apiKey },
    // Node's fetch already asks for gzip (the provider wants it) and inflates the answer.
    fetch: createGuardedFetch(options.apiKey, options.fetch ?? fetch),
    inspectBody: inspectOddsBody,
    inspectError: inspectOddsError,
    readQuota: readOddsQuota,
    // The provider asks for a pause of a couple of seconds after a 429.
    baseDelayMs: 2000,
    now,
    ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }),
    ...(options.sleep === undefined ? {} : { sleep: options.sleep }),
    ...(options.log === undefined ? {} : { log: options.log }),
  });

  return {
    name: PROVIDER,
    client,
    async listOdds(leagueSlug: string): Promise<OddsEvent[]> {
      const sport = requireLeague(PROVIDER, leagueSlug, leagues).oddsApiSportKey;
      const { body } = await client.getJson(`/v4/sports/${sport}/odds`, {
        regions: ODDS_REGIONS.join(','),
        markets: ODDS_MARKETS.join(','),
        oddsFormat: 'decimal',
        includeLinks: true,
      });
      return parseOddsEvents(body, now(), client.noteDropped);
    },
  };
}
