// Guesses at the admin password are throttled like logins (SECURITY-TARGETS §4-§5) wherever the
// password is accepted: the x-admin-password header on the status and sync routes, and a bearer
// token on /metrics. Guesses are sent at once, as a guesser would.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { createTestApp, loginCookie, type TestApp } from '../../../tests/helpers/test-app.ts';
import type { NewsSync } from '../jobs/news-sync.ts';

const ADMIN_PASSWORD = 'the gaffer knows best';
const START = Date.parse('2026-11-21T15:30:00Z');

/** A sync that always runs at once and finds nothing new. */
const newsSync: NewsSync = {
  runDue: async () => null,
  runManual: async () => ({
    status: 'done',
    response: { success: true, total_new: 0, totalIngested: 0, total_processed: 0, sources: [] },
  }),
  getLastSyncAt: async () => null,
};

let t: TestApp;
let cookie: string;
beforeEach(async () => {
  // Only the clock is faked: the counts follow it, while timers and I/O run for real.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(START);
  t = await createTestApp({
    adminPassword: ADMIN_PASSWORD,
    newsSync,
    now: () => new Date(),
    sleep: async (ms) => {
      vi.setSystemTime(Date.now() + ms);
    },
  });
  cookie = await loginCookie(t.app);
});
afterEach(async () => {
  await t.close();
  vi.useRealTimers();
});

type Guess = (password: string, remoteAddress: string) => Promise<{ statusCode: number }>;

const ROUTES: [string, number, Guess][] = [
  [
    'Authorization: Bearer on GET /metrics',
    403,
    (password, remoteAddress) =>
      t.app.inject({
        url: '/metrics',
        headers: { authorization: `Bearer ${password}` },
        remoteAddress,
      }),
  ],
  [
    'x-admin-password on GET /api/status',
    403,
    (password, remoteAddress) =>
      t.app.inject({
        url: '/api/status',
        headers: { cookie, 'x-admin-password': password },
        remoteAddress,
      }),
  ],
  [
    'x-admin-password on POST /api/news/sync',
    403,
    (password, remoteAddress) =>
      t.app.inject({
        method: 'POST',
        url: '/api/news/sync',
        headers: { cookie, 'x-admin-password': password },
        payload: {},
        remoteAddress,
      }),
  ],
  [
    'x-admin-password on POST /functions/v1/fetch-rss-news',
    403,
    (password, remoteAddress) =>
      t.app.inject({
        method: 'POST',
        url: '/functions/v1/fetch-rss-news',
        headers: { cookie, 'x-admin-password': password },
        payload: {},
        remoteAddress,
      }),
  ],
];

describe.each(ROUTES)('the admin password in %s', (_, wrongCode, guess) => {
  it('answers 429 with Retry-After to all but five of 400 wrong guesses sent at once', async () => {
    const responses = await Promise.all(
      Array.from({ length: 400 }, (_, i) => guess(`guess-${i}`, '198.51.100.1')),
    );
    const notRefused = responses.filter((r) => r.statusCode !== 429);
    expect(notRefused.length).toBeLessThanOrEqual(5);
    expect(notRefused.every((r) => r.statusCode === wrongCode)).toBe(true);
    const refused = responses.find((r) => r.statusCode === 429) as
      { headers: Record<string, unknown> } | undefined;
    const retryAfter = Number(refused?.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
  });

  it('refuses even the right password while throttled, and takes it from anyone else', async () => {
    for (let i = 0; i < 5; i++) await guess(`guess-${i}`, '198.51.100.2');
    expect((await guess(ADMIN_PASSWORD, '198.51.100.2')).statusCode).toBe(429);
    expect((await guess(ADMIN_PASSWORD, '198.51.100.3')).statusCode).toBe(200);
    // Once the minute has passed, the right password is taken again.
    vi.setSystemTime(Date.now() + 60_000);
    expect((await guess(ADMIN_PASSWORD, '198.51.100.2')).statusCode).toBe(200);
  });
});

describe('requests without an admin password', () => {
  it('are refused as before but not counted as guesses', async () => {
    const address = '198.51.100.4';
    for (let i = 0; i < 10; i++) {
      const status = await t.app.inject({
        url: '/api/status',
        headers: { cookie },
        remoteAddress: address,
      });
      expect(status.statusCode).toBe(403);
      const sync = await t.app.inject({
        method: 'POST',
        url: '/api/news/sync',
        headers: { cookie },
        payload: {},
        remoteAddress: address,
      });
      expect(sync.statusCode).toBe(403);
      const metrics = await t.app.inject({ url: '/metrics', remoteAddress: address });
      expect(metrics.statusCode).toBe(401);
    }
    const right = await t.app.inject({
      url: '/api/status',
      headers: { cookie, 'x-admin-password': ADMIN_PASSWORD },
      remoteAddress: address,
    });
    expect(right.statusCode).toBe(200);
  });

  it('leave a fan with a session reading /metrics', async () => {
    for (let i = 0; i < 10; i++) {
      const response = await t.app.inject({
        url: '/metrics',
        headers: { cookie },
        remoteAddress: '198.51.100.5',
      });
      expect(response.statusCode).toBe(200);
    }
  });
});

describe('the admin and the login throttles', () => {
  it('count apart: guessing the admin password does not lock the address out of the site', async () => {
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        t.app.inject({
          url: '/metrics',
          headers: { authorization: `Bearer guess-${i}` },
          remoteAddress: '198.51.100.6',
        }),
      ),
    );
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/session',
      payload: { password: 'correct horse battery staple' },
      remoteAddress: '198.51.100.6',
    });
    expect(login.statusCode).toBe(204);
  });
});
