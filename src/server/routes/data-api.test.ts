import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  createFakeProvider,
  createProviderMatch,
  createProviderOdds,
} from '../../../tests/helpers/fake-provider.ts';
import { rssFeed } from '../../../tests/helpers/feed-server.ts';
import { createTestApp, loginCookie, type TestApp } from '../../../tests/helpers/test-app.ts';
import { MatchStatus } from '../../domain/live-match.ts';
import { replaceFeedSources } from '../db/feed-sources-queries.ts';
import { findMatchesByExternalIds } from '../db/matches-queries.ts';
import { createNewsArticles } from '../db/news-articles-queries.ts';
import { newsArticles } from '../db/schema.ts';
import { getTeamIdsByKey } from '../db/teams-queries.ts';
import { createResponseCache } from '../http/response-cache.ts';
import { createNewsSync } from '../jobs/news-sync.ts';
import { runSyncLeagueData, runSyncMatches } from '../jobs/sync-provider.ts';
import { isStale } from '../services/site-data.ts';

// The test app's clock: 17:30 on Saturday 21 November 2026 in Johannesburg (GMT+2), whose day
// runs from 2026-11-20T22:00Z to 2026-11-21T22:00Z. The provider was last synced a little earlier.
const SYNCED_AT = new Date('2026-11-21T15:29:30Z');

const team = (key: string, leagueSlug: string, name: string, shortName: string, crest = true) => ({
  key,
  leagueSlug,
  name,
  shortName,
  logoUrl: crest ? `/img/crest/${key}.svg` : null,
});
const teams = [
  team('arsenal', 'premier-league', 'Arsenal', 'ARS'),
  team('chelsea', 'premier-league', 'Chelsea', 'CHE', false),
  team('liverpool', 'premier-league', 'Liverpool', 'LIV'),
  team('everton', 'premier-league', 'Everton', 'EVE'),
  team('inter', 'serie-a', 'Inter', 'INT'),
  team('milan', 'serie-a', 'AC Milan', 'MIL'),
  team('juventus', 'serie-a', 'Juventus', 'JUV', false),
  team('napoli', 'serie-a', 'Napoli', 'NAP'),
];

const finished = createProviderMatch({
  id: 'pl1',
  leagueSlug: 'premier-league',
  homeKey: 'arsenal',
  awayKey: 'chelsea',
  kickoff: new Date('2026-11-21T12:30:00Z'),
  phase: 'finished',
  minute: '90',
  homeScore: 2,
  awayScore: 1,
  htHomeScore: 1,
  htAwayScore: 0,
});
const halftime = createProviderMatch({
  id: 'sa1',
  leagueSlug: 'serie-a',
  homeKey: 'inter',
  awayKey: 'milan',
  kickoff: new Date('2026-11-21T14:00:00Z'),
  phase: 'halftime',
  minute: 'HT',
  homeScore: 1,
  awayScore: 0,
  htHomeScore: 1,
  htAwayScore: 0,
});
const live = createProviderMatch({
  id: 'sa2',
  leagueSlug: 'serie-a',
  homeKey: 'juventus',
  awayKey: 'napoli',
  kickoff: new Date('2026-11-21T14:30:00Z'),
  phase: 'live',
  minute: '62',
  homeScore: 0,
  awayScore: 1,
  htHomeScore: 0,
  htAwayScore: 0,
});
const tonight = createProviderMatch({
  id: 'pl2',
  leagueSlug: 'premier-league',
  homeKey: 'liverpool',
  awayKey: 'everton',
  kickoff: new Date('2026-11-21T19:00:00Z'),
});
// 23:30 on the day before and 00:30 on the day after, in Johannesburg.
const yesterday = createProviderMatch({
  id: 'sa0',
  leagueSlug: 'serie-a',
  homeKey: 'napoli',
  awayKey: 'milan',
  kickoff: new Date('2026-11-20T21:30:00Z'),
  phase: 'finished',
  minute: '90',
  homeScore: 1,
  awayScore: 1,
});
const tomorrow = createProviderMatch({
  id: 'sa3',
  leagueSlug: 'serie-a',
  homeKey: 'milan',
  awayKey: 'juventus',
  kickoff: new Date('2026-11-21T22:30:00Z'),
});

const yesterdayOdds = createProviderOdds(
  yesterday,
  { home: 'Napoli', away: 'AC Milan' },
  { h2h: [2.1, 3.3, 3.5] },
);
const liveOdds = createProviderOdds(
  live,
  { home: 'Juventus', away: 'Napoli' },
  { h2h: [2.4, 3.1, 3] },
);
const tonightOdds = createProviderOdds(
  tonight,
  { home: 'Liverpool', away: 'Everton' },
  { h2h: [1.5, 4.2, 6.5], totals: [1.7, 2.15] },
);
const tomorrowOdds = createProviderOdds(
  tomorrow,
  { home: 'AC Milan', away: 'Juventus' },
  { h2h: [2.6, 3.2, 2.8] },
);

const player = (
  playerId: string,
  nick: string,
  teamKey: string | null,
  total: number,
  flag = 'it',
) => ({
  playerId,
  nick,
  imageUrl: teamKey === null ? null : `/img/player/${playerId}.svg`,
  flag,
  teamKey,
  total,
});
const move = (
  teamKey: string,
  direction: 'in' | 'out',
  playerId: string,
  playerName: string,
  otherClub: string,
  type: string,
  valor: string,
) => ({
  teamKey,
  direction,
  playerId,
  playerName,
  imageUrl: null,
  flag: 'it',
  otherClub,
  type,
  valor,
  window: 'Summer',
});

const provider = createFakeProvider({
  teams,
  matches: [finished, halftime, live, tonight, yesterday, tomorrow],
  standings: {
    'serie-a': [
      {
        teamKey: 'inter',
        pos: 1,
        wins: 8,
        draws: 2,
        losses: 1,
        goalsFor: 20,
        goalsAgainst: 8,
        points: 26,
      },
      {
        teamKey: 'napoli',
        pos: 2,
        wins: 7,
        draws: 3,
        losses: 1,
        goalsFor: 18,
        goalsAgainst: 9,
        points: 24,
      },
      {
        teamKey: 'milan',
        pos: 3,
        wins: 6,
        draws: 2,
        losses: 3,
        goalsFor: 17,
        goalsAgainst: 12,
        points: 20,
      },
      {
        teamKey: 'juventus',
        pos: 4,
        wins: 5,
        draws: 4,
        losses: 2,
        goalsFor: 14,
        goalsAgainst: 10,
        points: 19,
      },
    ],
  },
  topPlayers: {
    'serie-a': {
      goals: [
        player('p1', 'Lautaro', 'inter', 9, 'ar'),
        player('p2', 'Vlahović', 'juventus', 7, 'rs'),
      ],
      assists: [player('p3', 'Pulisic', 'milan', 5, 'us'), player('p4', 'Free Agent', null, 2, '')],
    },
  },
  odds: [yesterdayOdds, liveOdds, tonightOdds, tomorrowOdds],
  transfers: {
    'premier-league': [
      move('arsenal', 'in', 't1', 'Riccardo Calafiori', 'Bologna', 'transfer', '45'),
    ],
    'serie-a': [
      move('inter', 'in', 't2', 'Piotr Zieliński', 'Napoli', 'free', '0'),
      move('inter', 'out', 't3', 'Valentin Carboni', 'Genoa', 'loan', ''),
      move('milan', 'in', 't4', 'Álvaro Morata', 'Atlético Madrid', 'transfer', '13'),
    ],
  },
});

let t: TestApp;
let cookie: string;
let teamIds: Map<string, number>;
beforeAll(async () => {
  t = await createTestApp();
  const deps = { db: t.database.db, provider, now: SYNCED_AT, timeZone: 'Africa/Johannesburg' };
  await runSyncLeagueData(deps);
  await runSyncMatches(deps);
  teamIds = await getTeamIdsByKey(
    t.database.db,
    teams.map((x) => x.key),
  );
  cookie = await loginCookie(t.app);
});
afterAll(async () => {
  await t.close();
});

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ url, headers: { cookie, ...headers } });
const post = (url: string, payload?: unknown) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: { cookie },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const idOf = (key: string) => teamIds.get(key);

const boardItems = {
  finished: {
    id: expect.any(Number),
    competition_name: 'Premier League',
    league_slug: 'premier-league',
    local: 'Arsenal',
    visitor: 'Chelsea',
    local_key: 'arsenal',
    visitor_key: 'chelsea',
    local_shield: '/img/crest/arsenal.svg',
    visitor_shield: '',
    status: 1,
    result: '2-1',
    hour: '14:30',
    minute: '90',
    date: '2026-11-21T12:30:00.000Z',
  },
  halftime: {
    id: expect.any(Number),
    competition_name: 'Serie A',
    league_slug: 'serie-a',
    local: 'Inter',
    visitor: 'AC Milan',
    local_key: 'inter',
    visitor_key: 'milan',
    local_shield: '/img/crest/inter.svg',
    visitor_shield: '/img/crest/milan.svg',
    status: 5,
    result: '1-0',
    hour: '16:00',
    minute: 'HT',
    date: '2026-11-21T14:00:00.000Z',
  },
  live: {
    id: expect.any(Number),
    competition_name: 'Serie A',
    league_slug: 'serie-a',
    local: 'Juventus',
    visitor: 'Napoli',
    local_key: 'juventus',
    visitor_key: 'napoli',
    local_shield: '',
    visitor_shield: '/img/crest/napoli.svg',
    status: 0,
    result: '0-1',
    hour: '16:30',
    minute: '62',
    date: '2026-11-21T14:30:00.000Z',
  },
  scheduled: {
    id: expect.any(Number),
    competition_name: 'Premier League',
    league_slug: 'premier-league',
    local: 'Liverpool',
    visitor: 'Everton',
    local_key: 'liverpool',
    visitor_key: 'everton',
    local_shield: '/img/crest/liverpool.svg',
    visitor_shield: '/img/crest/everton.svg',
    status: -1,
    result: 'x-x',
    hour: '21:00',
    minute: '',
    date: '2026-11-21T19:00:00.000Z',
  },
};

describe('GET /api/matches/today', () => {
  it("lists the day's matches of every league in live order, in the live-match shape", async () => {
    const response = await get('/api/matches/today');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(response.json()).toEqual({
      // In play (half-time with the live matches, by kick-off), then to come, then finished.
      matches: [boardItems.halftime, boardItems.live, boardItems.scheduled, boardItems.finished],
      updated_at: '2026-11-21T15:29:30.000Z',
      stale: false,
    });
  });

  it.each([
    ['its slug', 'serie-a'],
    ['its name', 'Serie%20A'],
    ['its slug in capitals', 'SERIE-A'],
  ])('keeps one league named by %s', async (_, league) => {
    const response = await get(`/api/matches/today?league=${league}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      matches: [boardItems.halftime, boardItems.live],
      updated_at: '2026-11-21T15:29:30.000Z',
      stale: false,
    });
  });

  it.each([['all'], ['']])('lists every league for league=%j', async (league) => {
    const response = await get(`/api/matches/today?league=${league}`);
    expect(response.json<{ matches: unknown[] }>().matches).toHaveLength(4);
  });

  it('answers an empty board with no update time for a league without matches today', async () => {
    const response = await get('/api/matches/today?league=bundesliga');
    expect(response.json()).toEqual({ matches: [], updated_at: null, stale: false });
  });

  it('answers 404 for an unknown league', async () => {
    const response = await get('/api/matches/today?league=serie-b');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: 'League not found' });
  });

  it('answers 400 naming an unknown query field', async () => {
    const response = await get('/api/matches/today?date=2026-11-22');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'query.date: unknown field' });
  });

  it('answers 400 for an overlong league', async () => {
    const response = await get(`/api/matches/today?league=${'x'.repeat(101)}`);
    expect(response.statusCode).toBe(400);
    expect(response.json<{ error: string }>().error).toMatch(/^league: /);
  });
});

describe('GET /api/leagues/:slug/table', () => {
  it('lists the table rows in position order', async () => {
    const response = await get('/api/leagues/serie-a/table');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      table: [
        {
          id: idOf('inter'),
          pos: 1,
          team: 'Inter',
          key: 'inter',
          shield: '/img/crest/inter.svg',
          wins: 8,
          draws: 2,
          losses: 1,
          points: 26,
          goals_for: 20,
          goals_against: 8,
        },
        {
          id: idOf('napoli'),
          pos: 2,
          team: 'Napoli',
          key: 'napoli',
          shield: '/img/crest/napoli.svg',
          wins: 7,
          draws: 3,
          losses: 1,
          points: 24,
          goals_for: 18,
          goals_against: 9,
        },
        {
          id: idOf('milan'),
          pos: 3,
          team: 'AC Milan',
          key: 'milan',
          shield: '/img/crest/milan.svg',
          wins: 6,
          draws: 2,
          losses: 3,
          points: 20,
          goals_for: 17,
          goals_against: 12,
        },
        {
          id: idOf('juventus'),
          pos: 4,
          team: 'Juventus',
          key: 'juventus',
          shield: '',
          wins: 5,
          draws: 4,
          losses: 2,
          points: 19,
          goals_for: 14,
          goals_against: 10,
        },
      ],
    });
  });

  it('answers an empty table for a league the provider has none for', async () => {
    const response = await get('/api/leagues/ligue-1/table');
    expect(response.json()).toEqual({ table: [] });
  });

  it('answers 404 for an unknown slug', async () => {
    const response = await get('/api/leagues/serie-b/table');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: 'League not found' });
  });
});

describe('GET /api/leagues/:slug/stats', () => {
  it('lists top scorers and assisters with their clubs', async () => {
    const response = await get('/api/leagues/serie-a/stats');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      stats: {
        goals: [
          {
            player_id: 'p1',
            nick: 'Lautaro',
            player_image: '/img/player/p1.svg',
            flag: 'ar',
            team_name: 'Inter',
            team_key: 'inter',
            team_shield: '/img/crest/inter.svg',
            total: 9,
          },
          {
            player_id: 'p2',
            nick: 'Vlahović',
            player_image: '/img/player/p2.svg',
            flag: 'rs',
            team_name: 'Juventus',
            team_key: 'juventus',
            team_shield: '',
            total: 7,
          },
        ],
        asists: [
          {
            player_id: 'p3',
            nick: 'Pulisic',
            player_image: '/img/player/p3.svg',
            flag: 'us',
            team_name: 'AC Milan',
            team_key: 'milan',
            team_shield: '/img/crest/milan.svg',
            total: 5,
          },
          {
            player_id: 'p4',
            nick: 'Free Agent',
            player_image: '',
            flag: '',
            team_name: '',
            team_shield: '',
            total: 2,
          },
        ],
      },
    });
  });

  it('answers empty lists for a league without stats', async () => {
    const response = await get('/api/leagues/premier-league/stats');
    expect(response.json()).toEqual({ stats: { goals: [], asists: [] } });
  });

  it('answers 404 for an unknown slug', async () => {
    const response = await get('/api/leagues/serie-b/stats');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: 'League not found' });
  });
});

/** The event as stored for one market: each bookmaker keeps only that market. */
/** The event as the API lists it: one market's prices, and the stored match it links to. */
const eventFor = async (odds: typeof tonightOdds, market: 'h2h' | 'totals') => {
  const [stored] = await findMatchesByExternalIds(t.database.db, [odds.match.externalId]);
  return {
    ...odds.event,
    bookmakers: odds.event.bookmakers.map((b) => ({
      ...b,
      markets: b.markets.filter((m) => m.key === market),
    })),
    match_id: stored?.id,
  };
};

describe('GET /api/odds', () => {
  it('lists head-to-head odds of matches not yet kicked off, soonest first', async () => {
    const response = await get('/api/odds');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      events: [await eventFor(tonightOdds, 'h2h'), await eventFor(tomorrowOdds, 'h2h')],
    });
  });

  it('lists the totals market when asked', async () => {
    const response = await get('/api/odds?market=totals');
    expect(response.json()).toEqual({ events: [await eventFor(tonightOdds, 'totals')] });
  });

  it.each([
    ['serie-a', 'h2h', ['fake:sa3']],
    ['Premier%20League', 'h2h', ['fake:pl2']],
    ['premier-league', 'totals', ['fake:pl2']],
    ['serie-a', 'totals', []],
    ['bundesliga', 'h2h', []],
  ])('keeps league %s for market %s', async (league, market, ids) => {
    const response = await get(`/api/odds?league=${league}&market=${market}`);
    expect(response.json<{ events: { id: string }[] }>().events.map((e) => e.id)).toEqual(ids);
  });

  it('answers 400 naming the market for an unknown one', async () => {
    const response = await get('/api/odds?market=spread');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'market: must be h2h or totals' });
  });

  it('answers 400 naming an unknown query field', async () => {
    const response = await get('/api/odds?leagueName=serie-a');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'query.leagueName: unknown field' });
  });

  it('answers 404 for an unknown league', async () => {
    const response = await get('/api/odds?league=serie-b');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: 'League not found' });
  });
});

const transferTeams = {
  arsenal: {
    id: expect.any(Number),
    name: 'Arsenal',
    key: 'arsenal',
    shield: '/img/crest/arsenal.svg',
    league_alias: 'premier-league',
    arrivals: [
      {
        id: 't1',
        name: 'Riccardo Calafiori',
        image: '',
        flag: 'it',
        team: 'Bologna',
        type: 'transfer',
        valor: '45',
      },
    ],
    departures: [],
    rumors: [],
  },
  milan: {
    id: expect.any(Number),
    name: 'AC Milan',
    key: 'milan',
    shield: '/img/crest/milan.svg',
    league_alias: 'serie-a',
    arrivals: [
      {
        id: 't4',
        name: 'Álvaro Morata',
        image: '',
        flag: 'it',
        team: 'Atlético Madrid',
        type: 'transfer',
        valor: '13',
      },
    ],
    departures: [],
    rumors: [],
  },
  inter: {
    id: expect.any(Number),
    name: 'Inter',
    key: 'inter',
    shield: '/img/crest/inter.svg',
    league_alias: 'serie-a',
    arrivals: [
      {
        id: 't2',
        name: 'Piotr Zieliński',
        image: '',
        flag: 'it',
        team: 'Napoli',
        type: 'free',
        valor: '0',
      },
    ],
    departures: [
      {
        id: 't3',
        name: 'Valentin Carboni',
        image: '',
        flag: 'it',
        team: 'Genoa',
        type: 'loan',
        valor: '',
      },
    ],
    rumors: [],
  },
};

describe('GET /api/transfers', () => {
  it('lists clubs in league order then by name, with arrivals and departures apart', async () => {
    const response = await get('/api/transfers');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      transfers: [transferTeams.arsenal, transferTeams.milan, transferTeams.inter],
    });
    const [arsenal, milan, inter] = response.json<{ transfers: { id: number }[] }>().transfers;
    expect([arsenal?.id, milan?.id, inter?.id]).toEqual([
      idOf('arsenal'),
      idOf('milan'),
      idOf('inter'),
    ]);
  });

  it('keeps one league', async () => {
    const response = await get('/api/transfers?league=serie-a');
    expect(response.json()).toEqual({ transfers: [transferTeams.milan, transferTeams.inter] });
  });

  it('answers an empty list for a league without transfers', async () => {
    const response = await get('/api/transfers?league=la-liga');
    expect(response.json()).toEqual({ transfers: [] });
  });

  it('answers 404 for an unknown league', async () => {
    const response = await get('/api/transfers?league=serie-b');
    expect(response.statusCode).toBe(404);
  });
});

describe('caching of the data answers', () => {
  it.each([
    ['/api/matches/today'],
    ['/api/leagues/serie-a/table'],
    ['/api/leagues/serie-a/stats'],
    ['/api/odds'],
    ['/api/transfers'],
  ])('%s is privately cacheable and answers 304 to its ETag', async (url) => {
    const first = await get(url);
    expect(first.headers['cache-control']).toMatch(/^private, max-age=\d+/);
    const etag = first.headers.etag;
    expect(etag).toMatch(/^"[\w-]+"$/);

    const again = await get(url, { 'if-none-match': String(etag) });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const weak = await get(url, { 'if-none-match': `"other", W/${String(etag)}` });
    expect(weak.statusCode).toBe(304);
    const stale = await get(url, { 'if-none-match': '"something-else"' });
    expect(stale.statusCode).toBe(200);
    expect(stale.body).toBe(first.body);
  });

  it('makes the browser revalidate the board on every refetch (board data is always stale)', async () => {
    const response = await get('/api/matches/today');
    expect(response.headers['cache-control']).toBe('private, max-age=0, must-revalidate');
  });
});

describe('the data routes without the session cookie', () => {
  it.each([
    ['GET', '/api/matches/today'],
    ['GET', '/api/matches/today?league=serie-a'],
    ['GET', '/api/leagues/serie-a/table'],
    ['GET', '/api/leagues/serie-a/stats'],
    ['GET', '/api/odds'],
    ['GET', '/api/transfers'],
    ['POST', '/functions/v1/fetch-matches'],
    ['POST', '/functions/v1/fetch-league-table'],
    ['POST', '/functions/v1/fetch-league-stats'],
    ['POST', '/functions/v1/fetch-odds'],
    ['POST', '/functions/v1/fetch-transfers'],
  ] as const)('%s %s answers 401', async (method, url) => {
    const response = await t.app.inject({
      method,
      url,
      ...(method === 'POST' ? { payload: { league: 'serie-a' } } : {}),
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ error: 'Unauthorized' });
  });
});

describe('the function aliases', () => {
  it.each([
    ['fetch-matches', {}, '/api/matches/today'],
    ['fetch-matches', { league: 'serie-a' }, '/api/matches/today?league=serie-a'],
    ['fetch-matches', { league: 'Premier League' }, '/api/matches/today?league=premier-league'],
    ['fetch-league-table', { league: 'serie-a' }, '/api/leagues/serie-a/table'],
    ['fetch-league-table', { league: 'Serie A' }, '/api/leagues/serie-a/table'],
    ['fetch-league-stats', { league: 'serie-a' }, '/api/leagues/serie-a/stats'],
    ['fetch-odds', {}, '/api/odds'],
    ['fetch-odds', { leagueName: 'Serie A' }, '/api/odds?league=serie-a'],
    [
      'fetch-odds',
      { leagueName: 'premier-league', market: 'totals' },
      '/api/odds?league=premier-league&market=totals',
    ],
    ['fetch-transfers', { league: 'serie-a' }, '/api/transfers?league=serie-a'],
    ['fetch-transfers', {}, '/api/transfers'],
  ])('%s %j answers the body of GET %s', async (name, body, url) => {
    const alias = await post(`/functions/v1/${name}`, body);
    expect(alias.statusCode).toBe(200);
    expect(alias.headers['content-type']).toBe('application/json; charset=utf-8');
    const rest = await get(url);
    expect(rest.statusCode).toBe(200);
    expect(alias.json()).toEqual(rest.json());
  });

  it('fetch-matches without a body lists every league', async () => {
    const alias = await post('/functions/v1/fetch-matches');
    expect(alias.statusCode).toBe(200);
    expect(alias.json()).toEqual((await get('/api/matches/today')).json());
  });

  it.each([
    ['fetch-matches', { league: 'serie-a', date: 'today' }, 'body.date: unknown field'],
    ['fetch-league-table', { league: 'serie-a', season: '2025' }, 'body.season: unknown field'],
    ['fetch-league-stats', { league: 'serie-a', kind: 'goals' }, 'body.kind: unknown field'],
    ['fetch-odds', { league: 'serie-a' }, 'body.league: unknown field'],
    ['fetch-transfers', { league: 'serie-a', window: 'Summer' }, 'body.window: unknown field'],
    ['fetch-odds', { market: 'spread' }, 'market: must be h2h or totals'],
    ['fetch-league-table', {}, 'league: expected string'],
    ['fetch-league-stats', { league: 3 }, 'league: expected string'],
  ])('%s %j answers 400: %s', async (name, body, error) => {
    const response = await post(`/functions/v1/${name}`, body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error });
  });

  it.each([
    ['fetch-matches', { league: 'serie-b' }],
    ['fetch-league-table', { league: 'serie-b' }],
    ['fetch-league-stats', { league: 'all' }],
    ['fetch-odds', { leagueName: 'Serie B' }],
    ['fetch-transfers', { league: 'serie-b' }],
  ])('%s %j answers 404', async (name, body) => {
    const response = await post(`/functions/v1/${name}`, body);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: 'League not found' });
  });
});

describe('rumours in GET /api/transfers', () => {
  const NOW = new Date('2026-11-21T15:30:00Z');
  const HOUR_MS = 60 * 60 * 1000;
  // Milan's arrivals come out of the provider in no particular order of fee.
  const rumourProvider = createFakeProvider({
    teams,
    standings: {
      'serie-a': ['inter', 'napoli', 'milan', 'juventus'].map((teamKey, i) => ({
        teamKey,
        pos: i + 1,
        wins: 0,
        draws: 0,
        losses: 0,
        goalsFor: 0,
        goalsAgainst: 0,
        points: 0,
      })),
    },
    transfers: {
      'premier-league': [
        move('arsenal', 'in', 't1', 'Riccardo Calafiori', 'Bologna', 'transfer', '45'),
      ],
      'serie-a': [
        move('milan', 'in', 't4', 'Álvaro Morata', 'Atlético Madrid', 'transfer', '13'),
        move('milan', 'in', 't5', 'Strahinja Pavlović', 'RB Salzburg', 'transfer', '18'),
        move('milan', 'in', 't6', 'Tammy Abraham', 'AS Roma', 'loan', ''),
        move('milan', 'in', 't7', 'Emerson Royal', 'Tottenham', 'transfer', '15'),
        move('milan', 'out', 't8', 'Tommaso Pobega', 'Bologna', 'free', '0'),
        move('milan', 'out', 't9', 'Pierre Kalulu', 'Juventus', 'loan', '3.3'),
      ],
    },
  });
  let r: TestApp;
  let rCookie: string;
  let nextArticle = 0;
  const cache = createResponseCache({ ttlMs: 60_000 });
  const feed: { items: { title: string; link: string; guid: string }[] } = { items: [] };

  /** Stores an article as the news ingestion would; returns its id. */
  const addArticle = async (
    title: string,
    options: { league: string | null; hoursAgo: number; source?: string; summary?: string },
  ): Promise<number> => {
    const link = `https://news.example.com/story-${++nextArticle}`;
    await createNewsArticles(
      r.database.db,
      [
        {
          title,
          summary: options.summary ?? null,
          imageUrl: null,
          sourceName: options.source ?? 'BBC Sport',
          publishedAt: new Date(NOW.getTime() - options.hoursAgo * HOUR_MS),
          link,
          dedupeKey: link,
          guid: null,
          leagueSlug: options.league,
        },
      ],
      NOW,
    );
    return (await findArticleId(link)) ?? Number.NaN;
  };
  const findArticleId = async (link: string) => {
    const [row] = await r.database.db
      .select({ id: newsArticles.id })
      .from(newsArticles)
      .where(eq(newsArticles.link, link));
    return row?.id ?? null;
  };
  const rumour = (id: number, name: string, source = 'BBC Sport') => ({
    id: `news-${id}`,
    name,
    image: `/img/player/news-${id}.svg`,
    flag: '',
    team: source,
    type: 'rumour',
    valor: '',
    source,
    link: expect.stringMatching(/^https:\/\/news\.example\.com\/story-\d+$/),
  });
  const getTransfers = async (query = '') => {
    cache.clear();
    const response = await r.app.inject({
      url: `/api/transfers${query}`,
      headers: { cookie: rCookie },
    });
    expect(response.statusCode).toBe(200);
    return response.json<{ transfers: TransferTeamBody[] }>().transfers;
  };
  type TransferTeamBody = {
    name: string;
    league_alias: string;
    arrivals: { name: string; valor: string }[];
    departures: { name: string; valor: string }[];
    rumors: Record<string, unknown>[];
  };
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    r = await createTestApp((database) => ({
      now: () => NOW,
      cache,
      newsSync: createNewsSync({
        db: database.db,
        dbKind: database.kind,
        now: () => NOW,
        fetch: async (url) => ({
          status: 200,
          body: rssFeed('Gossip', feed.items),
          etag: null,
          lastModified: null,
          finalUrl: url,
        }),
        allowHosts: () => [],
        // As main.ts wires it: new articles clear the answers held.
        onChange: () => cache.clear(),
      }),
    }));
    rCookie = await loginCookie(r.app);
    await runSyncLeagueData({
      db: r.database.db,
      provider: rumourProvider,
      now: NOW,
      timeZone: 'Africa/Johannesburg',
    });
    ids.enzo = await addArticle('Chelsea close to signing Enzo Fernández', {
      league: 'premier-league',
      hoursAgo: 2,
    });
    // The same rumour told earlier, spelt without the accent: one entry, the newest telling.
    ids.enzoOlder = await addArticle('Enzo Fernandez linked with Chelsea move', {
      league: 'premier-league',
      hoursAgo: 5,
      source: 'Touchline',
    });
    ids.rice = await addArticle('Arsenal want Declan Rice', {
      league: 'premier-league',
      hoursAgo: 1,
    });
    ids.thuram = await addArticle('Inter eye move for Marcus Thuram', {
      league: 'serie-a',
      hoursAgo: 3,
      source: 'Football Italia',
    });
    ids.frattesi = await addArticle('Transfer gossip', {
      league: 'serie-a',
      hoursAgo: 1,
      source: 'Football Italia',
      summary: 'Inter are in talks to sign Davide Frattesi from Sassuolo.',
    });
    // Filed under no league: read against every club.
    ids.milik = await addArticle('Juventus want Arkadiusz Milik', { league: null, hoursAgo: 4 });
    // A Serie A feed's story about a Premier League club is not read as that club's rumour.
    await addArticle('Liverpool want Nicolò Barella', { league: 'serie-a', hoursAgo: 1 });
    await addArticle('Inter 2-0 AC Milan: Lautaro Martínez scores twice', {
      league: 'serie-a',
      hoursAgo: 1,
    });
    // Too old to be news.
    await addArticle('Napoli want Victor Osimhen', { league: 'serie-a', hoursAgo: 31 * 24 });
  });
  afterAll(async () => {
    await r.close();
  });

  it('adds each club’s rumours, newest first and once per player, clubs with only rumours too', async () => {
    const transfers = await getTransfers();
    expect(transfers.map((t) => `${t.league_alias}/${t.name}`)).toEqual([
      'premier-league/Arsenal',
      'premier-league/Chelsea',
      'serie-a/AC Milan',
      'serie-a/Inter',
      'serie-a/Juventus',
    ]);
    const byName = Object.fromEntries(transfers.map((t) => [t.name, t]));
    expect(byName.Arsenal?.arrivals.map((p) => p.name)).toEqual(['Riccardo Calafiori']);
    expect(byName.Arsenal?.rumors).toEqual([rumour(ids.rice ?? 0, 'Declan Rice')]);
    expect(byName.Chelsea).toMatchObject({ arrivals: [], departures: [], shield: '' });
    expect(byName.Chelsea?.rumors).toEqual([rumour(ids.enzo ?? 0, 'Enzo Fernández')]);
    expect(byName.Inter?.rumors).toEqual([
      rumour(ids.frattesi ?? 0, 'Davide Frattesi', 'Football Italia'),
      rumour(ids.thuram ?? 0, 'Marcus Thuram', 'Football Italia'),
    ]);
    expect(byName.Juventus?.rumors).toEqual([rumour(ids.milik ?? 0, 'Arkadiusz Milik')]);
    expect(byName['AC Milan']?.rumors).toEqual([]);
  });

  it('links a rumour to its article', async () => {
    const [arsenal] = await getTransfers('?league=premier-league');
    const link = arsenal?.rumors[0]?.link;
    expect(await findArticleId(String(link))).toBe(ids.rice);
  });

  it('lists moves highest fee first, moves without a fee last', async () => {
    const milan = (await getTransfers('?league=serie-a')).find((t) => t.name === 'AC Milan');
    expect(milan?.arrivals.map((p) => `${p.name} ${p.valor}`)).toEqual([
      'Strahinja Pavlović 18',
      'Emerson Royal 15',
      'Álvaro Morata 13',
      'Tammy Abraham ',
    ]);
    expect(milan?.departures.map((p) => `${p.name} ${p.valor}`)).toEqual([
      'Pierre Kalulu 3.3',
      'Tommaso Pobega 0',
    ]);
  });

  it('keeps to one league, with the stories filed under it or under none', async () => {
    expect((await getTransfers('?league=serie-a')).map((t) => t.name)).toEqual([
      'AC Milan',
      'Inter',
      'Juventus',
    ]);
    expect((await getTransfers('?league=premier-league')).map((t) => t.name)).toEqual([
      'Arsenal',
      'Chelsea',
    ]);
    expect(await getTransfers('?league=la-liga')).toEqual([]);
  });

  it('answers the function alias the same', async () => {
    const alias = await r.app.inject({
      method: 'POST',
      url: '/functions/v1/fetch-transfers',
      headers: { cookie: rCookie },
      payload: { league: 'serie-a' },
    });
    expect(alias.json()).toEqual({ transfers: await getTransfers('?league=serie-a') });
  });

  it('holds its answer until a news sync brings new articles', async () => {
    const get = async () =>
      (
        await r.app.inject({
          url: '/api/transfers?league=bundesliga',
          headers: { cookie: rCookie },
        })
      ).json<{ transfers: TransferTeamBody[] }>().transfers;
    await runSyncLeagueData({
      db: r.database.db,
      provider: createFakeProvider({
        teams: [
          ...teams,
          {
            key: 'bayern',
            leagueSlug: 'bundesliga',
            name: 'Bayern Munich',
            shortName: 'BAY',
            logoUrl: null,
          },
        ],
      }),
      now: NOW,
      timeZone: 'Africa/Johannesburg',
    });
    cache.clear();
    expect(await get()).toEqual([]);

    // Stored behind the ingestion's back: the answer held is still served.
    const kane = await addArticle('Bayern Munich eye move for Harry Kane', {
      league: 'bundesliga',
      hoursAgo: 1,
    });
    expect(await get()).toEqual([]);

    await replaceFeedSources(
      r.database.db,
      [{ name: 'Kicker', url: 'https://kicker.example.com/rss', leagueSlug: 'bundesliga' }],
      NOW,
    );
    feed.items = [
      {
        title: 'Bayern Munich set to sign Kim Min-jae',
        link: 'https://kicker.example.com/kim',
        guid: 'kim',
      },
    ];
    const sync = await r.app.inject({
      method: 'POST',
      url: '/api/news/sync',
      headers: { cookie: rCookie },
      payload: {},
    });
    expect(sync.json()).toMatchObject({ success: true, total_new: 1 });
    const [bayern, ...others] = await get();
    expect(others).toEqual([]);
    expect(bayern?.name).toBe('Bayern Munich');
    expect(bayern?.rumors).toEqual([
      expect.objectContaining({
        name: 'Kim Min-jae',
        source: 'Kicker',
        link: 'https://kicker.example.com/kim',
      }),
      rumour(kane, 'Harry Kane'),
    ]);
  });
});

describe('isStale', () => {
  const NOW_MS = Date.parse('2026-11-21T15:30:00Z');
  const { scheduled, live, halfTime, finished, extraTime } = MatchStatus;
  const secondsAgo = (s: number) => NOW_MS - s * 1000;

  it.each([
    ['a live match, polled 89 s ago', secondsAgo(89), [live, scheduled], false],
    ['a live match, polled 90 s ago', secondsAgo(90), [live], false],
    ['a live match, polled 91 s ago', secondsAgo(91), [finished, live], true],
    ['extra time, polled 2 min ago', secondsAgo(120), [extraTime], true],
    ['half-time, polled 4.5 min ago', secondsAgo(270), [halfTime], false],
    ['half-time, polled 4.6 min ago', secondsAgo(276), [halfTime], true],
    ['no match playing, polled 10 min ago', secondsAgo(600), [scheduled, finished], false],
    ['no match playing, polled 10.5 min ago', secondsAgo(630), [scheduled], false],
    ['no match playing, polled 10.5 min and 1 s ago', secondsAgo(631), [finished], true],
    ['no matches today, polled an hour ago', secondsAgo(3600), [], true],
  ])('with %s: %s', (_, updatedMs, statuses, stale) => {
    expect(isStale(updatedMs, NOW_MS, statuses)).toBe(stale);
  });

  it('is never stale without any data', () => {
    expect(isStale(0, NOW_MS, [])).toBe(false);
    expect(isStale(0, NOW_MS, [live])).toBe(false);
  });
});
