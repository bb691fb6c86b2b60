// Every registered route refuses a request without the session cookie, except the few whose own
// options declare them public (SECURITY-TARGETS §4), however the path is spelt: a new route that
// forgets the gate, or a spelling the router reads as a gated path, fails this test.
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

import fc from 'fast-check';
import type { HTTPMethods, RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createTestApp, loginCookie, type TestApp } from '../../../tests/helpers/test-app.ts';
import { SECURITY_HEADERS } from './security-headers.ts';

/** Routes open without the cookie, each with the reason it may be. */
const OPEN_ROUTES: Record<string, string> = {
  'GET /healthz': 'readiness probe (alias of /readyz)',
  'HEAD /healthz': 'readiness probe (alias of /readyz)',
  'GET /livez': 'liveness probe',
  'HEAD /livez': 'liveness probe',
  'GET /readyz': 'readiness probe',
  'HEAD /readyz': 'readiness probe',
  'POST /api/session': 'the login itself',
  'GET /api/session': 'says whether the cookie sent is valid, nothing more',
  'HEAD /api/session': 'says whether the cookie sent is valid, nothing more',
  'DELETE /api/session': 'signing out clears cookies, valid or not, and reveals nothing',
  // The built front end: the gate page is part of the single-page app, served from these.
  'GET /index.html': 'the single-page app (its page, the gate page among them)',
  'HEAD /index.html': 'the single-page app (its page, the gate page among them)',
  'GET /favicon.svg': 'static file of the front end',
  'HEAD /favicon.svg': 'static file of the front end',
  'GET /assets/index-abc123.js': 'static file of the front end',
  'HEAD /assets/index-abc123.js': 'static file of the front end',
};

type Route = { method: string; url: string; key: string };

const routes: Route[] = [];
/** Route keys whose handler has run, recorded by a wrapper put round every handler. */
const reached: string[] = [];
let t: TestApp;
let cookie: string;

/** Wraps the route's handler so the test learns whether a request got through to it. */
function recordRoute(route: RouteOptions) {
  const methods = Array.isArray(route.method) ? route.method : [route.method];
  for (const method of methods) {
    routes.push({ method, url: route.url, key: `${method} ${route.url}` });
  }
  const handler = route.handler;
  const key = `${methods.join(',')} ${route.url}`;
  route.handler = function (this: unknown, request, reply) {
    reached.push(methods.length === 1 ? key : `${request.method} ${route.url}`);
    return handler.call(this as never, request, reply);
  };
}

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
    onRoute: recordRoute,
  });
  cookie = await loginCookie(t.app);
});
afterAll(async () => {
  await t.close();
});

/** The route's path with every parameter and wildcard filled with a dummy value. */
const fillParams = (url: string) => url.replace(/:[A-Za-z0-9_]+/g, 'x').replace(/\*/g, 'x');

const gatedRoutes = () => routes.filter((r) => !(r.key in OPEN_ROUTES));

function send(method: string, url: string, headers: Record<string, string> = {}) {
  return t.app.inject({
    method: method as HTTPMethods,
    url,
    ...(method === 'POST'
      ? { payload: {}, headers: { 'content-type': 'application/json', ...headers } }
      : { headers }),
  });
}

const hex = (c: string) => c.charCodeAt(0).toString(16).padStart(2, '0');

/**
 * Spellings of one path that a router may read as the same path: any characters
 * percent-encoded (upper- or lower-case hex), a trailing slash, a doubled slash, a `/./`
 * segment, `;params` after a segment, or the absolute form of a request line.
 */
function spellingOf(pathname: string): fc.Arbitrary<string> {
  const segments = pathname.split('/').slice(1);
  const letters = segments.join('').length;
  return fc
    .record({
      encode: fc.array(fc.boolean(), { minLength: letters, maxLength: letters }),
      upper: fc.boolean(),
      trailingSlash: fc.boolean(),
      // Before which segment a slash is doubled, and before which a `.` segment is put.
      doubleSlashAt: fc.option(fc.nat(segments.length - 1)),
      dotSegmentAt: fc.option(fc.nat(segments.length - 1)),
      params: fc.option(fc.constantFrom(';', ';x=1', ';jsessionid=a')),
      absolute: fc.boolean(),
    })
    .map((s) => {
      let letter = 0;
      const spelt = segments.map((segment, i) => {
        const encoded = [...segment]
          .map((c) => {
            if (!s.encode[letter++]) return c;
            const code = hex(c);
            return `%${s.upper ? code.toUpperCase() : code}`;
          })
          .join('');
        const dot = s.dotSegmentAt === i ? './' : '';
        return `${s.doubleSlashAt === i ? '/' : ''}/${dot}${encoded}`;
      });
      let text = spelt.join('');
      if (s.params !== null) text += s.params;
      if (s.trailingSlash) text += '/';
      return s.absolute ? `http://any.host${text}` : text;
    });
}

describe('the gate', () => {
  it('lists routes, and only routes that exist', () => {
    const registered = new Set(routes.map((r) => r.key));
    expect(registered.size).toBeGreaterThan(20);
    for (const open of Object.keys(OPEN_ROUTES)) expect(registered, open).toContain(open);
    // Automatic HEAD routes are listed too, so a HEAD request is checked like its GET.
    expect(registered).toContain('HEAD /api/leagues');
  });

  it('refuses every other route without the session cookie', async () => {
    const answered: string[] = [];
    reached.length = 0;
    for (const { method, url, key } of gatedRoutes()) {
      const response = await send(method, fillParams(url));
      if (response.statusCode !== 401) answered.push(`${key} → ${response.statusCode}`);
    }
    expect(answered).toEqual([]);
    expect(reached).toEqual([]);
    const checked = gatedRoutes().map((r) => r.key);
    for (const key of [
      'GET /api/leagues',
      'HEAD /api/leagues',
      'POST /functions/v1/fetch-matches',
      'GET /go/:bookmaker',
      'GET /metrics',
      'GET /feeds/:file',
      'GET /img/crest/:file',
      'GET /img/player/:file',
      'POST /api/news/sync',
    ]) {
      expect(checked).toContain(key);
    }
  });

  it('lets no spelling of a gated path reach its handler without the cookie', async () => {
    for (const { method, url, key } of gatedRoutes()) {
      reached.length = 0;
      await fc.assert(
        fc.asyncProperty(spellingOf(fillParams(url)), async (spelling) => {
          const response = await send(method, spelling);
          expect([400, 401], `${key} as ${spelling}`).toContain(response.statusCode);
        }),
        { seed: 15, numRuns: 60 },
      );
      expect(reached, key).toEqual([]);
    }
  });

  it('takes those spellings for the same route: with the cookie they reach the handler', async () => {
    // The control for the test above: the spellings are real aliases of the gated paths.
    for (const spelling of ['/%61pi/leagues', '/api/%6C%65agues', 'http://any.host/api/leagues']) {
      reached.length = 0;
      const response = await send('GET', spelling, { cookie });
      expect(response.statusCode, spelling).toBe(200);
      expect(reached).toEqual(['GET /api/leagues']);
    }
    reached.length = 0;
    await send('GET', '/%66eeds/x.xml', { cookie });
    expect(reached).toEqual(['GET /feeds/:file']);
  });

  it('refuses an absolute-form request line on a real connection', async () => {
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = t.app.server.address() as net.AddressInfo;
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1', () => {
        socket.write('GET http://any.host/%61pi/leagues HTTP/1.1\r\nHost: any.host\r\n');
        socket.write('Connection: close\r\n\r\n');
      });
      let text = '';
      socket.on('data', (chunk: Buffer) => (text += chunk.toString()));
      socket.on('end', () => resolve(text));
      socket.on('error', reject);
    });
    expect(answer.split('\r\n', 1)[0]).toBe('HTTP/1.1 401 Unauthorized');
  });

  it('answers an unknown path as a gated one without the cookie, and 404 with it', async () => {
    for (const url of ['/api/nothing-here', '/%61pi/nothing', '//api/x', '/API/x', '/metrics/x']) {
      expect((await send('GET', url)).statusCode, url).toBe(401);
      expect((await send('GET', url, { cookie })).statusCode, url).toBe(404);
    }
    expect((await send('POST', '/league/premier-league')).statusCode).toBe(401);
  });

  it('serves the page of the app (the gate page among them) to anyone', async () => {
    for (const url of ['/', '/league/premier-league', '/news?x=1', '/%6Eews']) {
      const response = await send('GET', url);
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
    }
  });

  it('opens a data route to a request with the cookie', async () => {
    const response = await t.app.inject({ url: '/api/leagues', headers: { cookie } });
    expect(response.statusCode).toBe(200);
  });

  it.each(['/img/player/7.svg', '/img/crest/x.svg', '/feeds/serie-a.xml'])(
    'keeps %s behind the gate, and opens it to the cookie',
    async (url) => {
      expect((await t.app.inject({ url })).statusCode).toBe(401);
      const response = await t.app.inject({ url, headers: { cookie } });
      // The crest of a team the empty test database does not know: past the gate, a 404.
      expect(response.statusCode).toBe(url === '/img/crest/x.svg' ? 404 : 200);
    },
  );
});

describe('invalid characters in a request', () => {
  const invalid = ['%00', '%01', '%1F', '%7F', '%C2%80', '%C2%9F', '%0A'];

  it('answer 400 {error} on every route, in a path parameter or the query, never 500', async () => {
    const failures: string[] = [];
    for (const { method, url, key } of routes) {
      for (const bad of invalid) {
        const urls = [`${fillParams(url)}?league=${bad}`, `${fillParams(url)}?${bad}=1`];
        if (url.includes(':')) urls.push(url.replace(/:[A-Za-z0-9_]+/g, `a${bad}b`));
        for (const spelt of urls) {
          const response = await send(method, spelt, { cookie });
          const body = response.body === '' ? {} : (response.json() as { error?: unknown });
          // A HEAD answer has no body; its status says it all.
          const isError = method === 'HEAD' || typeof body.error === 'string';
          if (response.statusCode !== 400 || !isError) {
            failures.push(`${key} as ${spelt} → ${response.statusCode}`);
          }
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it('answer 400 in a JSON body', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/functions/v1/fetch-league-table',
      headers: { cookie, 'content-type': 'application/json' },
      payload: JSON.stringify({ league: 'premier\u0000league' }),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'body.league: contains an invalid character' });
  });

  it('answer 400 for a path that is not valid UTF-8, with the security headers', async () => {
    const response = await send('GET', '/api/leagues/%FF', { cookie });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'path: not a valid URL' });
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) {
      expect(response.headers[name], name).toBe(value);
    }
  });
});
