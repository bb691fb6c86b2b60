import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';

import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

import { createTestApp, loginCookie, type TestApp } from '../../../tests/helpers/test-app.ts';

const DATA_ROUTES = ['/api/matches/today', '/api/news', '/api/odds'];

/** Fails instead of waiting on: an overloaded server must answer, not hang. */
function withinSeconds<T>(seconds: number, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${seconds} s`)), seconds * 1000);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

describe('overload protection', () => {
  let healthy: TestApp;
  let overloaded: TestApp;
  let cookie: string;
  let url: string;

  beforeAll(async () => {
    // Sessions are signed, not stored: a cookie from a healthy app opens the overloaded one.
    healthy = await createTestApp();
    cookie = await loginCookie(healthy.app);
    // A built front end of one page and one script.
    const webRoot = await mkdtemp(path.join(os.tmpdir(), 'touchline-web-'));
    await mkdir(path.join(webRoot, 'assets'));
    await writeFile(
      path.join(webRoot, 'index.html'),
      '<!doctype html><title>Touchline</title><script type="module" src="/assets/app-1a2b.js"></script>',
    );
    await writeFile(path.join(webRoot, 'assets', 'app-1a2b.js'), 'export {};');
    // Any heap counts as too much: the process is overloaded from the first sample on.
    overloaded = await createTestApp({
      overload: { maxHeapUsedBytes: 1, sampleIntervalMs: 10, retryAfterS: 7 },
      webRoot,
    });
    await vi.waitFor(() => expect(overloaded.app.isUnderPressure()).toBe(true));
    url = await overloaded.app.listen({ port: 0, host: '127.0.0.1' });
    expect((overloaded.app.server.address() as AddressInfo).port).toBeGreaterThan(0);
  });
  afterAll(async () => {
    await healthy.close();
    await overloaded.close();
  });

  it('answers 503 with Retry-After on the data routes', async () => {
    for (const path of DATA_ROUTES) {
      const response = await overloaded.app.inject({ url: path, headers: { cookie } });
      expect(response.statusCode, path).toBe(503);
      expect(response.headers['retry-after'], path).toBe('7');
      expect(response.json(), path).toEqual({
        error: 'Service Unavailable: the server is overloaded, retry later',
      });
    }
  });

  it('serves the same routes normally when not overloaded', async () => {
    for (const path of DATA_ROUTES) {
      const response = await healthy.app.inject({ url: path, headers: { cookie } });
      expect(response.statusCode, path).toBe(200);
    }
  });

  it('still serves the pages, their script and the session check, which open a page', async () => {
    for (const headers of [{}, { cookie }])
      for (const path of ['/', '/league/premier-league', '/match/12', '/assets/app-1a2b.js']) {
        const response = await overloaded.app.inject({ url: path, headers });
        expect(response.statusCode, path).toBe(200);
        expect(response.headers['retry-after'], path).toBeUndefined();
      }
    // So is the question a page asks first, whether its cookie is valid.
    const check = await overloaded.app.inject({ url: '/api/session', headers: { cookie } });
    expect(check.statusCode).toBe(200);
    expect(check.json()).toEqual({ unlocked: true });
    // An unknown data path is no page: refused like the data routes.
    const unknown = await overloaded.app.inject({ url: '/api/no-such-route', headers: { cookie } });
    expect(unknown.statusCode).toBe(503);
  });

  it('keeps /healthz answering for itself', async () => {
    const response = await overloaded.app.inject({ url: '/healthz' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['retry-after']).toBeUndefined();
  });

  it('answers every one of many concurrent requests over a real socket, none hangs', async () => {
    const responses = await withinSeconds(
      10,
      Promise.all(
        Array.from({ length: 100 }, (_, i) =>
          fetch(`${url}${DATA_ROUTES[i % DATA_ROUTES.length] ?? ''}`, {
            headers: { cookie },
            signal: AbortSignal.timeout(5000),
          }).then(async (response) => {
            await response.arrayBuffer();
            return response;
          }),
        ),
      ),
    );
    expect(responses.map((r) => r.status)).toEqual(responses.map(() => 503));
    expect(responses.every((r) => r.headers.get('retry-after') === '7')).toBe(true);
  });
});
