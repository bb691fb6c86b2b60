import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createMatchFacts, createShot } from '../../../tests/helpers/match-facts.ts';
import { storeMatches } from '../../../tests/helpers/stored-matches.ts';
import { createTestApp, loginCookie, type TestApp } from '../../../tests/helpers/test-app.ts';
import type { LeagueXg } from '../../domain/api/league-xg.ts';
import type { SeasonProjection } from '../../domain/api/season-projection.ts';
import { writeMatchFacts } from '../db/match-facts-queries.ts';
import { upsertSeasonProjection } from '../db/season-projections-queries.ts';
import { upsertTeams } from '../db/teams-queries.ts';

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

describe('GET /api/leagues/:slug/xg', () => {
  beforeAll(async () => {
    await upsertTeams(t.database.db, [
      { key: 'inter', leagueSlug: 'serie-a', name: 'Inter', shortName: 'INT', logoUrl: null },
      { key: 'napoli', leagueSlug: 'serie-a', name: 'Napoli', shortName: 'NAP', logoUrl: null },
    ]);
    const ids = await storeMatches(t.database.db, [
      {
        id: 'replay:sa:xg',
        league: 'serie-a',
        home: 'napoli',
        away: 'inter',
        kickoff: new Date('2026-11-14T17:00:00Z'),
        phase: 'finished',
        score: [0, 1],
      },
    ]);
    await writeMatchFacts(
      t.database.db,
      new Map([
        [
          ids.get('replay:sa:xg') as number,
          createMatchFacts(
            [
              createShot('home', 'Osimhen', 0.5, 'saved'),
              createShot('away', 'Lautaro', 0.5, 'goal'),
            ],
            [0.5, 0.5],
          ),
        ],
      ]),
    );
  });

  const getXg = (slug: string) =>
    t.app.inject({ url: `/api/leagues/${slug}/xg`, headers: { cookie } });

  it("answers each club's xG and expected points, by points", async () => {
    const response = await getXg('serie-a');
    expect(response.statusCode).toBe(200);
    const body = response.json<LeagueXg>();
    expect(body.league).toBe('serie-a');
    // One shot of 0.5 a side: a win a quarter of the time, a draw half: 0.25·3 + 0.5 each.
    expect(body.rows).toEqual([
      {
        team: { key: 'inter', name: 'Inter', short_name: 'INT', shield: '' },
        matches: 1,
        xg_for: 0.5,
        xg_against: 0.5,
        xg_difference: 0,
        points: 3,
        expected_points: 1.25,
        points_difference: 1.75,
      },
      expect.objectContaining({
        team: expect.objectContaining({ key: 'napoli' }),
        points: 0,
        expected_points: 1.25,
        points_difference: -1.25,
      }),
    ]);
  });

  it('answers no rows for a league without xG', async () => {
    const response = await getXg('ligue-1');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ league: 'ligue-1', rows: [] });
  });

  it('is privately cacheable and answers 304 to a matching ETag', async () => {
    const first = await getXg('serie-a');
    expect(first.headers['cache-control']).toMatch(/^private,/);
    const second = await t.app.inject({
      url: '/api/leagues/serie-a/xg',
      headers: { cookie, 'if-none-match': String(first.headers.etag) },
    });
    expect(second.statusCode).toBe(304);
    expect(second.body).toBe('');
  });

  it('answers 404 for an unknown league, 400 for a bad slug and 401 without the cookie', async () => {
    const unknown = await getXg('unknown');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: 'League not found' });
    const bad = await getXg('serie%01a');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ error: 'params.slug: contains an invalid character' });
    const anonymous = await t.app.inject({ url: '/api/leagues/serie-a/xg' });
    expect(anonymous.statusCode).toBe(401);
  });
});
