import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

import type { ReplayDataset } from '../../src/domain/history.ts';
import { LEAGUES } from '../../src/domain/league.ts';
import { createApiFootballSource } from '../../src/server/providers/api-football/client.ts';
import { createBesoccerSource } from '../../src/server/providers/besoccer/client.ts';
import { createFootballDataSource } from '../../src/server/providers/football-data/client.ts';
import { createOddsApiSource } from '../../src/server/providers/odds-api/client.ts';
import {
  createReplayProvider,
  ReplayDataError,
} from '../../src/server/providers/replay/replay-provider.ts';
import { EREDIVISIE } from '../helpers/sixth-league.ts';
import { createTestApp, loginCookie } from '../helpers/test-app.ts';

const SIX_LEAGUES = [...LEAGUES, EREDIVISIE];

const NOW = Date.parse('2026-10-18T10:00:00Z');
const KICKOFF = '2026-10-18T14:30:00Z';
const common = { apiKey: 'test-key', now: () => NOW, sleep: async () => {}, leagues: SIX_LEAGUES };

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

/** Answers GET `url` with `body`, recording each request's address. */
function serve(url: string, body: object): URL[] {
  const requests: URL[] = [];
  server.use(
    http.get(url, ({ request }) => {
      requests.push(new URL(request.url));
      return HttpResponse.json(body);
    }),
  );
  return requests;
}

describe('a sixth league in the registry', () => {
  it('is listed by GET /api/leagues after every other league', async () => {
    const { app, close } = await createTestApp({}, { leagues: SIX_LEAGUES });
    try {
      const cookie = await loginCookie(app);
      const response = await app.inject({
        method: 'GET',
        url: '/api/leagues',
        headers: { cookie },
      });
      expect(response.statusCode).toBe(200);
      const { leagues } = response.json<{ leagues: { slug: string; country: string }[] }>();
      expect(leagues.map((l) => l.slug)).toEqual(SIX_LEAGUES.map((l) => l.slug));
      expect(leagues.at(-1)).toMatchObject({ slug: 'eredivisie', country: 'Netherlands' });
    } finally {
      await close();
    }
  });

  it('is asked of football-data.org by its competition code, and its matches are kept', async () => {
    const base = 'https://football-data.test/v4';
    const requests = serve(`${base}/matches`, {
      matches: [
        {
          id: 501,
          utcDate: KICKOFF,
          status: 'TIMED',
          competition: { code: 'DED' },
          homeTeam: { id: 678, name: 'AFC Ajax' },
          awayTeam: { id: 674, name: 'PSV' },
          score: { fullTime: { home: null, away: null }, halfTime: { home: null, away: null } },
        },
      ],
    });
    const standings = serve(`${base}/competitions/:code/standings`, {
      standings: [
        {
          type: 'TOTAL',
          table: [
            {
              position: 1,
              team: { id: 678, name: 'AFC Ajax' },
              won: 0,
              draw: 0,
              lost: 0,
              points: 0,
              goalsFor: 0,
              goalsAgainst: 0,
            },
          ],
        },
      ],
    });
    const source = createFootballDataSource({ ...common, baseUrl: base, minIntervalMs: 0 });

    const matches = await source.listMatches?.(new Date(NOW), new Date(NOW + 86_400_000));
    await source.getStandings?.('eredivisie');

    expect(requests[0]?.searchParams.get('competitions')).toBe('PL,PD,SA,BL1,FL1,DED');
    expect(matches?.map((m) => [m.leagueSlug, m.home.name])).toEqual([['eredivisie', 'AFC Ajax']]);
    expect(standings[0]?.pathname).toBe('/v4/competitions/DED/standings');
  });

  it('is asked of API-Football by its league id, and its fixtures are kept', async () => {
    const base = 'https://api-football.test';
    const fixtures = serve(`${base}/fixtures`, {
      errors: [],
      response: [
        {
          fixture: { id: 9001, date: KICKOFF, status: { short: 'NS', elapsed: null } },
          league: { id: 88 },
          teams: {
            home: { id: 194, name: 'Ajax', logo: null },
            away: { id: 197, name: 'PSV Eindhoven', logo: null },
          },
          goals: { home: null, away: null },
          score: { halftime: { home: null, away: null } },
        },
      ],
    });
    const standings = serve(`${base}/standings`, { errors: [], response: [] });
    const source = createApiFootballSource({ ...common, baseUrl: base, minIntervalMs: 0 });

    const matches = await source.listMatches?.(new Date(NOW), new Date(NOW + 8 * 3_600_000));
    await source.getStandings?.('eredivisie');

    expect(fixtures).toHaveLength(1);
    expect(matches?.map((m) => [m.leagueSlug, m.home.name])).toEqual([['eredivisie', 'Ajax']]);
    expect(standings[0]?.searchParams.get('league')).toBe('88');
  });

  it('is asked of BeSoccer by its category id, and its matches are kept by name', async () => {
    const base = 'https://besoccer.test/scripts/api';
    const requests: URL[] = [];
    server.use(
      http.get(`${base}/api.php`, ({ request }) => {
        const url = new URL(request.url);
        requests.push(url);
        if (url.searchParams.get('req') === 'tables') return HttpResponse.json({ table: [] });
        return HttpResponse.json({
          matches: [
            {
              id: '7001',
              competition_name: 'Eredivisie',
              team1: '1',
              team2: '2',
              local: 'Ajax',
              visitor: 'PSV',
              date: '2026/10/18',
              hour: '15',
              minute: '30',
              result: 'x-x',
              local_goals: 'x',
              visitor_goals: 'x',
              live_minute: '',
              status: -1,
            },
          ],
        });
      }),
    );
    const source = createBesoccerSource({ ...common, baseUrl: base });

    const matches = await source.listMatches?.(new Date(NOW), new Date(NOW + 3_600_000 * 8));
    await source.getStandings?.('eredivisie');

    expect(matches?.map((m) => [m.leagueSlug, m.home.name])).toEqual([['eredivisie', 'Ajax']]);
    const tables = requests.find((url) => url.searchParams.get('req') === 'tables');
    expect(tables?.searchParams.get('league')).toBe('9');
  });

  it('is asked of The Odds API by its sport key', async () => {
    const base = 'https://odds-api.test';
    const requests = serve(`${base}/v4/sports/:sport/odds`, []);
    const source = createOddsApiSource({ ...common, baseUrl: base });

    await source.listOdds?.('eredivisie');

    expect(requests[0]?.pathname).toBe('/v4/sports/soccer_netherlands_eredivisie/odds');
  });

  it("is played by the replay from its division's rows", async () => {
    // Ten clubs, five matches on one Sunday: a weekend the replay's calendar counts.
    const names = ['Ajax', 'PSV', 'Feyenoord', 'AZ', 'Twente', 'Utrecht', 'Vitesse', 'NEC'];
    const clubs = [...names, 'Heerenveen', 'Groningen'].map((name) => ({
      key: name.toLowerCase(),
      name,
      shortName: name.slice(0, 3).toUpperCase(),
      leagueSlug: 'eredivisie',
      logoUrl: null,
      aliases: { results: name, understat: [], transfermarkt: [] },
    }));
    const dataset: ReplayDataset = {
      season: '2022-2023',
      clubs,
      matches: [0, 2, 4, 6, 8].map((i) => ({
        div: 'N1',
        season: '2022-2023',
        date: '2022-10-16',
        time: '14:30',
        home: clubs[i]?.name ?? '',
        away: clubs[i + 1]?.name ?? '',
        homeGoals: 2,
        awayGoals: 1,
        htHomeGoals: 1,
        htAwayGoals: 0,
        odds: {},
      })),
      players: [],
      transfers: [],
    };

    expect(() => createReplayProvider(dataset)).toThrow(ReplayDataError);
    const replay = createReplayProvider(dataset, SIX_LEAGUES);
    const teams = await replay.listTeams('eredivisie');
    expect(teams.map((t) => t.key).sort()).toEqual(clubs.map((c) => c.key).sort());
  });
});
