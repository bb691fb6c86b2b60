import { asc, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { createProviderOdds } from '../../../tests/helpers/fake-provider.ts';
import { createTestDb, type TestDatabase } from '../../../tests/helpers/test-db.ts';
import { listLeagues } from '../db/leagues-queries.ts';
import { markets, matches, playerStats, transfers } from '../db/schema.ts';
import { listStandings } from '../db/standings-queries.ts';
import {
  QuotaDeferral,
  type DataKind,
  type FootballProvider,
  type ProviderMatch,
  type ProviderOdds,
  type ProviderPlayerStat,
  type ProviderStanding,
  type ProviderTeam,
  type ProviderTransfer,
} from '../providers/provider.ts';
import { runSyncLeagueData, runSyncMatches } from './sync-provider.ts';

// 17:30 on Saturday 21 November 2026 in Johannesburg; its day runs 2026-11-20T22:00Z to 22:00Z.
const NOW = new Date('2026-11-21T15:30:00Z');
const TIME_ZONE = 'Africa/Johannesburg';

const team = (key: string, leagueSlug: string, name: string): ProviderTeam => ({
  key,
  leagueSlug,
  name,
  shortName: name.slice(0, 3).toUpperCase(),
  logoUrl: null,
});
const UNITED = team('man-united', 'premier-league', 'Man United');
const FULHAM = team('fulham', 'premier-league', 'Fulham');
const ARSENAL = team('arsenal', 'premier-league', 'Arsenal');
const BARCA = team('barcelona', 'la-liga', 'Barcelona');
const GIRONA = team('girona', 'la-liga', 'Girona');

const match = (
  externalId: string,
  home: ProviderTeam,
  away: ProviderTeam,
  kickoff: string,
  fields: Partial<ProviderMatch> = {},
): ProviderMatch => ({
  externalId,
  leagueSlug: home.leagueSlug,
  homeKey: home.key,
  awayKey: away.key,
  kickoff: new Date(kickoff),
  phase: 'scheduled',
  minute: '',
  homeScore: null,
  awayScore: null,
  htHomeScore: null,
  htAwayScore: null,
  home,
  away,
  ...fields,
});

const standing = (t: ProviderTeam, pos: number, points: number): ProviderStanding => ({
  teamKey: t.key,
  team: t,
  pos,
  wins: Math.floor(points / 3),
  draws: points % 3,
  losses: 0,
  goalsFor: points,
  goalsAgainst: 1,
  points,
});

const scorer = (t: ProviderTeam, nick: string, total: number): ProviderPlayerStat => ({
  playerId: nick.toLowerCase(),
  nick,
  imageUrl: null,
  flag: '',
  teamKey: t.key,
  team: t,
  total,
});

const transfer = (t: ProviderTeam, playerName: string): ProviderTransfer => ({
  teamKey: t.key,
  team: t,
  direction: 'in',
  playerId: playerName.toLowerCase(),
  playerName,
  imageUrl: null,
  flag: '',
  otherClub: 'Elsewhere',
  type: 'transfer',
  valor: '10',
  window: '2026 winter',
});

const odds = (m: ProviderMatch, home: number): ProviderOdds =>
  createProviderOdds(
    m,
    { home: m.home?.name ?? m.homeKey, away: m.away?.name ?? m.awayKey },
    { h2h: [home, 3.4, 4.1], totals: [1.8, 2.0] },
  );

/**
 * A live-style provider: today's matches under "football-data:" ids, odds under "odds-api:"
 * ids, and per-league data the test changes between syncs. `failing` holds "kind:league" pairs
 * that throw.
 */
function createScriptedProvider(offers?: DataKind[]) {
  const data = {
    matches: [] as ProviderMatch[],
    standings: {} as Record<string, ProviderStanding[]>,
    players: {} as Record<string, { goals: ProviderPlayerStat[]; assists: ProviderPlayerStat[] }>,
    odds: [] as ProviderOdds[],
    transfers: {} as Record<string, ProviderTransfer[]>,
  };
  const failing = new Set<string>();
  const check = (kind: string, league: string) => {
    if (failing.has(`${kind}:${league}`)) {
      throw new Error(`besoccer: HTTP 503 for ${kind} of ${league}`);
    }
  };
  const provider = {
    name: 'live',
    matchIdPrefix: 'football-data:',
    ...(offers === undefined ? {} : { offers }),
    listTeams: vi.fn(async (league: string) => {
      check('teams', league);
      return [];
    }),
    listMatches: vi.fn(async (from: Date, to: Date) =>
      data.matches.filter((m) => m.kickoff >= from && m.kickoff < to),
    ),
    getStandings: vi.fn(async (league: string) => {
      check('standings', league);
      return data.standings[league] ?? [];
    }),
    getTopPlayers: vi.fn(async (league: string) => {
      check('players', league);
      return data.players[league] ?? { goals: [], assists: [] };
    }),
    listOdds: vi.fn(async (league: string) => {
      check('odds', league);
      return data.odds.filter((o) => o.match.leagueSlug === league);
    }),
    listTransfers: vi.fn(async (league: string) => {
      check('transfers', league);
      return data.transfers[league] ?? [];
    }),
  } satisfies FootballProvider;
  return { provider, data, failing };
}

let database: TestDatabase;
let leagueIds: Map<string, number>;

beforeEach(async () => {
  database = await createTestDb();
  leagueIds = new Map((await listLeagues(database.db)).map((l) => [l.slug, l.id]));
});
afterEach(async () => {
  await database.close();
});

const leagueId = (slug: string) => leagueIds.get(slug) as number;
const storedMatches = () =>
  database.db
    .select({
      id: matches.id,
      externalId: matches.externalId,
      status: matches.status,
      homeScore: matches.homeScore,
      awayScore: matches.awayScore,
      kickoffUtc: matches.kickoffUtc,
    })
    .from(matches)
    .orderBy(asc(matches.id));
const storedMarkets = () =>
  database.db
    .select({ matchId: markets.matchId, type: markets.type, data: markets.data })
    .from(markets)
    .orderBy(asc(markets.matchId), asc(markets.type));
const homePrice = (data: unknown) =>
  (data as { bookmakers: { markets: { outcomes: { price: number }[] }[] }[] }).bookmakers[0]
    ?.markets[0]?.outcomes[0]?.price;
const table = async (slug: string) =>
  (await listStandings(database.db, leagueId(slug))).map((r) => [r.team, r.points]);
const players = async (slug: string) =>
  (
    await database.db
      .select({ kind: playerStats.kind, nick: playerStats.nick, total: playerStats.total })
      .from(playerStats)
      .where(eq(playerStats.leagueId, leagueId(slug)))
      .orderBy(asc(playerStats.kind), asc(playerStats.rank))
  ).map((r) => `${r.kind}:${r.nick}:${r.total}`);

describe('storeMatches across providers', () => {
  it("attaches an odds provider's prices to the match the matches provider stored", async () => {
    const { provider, data } = createScriptedProvider();
    const fixture = match('football-data:501', UNITED, FULHAM, '2026-11-21T15:00:00Z', {
      phase: 'live',
      minute: '30',
      homeScore: 1,
      awayScore: 0,
    });
    data.matches = [fixture];
    await runSyncMatches({ db: database.db, provider, now: NOW, timeZone: TIME_ZONE });
    const [stored] = await storedMatches();

    // The odds upstream has its own id and a kick-off a few minutes off.
    data.odds = [odds(match('odds-api:ev-77', UNITED, FULHAM, '2026-11-21T15:05:00Z'), 1.9)];
    const sync = {
      db: database.db,
      provider,
      now: NOW,
      timeZone: TIME_ZONE,
      kinds: ['odds'] as const,
    };
    expect(await runSyncLeagueData(sync)).toEqual({ failures: [], deferred: [] });

    expect(await storedMatches()).toEqual([
      {
        id: stored?.id,
        externalId: 'football-data:501',
        status: 'live',
        homeScore: 1,
        awayScore: 0,
        kickoffUtc: new Date('2026-11-21T15:00:00Z'),
      },
    ]);
    const prices = await storedMarkets();
    expect(prices.map((m) => [m.matchId, m.type])).toEqual([
      [stored?.id, 'h2h'],
      [stored?.id, 'totals'],
    ]);

    // A later odds poll updates the same row's prices and still adds no match.
    data.odds = [odds(match('odds-api:ev-77', UNITED, FULHAM, '2026-11-21T15:05:00Z'), 2.05)];
    await runSyncLeagueData(sync);
    expect(await storedMatches()).toHaveLength(1);
    const updated = await storedMarkets();
    expect(updated).toHaveLength(2);
    expect(updated.every((m) => m.matchId === stored?.id)).toBe(true);
    expect(homePrice(updated[0]?.data)).toBe(2.05);
  });

  it('lets the matches provider take over a fixture first stored from odds', async () => {
    const { provider, data } = createScriptedProvider();
    data.odds = [odds(match('odds-api:ev-9', ARSENAL, FULHAM, '2026-11-21T19:00:00Z'), 1.5)];
    const oddsSync = {
      db: database.db,
      provider,
      now: NOW,
      timeZone: TIME_ZONE,
      kinds: ['odds'] as const,
    };
    await runSyncLeagueData(oddsSync);
    const [fromOdds] = await storedMatches();
    expect(fromOdds?.externalId).toBe('odds-api:ev-9');

    data.matches = [match('football-data:777', ARSENAL, FULHAM, '2026-11-21T19:00:00Z')];
    await runSyncMatches({ db: database.db, provider, now: NOW, timeZone: TIME_ZONE });

    const afterTakeOver = await storedMatches();
    expect(afterTakeOver).toEqual([
      {
        id: fromOdds?.id,
        externalId: 'football-data:777',
        status: 'scheduled',
        homeScore: null,
        awayScore: null,
        kickoffUtc: new Date('2026-11-21T19:00:00Z'),
      },
    ]);
    expect((await storedMarkets()).map((m) => m.matchId)).toEqual([fromOdds?.id, fromOdds?.id]);

    // Both providers keep polling: still one row, the odds on it, the score from the matches.
    data.matches = [
      match('football-data:777', ARSENAL, FULHAM, '2026-11-21T19:00:00Z', {
        phase: 'live',
        minute: '12',
        homeScore: 0,
        awayScore: 1,
      }),
    ];
    data.odds = [odds(match('odds-api:ev-9', ARSENAL, FULHAM, '2026-11-21T19:00:00Z'), 2.6)];
    await runSyncMatches({ db: database.db, provider, now: NOW, timeZone: TIME_ZONE });
    await runSyncLeagueData(oddsSync);
    await runSyncMatches({ db: database.db, provider, now: NOW, timeZone: TIME_ZONE });

    const rows = await storedMatches();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      id: fromOdds?.id,
      externalId: 'football-data:777',
      status: 'live',
      homeScore: 0,
      awayScore: 1,
    });
    const prices = await storedMarkets();
    expect(prices.map((m) => m.matchId)).toEqual([fromOdds?.id, fromOdds?.id]);
    expect(homePrice(prices[0]?.data)).toBe(2.6);
  });

  it('keeps two fixtures of the same clubs apart when their kick-offs are days apart', async () => {
    const { provider, data } = createScriptedProvider();
    data.matches = [match('football-data:1', UNITED, FULHAM, '2026-11-21T15:00:00Z')];
    await runSyncMatches({ db: database.db, provider, now: NOW, timeZone: TIME_ZONE });
    data.odds = [odds(match('odds-api:later', UNITED, FULHAM, '2026-11-28T15:00:00Z'), 2.2)];
    await runSyncLeagueData({
      db: database.db,
      provider,
      now: NOW,
      timeZone: TIME_ZONE,
      kinds: ['odds'],
    });
    const rows = await storedMatches();
    expect(rows.map((r) => r.externalId)).toEqual(['football-data:1', 'odds-api:later']);
    expect((await storedMarkets()).map((m) => m.matchId)).toEqual([rows[1]?.id, rows[1]?.id]);
  });
});

describe('runSyncLeagueData', () => {
  const fill = (data: ReturnType<typeof createScriptedProvider>['data'], round: number) => {
    data.standings = {
      'premier-league': [standing(ARSENAL, 1, 30 + round), standing(UNITED, 2, 20 + round)],
      'la-liga': [standing(BARCA, 1, 33 + round), standing(GIRONA, 2, 25 + round)],
    };
    data.players = {
      'premier-league': { goals: [scorer(ARSENAL, 'Saka', 8 + round)], assists: [] },
      'la-liga': { goals: [scorer(BARCA, 'Yamal', 9 + round)], assists: [] },
    };
    data.transfers = {
      'premier-league': [transfer(UNITED, `Signing ${round}`)],
      'la-liga': [transfer(GIRONA, `Fichaje ${round}`)],
    };
  };

  it('reports a kind that fails for one league and keeps what was stored for it', async () => {
    const { provider, data, failing } = createScriptedProvider();
    const deps = { db: database.db, provider, now: NOW, timeZone: TIME_ZONE };
    fill(data, 0);
    expect(await runSyncLeagueData(deps)).toEqual({ failures: [], deferred: [] });

    fill(data, 1);
    failing.add('standings:premier-league');
    failing.add('players:la-liga');
    failing.add('teams:bundesliga');
    const { failures } = await runSyncLeagueData(deps);

    expect(failures.map((f) => [f.kind, f.league, (f.error as Error).message])).toEqual([
      ['standings', 'premier-league', 'besoccer: HTTP 503 for standings of premier-league'],
      ['players', 'la-liga', 'besoccer: HTTP 503 for players of la-liga'],
      ['teams', 'bundesliga', 'besoccer: HTTP 503 for teams of bundesliga'],
    ]);
    // The failed ones keep round 0; everything else moved to round 1.
    expect(await table('premier-league')).toEqual([
      ['Arsenal', 30],
      ['Man United', 20],
    ]);
    expect(await table('la-liga')).toEqual([
      ['Barcelona', 34],
      ['Girona', 26],
    ]);
    expect(await players('premier-league')).toEqual(['goals:Saka:9']);
    expect(await players('la-liga')).toEqual(['goals:Yamal:9']);
    const moved = await database.db
      .select({ name: transfers.playerName })
      .from(transfers)
      .orderBy(asc(transfers.playerName));
    expect(moved.map((t) => t.name)).toEqual(['Fichaje 1', 'Signing 1']);
  });

  it('reports a read quota planning put off apart, as deferred, and keeps what was stored', async () => {
    const { provider, data } = createScriptedProvider();
    const deps = { db: database.db, provider, now: NOW, timeZone: TIME_ZONE };
    fill(data, 0);
    await runSyncLeagueData(deps);

    fill(data, 1);
    const until = new Date('2026-11-22T00:00:00Z');
    const deferral = new QuotaDeferral(
      'api-football',
      'transfers of la-liga wait for another day: 21 needed, 40 left, 30 kept',
      until,
    );
    provider.listTransfers.mockImplementation(async (league: string) => {
      if (league === 'la-liga') throw deferral;
      return data.transfers[league] ?? [];
    });
    const result = await runSyncLeagueData(deps);

    expect(result).toEqual({
      failures: [],
      deferred: [{ kind: 'transfers', league: 'la-liga', deferral }],
    });
    const moved = await database.db
      .select({ name: transfers.playerName })
      .from(transfers)
      .orderBy(asc(transfers.playerName));
    expect(moved.map((t) => t.name)).toEqual(['Fichaje 0', 'Signing 1']);
  });

  it('does not write an empty table or empty player lists over stored ones', async () => {
    const { provider, data } = createScriptedProvider();
    const deps = { db: database.db, provider, now: NOW, timeZone: TIME_ZONE };
    fill(data, 0);
    await runSyncLeagueData(deps);

    data.standings = { 'premier-league': [], 'la-liga': [] };
    data.players = {};
    expect(await runSyncLeagueData(deps)).toEqual({ failures: [], deferred: [] });

    expect(await table('premier-league')).toEqual([
      ['Arsenal', 30],
      ['Man United', 20],
    ]);
    expect(await players('la-liga')).toEqual(['goals:Yamal:9']);
  });

  it('syncs only the given kinds, and never a kind the provider does not offer', async () => {
    const { provider, data } = createScriptedProvider(['matches', 'standings', 'players']);
    fill(data, 0);
    data.odds = [odds(match('odds-api:ev-1', UNITED, FULHAM, '2026-11-28T15:00:00Z'), 2)];

    await runSyncLeagueData({
      db: database.db,
      provider,
      now: NOW,
      timeZone: TIME_ZONE,
      kinds: ['players', 'odds', 'transfers'],
    });
    expect(provider.getTopPlayers).toHaveBeenCalledTimes(5);
    expect(provider.getStandings).not.toHaveBeenCalled();
    expect(provider.listOdds).not.toHaveBeenCalled();
    expect(provider.listTransfers).not.toHaveBeenCalled();
    expect(await players('premier-league')).toEqual(['goals:Saka:8']);
    expect(await table('premier-league')).toEqual([]);

    await runSyncLeagueData({ db: database.db, provider, now: NOW, timeZone: TIME_ZONE });
    expect(provider.getStandings).toHaveBeenCalledTimes(5);
    expect(provider.listOdds).not.toHaveBeenCalled();
    expect(provider.listTransfers).not.toHaveBeenCalled();
    expect(await table('la-liga')).toEqual([
      ['Barcelona', 33],
      ['Girona', 25],
    ]);
    expect(await storedMatches()).toEqual([]);
  });
});
