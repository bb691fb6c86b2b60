// Every registered route refuses a request without the session cookie, except the few listed
// here as open (SECURITY-TARGETS §4): a new route that forgets the gate fails this test.
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

import type { HTTPMethods } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createTestApp, loginCookie, type TestApp } from '../../../tests/helpers/test-app.ts';

/** Routes open without the cookie, each with the reason it may be. */
const OPEN_ROUTES: Record<string, string> = {
  'GET /healthz': 'liveness probe',
  'HEAD /healthz': 'liveness probe',
  'POST /api/session': 'the login itself',
  // The built front end: the gate page is part of the single-page app, served from these.
  'GET /index.html': 'the single-page app (its page, the gate page among them)',
  'HEAD /index.html': 'the single-page app (its page, the gate page among them)',
  'GET /favicon.svg': 'static file of the front end',
  'HEAD /favicon.svg': 'static file of the front end',
  'GET /assets/index-abc123.js': 'static file of the front end',
  'HEAD /assets/index-abc123.js': 'static file of the front end',
};

const routes: { method: string; url: string }[] = [];
let t: TestApp;

beforeAll(async () => {
  // A built front end in miniature, so its static routes are registered too.
  const webRoot = await mkdtemp(path.join(os.tmpdir(), 'touchline-gate-web-'));
  await mkdir(path.join(webRoot, 'assets'));
  await writeFile(path.join(webRoot, 'index.html'), '<!doctype html><title>{{brand_name}}</title>');
  await writeFile(path.join(webRoot, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  await writeFile(path.join(webRoot, 'assets', 'index-abc123.js'), 'export {};');
  t = await createTestApp({
    webRoot,
    adminPassword: 'an admin password for the gate test',
    onRoute: (route) => {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      for (const method of methods) routes.push({ method, url: route.url });
    },
  });
});
afterAll(async () => {
  await t.close();
});

/** The route's path with every parameter and wildcard filled with a dummy value. */
const fillParams = (url: string) => url.replace(/:[A-Za-z0-9_]+/g, 'x').replace(/\*/g, 'x');

describe('the gate', () => {
  it('lists routes, and only routes that exist', () => {
    const registered = new Set(routes.map((r) => `${r.method} ${r.url}`));
    expect(registered.size).toBeGreaterThan(20);
    for (const open of Object.keys(OPEN_ROUTES)) expect(registered, open).toContain(open);
  });

  it('refuses every other route without the session cookie', async () => {
    const checked: string[] = [];
    const answered: string[] = [];
    for (const { method, url } of routes) {
      const key = `${method} ${url}`;
      if (key in OPEN_ROUTES) continue;
      const response = await t.app.inject({
        method: method as HTTPMethods,
        url: fillParams(url),
        ...(method === 'POST'
          ? { payload: {}, headers: { 'content-type': 'application/json' } }
          : {}),
      });
      if (response.statusCode !== 401) answered.push(`${key} → ${response.statusCode}`);
      checked.push(key);
    }
    expect(answered).toEqual([]);
    expect(checked).toContain('GET /api/leagues');
    expect(checked).toContain('POST /functions/v1/fetch-matches');
    expect(checked).toContain('GET /go/:bookmaker');
    expect(checked).toContain('GET /metrics');
    expect(checked).toContain('GET /feeds/:file');
    expect(checked).toContain('GET /img/crest/:file');
    expect(checked).toContain('GET /img/player/:file');
  });

  it('opens a data route to a request with the cookie', async () => {
    const cookie = await loginCookie(t.app);
    const response = await t.app.inject({ url: '/api/leagues', headers: { cookie } });
    expect(response.statusCode).toBe(200);
  });

  it.each(['/img/player/7.svg', '/img/crest/x.svg', '/feeds/serie-a.xml'])(
    'keeps %s behind the gate, and opens it to the cookie',
    async (url) => {
      expect((await t.app.inject({ url })).statusCode).toBe(401);
      const cookie = await loginCookie(t.app);
      const response = await t.app.inject({ url, headers: { cookie } });
      // The crest of a team the empty test database does not know: past the gate, a 404.
      expect(response.statusCode).toBe(url === '/img/crest/x.svg' ? 404 : 200);
    },
  );
});
