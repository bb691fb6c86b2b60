import { afterEach, describe, expect, it } from 'vitest';

import { createTestApp, loginCookie, type TestApp } from '../../../tests/helpers/test-app.ts';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

async function getToday(app: TestApp['app'], cookie: string, remoteAddress: string) {
  return app.inject({ url: '/api/matches/today', headers: { cookie }, remoteAddress });
}

describe('the rate limit on data routes', () => {
  it('answers the 301st request of a minute from one address with 429 and Retry-After', async () => {
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

    // Other addresses keep their own count, and pages outside the data routes are not counted.
    expect((await getToday(t.app, cookie, '203.0.113.8')).statusCode).toBe(200);
    expect((await getToday(t.app, cookie, '2001:db8::1')).statusCode).toBe(200);
    const health = await t.app.inject({ url: '/healthz', remoteAddress: '203.0.113.7' });
    expect(health.statusCode).toBe(200);
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
