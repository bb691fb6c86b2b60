// The password gate's limits (SECURITY-TARGETS §4): throttles per address and across
// addresses, the cookie's attributes and lifetime, rotation, and a password that is never logged.
import { Writable } from 'node:stream';

import { pino } from 'pino';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import {
  createTestApp,
  loginCookie,
  TEST_PASSWORD,
  type TestApp,
} from '../../../tests/helpers/test-app.ts';
import { GUESSING_ALERT } from './session.ts';

const START = new Date('2026-11-21T15:30:00Z').getTime();
const DAY_MS = 24 * 60 * 60 * 1000;

let waits: number[];
let logLines: string[];
let t: TestApp;

beforeEach(async () => {
  // The throttle's counts follow Date.now: only the clock is faked, timers run for real.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(START);
  waits = [];
  logLines = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logLines.push(chunk.toString());
      done();
    },
  });
  t = await createTestApp({
    now: () => new Date(),
    // Records the hold and moves the clock on instead of waiting it out.
    sleep: async (ms) => {
      waits.push(ms);
      advance(ms);
    },
    logger: pino({ level: 'trace' }, stream),
  });
});
afterEach(async () => {
  await t.close();
  vi.useRealTimers();
});

const advance = (ms: number) => vi.setSystemTime(Date.now() + ms);

const login = (password: string, remoteAddress = '198.51.100.1', headers = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/session',
    payload: { password },
    remoteAddress,
    headers,
  });

const readLeagues = (cookie: string) =>
  t.app.inject({ url: '/api/leagues', headers: { cookie }, remoteAddress: '192.0.2.50' });

/** A Set-Cookie header as its name, value and attribute names (lower case) with values. */
function parseSetCookie(header: string) {
  const [pair = '', ...rest] = header.split(';').map((part) => part.trim());
  const [name, value] = pair.split(/=(.*)/s);
  const attributes = Object.fromEntries(
    rest.map((part) => {
      const [key = '', val = ''] = part.split(/=(.*)/s);
      return [key.toLowerCase(), val];
    }),
  );
  return { name, value, attributes };
}

const setCookieOf = (response: { headers: Record<string, unknown> }) => {
  const header = response.headers['set-cookie'];
  expect(typeof header).toBe('string');
  return parseSetCookie(header as string);
};

describe('the throttle per address', () => {
  it('answers 401 to five wrong passwords in a minute, then 429 with Retry-After', async () => {
    const codes = [];
    for (let i = 0; i < 5; i++) {
      codes.push((await login(`wrong-${i}`)).statusCode);
      advance(1000);
    }
    const sixth = await login(TEST_PASSWORD);
    expect([...codes, sixth.statusCode]).toEqual([401, 401, 401, 401, 401, 429]);
    expect(sixth.headers['retry-after']).toBe('55');
    expect(sixth.cookies).toHaveLength(0);
    // Another address is not held back by this one.
    expect((await login(TEST_PASSWORD, '198.51.100.2')).statusCode).toBe(204);
    // A minute after its first failure, the address may try again.
    advance(55_000);
    expect((await login(TEST_PASSWORD)).statusCode).toBe(204);
  });

  it('blocks an address for an hour after 20 failures in an hour', async () => {
    // Four failures a minute stay under the minute's limit, so only the hour's count blocks.
    for (let minute = 0; minute < 5; minute++) {
      for (let i = 0; i < 4; i++) {
        expect((await login(`wrong-${minute}-${i}`)).statusCode).toBe(401);
        advance(1000);
      }
      advance(56_000);
    }
    const blocked = await login(TEST_PASSWORD);
    expect(blocked.statusCode).toBe(429);
    const retryAfter = Number(blocked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(3500);
    expect(retryAfter).toBeLessThanOrEqual(3600);

    // Well past the minute's window it is still blocked, with the rest of the hour to wait.
    advance(10 * 60_000);
    const later = await login(TEST_PASSWORD);
    expect(later.statusCode).toBe(429);
    expect(Number(later.headers['retry-after'])).toBe(retryAfter - 600);
    expect((await login(TEST_PASSWORD, '198.51.100.2')).statusCode).toBe(204);

    advance(retryAfter * 1000 - 600_000);
    expect((await login(TEST_PASSWORD)).statusCode).toBe(204);
  });
});

describe('100 failures an hour across addresses', () => {
  const alerts = () =>
    logLines
      .map((line) => JSON.parse(line) as { level: number; msg?: string })
      .filter((entry) => entry.msg === GUESSING_ALERT);

  it('slows every new attempt by a second, raises one alert and spares open sessions', async () => {
    const cookie = await loginCookie(t.app);
    for (let i = 0; i < 100; i++) {
      const response = await login(`guess-${i}`, `10.0.${Math.floor(i / 4)}.${i % 4}`);
      expect(response.statusCode).toBe(401);
      advance(1000);
    }
    expect(waits).toEqual([]);
    expect(alerts()).toEqual([]);

    const wrong = await login('guess-100', '10.1.0.1');
    expect(wrong.statusCode).toBe(401);
    expect(waits).toEqual([1000]);
    const right = await login(TEST_PASSWORD, '203.0.113.7');
    expect(right.statusCode).toBe(204);
    expect(waits).toEqual([1000, 1000]);
    expect(alerts()).toHaveLength(1);
    expect(alerts()[0]?.level).toBe(50);

    // The gate itself is not slowed: an open session reads data at once.
    const read = await readLeagues(cookie);
    expect(read.statusCode).toBe(200);
    expect(waits).toHaveLength(2);

    // Once the hour has passed, attempts are answered at once again.
    advance(60 * 60_000);
    expect((await login(TEST_PASSWORD, '203.0.113.8')).statusCode).toBe(204);
    expect(waits).toHaveLength(2);
  });
});

describe('the session cookie', () => {
  it('is gate; HttpOnly; SameSite=Lax; Path=/; Max-Age of 30 days over http', async () => {
    const { name, value, attributes } = setCookieOf(await login(TEST_PASSWORD));
    expect(name).toBe('gate');
    expect(value?.length).toBeGreaterThan(20);
    expect(attributes).toEqual({
      'max-age': String(30 * 24 * 60 * 60),
      path: '/',
      httponly: '',
      samesite: 'Lax',
    });
  });

  it('is __Host-gate; Secure; HttpOnly; SameSite=Lax; Path=/ over https', async () => {
    const https = await createTestApp({ trustProxy: true });
    try {
      const response = await https.app.inject({
        method: 'POST',
        url: '/api/session',
        payload: { password: TEST_PASSWORD },
        headers: { 'x-forwarded-proto': 'https' },
      });
      const { name, attributes } = setCookieOf(response);
      expect(name).toBe('__Host-gate');
      // __Host- also demands no Domain attribute.
      expect(attributes).toEqual({
        'max-age': String(30 * 24 * 60 * 60),
        path: '/',
        httponly: '',
        secure: '',
        samesite: 'Lax',
      });
    } finally {
      await https.close();
    }
  });

  it('carries a new token on every login', async () => {
    const first = setCookieOf(await login(TEST_PASSWORD)).value;
    const second = setCookieOf(await login(TEST_PASSWORD)).value;
    expect(first).not.toBe(second);
    expect((await readLeagues(`gate=${first}`)).statusCode).toBe(200);
    expect((await readLeagues(`gate=${second}`)).statusCode).toBe(200);
  });

  it('holds a token valid exactly as long as its Max-Age', async () => {
    const cookie = await loginCookie(t.app);
    advance(30 * DAY_MS - 60_000);
    expect((await readLeagues(cookie)).statusCode).toBe(200);
    advance(2 * 60_000);
    expect((await readLeagues(cookie)).statusCode).toBe(401);
  });

  it('is refused once the site password is rotated, and kept across a restart without', async () => {
    const cookie = await loginCookie(t.app);
    const restarted = await createTestApp({ now: () => new Date() });
    const rotated = await createTestApp({
      now: () => new Date(),
      sitePassword: 'a rotated password of some length',
    });
    try {
      const read = (app: TestApp) =>
        app.app.inject({ url: '/api/leagues', headers: { cookie } }).then((r) => r.statusCode);
      expect(await read(restarted)).toBe(200);
      expect(await read(rotated)).toBe(401);
    } finally {
      await restarted.close();
      await rotated.close();
    }
  });
});

describe('the logs', () => {
  it('never hold the password or the session cookie', async () => {
    const wrongPassword = 'Wrong-Guess-7f3a9c1e';
    expect((await login(wrongPassword)).statusCode).toBe(401);
    const success = await login(TEST_PASSWORD);
    expect(success.statusCode).toBe(204);
    const token = setCookieOf(success).value ?? '';
    expect((await readLeagues(`gate=${token}`)).statusCode).toBe(200);

    const log = logLines.join('');
    // Traced at all, so the absence below means something.
    expect(logLines.length).toBeGreaterThan(5);
    expect(log).toContain('wrong site password');
    expect(log).toContain('/api/session');
    expect(token.length).toBeGreaterThan(20);
    for (const secret of [TEST_PASSWORD, wrongPassword, token]) expect(log).not.toContain(secret);
  });
});
