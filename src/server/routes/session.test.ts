import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import {
  createTestApp,
  loginCookie,
  TEST_PASSWORD,
  type TestApp,
} from '../../../tests/helpers/test-app.ts';
import { hashPassword } from '../http/password-hash.ts';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t.close();
});

const login = (payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/session', payload: payload as string, headers });

describe('POST /api/session', () => {
  it('sets an HttpOnly, SameSite=Lax session cookie for the right password', async () => {
    const response = await login({ password: TEST_PASSWORD });
    expect(response.statusCode).toBe(204);
    const cookie = response.cookies[0];
    expect(cookie).toMatchObject({ name: 'gate', httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie?.secure).toBeUndefined();
  });

  it('marks the cookie Secure with the __Host- prefix when served over HTTPS', async () => {
    const https = await createTestApp({ trustProxy: true });
    try {
      const response = await https.app.inject({
        method: 'POST',
        url: '/api/session',
        payload: { password: TEST_PASSWORD },
        headers: { 'x-forwarded-proto': 'https' },
      });
      expect(response.cookies[0]).toMatchObject({
        name: '__Host-gate',
        secure: true,
        httpOnly: true,
      });
    } finally {
      await https.close();
    }
  });

  it('answers 401 with the product message for a wrong password', async () => {
    const response = await login({ password: 'nope' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ error: 'Incorrect password. Please try again.' });
    expect(response.cookies).toHaveLength(0);
  });

  it('answers 429 with Retry-After after five wrong attempts in a minute', async () => {
    for (let i = 0; i < 5; i++)
      expect((await login({ password: `wrong${i}` })).statusCode).toBe(401);
    const blocked = await login({ password: TEST_PASSWORD });
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
  });

  it.each([
    ['an unknown field', { password: TEST_PASSWORD, admin: true }, 'body.admin: unknown field'],
    ['a wrong type', { password: 42 }, 'password: expected string'],
    ['a missing field', {}, 'password: expected string'],
    ['a JSON array', [], 'body: expected object'],
  ])('answers 400 naming the field for %s', async (_, payload, message) => {
    const response = await login(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: message });
  });

  it('answers 400 for invalid JSON', async () => {
    const response = await login('{"password":', { 'content-type': 'application/json' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'body: invalid JSON' });
  });

  it('answers 400 for an oversized body, never 500', async () => {
    const response = await login({ password: 'x'.repeat(20_000) });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'body: too large' });
  });

  it('answers 400 for a body that is not JSON', async () => {
    const response = await login('password=kickoff', {
      'content-type': 'application/x-www-form-urlencoded',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'content-type: expected application/json' });
  });
});

describe('the session cookie', () => {
  it('opens the data routes', async () => {
    const cookie = await loginCookie(t.app);
    const response = await t.app.inject({ url: '/api/leagues', headers: { cookie } });
    expect(response.statusCode).toBe(200);
  });

  it.each([
    ['a garbage value', 'gate=%%%not-a-token'],
    ['a forged token', 'gate=v1.1795290005.AAAAAAAAAAAAAAAAAAAAAA.BBBB'],
    ['a broken header', 'gate'],
    ['an empty value', 'gate='],
  ])('is treated as absent when it has %s', async (_, cookie) => {
    const response = await t.app.inject({ url: '/api/leagues', headers: { cookie } });
    expect(response.statusCode).toBe(401);
  });

  it('stops working when the site password changes', async () => {
    const cookie = await loginCookie(t.app);
    const rotated = await createTestApp({ sitePassword: 'a brand new password' });
    try {
      const response = await rotated.app.inject({ url: '/api/leagues', headers: { cookie } });
      expect(response.statusCode).toBe(401);
    } finally {
      await rotated.close();
    }
  });
});

describe('a request from another site', () => {
  it.each([
    ['another origin', 'https://evil.example'],
    ['a look-alike port', 'http://localhost:9999'],
    ['an opaque origin', 'null'],
    ['garbage', 'not a url'],
  ])('is refused with 403 when it comes from %s', async (_, origin) => {
    const response = await login({ password: TEST_PASSWORD }, { origin, host: 'localhost:80' });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ error: 'Cross-origin request refused' });
  });

  it('is accepted from this server’s own origin', async () => {
    const response = await login(
      { password: TEST_PASSWORD },
      { origin: 'http://localhost:80', host: 'localhost:80' },
    );
    expect(response.statusCode).toBe(204);
  });
});

describe('a site password configured only as its hash', () => {
  const FAST = { n: 2 ** 14, r: 8, p: 1 };

  it('lets the right password in (204) and turns a wrong one away (401)', async () => {
    const hashed = await createTestApp({
      sitePassword: { hash: await hashPassword(TEST_PASSWORD, FAST) },
    });
    try {
      const login = (password: string) =>
        hashed.app.inject({ method: 'POST', url: '/api/session', payload: { password } });
      const wrong = await login('correct horse battery stapler');
      expect(wrong.statusCode).toBe(401);
      expect(wrong.json()).toEqual({ error: 'Incorrect password. Please try again.' });
      expect(wrong.cookies).toHaveLength(0);
      const right = await login(TEST_PASSWORD);
      expect(right.statusCode).toBe(204);
      const cookie = `${right.cookies[0]?.name}=${right.cookies[0]?.value}`;
      const data = await hashed.app.inject({ url: '/api/leagues', headers: { cookie } });
      expect(data.statusCode).toBe(200);
    } finally {
      await hashed.close();
    }
  });

  it('voids every session when the hash is rotated, even for the same password', async () => {
    const before = await createTestApp({
      sitePassword: { hash: await hashPassword(TEST_PASSWORD, FAST) },
    });
    const after = await createTestApp({
      sitePassword: { hash: await hashPassword(TEST_PASSWORD, FAST) },
    });
    try {
      const cookie = await loginCookie(before.app);
      expect(
        (await before.app.inject({ url: '/api/leagues', headers: { cookie } })).statusCode,
      ).toBe(200);
      expect(
        (await after.app.inject({ url: '/api/leagues', headers: { cookie } })).statusCode,
      ).toBe(401);
      // And a cookie of the plain password's days is void too.
      const plain = await loginCookie(t.app);
      expect(
        (await after.app.inject({ url: '/api/leagues', headers: { cookie: plain } })).statusCode,
      ).toBe(401);
    } finally {
      await before.close();
      await after.close();
    }
  });
});

describe('GET /api/session', () => {
  const check = (headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: '/api/session', headers });

  it('answers unlocked to a valid session cookie, uncached and without a new cookie', async () => {
    const cookie = await loginCookie(t.app);
    const response = await check({ cookie });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ unlocked: true });
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.cookies).toHaveLength(0);
  });

  it.each([
    ['no cookie', {}],
    ['a forged cookie', { cookie: 'gate=1.forged' }],
    ['an empty cookie', { cookie: 'gate=' }],
  ])('answers locked, not an error, to %s', async (_, headers: Record<string, string>) => {
    const response = await check(headers);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ unlocked: false });
    expect(response.cookies).toHaveLength(0);
  });
});
