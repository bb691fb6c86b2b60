// Over 400 lines: a case per way the upstream answers (data, errors, quota, retries).
import { readFileSync } from 'node:fs';

import { delay, http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

import { UpstreamError } from '../upstream/http.ts';
import { createApiFootballSource } from './client.ts';

const BASE = 'https://api-football.test/v3';
const KEY = 'test-key';
const NOW = Date.parse('2026-10-18T12:00:00Z');
const QUOTA = { 'x-ratelimit-requests-limit': '100', 'x-ratelimit-requests-remaining': '87' };

function fixture(name: string): Record<string, unknown> {
  return JSON.parse(
    readFileSync(new URL(`./fixtures/api-football-${name}.json`, import.meta.url), 'utf8'),
  );
}

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

type Seen = { path: string; query: Record<string, string>; key: string | null };

/** Answers each path with its queue of answers (the last one repeats), recording each request. */
function serve(routes: Record<string, Array<() => Response | Promise<Response>>>): Seen[] {
  const seen: Seen[] = [];
  const calls = new Map<string, number>();
  server.use(
    http.get(`${BASE}/*`, async ({ request }) => {
      const url = new URL(request.url);
      const path = url.pathname.slice(new URL(BASE).pathname.length + 1);
      seen.push({
        path,
        query: Object.fromEntries(url.searchParams),
        key: request.headers.get('x-apisports-key'),
      });
      const answers = routes[path];
      if (answers === undefined) return new HttpResponse('no route', { status: 404 });
      const n = calls.get(path) ?? 0;
      calls.set(path, n + 1);
      const answer = answers[Math.min(n, answers.length - 1)];
      if (answer === undefined) throw new Error(`no answer for ${path}`);
      return answer();
    }),
  );
  return seen;
}

const json =
  (name: string, headers: Record<string, string> = QUOTA) =>
  () =>
    HttpResponse.json(fixture(name), { headers });

function createSource(options: { timeoutMs?: number } = {}) {
  const sleeps: number[] = [];
  const warnings: string[] = [];
  const source = createApiFootballSource({
    apiKey: KEY,
    baseUrl: BASE,
    now: () => NOW,
    sleep: async (ms) => {
      sleeps.push(ms);
    },
    minIntervalMs: 0,
    log: { warn: (_obj, msg) => warnings.push(msg) },
    ...options,
  });
  return { source, sleeps, warnings };
}

async function failure(promise: Promise<unknown>): Promise<UpstreamError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof UpstreamError) return error;
    throw error;
  }
  throw new Error('expected an UpstreamError');
}

describe('createApiFootballSource', () => {
  it('is named api-football and offers every kind of data', () => {
    const { source } = createSource();
    expect(source.name).toBe('api-football');
    expect(source.client.name).toBe('api-football');
    expect(typeof source.listMatches).toBe('function');
    expect(typeof source.getStandings).toBe('function');
    expect(typeof source.getTopPlayers).toBe('function');
    expect(typeof source.listOdds).toBe('function');
    expect(typeof source.listTransfers).toBe('function');
  });
});

describe('listMatches', () => {
  it('asks for one UTC day with the key header and keeps the five leagues in range', async () => {
    const seen = serve({ fixtures: [json('fixtures-date')] });
    const { source } = createSource();
    const matches = await source.listMatches?.(
      new Date('2026-10-18T13:00:00Z'),
      new Date('2026-10-18T18:00:00Z'),
    );
    expect(seen).toEqual([
      { path: 'fixtures', query: { date: '2026-10-18', timezone: 'UTC' }, key: KEY },
    ]);
    expect(matches?.map((m) => [m.externalId, m.phase, m.minute])).toEqual([
      ['api-football:1391000', 'live', '90+4'],
      ['api-football:1392000', 'postponed', ''],
      ['api-football:1379130', 'scheduled', ''],
    ]);
    expect(source.client.stats()).toMatchObject({
      provider: 'api-football',
      callsToday: 1,
      failures: 0,
      creditsLeft: 87,
      creditsUsed: 13,
      lastError: null,
    });
  });

  it('asks for both UTC days of a local day that spans midnight UTC, live matches included', async () => {
    const seen = serve({ fixtures: [json('fixtures-live'), json('fixtures-empty')] });
    const { source } = createSource();
    // A day in UTC+2: 22:00 UTC on the 17th to 22:00 UTC on the 18th.
    const matches = await source.listMatches?.(
      new Date('2026-10-17T22:00:00Z'),
      new Date('2026-10-18T22:00:00Z'),
    );
    expect(seen.map((s) => s.query.date)).toEqual(['2026-10-17', '2026-10-18']);
    expect(matches?.map((m) => [m.leagueSlug, m.phase, m.minute, m.htHomeScore])).toEqual([
      ['premier-league', 'live', '67', 1],
      ['la-liga', 'halftime', '', 1],
      ['serie-a', 'live', '45+2', null],
    ]);
  });

  it('rejects a match of our leagues with a missing field as bad-body', async () => {
    serve({ fixtures: [json('fixtures-missing-status')] });
    const { source } = createSource();
    const error = await failure(
      source.listMatches!(new Date('2026-10-18T00:00:00Z'), new Date('2026-10-19T00:00:00Z')),
    );
    expect(error.kind).toBe('bad-body');
    expect(error.message).toContain('fixture.status.short');
  });

  it('reads the daily-limit error inside a 200 body as quota, without retrying', async () => {
    const seen = serve({
      fixtures: [json('error-daily-limit', { ...QUOTA, 'x-ratelimit-requests-remaining': '0' })],
    });
    const { source } = createSource();
    const error = await failure(
      source.listMatches!(new Date('2026-10-18T00:00:00Z'), new Date('2026-10-19T00:00:00Z')),
    );
    expect(error.kind).toBe('quota');
    expect(seen).toHaveLength(1);
    const stats = source.client.stats();
    expect(stats.creditsLeft).toBe(0);
    expect(stats.failures).toBe(1);
    expect(stats.lastError).toContain('api-football: requests: You have reached');
  });
});

describe('getStandings', () => {
  it('asks for the league and the season of the current date', async () => {
    const seen = serve({ standings: [json('standings')] });
    const { source } = createSource();
    const table = await source.getStandings?.('premier-league');
    expect(seen).toEqual([
      { path: 'standings', query: { league: '39', season: '2026' }, key: KEY },
    ]);
    expect(table?.map((r) => [r.pos, r.team.name, r.points])).toEqual([
      [1, 'Arsenal', 20],
      [2, 'Manchester City', 19],
      [18, 'Wolves', 5],
    ]);
  });

  it('reads the per-minute error inside a 200 body as rate-limit, not retried by the shared client', async () => {
    const seen = serve({ standings: [json('error-ratelimit'), json('standings')] });
    const { source, sleeps } = createSource();
    const error = await failure(source.getStandings!('premier-league'));
    expect(error.kind).toBe('rate-limit');
    expect(error.retryable).toBe(true);
    expect(error.retryAfterMs).toBe(6000);
    // upstream/http.ts retries no error a 200 body reports, whatever its kind.
    expect(seen).toHaveLength(1);
    expect(sleeps).toEqual([]);
    expect(source.client.stats()).toMatchObject({ callsToday: 1, retries: 0, failures: 1 });
  });

  it('retries the per-minute error sent as HTTP 429, one request interval apart', async () => {
    const limited = () => HttpResponse.json(fixture('error-ratelimit'), { status: 429 });
    const seen = serve({ standings: [limited, limited, json('standings')] });
    const { source, sleeps } = createSource();
    expect(await source.getStandings?.('premier-league')).toHaveLength(3);
    expect(seen).toHaveLength(3);
    expect(sleeps).toEqual([6000, 6000]);
    expect(source.client.stats()).toMatchObject({ callsToday: 3, retries: 2, failures: 2 });
  });

  it('gives up after 3 answers of HTTP 429 with the per-minute error', async () => {
    const seen = serve({
      standings: [() => HttpResponse.json(fixture('error-ratelimit'), { status: 429 })],
    });
    const { source } = createSource();
    const error = await failure(source.getStandings!('premier-league'));
    expect(error.kind).toBe('rate-limit');
    expect(error.status).toBe(429);
    expect(error.message).toContain('rateLimit: Too many requests');
    expect(seen).toHaveLength(3);
    expect(source.client.stats()).toMatchObject({ callsToday: 3, failures: 3 });
  });

  it('reads the daily-limit error sent as HTTP 429 as quota, without retrying', async () => {
    const seen = serve({
      standings: [() => HttpResponse.json(fixture('error-daily-limit'), { status: 429 })],
    });
    const { source } = createSource();
    const error = await failure(source.getStandings!('premier-league'));
    expect(error.kind).toBe('quota');
    expect(error.status).toBe(429);
    expect(seen).toHaveLength(1);
  });

  it('reads the token error inside a 200 body as auth, without retrying', async () => {
    const seen = serve({ standings: [json('error-token')] });
    const { source } = createSource();
    const error = await failure(source.getStandings!('premier-league'));
    expect(error.kind).toBe('auth');
    expect(seen).toHaveLength(1);
    expect(source.client.stats().lastError).toMatch(/^api-football: token: /);
  });

  it('reads the plan error as plan and a parameter error as bad-request, without retrying', async () => {
    const seen = serve({ standings: [json('error-plan')] });
    const { source } = createSource();
    expect((await failure(source.getStandings!('premier-league'))).kind).toBe('plan');
    expect(seen).toHaveLength(1);

    const seenAgain = serve({ standings: [json('error-parameter')] });
    expect((await failure(source.getStandings!('premier-league'))).kind).toBe('bad-request');
    expect(seenAgain).toHaveLength(1);
  });

  it('rejects mistyped points as bad-body', async () => {
    serve({ standings: [json('standings-mistyped-points')] });
    const { source } = createSource();
    const error = await failure(source.getStandings!('premier-league'));
    expect(error.kind).toBe('bad-body');
    expect(error.message).toContain('points');
  });

  it('refuses a league it does not know without asking', async () => {
    const seen = serve({ standings: [json('standings')] });
    const { source } = createSource();
    expect((await failure(source.getStandings!('eredivisie'))).kind).toBe('bad-request');
    expect(seen).toHaveLength(0);
  });
});

describe('HTTP failures', () => {
  const standings = (answer: () => Response | Promise<Response>) => serve({ standings: [answer] });

  it.each([401, 403])('reads HTTP %i as auth after one request', async (status) => {
    const seen = standings(() => HttpResponse.json({ message: 'no' }, { status }));
    const { source } = createSource();
    const error = await failure(source.getStandings!('premier-league'));
    expect(error.kind).toBe('auth');
    expect(error.status).toBe(status);
    expect(seen).toHaveLength(1);
  });

  it('retries HTTP 429 with Retry-After, waiting as asked, then reads rate-limit', async () => {
    const seen = standings(
      () => new HttpResponse('slow down', { status: 429, headers: { 'retry-after': '2' } }),
    );
    const { source, sleeps } = createSource();
    const error = await failure(source.getStandings!('premier-league'));
    expect(error.kind).toBe('rate-limit');
    expect(error.retryAfterMs).toBe(2000);
    expect(seen).toHaveLength(3);
    expect(sleeps).toEqual([2000, 2000]);
  });

  it('retries HTTP 429 without Retry-After, then reads rate-limit', async () => {
    const seen = standings(() => new HttpResponse('slow down', { status: 429 }));
    const { source, sleeps } = createSource();
    const error = await failure(source.getStandings!('premier-league'));
    expect(error.kind).toBe('rate-limit');
    expect(seen).toHaveLength(3);
    expect(sleeps).toHaveLength(2);
  });

  it('recovers when a 429 is followed by data', async () => {
    const seen = serve({
      standings: [() => new HttpResponse('slow down', { status: 429 }), json('standings')],
    });
    const { source } = createSource();
    expect(await source.getStandings?.('premier-league')).toHaveLength(3);
    expect(seen).toHaveLength(2);
  });

  it.each([500, 503])('tries HTTP %i three times, then reads server', async (status) => {
    const seen = standings(() => new HttpResponse('oops', { status }));
    const { source } = createSource();
    const error = await failure(source.getStandings!('premier-league'));
    expect(error.kind).toBe('server');
    expect(seen).toHaveLength(3);
    expect(source.client.stats()).toMatchObject({ callsToday: 3, failures: 3, retries: 2 });
    expect(source.client.stats().lastError).toMatch(/^api-football: HTTP \d{3}/);
  });

  it('reads HTTP 499 (the API timing out) as timeout and retries it', async () => {
    const seen = standings(() => new HttpResponse('', { status: 499 }));
    const { source } = createSource();
    const error = await failure(source.getStandings!('premier-league'));
    expect(error.kind).toBe('timeout');
    expect(error.status).toBe(499);
    expect(seen).toHaveLength(3);
  });

  it('reads no answer within the timeout as timeout', async () => {
    const seen = standings(async () => {
      await delay(500);
      return HttpResponse.json(fixture('standings'));
    });
    const { source } = createSource({ timeoutMs: 20 });
    const error = await failure(source.getStandings!('premier-league'));
    expect(error.kind).toBe('timeout');
    expect(seen).toHaveLength(3);
  });

  it('reads a reset connection as network', async () => {
    const seen = standings(() => HttpResponse.error());
    const { source } = createSource();
    const error = await failure(source.getStandings!('premier-league'));
    expect(error.kind).toBe('network');
    expect(seen).toHaveLength(3);
    expect(source.client.stats().lastError).toContain('api-football: request failed');
  });

  it('reads a body that is not JSON as bad-body, without retrying', async () => {
    const seen = standings(() => HttpResponse.text('<html>Bad gateway</html>'));
    const { source } = createSource();
    const error = await failure(source.getStandings!('premier-league'));
    expect(error.kind).toBe('bad-body');
    expect(error.message).toContain('not JSON');
    expect(seen).toHaveLength(1);
  });

  it('reads an empty 200 body as bad-body', async () => {
    standings(() => new HttpResponse('', { status: 200 }));
    const { source } = createSource();
    const error = await failure(source.getStandings!('premier-league'));
    expect(error.kind).toBe('bad-body');
    expect(error.message).toContain('empty answer');
  });
});

describe('getTopPlayers', () => {
  it('asks for top scorers and top assists of the league and season (2 requests)', async () => {
    const seen = serve({
      'players/topscorers': [json('topscorers')],
      'players/topassists': [json('topassists')],
    });
    const { source } = createSource();
    const top = await source.getTopPlayers?.('la-liga');
    expect(seen).toEqual([
      { path: 'players/topscorers', query: { league: '140', season: '2026' }, key: KEY },
      { path: 'players/topassists', query: { league: '140', season: '2026' }, key: KEY },
    ]);
    expect(top?.goals.map((p) => [p.nick, p.flag, p.team?.name, p.total])).toEqual([
      ['K. Mbappé', 'fr', 'Real Madrid', 10],
      ['R. Lewandowski', 'pl', 'Barcelona', 9],
    ]);
    expect(top?.assists.map((p) => [p.nick, p.total])).toEqual([
      ['K. Mbappé', 6],
      ['R. Lewandowski', 4],
    ]);
  });

  it('rejects a player without statistics as bad-body', async () => {
    serve({
      'players/topscorers': [json('topscorers-no-statistics')],
      'players/topassists': [json('topassists')],
    });
    const { source } = createSource();
    expect((await failure(source.getTopPlayers!('la-liga'))).kind).toBe('bad-body');
  });
});

describe('listOdds', () => {
  it('asks for the league odds, then names the teams with one fixtures?ids request', async () => {
    const seen = serve({ odds: [json('odds')], fixtures: [json('fixtures-ids-not-started')] });
    const { source } = createSource();
    const events = await source.listOdds?.('premier-league');
    expect(seen).toEqual([
      { path: 'odds', query: { league: '39', season: '2026' }, key: KEY },
      { path: 'fixtures', query: { ids: '1379101' }, key: KEY },
    ]);
    expect(events).toHaveLength(1);
    expect(events?.[0]).toMatchObject({
      id: 'api-football:1379101',
      home_team: 'Liverpool',
      away_team: 'Everton',
      commence_time: '2026-10-18T14:00:00Z',
    });
    expect(
      events?.[0]?.bookmakers.map((b) => [b.key, b.link, b.markets.map((m) => m.key)]),
    ).toEqual([
      ['bet365', undefined, ['h2h', 'totals']],
      ['bwin', undefined, ['h2h']],
    ]);
  });

  it('reads every page of odds', async () => {
    const page = (n: number) => () => {
      const body = structuredClone(fixture('odds')) as {
        paging: { current: number; total: number };
      };
      body.paging = { current: n, total: 2 };
      return HttpResponse.json(body);
    };
    const seen = serve({
      odds: [page(1), page(2)],
      fixtures: [json('fixtures-ids-not-started')],
    });
    const { source } = createSource();
    const events = await source.listOdds?.('premier-league');
    expect(seen.map((s) => [s.path, s.query.page ?? s.query.ids ?? ''])).toEqual([
      ['odds', ''],
      ['odds', '2'],
      ['fixtures', '1379101'],
    ]);
    expect(events).toHaveLength(1);
  });

  it('costs one request when there are no odds', async () => {
    const seen = serve({
      odds: [() => HttpResponse.json({ ...fixture('odds'), results: 0, response: [] })],
    });
    const { source } = createSource();
    expect(await source.listOdds?.('premier-league')).toEqual([]);
    expect(seen).toHaveLength(1);
  });

  it('rejects a price given as a number as bad-body', async () => {
    serve({ odds: [json('odds-mistyped-odd')], fixtures: [json('fixtures-ids-not-started')] });
    const { source } = createSource();
    const error = await failure(source.listOdds!('premier-league'));
    expect(error.kind).toBe('bad-body');
    expect(error.message).toContain('odd');
  });
});

describe('listTransfers', () => {
  it("reads the league's clubs from the table, then each club's transfers", async () => {
    const seen = serve({ standings: [json('standings')], transfers: [json('transfers')] });
    const { source } = createSource();
    const moves = await source.listTransfers?.('premier-league');
    expect(seen.map((s) => [s.path, s.query])).toEqual([
      ['standings', { league: '39', season: '2026' }],
      ['transfers', { team: '42' }],
      ['transfers', { team: '50' }],
      ['transfers', { team: '39' }],
    ]);
    expect(seen.every((s) => s.key === KEY)).toBe(true);
    // The fixture is City's answer, served for every club: only City's season moves count.
    expect(moves).toEqual([
      expect.objectContaining({
        team: expect.objectContaining({ id: '50', name: 'Manchester City' }),
        direction: 'out',
        playerName: 'Phil Foden',
        otherClub: 'Juventus',
        type: 'loan',
        window: 'Summer 2026',
      }),
    ]);
  });

  it('rejects a transfer without a club as bad-body', async () => {
    serve({ standings: [json('standings')], transfers: [json('transfers-missing-team')] });
    const { source } = createSource();
    const error = await failure(source.listTransfers!('premier-league'));
    expect(error.kind).toBe('bad-body');
    expect(error.message).toContain('teams.in');
  });
});

describe('request spacing', () => {
  it('waits 6 s between requests by default (10 requests a minute)', async () => {
    serve({
      'players/topscorers': [json('topscorers')],
      'players/topassists': [json('topassists')],
    });
    const sleeps: number[] = [];
    const source = createApiFootballSource({
      apiKey: KEY,
      baseUrl: BASE,
      now: () => NOW,
      sleep: async (ms) => {
        sleeps.push(ms);
      },
    });
    await source.getTopPlayers?.('la-liga');
    expect(sleeps).toEqual([6000]);
  });
});
