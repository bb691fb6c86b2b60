// The real server in live mode, started fresh against a football-data.org that answers 500 to
// everything from the start: it is ready once its first sync has been attempted, serves what it
// has, and /api/status names the upstream's failure.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

const PASSWORD = 'a-test-password-for-live-readiness';
const ADMIN_PASSWORD = 'an-admin-password-for-live-readiness';
const root = fileURLToPath(new URL('../..', import.meta.url));

type Server = { url: string; child: ChildProcess; output: () => string };

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

/**
 * `node src/server/main.ts` on an ephemeral port with a fresh data folder (its first start
 * imports the shipped history), resolved once it prints its address.
 */
async function startServer(dataDir: string, env: Record<string, string>): Promise<Server> {
  const child = spawn(process.execPath, ['src/server/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      // The models learn three seasons of history, not all twenty: seconds less at the start.
      PREDICTION_HISTORY_SEASONS: '3',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 110_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /running at (http:\/\/\S+)/.exec(output);
      if (match?.[1] !== undefined) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${String(code)}:\n${output}`));
    });
  });
  return { url, child, output: () => output };
}

async function stopServer(server: Server): Promise<void> {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return;
  const exited = new Promise((resolve) => server.child.once('exit', resolve));
  server.child.kill('SIGTERM');
  await exited;
}

describe('a fresh live instance whose upstream fails from the start', () => {
  let upstream: Awaited<ReturnType<typeof startFailingUpstream>> | undefined;
  let server: Server | undefined;
  let workDir: string | undefined;

  beforeAll(async () => {
    upstream = await startFailingUpstream();
    workDir = await mkdtemp(path.join(os.tmpdir(), 'touchline-live-readiness-'));
    const feeds = path.join(workDir, 'feeds.json');
    await writeFile(feeds, '[]');
    server = await startServer(path.join(workDir, 'data'), {
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
    if (server !== undefined) await stopServer(server);
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

    const login = await fetch(`${url}/api/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ password: PASSWORD }),
    });
    expect(login.status).toBe(204);
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';

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
