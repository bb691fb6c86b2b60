// How the adapter reads the HTTP failures of API-Football (statuses, time-outs, bodies that
// are not JSON), through the shared client.
import { delay, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

import {
  catchUpstreamError as failure,
  createTestApiFootball,
  readApiFootballBody as fixture,
  serveApiFootball,
  type FakeAnswer,
} from '../../../../tests/helpers/fake-api-football.ts';

const BASE = 'https://api-football.test/v3';
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
    expect(error.message).toContain('an HTML page instead of JSON');
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
