// The login throttle under concurrency (SECURITY-TARGETS §4): attempts sent at once from one
// address, with the plain password and with only its scrypt hash, and a burst from many
// addresses once the hourly budget across addresses is spent.
import { Writable } from 'node:stream';

import { pino } from 'pino';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

import { createTestApp, TEST_PASSWORD, type TestApp } from '../../../tests/helpers/test-app.ts';
import type * as PasswordHash from '../http/password-hash.ts';
import { hashPassword, type SitePassword } from '../http/password-hash.ts';
import { GUESSING_ALERT } from './session.ts';

/** Password checks running now, the most ever at once, and how many ran. */
const checks = vi.hoisted(() => ({ inFlight: 0, most: 0, total: 0 }));

// Every check the login route makes is counted while it runs; each takes a few real
// milliseconds, so checks that are not kept apart overlap.
vi.mock('../http/password-hash.ts', async (importOriginal) => {
  const original = await importOriginal<typeof PasswordHash>();
  return {
    ...original,
    createPasswordCheck: (password: SitePassword) => {
      const check = original.createPasswordCheck(password);
      return async (given: string) => {
        checks.inFlight++;
        checks.total++;
        checks.most = Math.max(checks.most, checks.inFlight);
        try {
          await new Promise((resolve) => setTimeout(resolve, 3));
          return await check(given);
        } finally {
          checks.inFlight--;
        }
      };
    },
  };
});

const START = Date.parse('2026-11-21T15:30:00Z');

let waits: number[];
let logLines: string[];

beforeEach(() => {
  // Only the clock is faked: the counts follow it, while timers and I/O run for real.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(START);
  waits = [];
  logLines = [];
  Object.assign(checks, { inFlight: 0, most: 0, total: 0 });
});
afterEach(() => {
  vi.useRealTimers();
});

const advance = (ms: number) => vi.setSystemTime(Date.now() + ms);

/** A test app whose clock is the faked one and whose sleep only moves that clock on. */
function createApp(sitePassword: SitePassword): Promise<TestApp> {
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logLines.push(chunk.toString());
      done();
    },
  });
  return createTestApp({
    sitePassword,
    now: () => new Date(),
    sleep: async (ms) => {
      waits.push(ms);
      advance(ms);
      // A real pause, so attempts that are not held one at a time overlap.
      await new Promise((resolve) => setTimeout(resolve, 3));
    },
    logger: pino({ level: 'info' }, stream),
  });
}

const login = (t: TestApp, password: string, remoteAddress: string) =>
  t.app.inject({ method: 'POST', url: '/api/session', payload: { password }, remoteAddress });

const alerts = () =>
  logLines
    .map((line) => JSON.parse(line) as { msg?: string })
    .filter((entry) => entry.msg === GUESSING_ALERT);

let hash: string;
beforeAll(async () => {
  // The smallest cost the hash reader accepts, to keep the test quick; still a real scrypt.
  hash = await hashPassword(TEST_PASSWORD, { n: 2 ** 14, r: 8, p: 1 });
});

describe.each([
  ['SITE_PASSWORD', () => TEST_PASSWORD as SitePassword],
  ['SITE_PASSWORD_HASH', () => ({ hash }) as SitePassword],
])('attempts at once from one address, with %s', (_, sitePassword) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createApp(sitePassword());
  });
  afterEach(async () => {
    await t.close();
  });

  it('lets at most five of 30 wrong passwords sent at once be checked', async () => {
    const responses = await Promise.all(
      Array.from({ length: 30 }, (_, i) => login(t, `wrong-${i}`, '198.51.100.1')),
    );
    const codes = responses.map((r) => r.statusCode);
    const notRefused = codes.filter((code) => code !== 429);
    expect(notRefused.length).toBeLessThanOrEqual(5);
    expect(notRefused.every((code) => code === 401)).toBe(true);
    expect(checks.total).toBeLessThanOrEqual(5);
    for (const response of responses.filter((r) => r.statusCode === 429)) {
      const retryAfter = Number(response.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(60);
    }
  });

  it('refuses the right password sent last in a burst of 11 wrong ones, then lets it in', async () => {
    const passwords = [...Array.from({ length: 11 }, (_, i) => `wrong-${i}`), TEST_PASSWORD];
    const responses = await Promise.all(passwords.map((p) => login(t, p, '198.51.100.2')));
    const right = responses[11];
    expect(right?.statusCode).toBe(429);
    expect(right?.cookies).toHaveLength(0);
    expect(responses.filter((r) => r.statusCode !== 429).length).toBeLessThanOrEqual(5);
    expect(responses.some((r) => r.cookies.length > 0)).toBe(false);

    // Once the minute has passed, the right password logs in.
    advance(Number(right?.headers['retry-after']) * 1000);
    const later = await login(t, TEST_PASSWORD, '198.51.100.2');
    expect(later.statusCode).toBe(204);
    expect(later.cookies).toHaveLength(1);
  });
});

describe('a burst after 100 failures an hour across addresses', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createApp(TEST_PASSWORD);
    for (let i = 0; i < 101; i++) {
      const response = await login(t, `guess-${i}`, `10.0.${Math.floor(i / 4)}.${i % 4}`);
      expect(response.statusCode).toBe(401);
      advance(1000);
    }
    // The 101st attempt was already past the budget.
    expect(waits).toHaveLength(1);
    waits = [];
    Object.assign(checks, { inFlight: 0, most: 0, total: 0 });
  });
  afterEach(async () => {
    await t.close();
  });

  it('checks attempts from fresh addresses one at a time, each held a second', async () => {
    const passwords = [...Array.from({ length: 4 }, (_, i) => `burst-${i}`), TEST_PASSWORD];
    const responses = await Promise.all(
      passwords.map((password, i) => login(t, password, `203.0.113.${i + 1}`)),
    );
    expect(responses.map((r) => r.statusCode)).toEqual([401, 401, 401, 401, 204]);
    expect(checks.total).toBe(5);
    expect(checks.most).toBe(1);
    expect(waits).toHaveLength(5);
    expect(waits.every((ms) => ms >= 1000)).toBe(true);
    // One alert, raised with the first slowed-down attempt, not one per attempt.
    expect(alerts()).toHaveLength(1);
  });

  it('answers 429 with Retry-After once the queue is full, and never checks two at once', async () => {
    const responses = await Promise.all(
      Array.from({ length: 40 }, (_, i) => login(t, `burst-${i}`, `203.0.113.${i + 1}`)),
    );
    const codes = responses.map((r) => r.statusCode);
    const refused = responses.filter((r) => r.statusCode === 429);
    expect(refused.length).toBeGreaterThan(0);
    for (const response of refused) {
      expect(Number(response.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    }
    expect(codes.filter((code) => code === 401)).toHaveLength(checks.total);
    expect(checks.total).toBeLessThan(40);
    expect(checks.most).toBe(1);
    expect(waits.every((ms) => ms >= 1000)).toBe(true);
  });
});
