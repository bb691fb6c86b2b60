import { afterEach, describe, expect, it } from 'vitest';

import {
  createTestApp,
  loginCookie,
  TEST_PASSWORD,
  type TestApp,
} from '../../../tests/helpers/test-app.ts';
import { apiAddress } from '../../domain/api/addresses.ts';
import { LEAGUES } from '../../domain/league.ts';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

async function getToday(app: TestApp['app'], cookie: string, remoteAddress: string) {
  return app.inject({ url: '/api/matches/today', headers: { cookie }, remoteAddress });
}

/**
 * What one load of the home page asks the server for (Chromium at 360 and 1280 px, scrolled to
 * the bottom): the page, the leagues, today's board, both markets of every league, the upcoming
 * predictions and the latest news. Its scripts, pictures and the live stream are not counted.
 */
const HOME_PAGE_REQUESTS = [
  '/',
  apiAddress.leagues(),
  apiAddress.todayMatches(),
  ...LEAGUES.flatMap((league) => [
    apiAddress.odds(league.slug, 'h2h'),
    apiAddress.odds(league.slug, 'totals'),
  ]),
  '/api/predictions?upcoming=true&limit=6',
  apiAddress.news({ league: 'all', page: 1, pageSize: 6 }),
];

describe('the rate limit on data routes', () => {
  it('lets 200 fans behind one address sign in and load the home page twice in a minute', async () => {
    t = await createTestApp({ rateLimit: { perMinute: 300 } });
    const app = t.app;
    const address = '198.51.100.20';
    // Everyone signs in at once, from the one address.
    const logins = await Promise.all(
      Array.from({ length: 200 }, () =>
        app.inject({
          method: 'POST',
          url: '/api/session',
          payload: { password: TEST_PASSWORD },
          remoteAddress: address,
        }),
      ),
    );
    expect(logins.map((r) => r.statusCode)).toEqual(logins.map(() => 204));
    const cookies = logins.map((r) => `${r.cookies[0]!.name}=${r.cookies[0]!.value}`);

    const statuses = new Map<number, number>();
    for (let load = 0; load < 2; load++) {
      // Forty fans at a time, each asking for the page's answers together, as a browser does.
      for (let from = 0; from < cookies.length; from += 40) {
        const answers = await Promise.all(
          cookies
            .slice(from, from + 40)
            .flatMap((cookie) =>
              HOME_PAGE_REQUESTS.map((url) =>
                app.inject({ url, headers: { cookie }, remoteAddress: address }),
              ),
            ),
        );
        for (const { statusCode } of answers)
          statuses.set(statusCode, (statuses.get(statusCode) ?? 0) + 1);
      }
    }
    expect(statuses.get(429)).toBeUndefined();
    expect(statuses.get(200)).toBe(2 * 200 * HOME_PAGE_REQUESTS.length);

    // One fan past the budget is still refused: 300 in the minute, then 200 more.
    const [first = ''] = cookies;
    const counts = { ok: 0, refused: 0 };
    for (let i = 2 * HOME_PAGE_REQUESTS.length; i < 500; i++) {
      const { statusCode } = await app.inject({
        url: apiAddress.leagues(),
        headers: { cookie: first },
        remoteAddress: address,
      });
      if (statusCode === 429) counts.refused++;
      else if (statusCode === 200) counts.ok++;
    }
    expect(counts).toEqual({ ok: 300 - 2 * HOME_PAGE_REQUESTS.length, refused: 200 });
  }, 120_000); // Six thousand requests and two hundred logins: more than a unit test's default.

  it('answers the 301st request of a minute from one session with 429 and Retry-After', async () => {
    t = await createTestApp({ rateLimit: { perMinute: 300 } });
    const cookie = await loginCookie(t.app);
    for (let i = 1; i <= 300; i++) {
      const response = await getToday(t.app, cookie, '203.0.113.7');
      if (response.statusCode !== 200) throw new Error(`request ${i}: ${response.statusCode}`);
    }
    const refused = await getToday(t.app, cookie, '203.0.113.7');
    expect(refused.statusCode).toBe(429);
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(refused.headers['x-ratelimit-limit']).toBe('300');
    expect(refused.json()).toEqual({ error: expect.stringMatching(/^Rate limit exceeded/) });
    // The session's budget follows it to another address.
    expect((await getToday(t.app, cookie, '203.0.113.8')).statusCode).toBe(429);

    // Another session behind the same address has a budget of its own, and pages outside the
    // data routes are not counted.
    const other = await loginCookie(t.app);
    expect((await getToday(t.app, other, '203.0.113.7')).statusCode).toBe(200);
    const health = await t.app.inject({ url: '/healthz', remoteAddress: '203.0.113.7' });
    expect(health.statusCode).toBe(200);
  });

  it('counts a request without a valid session against its address, whatever cookie it carries', async () => {
    t = await createTestApp({ rateLimit: { perMinute: 5 } });
    for (let i = 0; i < 5; i++) {
      const response = await t.app.inject({
        url: '/api/leagues',
        headers: { cookie: `gate=forged-${i}` },
        remoteAddress: '203.0.113.7',
      });
      expect(response.statusCode).toBe(401);
    }
    const refused = await t.app.inject({ url: '/api/leagues', remoteAddress: '203.0.113.7' });
    expect(refused.statusCode).toBe(429);
    expect(
      (await t.app.inject({ url: '/api/leagues', remoteAddress: '2001:db8::1' })).statusCode,
    ).toBe(401);
  });

  it('does not count the drawn images a page loads, though they are behind the gate', async () => {
    t = await createTestApp({ rateLimit: { perMinute: 5 } });
    const cookie = await loginCookie(t.app);
    for (let i = 1; i <= 20; i++) {
      const response = await t.app.inject({
        url: `/img/player/${i}.svg`,
        headers: { cookie },
        remoteAddress: '203.0.113.7',
      });
      if (response.statusCode !== 200) throw new Error(`image ${i}: ${response.statusCode}`);
    }
    expect((await getToday(t.app, cookie, '203.0.113.7')).statusCode).toBe(200);
  });

  it('counts a path however it is spelt, and an unknown path too', async () => {
    t = await createTestApp({ rateLimit: { perMinute: 5 } });
    const cookie = await loginCookie(t.app);
    const spellings = [
      '/%61pi/leagues',
      '/api/%6c%65agues',
      'http://any.host/api/leagues',
      '/api/nothing-here',
      '/%61pi/nothing-here',
    ];
    for (const url of spellings) {
      const response = await t.app.inject({
        url,
        headers: { cookie },
        remoteAddress: '203.0.113.9',
      });
      expect(response.statusCode, url).not.toBe(429);
    }
    const refused = await t.app.inject({
      method: 'HEAD',
      url: '/%61pi/leagues',
      headers: { cookie },
      remoteAddress: '203.0.113.9',
    });
    expect(refused.statusCode).toBe(429);
  });

  it('is off at 0 per minute', async () => {
    t = await createTestApp({ rateLimit: { perMinute: 0 } });
    const cookie = await loginCookie(t.app);
    for (let i = 1; i <= 301; i++) {
      const response = await getToday(t.app, cookie, '203.0.113.7');
      if (response.statusCode !== 200) throw new Error(`request ${i}: ${response.statusCode}`);
    }
  });
});
