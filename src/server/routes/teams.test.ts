import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  createMatchFacts as facts,
  createShot as shot,
} from '../../../tests/helpers/match-facts.ts';
import { seedSmallWorld } from '../../../tests/helpers/small-world.ts';
import { storeMatches } from '../../../tests/helpers/stored-matches.ts';
import { createTestApp, loginCookie, type TestApp } from '../../../tests/helpers/test-app.ts';
import type { TeamPage } from '../../domain/api/team-page.ts';
import type { LeagueStats } from '../../domain/player-stats.ts';
import type { TableRow } from '../../domain/standings.ts';
import type { TransferTeam } from '../../domain/transfers.ts';
import { writeMatchFacts } from '../db/match-facts-queries.ts';
import { matches, teams } from '../db/schema.ts';
import { replaceTransfers } from '../db/transfers-queries.ts';

let t: TestApp;
let cookie: string;
let ids: Map<string, number>;
beforeAll(async () => {
  t = await createTestApp();
  cookie = await loginCookie(t.app);
  await seedSmallWorld(t.database.db);
  // Inter's two previous league matches this season, and one of last season.
  ids = await storeMatches(t.database.db, [
    {
      id: 'replay:sa:old',
      league: 'serie-a',
      home: 'inter',
      away: 'napoli',
      kickoff: new Date('2026-05-10T18:45:00Z'),
      phase: 'finished',
      score: [5, 0],
    },
    {
      id: 'replay:sa:draw',
      league: 'serie-a',
      home: 'napoli',
      away: 'inter',
      kickoff: new Date('2026-11-08T17:00:00Z'),
      phase: 'finished',
      score: [1, 1],
    },
    {
      id: 'replay:sa:win',
      league: 'serie-a',
      home: 'inter',
      away: 'napoli',
      kickoff: new Date('2026-11-14T17:00:00Z'),
      phase: 'finished',
      score: [2, 0],
    },
  ]);
  // The facts of both of this season's results, of last season's and of today's live match:
  // only this season's finished matches count in the club's xG.
  const [live] = await t.database.db
    .select({ id: matches.id })
    .from(matches)
    .where(eq(matches.status, 'live'));
  await writeMatchFacts(
    t.database.db,
    new Map([
      [
        ids.get('replay:sa:draw') as number,
        facts(
          [
            shot('home', 'Osimhen', 0.7, 'goal'),
            shot('away', 'Lautaro', 0.76, 'goal'),
            shot('away', 'Dimarco', 0.1, 'missed'),
          ],
          [0.7, 0.86],
        ),
      ],
      [
        ids.get('replay:sa:win') as number,
        facts(
          [
            shot('home', 'Thuram', 0.25, 'goal'),
            shot('away', 'Kvara', 0.4, 'saved'),
            shot('home', 'Lautaro', 0.6, 'saved'),
            shot('home', 'Thuram', 0.3, 'goal'),
            shot('home', 'Barella', 0.05, 'missed'),
          ],
          [1.2, 0.4],
        ),
      ],
      [
        ids.get('replay:sa:old') as number,
        facts([shot('home', 'Lautaro', 0.9, 'goal')], [0.9, 0.2]),
      ],
      [live?.id as number, facts([shot('home', 'Barella', 0.5, 'goal')], [0.5, 0.3])],
    ]),
  );
  // Two more arrivals, stored in no order of fee: listed by fee, not as stored.
  const [inter] = await t.database.db
    .select({ id: teams.id, leagueId: teams.leagueId })
    .from(teams)
    .where(eq(teams.key, 'inter'));
  if (inter === undefined) throw new Error('Inter is not stored');
  const arrival = (playerId: string, playerName: string, valor: string) => ({
    teamId: inter.id,
    direction: 'in' as const,
    playerId,
    playerName,
    imageUrl: null,
    flag: 'it',
    otherClub: 'Sassuolo',
    type: valor === '0' ? 'free' : 'transfer',
    valor,
    window: 'Summer',
  });
  await replaceTransfers(
    t.database.db,
    inter.leagueId,
    [
      arrival('t9', 'Nicolò Barella', '45'),
      arrival('t1', 'Piotr Zieliński', '0'),
      arrival('t8', 'Davide Frattesi', '12'),
    ],
    new Date('2026-11-21T15:00:00Z'),
    [inter.id],
  );
});
afterAll(async () => {
  await t.close();
});

const getTeam = async (slug: string) =>
  t.app.inject({ url: `/api/teams/${slug}`, headers: { cookie } });

describe('GET /api/teams/:slug', () => {
  it('answers 401 without the session cookie', async () => {
    const response = await t.app.inject({ url: '/api/teams/inter' });
    expect(response.statusCode).toBe(401);
  });

  it("gives the club's table row, form, results, fixtures, positions, scorers and moves", async () => {
    const response = await getTeam('inter');
    expect(response.statusCode).toBe(200);
    const page = response.json<TeamPage>();
    expect(page.team).toMatchObject({
      key: 'inter',
      name: 'Inter',
      shield: '/img/crest/inter.svg',
      league: { slug: 'serie-a', name: 'Serie A' },
    });
    expect(page.standing).toMatchObject({ pos: 1, played: 11, points: 26 });
    const win = ids.get('replay:sa:win');
    const draw = ids.get('replay:sa:draw');
    expect(page.form).toEqual([
      expect.objectContaining({
        outcome: 'W',
        score: '2-0',
        home: true,
        opponent: expect.objectContaining({ key: 'napoli' }),
        path: `/match/${win}-inter-v-napoli`,
      }),
      expect.objectContaining({ outcome: 'D', score: '1-1', home: false }),
    ]);
    // Last season's match is not this season's result.
    expect(page.results.map((m) => m.id)).toEqual([win, draw]);
    expect(page.fixtures.map((m) => [m.status, m.home.key, m.away.key])).toEqual([
      ['live', 'inter', 'napoli'],
    ]);
    // Walked back from the table: second before beating Napoli, first after.
    expect(page.positions).toEqual([
      { matchday: 9, pos: 2 },
      { matchday: 10, pos: 2 },
      { matchday: 11, pos: 1 },
    ]);
    expect(page.table_size).toBe(2);
    expect(page.scorers).toEqual([expect.objectContaining({ nick: 'Lautaro', total: 9, rank: 1 })]);
    expect(page.assisters).toEqual([]);
    // Highest fee first, a move without a fee last.
    expect(page.transfers.arrivals.map((p) => p.name)).toEqual([
      'Nicolò Barella',
      'Davide Frattesi',
      'Piotr Zieliński',
    ]);
    expect(page.transfers.departures).toEqual([]);
  });

  it("gives the xG of the season's finished matches, oldest first, and its scorers' xG", async () => {
    const page = (await getTeam('inter')).json<TeamPage>();
    const win = ids.get('replay:sa:win');
    const draw = ids.get('replay:sa:draw');
    expect(page.xg.matches).toEqual([
      {
        id: draw,
        path: `/match/${draw}-napoli-v-inter`,
        kickoff: '2026-11-08T17:00:00.000Z',
        opponent: { key: 'napoli', name: 'Napoli', shield: '/img/crest/napoli.svg' },
        home: false,
        goals_for: 1,
        goals_against: 1,
        xg_for: 0.86,
        xg_against: 0.7,
      },
      expect.objectContaining({
        id: win,
        home: true,
        goals_for: 2,
        goals_against: 0,
        xg_for: 1.2,
        xg_against: 0.4,
      }),
    ]);
    // Goals first: two for Thuram outrank Lautaro's one from more xG. Barella scored only in the
    // live match, Lautaro's other goal was last season's, and Napoli's shots are not Inter's.
    expect(page.xg.scorers).toEqual([
      { player: 'Thuram', goals: 2, xg: 0.55, shots: 2 },
      { player: 'Lautaro', goals: 1, xg: 1.36, shots: 2 },
    ]);
  });

  it("reads the club's own side of each match: the away club's xG for is the home side's", async () => {
    const page = (await getTeam('napoli')).json<TeamPage>();
    expect(
      page.xg.matches.map((m) => [m.home, m.goals_for, m.goals_against, m.xg_for, m.xg_against]),
    ).toEqual([
      [true, 1, 1, 0.7, 0.86],
      [false, 0, 2, 0.4, 1.2],
    ]);
    expect(page.xg.scorers).toEqual([{ player: 'Osimhen', goals: 1, xg: 0.7, shots: 1 }]);
  });

  it('answers every section empty for a club without a table, results or players', async () => {
    const page = (await getTeam('everton')).json<TeamPage>();
    expect(page.standing).toBeNull();
    expect(page.form).toEqual([]);
    expect(page.results).toEqual([]);
    expect(page.positions).toEqual([]);
    expect(page.scorers).toEqual([]);
    expect(page.assisters).toEqual([]);
    expect(page.transfers).toEqual({ window: null, arrivals: [], departures: [] });
    expect(page.xg).toEqual({ matches: [], scorers: [] });
    // Tonight's stored match is its fixture, linked to the match page.
    expect(page.fixtures.map((m) => m.path)).toEqual([
      expect.stringMatching(/^\/match\/\d+-liverpool-v-everton$/),
    ]);
  });

  it('reads a club named by its name as well as by its key', async () => {
    const response = await getTeam('Napoli');
    expect(response.json<TeamPage>().team.key).toBe('napoli');
  });

  it('is the page each club links to from the table, top players and transfers', async () => {
    const get = async <T>(url: string) =>
      (await t.app.inject({ url, headers: { cookie } })).json<T>();
    const { table } = await get<{ table: TableRow[] }>('/api/leagues/serie-a/table');
    const { stats } = await get<{ stats: LeagueStats }>('/api/leagues/serie-a/stats');
    const { transfers } = await get<{ transfers: TransferTeam[] }>('/api/transfers');
    expect(table.map((row) => [row.team, row.key])).toEqual([
      ['Inter', 'inter'],
      ['Napoli', 'napoli'],
    ]);
    expect(stats.goals.map((entry) => [entry.team_name, entry.team_key])).toEqual([
      ['Inter', 'inter'],
    ]);
    expect(transfers.map((team) => [team.name, team.key])).toEqual([['Inter', 'inter']]);
    for (const key of [...table.map((row) => row.key), transfers[0]?.key]) {
      expect((await getTeam(String(key))).json<TeamPage>().team.key).toBe(key);
    }
  });

  it('answers 404 "Team not found" for a slug that names no club', async () => {
    const response = await getTeam('no-such-club');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: 'Team not found' });
  });

  it('is privately cacheable and answers 304 to a matching ETag', async () => {
    const first = await getTeam('inter');
    expect(first.headers['cache-control']).toMatch(/^private,/);
    const etag = String(first.headers.etag);
    const second = await t.app.inject({
      url: '/api/teams/inter',
      headers: { cookie, 'if-none-match': etag },
    });
    expect(second.statusCode).toBe(304);
    expect(second.body).toBe('');
  });
});
