import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createTestApp, loginCookie, type TestApp } from '../../../tests/helpers/test-app.ts';

let t: TestApp;
let cookie: string;
beforeAll(async () => {
  t = await createTestApp();
  cookie = await loginCookie(t.app);
});
afterAll(async () => {
  await t.close();
});

describe('GET /api/leagues', () => {
  it('answers 401 without the session cookie', async () => {
    const response = await t.app.inject({ url: '/api/leagues' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ error: 'Unauthorized' });
  });

  it('lists the five leagues in order', async () => {
    const response = await t.app.inject({ url: '/api/leagues', headers: { cookie } });
    expect(response.statusCode).toBe(200);
    const { leagues } = response.json<{
      leagues: { name: string; slug: string; order_index: number; country: string }[];
    }>();
    expect(leagues.map((l) => [l.name, l.slug, l.order_index, l.country])).toEqual([
      ['Premier League', 'premier-league', 1, 'England'],
      ['La Liga', 'la-liga', 2, 'Spain'],
      ['Serie A', 'serie-a', 3, 'Italy'],
      ['Bundesliga', 'bundesliga', 4, 'Germany'],
      ['Ligue 1', 'ligue-1', 5, 'France'],
    ]);
  });

  it('is privately cacheable and answers 304 to a matching ETag', async () => {
    const first = await t.app.inject({ url: '/api/leagues', headers: { cookie } });
    expect(first.headers['cache-control']).toMatch(/^private,/);
    const etag = first.headers.etag;
    expect(typeof etag).toBe('string');
    const second = await t.app.inject({
      url: '/api/leagues',
      headers: { cookie, 'if-none-match': String(etag) },
    });
    expect(second.statusCode).toBe(304);
    expect(second.body).toBe('');
  });
});

describe('GET /api/leagues/:slug', () => {
  it('returns the league', async () => {
    const response = await t.app.inject({ url: '/api/leagues/serie-a', headers: { cookie } });
    expect(response.json()).toMatchObject({ league: { name: 'Serie A', slug: 'serie-a' } });
  });

  it('answers 404 for an unknown slug', async () => {
    const response = await t.app.inject({ url: '/api/leagues/unknown', headers: { cookie } });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: 'League not found' });
  });
});
