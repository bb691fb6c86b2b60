import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync } from 'node:zlib';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createTestApp, loginCookie, type TestApp } from '../../tests/helpers/test-app.ts';
import { parseZoneOffsets } from '../domain/time-zone.ts';
import { SECURITY_HEADERS } from './http/security-headers.ts';

const STYLESHEET = 'body{color:red}/* </style><script>alert(1)</script> */';
const THEME_SCRIPT = "document.documentElement.dataset.theme = 'dark'; // </script><b>";
const SERVICE_WORKER = 'self.addEventListener("fetch", () => {});';
const BUILD_MANIFEST = JSON.stringify({
  'index.html': { file: 'assets/index-abc.js', isEntry: true },
  'routes/match.tsx': { file: 'assets/match-abc.js', imports: ['index.html'] },
});
const MANIFEST = JSON.stringify({ name: 'Touchline', start_url: '/', display: 'standalone' });

let t: TestApp;
beforeAll(async () => {
  const webRoot = await mkdtemp(path.join(os.tmpdir(), 'touchline-dist-'));
  await writeFile(
    path.join(webRoot, 'index.html'),
    '<title>{{brand_name}}</title><meta name="touchline:credit" content="{{credit_line}}">' +
      '<script src="/theme.js" data-inline></script>' +
      '<link rel="stylesheet" crossorigin href="/assets/index-abc.css">' +
      '<div id="root"><!--home-shell--><h1>Home heading</h1><!--/home-shell--></div>',
  );
  await writeFile(path.join(webRoot, 'theme.js'), THEME_SCRIPT);
  await writeFile(path.join(webRoot, 'sw.js'), SERVICE_WORKER);
  await writeFile(path.join(webRoot, 'sw.js.br'), brotliCompressSync(Buffer.from(SERVICE_WORKER)));
  await writeFile(path.join(webRoot, 'manifest.webmanifest'), MANIFEST);
  await writeFile(path.join(webRoot, 'offline.html'), '<title>Offline · {{brand_name}}</title>');
  await mkdir(path.join(webRoot, 'icons'));
  await writeFile(path.join(webRoot, 'icons', 'icon-192.png'), Buffer.from([0x89, 0x50]));
  await mkdir(path.join(webRoot, 'assets'));
  await writeFile(path.join(webRoot, 'assets', 'index-abc.css'), STYLESHEET);
  await mkdir(path.join(webRoot, '.vite'));
  await writeFile(path.join(webRoot, '.vite', 'manifest.json'), BUILD_MANIFEST);
  await writeFile(
    path.join(webRoot, 'assets', 'index-abc.css.br'),
    brotliCompressSync(Buffer.from(STYLESHEET)),
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
        // The login, and the question whether the cookie is valid, are open to anyone.
        r.url !== '/api/session',
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

  it('carries its stylesheet inline, allowed by its hash and by nothing broader', async () => {
    const response = await t.app.inject({ url: '/' });
    const inline = /<style>([\s\S]*?)<\/style>/.exec(response.body)?.[1];
    expect(inline).toBe('body{color:red}/* <\\/style><script>alert(1)</script> */');
    expect(response.body).not.toContain('rel="stylesheet"');
    const hash = createHash('sha256')
      .update(inline ?? '')
      .digest('base64');
    const styleSrc = /style-src ([^;]*)/.exec(String(response.headers['content-security-policy']));
    expect(styleSrc?.[1]).toBe(`'self' 'sha256-${hash}'`);
    // Data answers keep the policy without the hash.
    const data = await t.app.inject({ url: '/healthz' });
    expect(/style-src ([^;]*)/.exec(String(data.headers['content-security-policy']))?.[1]).toBe(
      "'self'",
    );
  });

  it.each([
    ['br', 'gzip, deflate, br', (body: Buffer) => brotliDecompressSync(body)],
    ['gzip', 'gzip', (body: Buffer) => gunzipSync(body)],
    [undefined, 'identity', (body: Buffer) => body],
    [undefined, 'br;q=0, gzip;q=0', (body: Buffer) => body],
  ])('is sent as %s when the browser accepts %s', async (encoding, accepted, decode) => {
    const plain = await t.app.inject({ url: '/', headers: { 'accept-encoding': 'identity' } });
    const response = await t.app.inject({ url: '/', headers: { 'accept-encoding': accepted } });
    expect(response.headers['content-encoding']).toBe(encoding);
    expect(response.headers.vary).toContain('accept-encoding');
    expect(decode(response.rawPayload).toString()).toBe(plain.body);
    expect(plain.body).toContain('<title>');
  });

  it('sends an asset compressed at build time as it is, and plain to who does not accept it', async () => {
    const compressed = await t.app.inject({
      url: '/assets/index-abc.css',
      headers: { 'accept-encoding': 'br' },
    });
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(compressed.rawPayload).toString()).toBe(STYLESHEET);
    const plain = await t.app.inject({
      url: '/assets/index-abc.css',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(STYLESHEET);
  });

  it.each([
    ['the home page of a signed-in visitor', '/', true, true],
    ['the home page with a query, signed in', '/?league=la-liga', true, true],
    ['the home page of a visitor without a session', '/', false, false],
    ['another page of a signed-in visitor', '/news', true, false],
  ])('keeps the painted heading only on %s', async (_, url, signedIn, kept) => {
    const headers = signedIn ? { cookie: await loginCookie(t.app) } : {};
    const response = await t.app.inject({ url, headers });
    expect(response.body.includes('<h1>Home heading</h1>')).toBe(kept);
    expect(response.body).toContain('<div id="root">');
    expect(response.body).not.toContain('home-shell');
    expect(response.headers.vary).toContain('cookie');
  });

  it("names what a signed-in visitor's page asks for first, beside the page", async () => {
    const cookie = await loginCookie(t.app);
    const response = await t.app.inject({ url: '/match/7', headers: { cookie } });
    expect(String(response.headers.link).split(', ')).toEqual([
      '</assets/match-abc.js>; rel=modulepreload',
      '</api/leagues>; rel=preload; as=fetch; crossorigin',
      '</api/matches/7>; rel=preload; as=fetch; crossorigin',
    ]);
    // The gate page needs none of it, and asking for it would only be refused.
    const locked = await t.app.inject({ url: '/match/7' });
    expect(locked.headers.link).toBeUndefined();
    // The manifest the hints are read from is the build's, not a file of the site.
    const manifest = await t.app.inject({ url: '/.vite/manifest.json', headers: { cookie } });
    expect(manifest.body).not.toContain('routes/match.tsx');
  });

  it('does not serve the raw template', async () => {
    const response = await t.app.inject({ url: '/index.html' });
    expect(response.body).not.toContain('{{brand_name}}');
  });

  it('carries the theme script inline, allowed by its hash on the page only', async () => {
    const response = await t.app.inject({ url: '/news' });
    const inline = /<script>([\s\S]*?)<\/script>/.exec(response.body)?.[1];
    expect(inline).toBe("document.documentElement.dataset.theme = 'dark'; // <\\/script><b>");
    expect(response.body).not.toContain('src="/theme.js"');
    const hash = createHash('sha256')
      .update(inline ?? '')
      .digest('base64');
    const csp = String(response.headers['content-security-policy']);
    expect(/script-src ([^;]*)/.exec(csp)?.[1]).toBe(`'self' 'sha256-${hash}'`);
    expect(csp).toContain("worker-src 'self'");
    const data = await t.app.inject({ url: '/healthz' });
    expect(/script-src ([^;]*)/.exec(String(data.headers['content-security-policy']))?.[1]).toBe(
      "'self'",
    );
  });
});

describe('what an installed site needs, open without a session', () => {
  it('serves the manifest as a manifest, named after the brand', async () => {
    const response = await t.app.inject({ url: '/manifest.webmanifest' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(response.json()).toEqual({
      name: 'Goal & "Co"',
      short_name: 'Goal & "Co"',
      start_url: '/',
      display: 'standalone',
    });
  });

  it.each(['identity', 'br'])(
    'serves the service worker to be checked on every visit (%s)',
    async (encoding) => {
      const response = await t.app.inject({
        url: '/sw.js',
        headers: { 'accept-encoding': encoding },
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/javascript/);
      expect(response.headers['cache-control']).toBe('no-cache');
    },
  );

  it('serves the offline page with the brand filled in, and the icons', async () => {
    const offline = await t.app.inject({ url: '/offline.html' });
    expect(offline.statusCode).toBe(200);
    expect(offline.headers['content-type']).toMatch(/^text\/html/);
    expect(offline.body).toBe('<title>Offline · Goal &amp; &quot;Co&quot;</title>');
    const icon = await t.app.inject({ url: '/icons/icon-192.png' });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['content-type']).toBe('image/png');
  });

  it('keeps a session-only path gated beside them', async () => {
    expect((await t.app.inject({ url: '/api/leagues' })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/img/anything.png' })).statusCode).toBe(401);
  });
});

describe("the painted heading's time zone", () => {
  // Europe/London leaves summer time at 01:00 UTC on 25 October 2026: the same server answers
  // "GMT+1" before and "GMT" after, in every encoding, without restarting.
  let clock = new Date('2026-10-25T00:30:00Z');
  let london: TestApp;
  beforeAll(async () => {
    const webRoot = await mkdtemp(path.join(os.tmpdir(), 'touchline-dist-'));
    await writeFile(
      path.join(webRoot, 'index.html'),
      '<meta name="touchline:time-zone" content="{{time_zone}}">' +
        '<meta name="touchline:zone-offsets" content="{{zone_offsets}}">' +
        '<div id="root"><!--home-shell--><p>Times in {{time_offset}}</p><!--/home-shell--></div>',
    );
    london = await createTestApp({ webRoot, timeZone: 'Europe/London', now: () => clock });
  });
  afterAll(async () => {
    await london.close();
  });

  async function homePage(encoding: string): Promise<string> {
    const response = await london.app.inject({
      url: '/',
      headers: { cookie: await loginCookie(london.app), 'accept-encoding': encoding },
    });
    if (encoding === 'br') return brotliDecompressSync(response.rawPayload).toString();
    if (encoding === 'gzip') return gunzipSync(response.rawPayload).toString();
    return response.body;
  }

  it.each(['identity', 'br', 'gzip'])('follows summer time (%s)', async (encoding) => {
    clock = new Date('2026-10-25T00:30:00Z');
    const summer = await homePage(encoding);
    expect(summer).toContain('<p>Times in GMT+1</p>');
    expect(summer).toContain('content="Europe/London"');
    clock = new Date('2026-10-25T01:30:00Z');
    expect(await homePage(encoding)).toContain('<p>Times in GMT</p>');
  });

  it("carries the zone's offsets for the browser, from three years back to two ahead", async () => {
    const page = await homePage('identity');
    const text = /name="touchline:zone-offsets" content="([^"]*)"/.exec(page)?.[1] ?? '';
    const table = parseZoneOffsets(text);
    expect(table).toBeDefined();
    // The app started with the clock at 00:30 on 25 October 2026.
    expect(new Date(table?.startMs ?? 0).toISOString().slice(0, 10)).toBe('2023-10-25');
    expect(new Date(table?.endMs ?? 0).toISOString().slice(0, 10)).toBe('2028-10-25');
    const changes = (table?.changes ?? []).map((c) => [
      new Date(c.fromMs).toISOString(),
      c.offsetMinutes,
    ]);
    expect(changes).toContainEqual(['2026-10-25T01:00:00.000Z', 0]);
    expect(changes).toContainEqual(['2027-03-28T01:00:00.000Z', 60]);
    expect(changes).toHaveLength(11);
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
    // A page adds the hashes of its inline scripts, nothing broader.
    expect(scriptSrc).toMatch(url === '/' ? /^'self'( 'sha256-[\w+/]+=*')+$/ : /^'self'$/);
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

describe('answers made before the app sees a request', () => {
  /** Sends raw bytes to the listening app and returns what came back, head and body. */
  async function sendRaw(
    bytes: string,
  ): Promise<{ statusLine: string; head: string; body: string }> {
    const { port } = t.app.server.address() as net.AddressInfo;
    const text = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1', () => socket.write(bytes));
      let received = '';
      socket.on('data', (chunk: Buffer) => (received += chunk.toString()));
      socket.on('close', () => resolve(received));
      socket.on('error', reject);
    });
    const [head = '', body = ''] = text.split('\r\n\r\n');
    return { statusLine: head.split('\r\n', 1)[0] ?? '', head: head.toLowerCase(), body };
  }

  beforeAll(async () => {
    await t.app.listen({ host: '127.0.0.1', port: 0 });
  });

  it.each([
    [
      '431 for headers too large',
      `GET / HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
      431,
    ],
    ['400 for a malformed request line', 'GET /a b c\r\n\r\n', 400],
  ])('carry the security headers: %s', async (_, bytes, status) => {
    const answer = await sendRaw(bytes);
    expect(answer.statusLine).toMatch(new RegExp(`^HTTP/1.1 ${status} `));
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) {
      expect(answer.head, name).toContain(`${name}: ${value}`.toLowerCase());
    }
    expect(JSON.parse(answer.body)).toEqual({ error: expect.any(String) });
  });
});
