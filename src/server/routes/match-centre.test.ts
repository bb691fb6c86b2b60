import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  createFakeProvider,
  createProviderMatch,
  createProviderOdds,
} from '../../../tests/helpers/fake-provider.ts';
import { createTestApp, loginCookie, type TestApp } from '../../../tests/helpers/test-app.ts';
import { MatchCentreSchema } from '../../domain/api/match-centre.ts';
import { historyMatches, teams } from '../db/schema.ts';
import { runSyncLeagueData, runSyncMatches } from '../jobs/sync-provider.ts';

const SYNCED_AT = new Date('2026-11-21T15:29:30Z');
const club = (key: string, name: string) => ({
  key,
  leagueSlug: 'premier-league',
  name,
  shortName: name.slice(0, 3).toUpperCase(),
  logoUrl: `/img/crest/${key}.svg`,
});
const goal = (side: 'home' | 'away', minute: number, scorer: string) => ({
  kind: 'goal' as const,
  side,
  minute,
  added: 0,
  scorer,
  assist: null,
  penalty: false,
  ownGoal: false,
});
const played = createProviderMatch({
  id: 'pl1',
  leagueSlug: 'premier-league',
  homeKey: 'arsenal',
  awayKey: 'chelsea',
  kickoff: new Date('2026-11-21T12:30:00Z'),
  phase: 'finished',
  minute: 'FT',
  homeScore: 2,
  awayScore: 1,
  htHomeScore: 1,
  htAwayScore: 0,
  events: [goal('home', 12, 'Saka'), goal('away', 55, 'Palmer'), goal('home', 80, 'Odegaard')],
});
const bare = createProviderMatch({
  id: 'pl2',
  leagueSlug: 'premier-league',
  homeKey: 'everton',
  awayKey: 'fulham',
  kickoff: new Date('2026-11-21T19:00:00Z'),
});

let t: TestApp;
let cookie: string;
let playedId: number;
let bareId: number;

beforeAll(async () => {
  t = await createTestApp();
  const { db } = t.database;
  const provider = createFakeProvider({
    teams: [
      club('arsenal', 'Arsenal'),
      club('chelsea', 'Chelsea'),
      club('everton', 'Everton'),
      club('fulham', 'Fulham'),
    ],
    matches: [played, bare],
    odds: [
      createProviderOdds(
        played,
        { home: 'Arsenal', away: 'Chelsea' },
        { h2h: [2.1, 3.4, 3.6], totals: [1.8, 2.05] },
      ),
    ],
  });
  const sync = { db, provider, now: SYNCED_AT, timeZone: 'Africa/Johannesburg' };
  // The clubs, then today's matches, then prices: prices of a match under way never store the
  // match themselves.
  await runSyncLeagueData({ ...sync, kinds: [] });
  expect(await runSyncMatches(sync)).toHaveLength(2);
  await runSyncLeagueData(sync);
  for (const [key, results] of [
    ['arsenal', 'Arsenal'],
    ['chelsea', 'Chelsea'],
  ] as const) {
    await db.update(teams).set({ aliases: { results } }).where(eq(teams.key, key));
  }
  const meeting = (date: string, home: string, away: string, hg: number, ag: number) => ({
    div: 'E0',
    season: '2020-2021',
    date,
    home,
    away,
    homeGoals: hg,
    awayGoals: ag,
    odds: {},
  });
  await db
    .insert(historyMatches)
    .values([
      meeting('2021-01-10', 'Arsenal', 'Chelsea', 3, 1),
      meeting('2021-05-12', 'Chelsea', 'Arsenal', 0, 1),
      meeting('2021-03-01', 'Arsenal', 'Spurs', 2, 2),
    ]);
  const rows = await t.app.inject({ method: 'GET', url: '/api/matches/today', headers: {} });
  expect(rows.statusCode).toBe(401);
  cookie = await loginCookie(t.app);
  const today = (
    await t.app.inject({ method: 'GET', url: '/api/matches/today', headers: { cookie } })
  ).json<{ matches: { id: number; local: string }[] }>().matches;
  playedId = today.find((m) => m.local === 'Arsenal')?.id as number;
  bareId = today.find((m) => m.local === 'Everton')?.id as number;
});
afterAll(async () => {
  await t?.close();
});

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers: { cookie, ...headers } });

describe('GET /api/matches/:id', () => {
  it('answers the match with its goals, odds, form and meetings, in the contract shape', async () => {
    const response = await get(`/api/matches/${playedId}`);
    expect(response.statusCode).toBe(200);
    const body = MatchCentreSchema.parse(response.json());
    expect(body.match).toMatchObject({ local: 'Arsenal', visitor: 'Chelsea', result: '2-1' });
    expect(body.match.home.slug).toBe('arsenal');
    expect(body.timeline.map((l) => `${l.type} ${l.minute} ${l.score}`)).toEqual([
      'goal 12 1-0',
      'half-time HT 1-0',
      'goal 55 1-1',
      'goal 80 2-1',
      'full-time FT 2-1',
    ]);
    expect(body.timeline[0]?.scorer).toBe('Saka');
    const bookmaker = body.odds?.bookmakers[0];
    expect(bookmaker).toMatchObject({ home: 2.1, draw: 3.4, away: 3.6, over: 1.8, under: 2.05 });
    expect(bookmaker?.payout_h2h).toBeCloseTo(1 / (1 / 2.1 + 1 / 3.4 + 1 / 3.6), 9);
    expect(bookmaker?.opening.home).toBe(2.1);
    expect(body.market?.home).toBeGreaterThan(body.market?.away ?? 1);
    expect(body.head_to_head).toMatchObject({ home_wins: 2, draws: 0, away_wins: 0 });
    expect(body.head_to_head.meetings.map((m) => m.date)).toEqual(['2021-05-12', '2021-01-10']);
    expect(body.form.home.map((f) => `${f.outcome} ${f.score} ${f.opponent}`)).toEqual([
      'W 1-0 Chelsea',
      'D 2-2 Spurs',
      'W 3-1 Chelsea',
    ]);
  });

  it('shows each empty section of a match with no odds, predictions or history', async () => {
    const body = MatchCentreSchema.parse((await get(`/api/matches/${bareId}`)).json());
    expect(body.odds).toBeNull();
    expect(body.market).toBeNull();
    expect(body.predictions).toEqual([]);
    expect(body.head_to_head.meetings).toEqual([]);
    expect(body.timeline).toEqual([]);
  });

  it('answers 404 for an unknown id and 400 for ids that are not match ids', async () => {
    const missing = await get('/api/matches/999999');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: 'Match not found' });
    for (const bad of ['abc', '-3', '12345678901234567890', '1.5']) {
      const response = await get(`/api/matches/${bad}`);
      expect(response.statusCode, bad).toBe(400);
      expect(typeof response.json<{ error: unknown }>().error).toBe('string');
    }
  });

  it('sends an ETag and answers 304 when the client holds the same bytes', async () => {
    const first = await get(`/api/matches/${playedId}`);
    const etag = first.headers.etag as string;
    expect(etag).toBeTruthy();
    const again = await get(`/api/matches/${playedId}`, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
  });
});
