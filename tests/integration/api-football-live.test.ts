import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

import { LEAGUES, type LeagueEntry } from '../../src/domain/league.ts';
import type { TransferTeam } from '../../src/domain/transfers.ts';
import { createResponseCache } from '../../src/server/http/response-cache.ts';
import { runSyncLeagueData } from '../../src/server/jobs/sync-provider.ts';
import { createApiFootballSource } from '../../src/server/providers/api-football/client.ts';
import { createLiveProvider } from '../../src/server/providers/live/live-provider.ts';
import {
  buildTeamsBody,
  readApiFootballText,
  startFakeApiFootball,
  type FakeApiFootball,
} from '../helpers/fake-api-football.ts';
import { createTestApp, loginCookie, type TestApp } from '../helpers/test-app.ts';

// Live mode over API-Football answering from a loopback fake with the bodies recorded from the
// real API: the Premier League's clubs (33, 40, 42, whose `/transfers` answers were recorded),
// then each club's moves, synced into the database and served by GET /api/transfers.

const DAY = 24 * 60 * 60 * 1000;
const PREMIER_LEAGUE = LEAGUES.find((league) => league.slug === 'premier-league') as LeagueEntry;

/** The clubs as the recorded transfers name them (the `/teams` answer was not recorded). */
const CLUBS = [33, 40, 42].map((id) => {
  const { response } = JSON.parse(readApiFootballText(`real/af-transfers-team-${id}`)) as {
    response: {
      transfers: { teams: { in: { id: number | null; name: string; logo: string } } }[];
    }[];
  };
  const side = response
    .flatMap((entry) => entry.transfers.map((move) => move.teams.in))
    .find((team) => team.id === id);
  if (side === undefined) throw new Error(`club ${id} is not named in its transfers`);
  return { id, name: side.name, logo: side.logo };
});

/** Touchline's own names of the three clubs, as the history gives them in live mode. */
const KNOWN_CLUBS = [
  { key: 'man-united', name: 'Man United', shortName: 'MUN', names: ['Manchester United'] },
  { key: 'liverpool', name: 'Liverpool', shortName: 'LIV', names: ['Liverpool'] },
  { key: 'arsenal', name: 'Arsenal', shortName: 'ARS', names: ['Arsenal'] },
].map((club) => ({ ...club, leagueSlug: 'premier-league' }));

type Player = TransferTeam['arrivals'][number];

describe('API-Football transfers in live mode', () => {
  let fake: FakeApiFootball;
  let source: ReturnType<typeof createApiFootballSource>;
  let t: TestApp;
  let nowMs = Date.parse('2026-08-20T12:00:00Z');
  const now = () => new Date(nowMs);
  /** What the fake answers each club's `/transfers`: the recorded body, or a broken page. */
  let transfersText = (team: string) => readApiFootballText(`real/af-transfers-team-${team}`);
  let served = 0;
  const cache = createResponseCache({ ttlMs: 60_000 });

  beforeAll(async () => {
    fake = await startFakeApiFootball((path, query) => {
      served++;
      const headers = {
        'x-ratelimit-requests-limit': '100',
        'x-ratelimit-requests-remaining': String(Math.max(0, 100 - served)),
      };
      if (path === 'teams' && query.league === '39') {
        return {
          body: buildTeamsBody({ league: 39, season: Number(query.season) }, CLUBS),
          headers,
        };
      }
      if (path === 'transfers' && ['33', '40', '42'].includes(query.team ?? '')) {
        return { body: transfersText(query.team ?? ''), headers };
      }
      return undefined;
    });
    source = createApiFootballSource({
      apiKey: 'test-key',
      baseUrl: fake.baseUrl,
      minIntervalMs: 0,
      now: () => nowMs,
      leagues: [PREMIER_LEAGUE],
      log: { warn: vi.fn() },
    });
    t = await createTestApp({ now, cache, dataSource: 'live' }, { leagues: [PREMIER_LEAGUE] });
  });

  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  /** The sync of the transfers, as the scheduler runs it once a day. */
  async function syncTransfers() {
    const provider = createLiveProvider({ sources: { transfers: source }, clubs: KNOWN_CLUBS });
    const result = await runSyncLeagueData({
      db: t.database.db,
      provider,
      now: now(),
      timeZone: 'Europe/London',
      kinds: ['transfers'],
    });
    // As the scheduler's onChange does after each sync: the next answer reads the database.
    cache.clear();
    return result;
  }

  async function getTransfers(): Promise<Map<string, TransferTeam>> {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/transfers?league=premier-league',
      headers: { cookie: await loginCookie(t.app) },
    });
    expect(response.statusCode).toBe(200);
    const { transfers } = response.json<{ transfers: TransferTeam[] }>();
    return new Map(transfers.map((team) => [team.name, team]));
  }

  const named = (players: Player[], name: string) => players.find((p) => p.name === name);

  it("lists the recorded clubs' arrivals and departures of the 2026-27 season", async () => {
    const { failures } = await syncTransfers();
    expect(failures).toEqual([]);
    expect(fake.requests.map((r) => [r.path, r.query, r.key])).toEqual([
      ['teams', { league: '39', season: '2026' }, 'test-key'],
      ['transfers', { team: '33' }, 'test-key'],
      ['transfers', { team: '40' }, 'test-key'],
      ['transfers', { team: '42' }, 'test-key'],
    ]);

    const clubs = await getTransfers();
    expect([...clubs.keys()]).toEqual(['Arsenal', 'Liverpool', 'Man United']);
    const united = clubs.get('Man United');
    expect([united?.arrivals.length, united?.departures.length]).toEqual([18, 11]);
    expect(united?.shield).toBe('https://media.api-sports.io/football/teams/33.png');
    expect(named(united?.arrivals ?? [], 'M. Rashford')).toEqual({
      id: 'api-football:909',
      name: 'M. Rashford',
      image: 'https://media.api-sports.io/football/players/909.png',
      flag: '',
      team: 'Barcelona',
      type: 'end of loan',
      valor: '',
    });
    expect(named(united?.departures ?? [], 'Casemiro')).toMatchObject({
      team: 'Inter Miami',
      type: 'free',
      valor: '0',
    });
    expect(named(united?.arrivals ?? [], 'Y. Tielemans')).toMatchObject({
      team: 'Aston Villa',
      type: 'transfer',
      valor: '',
    });
    const liverpool = clubs.get('Liverpool');
    expect([liverpool?.arrivals.length, liverpool?.departures.length]).toEqual([13, 9]);
    expect(named(liverpool?.departures ?? [], 'Mohamed Salah')).toMatchObject({
      team: 'Trabzonspor',
      type: 'free',
    });
    const arsenal = clubs.get('Arsenal');
    expect([arsenal?.arrivals.length, arsenal?.departures.length]).toEqual([12, 9]);
    expect(named(arsenal?.arrivals ?? [], 'Bruno Guimarães')).toMatchObject({
      team: 'Newcastle',
      type: 'transfer',
    });
  });

  it('keeps the stored moves when the next day no club can be read', async () => {
    const before = await getTransfers();
    nowMs += DAY;
    transfersText = () => '<!DOCTYPE html><html><title>502 Bad Gateway</title></html>';
    const { failures } = await syncTransfers();
    expect(failures.map((f) => [f.kind, f.league, (f.error as Error).message])).toEqual([
      [
        'transfers',
        'premier-league',
        'api-football: an HTML page instead of JSON ("502 Bad Gateway")',
      ],
    ]);
    expect(await getTransfers()).toEqual(before);
  });

  it("keeps a club's stored moves when only that club cannot be read", async () => {
    const before = await getTransfers();
    nowMs += DAY;
    transfersText = (team) =>
      team === '40'
        ? '<!DOCTYPE html><html><title>502 Bad Gateway</title></html>'
        : readApiFootballText(`real/af-transfers-team-${team}`);
    const { failures } = await syncTransfers();
    expect(failures).toEqual([]);
    const after = await getTransfers();
    expect(after.get('Liverpool')).toEqual(before.get('Liverpool'));
    expect([...after.keys()]).toEqual(['Arsenal', 'Liverpool', 'Man United']);
    expect(after.get('Man United')?.arrivals).toHaveLength(18);
  });

  it('carries the fees as the API writes them ("€ 62M", "12M", "21.4M") to the site', async () => {
    // A day of the 2024-25 season, whose moves the same recordings list with their fees.
    nowMs = Date.parse('2024-08-31T12:00:00Z');
    transfersText = (team) => readApiFootballText(`real/af-transfers-team-${team}`);
    const { failures } = await syncTransfers();
    expect(failures).toEqual([]);
    expect(fake.requests.at(-4)?.query).toEqual({ league: '39', season: '2024' });

    const clubs = await getTransfers();
    const united = clubs.get('Man United');
    // Highest fee first.
    expect(united?.arrivals.slice(0, 3).map((p) => [p.name, p.team, p.valor])).toEqual([
      ['L. Yoro', 'Lille', '62'],
      ['M. Ugarte', 'Paris Saint Germain', '50'],
      ['M. de Ligt', 'Bayern München', '45'],
    ]);
    expect(named(united?.departures ?? [], 'S. McTominay')).toMatchObject({
      team: 'Napoli',
      valor: '30.5',
    });
    expect(named(united?.departures ?? [], 'D. van de Beek')?.valor).toBe('0.5');
    expect(named(clubs.get('Liverpool')?.arrivals ?? [], 'F. Chiesa')).toMatchObject({
      team: 'Juventus',
      type: 'transfer',
      valor: '12',
    });
    expect(named(clubs.get('Arsenal')?.departures ?? [], 'A. Ramsdale')).toMatchObject({
      team: 'Southampton',
      valor: '21.4',
    });
  });
});
