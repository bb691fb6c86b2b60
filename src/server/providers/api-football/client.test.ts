// The adapter's answers, kind by kind (the HTTP failures are in client-http.test.ts, the
// transfers with their budget and the plan's seasons in client-transfers.test.ts).
import { HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

import {
  catchUpstreamError as failure,
  createTestApiFootball,
  readApiFootballBody as fixture,
  serveApiFootball,
  type FakeAnswer,
} from '../../../../tests/helpers/fake-api-football.ts';
import { readListGaps } from '../provider.ts';
import { createApiFootballSource } from './client.ts';

const BASE = 'https://api-football.test/v3';
const KEY = 'test-key';
const NOW = Date.parse('2026-10-18T12:00:00Z');
const QUOTA = { 'x-ratelimit-requests-limit': '100', 'x-ratelimit-requests-remaining': '87' };

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const serve = (routes: Record<string, FakeAnswer[]>) => serveApiFootball(server, BASE, routes);

const json =
  (name: string, headers: Record<string, string> = QUOTA) =>
  () =>
    HttpResponse.json(fixture(name), { headers });

const createSource = (options: { timeoutMs?: number } = {}) =>
  createTestApiFootball({ baseUrl: BASE, now: () => NOW, ...options });

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

  it('leaves out a match of our leagues with a missing field, counting and logging it', async () => {
    serve({ fixtures: [json('fixtures-missing-status')] });
    const { source, warnings } = createSource();
    const matches = await source.listMatches?.(
      new Date('2026-10-18T00:00:00Z'),
      new Date('2026-10-19T00:00:00Z'),
    );
    expect(matches?.map((m) => m.externalId)).toEqual([
      'api-football:1379101',
      'api-football:1388204',
    ]);
    expect(readListGaps(matches ?? []).leftOut).toEqual(['api-football:1390550']);
    expect(source.client.stats()).toMatchObject({ itemsDropped: 1, failures: 0 });
    expect(warnings).toEqual([
      expect.stringMatching(/^api-football: match 1390550 left out: .*fixture\.status\.short/),
    ]);
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
    expect((await failure(createSource().source.getStandings!('premier-league'))).kind).toBe(
      'plan',
    );
    expect(seen).toHaveLength(1);

    const seenAgain = serve({ standings: [json('error-parameter')] });
    expect((await failure(createSource().source.getStandings!('premier-league'))).kind).toBe(
      'bad-request',
    );
    expect(seenAgain).toHaveLength(1);
  });

  it('refuses a table with a mistyped row, counting the row', async () => {
    serve({ standings: [json('standings-mistyped-points')] });
    const { source } = createSource();
    expect((await failure(source.getStandings!('premier-league'))).kind).toBe('bad-body');
    expect(source.client.stats().itemsDropped).toBe(1);
  });

  it('refuses a league it does not know without asking', async () => {
    const seen = serve({ standings: [json('standings')] });
    const { source } = createSource();
    expect((await failure(source.getStandings!('eredivisie'))).kind).toBe('bad-request');
    expect(seen).toHaveLength(0);
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

  it('leaves out a player without statistics, counting it', async () => {
    serve({
      'players/topscorers': [json('topscorers-no-statistics')],
      'players/topassists': [json('topassists')],
    });
    const { source } = createSource();
    const top = await source.getTopPlayers?.('la-liga');
    expect(top?.goals.map((p) => p.nick)).toEqual(['R. Lewandowski']);
    expect(top?.assists).toHaveLength(2);
    expect(source.client.stats().itemsDropped).toBe(1);
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

  it("leaves out a match's odds with a price given as a number, asking nothing more", async () => {
    const seen = serve({
      odds: [json('odds-mistyped-odd')],
      fixtures: [json('fixtures-ids-not-started')],
    });
    const { source } = createSource();
    expect(await source.listOdds?.('premier-league')).toEqual([]);
    expect(seen.map((s) => s.path)).toEqual(['odds']);
    expect(source.client.stats().itemsDropped).toBe(1);
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
