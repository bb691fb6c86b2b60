import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createTestApp, loginCookie, type TestApp } from '../../../tests/helpers/test-app.ts';
import { saveProviderStatus, type ProviderStatusStats } from '../db/provider-status-queries.ts';

const ADMIN_PASSWORD = 'the gaffer knows';
// The test app's clock is 2026-11-21T15:30:00Z.
const REPORTED_AT = new Date('2026-11-21T15:29:00Z');

const stats = (provider: string, fields: Partial<ProviderStatusStats>): ProviderStatusStats => ({
  provider,
  callsToday: 0,
  day: '2026-11-21',
  requests: 0,
  retries: 0,
  failures: 0,
  lastSuccessAt: null,
  lastErrorAt: null,
  lastError: null,
  creditsLeft: null,
  creditsUsed: null,
  breaker: 'closed',
  ...fields,
});

const FOOTBALL_DATA = stats('football-data', {
  callsToday: 42,
  requests: 57,
  retries: 3,
  failures: 5,
  lastSuccessAt: '2026-11-21T15:28:30.000Z',
  lastErrorAt: '2026-11-21T15:20:00.000Z',
  lastError: 'football-data: HTTP 503: Service unavailable',
  creditsLeft: 9,
  breaker: 'half-open',
  itemsDropped: 12,
  planLimit: 'plan does not cover season 2026',
  deferred: 2,
  lastDeferral: 'football-data: standings of ligue-1 wait for the next minute',
});
// Its counters are from yesterday: none of its calls were made today. Reported before items
// dropped, plan limits and deferrals were counted: they read as none.
const ODDS_API = stats('odds-api', {
  callsToday: 7,
  day: '2026-11-20',
  requests: 7,
  creditsLeft: 431,
  creditsUsed: 69,
  lastSuccessAt: '2026-11-20T21:00:00.000Z',
  breaker: 'open',
});

describe('status routes with an admin password', () => {
  let t: TestApp;
  let cookie: string;
  let leader = true;

  beforeAll(async () => {
    t = await createTestApp({
      adminPassword: ADMIN_PASSWORD,
      dataSource: 'live',
      isLeader: () => leader,
    });
    await saveProviderStatus(t.database.db, [FOOTBALL_DATA, ODDS_API], REPORTED_AT);
    cookie = await loginCookie(t.app);
  });
  afterAll(async () => {
    await t.close();
  });

  // Without a session the gate answers 401; with one, a missing or wrong admin password gets the
  // one admin refusal, 403, as on the news sync.
  it.each([
    ['no session', 401, {}],
    ['a session but no admin password', 403, { cookie: 'SESSION' }],
    ['a wrong admin password', 403, { cookie: 'SESSION', 'x-admin-password': 'the gaffer know' }],
    ['the admin password but no session', 401, { 'x-admin-password': ADMIN_PASSWORD }],
  ])('refuses /api/status with %s (%i)', async (_, status, headers: Record<string, string>) => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/status',
      headers: Object.fromEntries(
        Object.entries(headers).map(([k, v]) => [k, v === 'SESSION' ? cookie : v]),
      ),
    });
    expect(response.statusCode).toBe(status);
    if (status === 403) expect(response.json()).toEqual({ error: 'Admin password required' });
    expect(response.body).not.toContain('football-data');
  });

  it('shows each upstream as last reported, to the admin', async () => {
    leader = true;
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/status',
      headers: { cookie, 'x-admin-password': ADMIN_PASSWORD },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      data_source: 'live',
      leader: true,
      providers: [
        {
          provider: 'football-data',
          last_success_at: '2026-11-21T15:28:30.000Z',
          last_error_at: '2026-11-21T15:20:00.000Z',
          last_error: 'football-data: HTTP 503: Service unavailable',
          calls_today: 42,
          credits_left: 9,
          breaker: 'half-open',
          requests: 57,
          retries: 3,
          failures: 5,
          items_dropped: 12,
          plan_limit: 'plan does not cover season 2026',
          // Put off by Touchline's own quota planning: not among the failures.
          deferred: 2,
          last_deferral: 'football-data: standings of ligue-1 wait for the next minute',
          reported_at: '2026-11-21T15:29:00.000Z',
        },
        {
          provider: 'odds-api',
          last_success_at: '2026-11-20T21:00:00.000Z',
          last_error_at: null,
          last_error: null,
          calls_today: 0,
          credits_left: 431,
          breaker: 'open',
          requests: 7,
          retries: 0,
          failures: 0,
          items_dropped: 0,
          plan_limit: null,
          deferred: 0,
          last_deferral: null,
          reported_at: '2026-11-21T15:29:00.000Z',
        },
      ],
    });
  });

  it('shows the latest report of a provider and whether this instance leads', async () => {
    leader = false;
    await saveProviderStatus(
      t.database.db,
      [{ ...FOOTBALL_DATA, callsToday: 43, breaker: 'closed' }],
      new Date('2026-11-21T15:29:45Z'),
    );
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/status',
      headers: { cookie, 'x-admin-password': ADMIN_PASSWORD },
    });
    const body = response.json<{ leader: boolean; providers: Record<string, unknown>[] }>();
    expect(body.leader).toBe(false);
    expect(body.providers).toHaveLength(2);
    expect(body.providers[0]).toMatchObject({
      provider: 'football-data',
      calls_today: 43,
      breaker: 'closed',
      reported_at: '2026-11-21T15:29:45.000Z',
    });
    await saveProviderStatus(t.database.db, [FOOTBALL_DATA], REPORTED_AT);
  });

  // A wrong bearer token is a wrong admin password: the one admin refusal, 403.
  it.each([
    ['no credentials', 401, {}],
    ['a wrong bearer token', 403, { authorization: 'Bearer the gaffer know' }],
    ['the password without Bearer', 401, { authorization: ADMIN_PASSWORD }],
    [
      'basic auth',
      401,
      { authorization: `Basic ${Buffer.from(`x:${ADMIN_PASSWORD}`).toString('base64')}` },
    ],
    ['a forged session cookie', 401, { cookie: 'gate=forged.value' }],
  ])('refuses /metrics with %s (%i)', async (_, status, headers: Record<string, string>) => {
    const response = await t.app.inject({ method: 'GET', url: '/metrics', headers });
    expect(response.statusCode).toBe(status);
    expect(response.body).not.toContain('touchline_');
  });

  it('serves Prometheus text with the upstream gauges to the admin bearer', async () => {
    leader = true;
    const response = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${ADMIN_PASSWORD}` },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(response.headers['cache-control']).toBe('no-store');
    const lines = response.body.split('\n');
    const successSeconds = Date.parse('2026-11-21T15:28:30Z') / 1000;
    expect(lines).toEqual(
      expect.arrayContaining([
        '# TYPE touchline_upstream_calls_today gauge',
        'touchline_upstream_calls_today{provider="football-data"} 42',
        // Yesterday's calls are not today's, as /api/status says too.
        'touchline_upstream_calls_today{provider="odds-api"} 0',
        'touchline_upstream_requests{provider="football-data"} 57',
        'touchline_upstream_retries{provider="football-data"} 3',
        'touchline_upstream_failures{provider="football-data"} 5',
        'touchline_upstream_items_dropped{provider="football-data"} 12',
        'touchline_upstream_items_dropped{provider="odds-api"} 0',
        'touchline_upstream_deferred{provider="football-data"} 2',
        'touchline_upstream_deferred{provider="odds-api"} 0',
        'touchline_upstream_credits_left{provider="football-data"} 9',
        'touchline_upstream_credits_left{provider="odds-api"} 431',
        `touchline_upstream_last_success_timestamp_seconds{provider="football-data"} ${successSeconds}`,
        'touchline_upstream_breaker_state{provider="football-data",state="closed"} 0',
        'touchline_upstream_breaker_state{provider="football-data",state="half-open"} 1',
        'touchline_upstream_breaker_state{provider="football-data",state="open"} 0',
        'touchline_upstream_breaker_state{provider="odds-api",state="open"} 1',
        'touchline_scheduler_leader 1',
      ]),
    );
    // A time never reported is left out rather than written as NaN.
    expect(response.body).not.toMatch(/last_error_timestamp_seconds\{provider="odds-api"\}/);
    expect(response.body).not.toContain('NaN');
    expect(response.body).toMatch(/^touchline_process_cpu_user_seconds_total \d/m);
  });

  it('serves /metrics to a fan with a session, following the leader flag', async () => {
    leader = false;
    const response = await t.app.inject({ method: 'GET', url: '/metrics', headers: { cookie } });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('touchline_scheduler_leader 0\n');
    expect(response.body).toContain('touchline_upstream_calls_today{provider="football-data"} 42');
  });
});

describe('status routes without an admin password', () => {
  let t: TestApp;
  let cookie: string;

  beforeAll(async () => {
    t = await createTestApp();
    cookie = await loginCookie(t.app);
  });
  afterAll(async () => {
    await t.close();
  });

  it('shows /api/status to any session, with no providers reported yet', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/status', headers: { cookie } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data_source: 'replay', leader: true, providers: [] });
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/status' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('takes no bearer token for /metrics, only a session', async () => {
    const bearer = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: 'Bearer ' },
    });
    expect(bearer.statusCode).toBe(401);
    const withSession = await t.app.inject({ method: 'GET', url: '/metrics', headers: { cookie } });
    expect(withSession.statusCode).toBe(200);
    expect(withSession.body).toContain('touchline_scheduler_leader 1');
    expect(withSession.body).not.toContain('touchline_upstream_calls_today{');
  });
});
