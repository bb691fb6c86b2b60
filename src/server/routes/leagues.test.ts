import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createTestApp, loginCookie, type TestApp } from '../../../tests/helpers/test-app.ts';
import type { SeasonProjection } from '../../domain/api/season-projection.ts';
import { upsertSeasonProjection } from '../db/season-projections-queries.ts';

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

describe('GET /api/leagues/:slug/projection', () => {
  const stored: SeasonProjection = {
    league: 'serie-a',
    season: '2026-2027',
    simulations: 10_000,
    matches_played: 120,
    matches_remaining: 260,
    computed_at: '2026-11-21T15:00:00.000Z',
    places: { champions_league: 4, relegation: 3, relegation_playoff: 0 },
    rows: [
      {
        team: { key: 'inter', name: 'Inter', shield: '/img/crest/inter.svg' },
        played: 12,
        points_now: 28,
        expected_points: 79.4,
        title: 0.5412,
        champions_league: 0.9731,
        relegation: 0,
        relegation_playoff: 0,
        positions: [0.5412, 0.3, 0.1319, 0.0001],
      },
    ],
  };
  const write = (leagueSlug: string, body: unknown) =>
    upsertSeasonProjection(t.database.db, {
      leagueSlug,
      season: '2026-2027',
      simulations: 10_000,
      matchesPlayed: 120,
      computedAt: new Date('2026-11-21T15:00:00Z'),
      body,
    });

  it('answers the stored projection', async () => {
    await write('serie-a', stored);
    const response = await t.app.inject({
      url: '/api/leagues/serie-a/projection',
      headers: { cookie },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toMatch(/^private,/);
    expect(response.json()).toEqual(stored);
  });

  it('answers empty rows before the first projection, and for a body it cannot read', async () => {
    await write('la-liga', { league: 'la-liga', rows: 'not rows' });
    for (const slug of ['ligue-1', 'la-liga']) {
      const response = await t.app.inject({
        url: `/api/leagues/${slug}/projection`,
        headers: { cookie },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        league: slug,
        season: null,
        simulations: 0,
        matches_played: 0,
        matches_remaining: 0,
        computed_at: null,
        places: null,
        rows: [],
      });
    }
  });

  it('answers 404 for an unknown league and 401 without the session cookie', async () => {
    const unknown = await t.app.inject({
      url: '/api/leagues/unknown/projection',
      headers: { cookie },
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: 'League not found' });
    const anonymous = await t.app.inject({ url: '/api/leagues/serie-a/projection' });
    expect(anonymous.statusCode).toBe(401);
  });
});
