// Over 400 lines: a case per way the upstream answers (data, errors, quota, retries).
import { readFileSync } from 'node:fs';

import { delay, http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

import { LEAGUES } from '../../../domain/league.ts';
import { UpstreamError } from '../upstream/http.ts';
import {
  createOddsApiSource,
  ODDS_CALL_COST,
  readOddsQuota,
  type OddsApiSourceOptions,
} from './client.ts';

const BASE_URL = 'https://odds-api.test';
const API_KEY = 'a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6';
/** Saturday morning, before both fixture matches kick off. */
const NOW = Date.parse('2026-10-18T10:00:00Z');

function fixtureText(name: string): string {
  return readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');
}

const QUOTA_HEADERS = JSON.parse(fixtureText('the-odds-api-odds-epl.headers.json')) as Record<
  string,
  string
>;

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

type Answer = () => Response | Promise<Response>;

/** Answers `/v4/sports/:sport/odds` with the given answers in turn (the last one repeats). */
function serveOdds(...answers: Answer[]): URL[] {
  const requests: URL[] = [];
  server.use(
    http.get(`${BASE_URL}/v4/sports/:sport/odds`, ({ request }) => {
      requests.push(new URL(request.url));
      const answer = answers[Math.min(requests.length, answers.length) - 1];
      if (answer === undefined) throw new Error('no answer');
      return answer();
    }),
  );
  return requests;
}

function json(name: string, status = 200, headers: Record<string, string> = {}): Answer {
  return () =>
    new Response(fixtureText(name), {
      status,
      headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
    });
}

function createSource(extra: Partial<OddsApiSourceOptions> = {}) {
  const logLines: string[] = [];
  const sleeps: number[] = [];
  const source = createOddsApiSource({
    apiKey: API_KEY,
    baseUrl: BASE_URL,
    now: () => NOW,
    sleep: async (ms) => {
      sleeps.push(ms);
    },
    log: { warn: (obj, msg) => logLines.push(`${JSON.stringify(obj)} ${msg}`) },
    ...extra,
  });
  return { source, logLines, sleeps };
}

async function failure(promise: Promise<unknown>): Promise<UpstreamError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(UpstreamError);
    return error as UpstreamError;
  }
  throw new Error('expected the call to fail');
}

/** Everything an operator could read about a failure. */
function everythingSaid(error: UpstreamError, logLines: string[], lastError: string | null) {
  const causes: string[] = [];
  for (let cause: unknown = error.cause; cause instanceof Error; cause = cause.cause) {
    causes.push(cause.message);
  }
  return [error.message, String(error), ...causes, ...logLines, lastError ?? ''].join('\n');
}

describe('createOddsApiSource().listOdds', () => {
  it('asks for h2h and totals in uk and eu with links, and reads the quota headers', async () => {
    const requests = serveOdds(json('the-odds-api-odds-epl.json', 200, QUOTA_HEADERS));
    const { source } = createSource();

    const events = await source.listOdds?.('premier-league');

    expect(requests).toHaveLength(1);
    const url = requests[0];
    expect(url?.pathname).toBe('/v4/sports/soccer_epl/odds');
    expect(Object.fromEntries(url?.searchParams ?? [])).toEqual({
      apiKey: API_KEY,
      regions: 'uk,eu',
      markets: 'h2h,totals',
      oddsFormat: 'decimal',
      includeLinks: 'true',
    });
    expect(events?.map((e) => [e.home_team, e.away_team, e.commence_time])).toEqual([
      ['Arsenal', 'Chelsea', '2026-10-18T16:30:00Z'],
      ['Brighton and Hove Albion', 'Manchester United', '2026-10-19T15:00:00Z'],
    ]);
    const pinnacle = events?.[0]?.bookmakers.find((b) => b.key === 'pinnacle');
    expect(pinnacle?.markets).toEqual([
      {
        key: 'h2h',
        outcomes: [
          { name: 'Arsenal', price: 1.97 },
          { name: 'Chelsea', price: 4.18 },
          { name: 'Draw', price: 3.72 },
        ],
      },
      {
        key: 'totals',
        outcomes: [
          { name: 'Over', price: 1.86, point: 2.5 },
          { name: 'Under', price: 2.02, point: 2.5 },
        ],
      },
    ]);
    expect(events?.[0]?.bookmakers[0]?.link).toBe(
      'https://sports.williamhill.com/betting/en-gb/football/OB_EV38104455/arsenal-v-chelsea',
    );
    expect(source.client.stats()).toMatchObject({
      provider: 'odds-api',
      requests: 1,
      retries: 0,
      creditsLeft: 476,
      creditsUsed: 24,
    });
  });

  it('drops events that have already kicked off, using the injected clock', async () => {
    serveOdds(json('the-odds-api-odds-epl-started.json'));
    const { source } = createSource();

    const events = await source.listOdds?.('premier-league');

    expect(events?.map((e) => [e.id, e.home_team])).toEqual([
      ['9a8b7c6d5e4f30211203f4e5d6c7b8a9', 'Brighton and Hove Albion'],
    ]);
  });

  it('returns an empty list when the league has no events', async () => {
    const requests = serveOdds(json('the-odds-api-odds-empty.json'));
    const { source } = createSource();

    await expect(source.listOdds?.('ligue-1')).resolves.toEqual([]);
    expect(requests[0]?.pathname).toBe('/v4/sports/soccer_france_ligue_one/odds');
  });

  it('uses one sport key per league, each an active soccer league of /v4/sports', async () => {
    const requests = serveOdds(json('the-odds-api-odds-empty.json'));
    const { source } = createSource();
    const sports = JSON.parse(fixtureText('the-odds-api-sports.json')) as Array<{
      key: string;
      active: boolean;
      has_outrights: boolean;
      group: string;
    }>;

    for (const slug of ['premier-league', 'la-liga', 'serie-a', 'bundesliga', 'ligue-1']) {
      await source.listOdds?.(slug);
    }

    expect(requests.map((url) => url.pathname.split('/')[3])).toEqual([
      'soccer_epl',
      'soccer_spain_la_liga',
      'soccer_italy_serie_a',
      'soccer_germany_bundesliga',
      'soccer_france_ligue_one',
    ]);
    for (const key of LEAGUES.map((l) => l.oddsApiSportKey)) {
      expect(sports.find((s) => s.key === key)).toMatchObject({
        group: 'Soccer',
        active: true,
        has_outrights: false,
      });
    }
  });

  it.each(['championship', '__proto__', 'constructor'])(
    'refuses the unknown league %s without calling',
    async (slug) => {
      const requests = serveOdds(json('the-odds-api-odds-empty.json'));
      const { source } = createSource();

      const error = await failure(source.listOdds?.(slug) ?? Promise.resolve());

      expect(error.kind).toBe('bad-request');
      expect(requests).toHaveLength(0);
    },
  );

  it('maps 401 invalid key to auth after exactly one request', async () => {
    const requests = serveOdds(json('the-odds-api-error-invalid-key.json', 401));
    const { source } = createSource();

    const error = await failure(source.listOdds?.('premier-league') ?? Promise.resolve());

    expect(error.kind).toBe('auth');
    expect(error.status).toBe(401);
    expect(error.retryable).toBe(false);
    expect(error.message).toBe(
      'odds-api: HTTP 401: INVALID_KEY: API key is not valid. Check the key or get a new one at https://the-odds-api.com',
    );
    expect(requests).toHaveLength(1);
  });

  it('retries a 429 frequency limit without Retry-After, then reports rate-limit', async () => {
    const requests = serveOdds(json('the-odds-api-error-freq-limit.json', 429));
    const { source, sleeps } = createSource();

    const error = await failure(source.listOdds?.('premier-league') ?? Promise.resolve());

    expect(error.kind).toBe('rate-limit');
    expect(error.message).toContain('EXCEEDED_FREQ_LIMIT');
    expect(error.retryAfterMs).toBeUndefined();
    expect(requests).toHaveLength(3);
    expect(sleeps).toHaveLength(2);
    expect(source.client.stats().retries).toBe(2);
  });

  it('retries a 429 frequency limit after its Retry-After, then reports rate-limit', async () => {
    const requests = serveOdds(
      json('the-odds-api-error-freq-limit.json', 429, { 'retry-after': '3' }),
    );
    const { source, sleeps } = createSource();

    const error = await failure(source.listOdds?.('premier-league') ?? Promise.resolve());

    expect(error.kind).toBe('rate-limit');
    expect(error.retryAfterMs).toBe(3000);
    expect(requests).toHaveLength(3);
    expect(sleeps).toHaveLength(2);
    for (const ms of sleeps) expect(ms).toBeGreaterThanOrEqual(3000);
  });

  it('recovers when the frequency limit clears on the second attempt', async () => {
    const requests = serveOdds(
      json('the-odds-api-error-freq-limit.json', 429),
      json('the-odds-api-odds-epl.json', 200, QUOTA_HEADERS),
    );
    const { source } = createSource();

    const events = await source.listOdds?.('premier-league');

    expect(requests).toHaveLength(2);
    expect(events?.map((e) => e.home_team)).toEqual(['Arsenal', 'Brighton and Hove Albion']);
  });

  it.each([401, 429])('maps out-of-credits (HTTP %i) to quota without retrying', async (status) => {
    const requests = serveOdds(
      json('the-odds-api-error-out-of-credits.json', status, {
        'x-requests-remaining': '0',
        'x-requests-used': '500',
      }),
    );
    const { source, sleeps, logLines } = createSource();

    const error = await failure(source.listOdds?.('premier-league') ?? Promise.resolve());

    expect(error.kind).toBe('quota');
    expect(error.status).toBe(status);
    expect(error.retryable).toBe(false);
    expect(error.message).toBe(
      `odds-api: HTTP ${status}: OUT_OF_USAGE_CREDITS: Usage quota has been reached.`,
    );
    expect(requests).toHaveLength(1);
    expect(sleeps).toEqual([]);
    expect(logLines).toHaveLength(1);
    expect(logLines[0]).toContain('"kind":"quota"');
    expect(source.client.stats()).toMatchObject({ creditsLeft: 0, creditsUsed: 500 });
  });

  it('maps 422 invalid market to bad-request without retrying', async () => {
    const requests = serveOdds(json('the-odds-api-error-invalid-market.json', 422));
    const { source } = createSource();

    const error = await failure(source.listOdds?.('premier-league') ?? Promise.resolve());

    expect(error.kind).toBe('bad-request');
    expect(error.status).toBe(422);
    expect(error.message).toContain('INVALID_MARKET: Invalid markets param.');
    expect(requests).toHaveLength(1);
  });

  it('tries a 5xx three times, then reports server', async () => {
    const requests = serveOdds(() => new Response('upstream went away', { status: 503 }));
    const { source } = createSource();

    const error = await failure(source.listOdds?.('serie-a') ?? Promise.resolve());

    expect(error.kind).toBe('server');
    expect(error.status).toBe(503);
    expect(error.message).toBe('odds-api: HTTP 503: upstream went away');
    expect(requests).toHaveLength(3);
  });

  it('reports timeout when no answer comes in time', async () => {
    const requests = serveOdds(async () => {
      await delay('infinite');
      return new Response('[]');
    });
    const { source } = createSource({ timeoutMs: 20 });

    const error = await failure(source.listOdds?.('bundesliga') ?? Promise.resolve());

    expect(error.kind).toBe('timeout');
    expect(error.message).toBe('odds-api: no answer within 20 ms');
    expect(requests).toHaveLength(3);
  });

  it('reports network when the connection fails', async () => {
    const requests = serveOdds(() => HttpResponse.error());
    const { source } = createSource();

    const error = await failure(source.listOdds?.('la-liga') ?? Promise.resolve());

    expect(error.kind).toBe('network');
    expect(requests).toHaveLength(3);
  });

  it('reports bad-body for a 200 that is not JSON, without retrying', async () => {
    const requests = serveOdds(
      () =>
        new Response('<html>Service Unavailable</html>', {
          headers: { 'content-type': 'text/html' },
        }),
    );
    const { source } = createSource();

    const error = await failure(source.listOdds?.('premier-league') ?? Promise.resolve());

    expect(error.kind).toBe('bad-body');
    expect(error.message).toContain('not JSON');
    expect(requests).toHaveLength(1);
  });

  it.each([
    ['the-odds-api-odds-epl-all-prices-mistyped.json', '.price'],
    ['the-odds-api-events-epl.json', '[0].bookmakers'],
  ])('reports bad-body for %s, naming %s', async (name, path) => {
    const requests = serveOdds(json(name));
    const { source } = createSource();

    const error = await failure(source.listOdds?.('premier-league') ?? Promise.resolve());

    expect(error.kind).toBe('bad-body');
    expect(error.message).toContain(path);
    expect(requests).toHaveLength(1);
  });

  it('keeps the usable markets when one price is malformed', async () => {
    serveOdds(json('the-odds-api-odds-epl-price-mistyped.json'));
    const { source } = createSource();

    const events = await source.listOdds?.('premier-league');

    expect(events?.[0]?.bookmakers.map((b) => b.key)).toEqual([
      'williamhill',
      'betfair_ex_uk',
      'pinnacle',
    ]);
  });

  it('never lets the api key into an error, its causes, the log or the stats', async () => {
    const echo = `{"message":"Key ${API_KEY} is not valid for ${BASE_URL}/v4/sports/soccer_epl/odds?apiKey=${API_KEY}","error_code":"INVALID_KEY"}`;
    const cases: Array<{ answer?: Answer; fetch?: typeof fetch; kind: string }> = [
      { answer: () => new Response(echo, { status: 401 }), kind: 'auth' },
      {
        answer: () =>
          new Response(echo.replace('INVALID_KEY', 'OUT_OF_USAGE_CREDITS'), { status: 429 }),
        kind: 'quota',
      },
      {
        answer: () => new Response(`proxy error for ?apiKey=${API_KEY}`, { status: 502 }),
        kind: 'server',
      },
      {
        // A fetch whose error text carries the whole address, as some failures do.
        fetch: async (input) => {
          throw new TypeError('fetch failed', {
            cause: new Error(`connect ECONNRESET ${String(input)}`),
          });
        },
        kind: 'network',
      },
    ];

    for (const testCase of cases) {
      if (testCase.answer !== undefined) serveOdds(testCase.answer);
      const { source, logLines } = createSource(
        testCase.fetch === undefined ? {} : { fetch: testCase.fetch },
      );

      const error = await failure(source.listOdds?.('premier-league') ?? Promise.resolve());

      expect(error.kind).toBe(testCase.kind);
      const said = everythingSaid(error, logLines, source.client.stats().lastError);
      expect(said).toContain('[redacted]');
      expect(said).not.toContain(API_KEY);
    }
  });
});

describe('readOddsQuota', () => {
  it('reads remaining, used and the last call cost from the quota headers', () => {
    expect(readOddsQuota(new Headers(QUOTA_HEADERS))).toEqual({
      remaining: 476,
      used: 24,
      last: 4,
    });
  });

  it('gives nothing when the headers are absent and null for an unreadable one', () => {
    expect(readOddsQuota(new Headers())).toBeUndefined();
    expect(
      readOddsQuota(new Headers({ 'x-requests-remaining': 'many', 'x-requests-used': '7' })),
    ).toEqual({
      remaining: null,
      used: 7,
      last: null,
    });
  });

  it('matches ODDS_CALL_COST with what the provider charged for the recorded call', () => {
    expect(ODDS_CALL_COST).toBe(4);
    expect(readOddsQuota(new Headers(QUOTA_HEADERS))?.last).toBe(ODDS_CALL_COST);
  });
});
