// The real server in live mode, started fresh against a football-data.org that answers 500 to
// everything from the start: it is ready once its first sync has been attempted, serves what it
// has, and /api/status names the upstream's failure.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';

import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

import { startServer, type RunningServer } from '../helpers/e2e-server.ts';
import { postLogin, readSessionCookie } from '../helpers/login.ts';

const PASSWORD = 'a-test-password-for-live-readiness';
const ADMIN_PASSWORD = 'an-admin-password-for-live-readiness';

/** A loopback upstream that answers every request with a 500, and records each path asked. */
async function startFailingUpstream() {
  const paths: string[] = [];
  const server = http.createServer((request, response) => {
    paths.push(new URL(request.url ?? '/', 'http://fake').pathname);
    response.writeHead(500, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ message: 'fake upstream failure', errorCode: 500 }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v4`,
    paths,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

describe('a fresh live instance whose upstream fails from the start', () => {
  let upstream: Awaited<ReturnType<typeof startFailingUpstream>> | undefined;
  let server: RunningServer | undefined;
  let workDir: string | undefined;

  beforeAll(async () => {
    upstream = await startFailingUpstream();
    workDir = await mkdtemp(path.join(os.tmpdir(), 'touchline-live-readiness-'));
    const feeds = path.join(workDir, 'feeds.json');
    await writeFile(feeds, '[]');
    server = await startServer({
      DATA_SOURCE: 'live',
      MATCHES_PROVIDER: 'football-data',
      STANDINGS_PROVIDER: 'football-data',
      PLAYERS_PROVIDER: 'football-data',
      ODDS_PROVIDER: 'none',
      TRANSFERS_PROVIDER: 'none',
      FOOTBALL_DATA_API_KEY: 'test-key',
      FOOTBALL_DATA_BASE_URL: upstream.baseUrl,
      NEWS_FEEDS: feeds,
      SITE_PASSWORD: PASSWORD,
      ADMIN_PASSWORD,
    });
  }, 120_000);

  afterAll(async () => {
    await server?.stop();
    await upstream?.close();
    if (workDir !== undefined) await rm(workDir, { recursive: true, force: true });
  }, 120_000);

  it('is ready once its first sync has been attempted, and /api/status names the failure', async () => {
    const url = server?.url ?? '';
    // The first matches sync was attempted, and failed.
    expect(upstream?.paths).toContain('/v4/matches');

    expect((await fetch(`${url}/livez`)).status).toBe(200);
    await vi.waitFor(
      async () => {
        const response = await fetch(`${url}/readyz`);
        expect(response.status, JSON.stringify(await response.json())).toBe(200);
      },
      { timeout: 15_000, interval: 250 },
    );

    const login = await postLogin(url, PASSWORD);
    expect(login.status).toBe(204);
    const cookie = readSessionCookie(login);

    // The site serves what it has: today's board, empty.
    const today = await fetch(`${url}/api/matches/today`, { headers: { cookie } });
    expect(today.status).toBe(200);
    expect(await today.json()).toMatchObject({ matches: [] });

    const status = await fetch(`${url}/api/status`, {
      headers: { cookie, 'x-admin-password': ADMIN_PASSWORD },
    });
    expect(status.status).toBe(200);
    expect(await status.json()).toMatchObject({
      data_source: 'live',
      leader: true,
      providers: [
        {
          provider: 'football-data',
          last_success_at: null,
          last_error_at: expect.any(String),
          last_error: expect.stringContaining('HTTP 500'),
          failures: expect.any(Number),
        },
      ],
    });
  }, 60_000);
});
