import { mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createTestApp, loginCookie, type TestApp } from '../../tests/helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  const webRoot = await mkdtemp(path.join(os.tmpdir(), 'touchline-dist-'));
  await writeFile(
    path.join(webRoot, 'index.html'),
    '<title>{{brand_name}}</title><meta name="touchline:credit" content="{{credit_line}}">',
  );
  t = await createTestApp({
    webRoot,
    meta: { brandName: 'Goal & "Co"', creditLine: 'Made <here>', replayLabel: '' },
  });
});
afterAll(async () => {
  await t.close();
});

/** Every route the app registered, read from Fastify's own route tree (children are indented). */
function listRoutes(): { method: string; url: string }[] {
  const tree = t.app.printRoutes({ commonPrefix: false });
  const routes: { method: string; url: string }[] = [];
  const prefixes: string[] = [];
  for (const line of tree.split('\n')) {
    const match = /^(.*?)[├└]── (\S+)(?: \(([^)]+)\))?$/.exec(line);
    if (match === null) continue;
    const depth = (match[1] ?? '').length / 4;
    const url = (prefixes[depth - 1] ?? '') + (match[2] ?? '');
    prefixes[depth] = url;
    prefixes.length = depth + 1;
    for (const method of match[3]?.split(', ') ?? []) routes.push({ method, url });
  }
  return routes;
}

describe('the gate', () => {
  it('refuses every registered data route without the cookie', async () => {
    const dataRoutes = listRoutes().filter(
      (r) =>
        /^\/(api|functions|go)\//.test(r.url) &&
        r.method !== 'HEAD' &&
        !(r.method === 'POST' && r.url === '/api/session'),
    );
    expect(dataRoutes.length).toBeGreaterThan(1);
    for (const route of dataRoutes) {
      const url = route.url.replace(/:(\w+)/g, 'x');
      const response = await t.app.inject({
        method: route.method as 'GET',
        url,
        payload: route.method === 'GET' ? undefined : {},
      });
      expect(response.statusCode, `${route.method} ${url}`).toBe(401);
    }
  });

  it.each(['/api/unknown', '/functions/v1/anything', '/go/somewhere'])(
    'refuses the unknown data path %s without the cookie',
    async (url) => {
      expect((await t.app.inject({ url })).statusCode).toBe(401);
    },
  );

  it('answers 404 in JSON for an unknown data path past the gate', async () => {
    const cookie = await loginCookie(t.app);
    const response = await t.app.inject({ url: '/api/unknown', headers: { cookie } });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: 'Not Found' });
  });

  it('leaves /healthz open', async () => {
    const response = await t.app.inject({ url: '/healthz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });
});

describe('the web app', () => {
  it.each(['/', '/news', '/league/serie-a', '/no/such/page'])(
    'serves the page shell at %s',
    async (url) => {
      const response = await t.app.inject({ url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
    },
  );

  it('fills the brand and credit line into the page, escaped', async () => {
    const response = await t.app.inject({ url: '/' });
    expect(response.body).toContain('<title>Goal &amp; &quot;Co&quot;</title>');
    expect(response.body).toContain('content="Made &lt;here&gt;"');
  });

  it('does not serve the raw template', async () => {
    const response = await t.app.inject({ url: '/index.html' });
    expect(response.body).not.toContain('{{brand_name}}');
  });
});

describe('security headers', () => {
  it.each([
    ['a page', '/'],
    ['a refused data route', '/api/leagues'],
    ['the health check', '/healthz'],
    ['a missing asset', '/assets/missing.js'],
  ])('are set on %s', async (_, url) => {
    const response = await t.app.inject({ url });
    const csp = String(response.headers['content-security-policy']);
    const scriptSrc = /script-src ([^;]*)/.exec(csp)?.[1] ?? '';
    expect(scriptSrc).toBe("'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(response.headers['x-powered-by']).toBeUndefined();
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
  });
});
