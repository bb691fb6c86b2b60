// The real server with only the password's hash configured: logins are checked against it, the
// start-up output names neither password nor hash, the images and demo feeds are behind the
// gate, and the news ingestion still reads the demo feeds (with the server's own cookie).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { hashPassword } from '../../src/server/http/password-hash.ts';
import { startServer, type RunningServer } from '../helpers/e2e-server.ts';

const PASSWORD = 'hash-test-password-0123456789';
let hash: string;
let server: RunningServer;
let origin: URL;

const login = (password: string) =>
  fetch(new URL('/api/session', origin), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ password }),
  });

beforeAll(async () => {
  hash = await hashPassword(PASSWORD, { n: 2 ** 14, r: 8, p: 1 });
  server = await startServer({ SITE_PASSWORD_HASH: hash });
  origin = new URL(server.url);
}, 120_000);

afterAll(async () => {
  await server?.stop();
});

describe('a server configured with SITE_PASSWORD_HASH', () => {
  it('prints neither the password nor the hash at start-up', () => {
    expect(server.output()).toContain('Site password: the one hashed in SITE_PASSWORD_HASH');
    expect(server.output()).not.toContain(hash.split('$')[5] ?? hash);
    expect(server.output()).not.toContain(PASSWORD);
  });

  it('answers 204 to the right password and 401 to a wrong one', async () => {
    expect((await login('hash-test-password-012345678')).status).toBe(401);
    expect((await login(hash)).status).toBe(401);
    expect((await login(PASSWORD)).status).toBe(204);
  });

  it('ingests its own demo feeds, which refuse a request without the cookie', async () => {
    expect((await fetch(new URL('/feeds/premier-league.xml', origin))).status).toBe(401);
    expect((await fetch(new URL('/img/player/1.svg', origin))).status).toBe(401);
    const response = await login(PASSWORD);
    const cookie = (response.headers.get('set-cookie') ?? '').split(';', 1)[0] ?? '';
    const sync = await fetch(new URL('/api/news/sync', origin), {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(sync.status).toBe(200);
    const result = (await sync.json()) as {
      sources: { source: string; error: string | null }[];
    };
    const demo = result.sources.filter((s) => s.source.startsWith('Touchline'));
    expect(demo.length).toBeGreaterThan(0);
    expect(demo.filter((s) => s.error !== null)).toEqual([]);
    expect(
      (await fetch(new URL('/img/player/1.svg', origin), { headers: { cookie } })).status,
    ).toBe(200);
  }, 60_000);
});

describe('a server with a short SITE_PASSWORD', () => {
  it('warns at start-up without printing the password', async () => {
    const short = await startServer({ SITE_PASSWORD: 'short-pw-0042' });
    try {
      expect(short.output()).toMatch(/SITE_PASSWORD is shorter than 16 characters/);
      expect(short.output()).not.toContain('short-pw-0042');
    } finally {
      await short.stop();
    }
  }, 120_000);
});
