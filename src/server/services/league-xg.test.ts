import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { createMatchFacts, createShot } from '../../../tests/helpers/match-facts.ts';
import { storeMatches, type StoredMatchInput } from '../../../tests/helpers/stored-matches.ts';
import { createTestDb, type TestDatabase } from '../../../tests/helpers/test-db.ts';
import type { LeagueXg } from '../../domain/api/league-xg.ts';
import type { League } from '../../domain/league.ts';
import type { MatchFacts } from '../../domain/match-facts.ts';
import { listLeagues } from '../db/leagues-queries.ts';
import { writeMatchFacts } from '../db/match-facts-queries.ts';
import { upsertTeams } from '../db/teams-queries.ts';
import { createResponseCache } from '../http/response-cache.ts';
import { createLeagueXg } from './league-xg.ts';

const NOW = new Date('2026-11-21T15:30:00Z');
const DAY_MS = 86_400_000;
const CLUBS = ['aachen', 'bochum', 'cottbus', 'essen'];

let database: TestDatabase;
let bundesliga: League;
beforeEach(async () => {
  database = await createTestDb();
  await upsertTeams(database.db, [
    ...CLUBS.map((key) => ({
      key,
      leagueSlug: 'bundesliga',
      name: key[0]!.toUpperCase() + key.slice(1),
      shortName: key.slice(0, 3).toUpperCase(),
      logoUrl: `/img/crest/${key}.svg`,
    })),
    { key: 'lens', leagueSlug: 'ligue-1', name: 'Lens', shortName: 'RCL', logoUrl: null },
    { key: 'lille', leagueSlug: 'ligue-1', name: 'Lille', shortName: 'LIL', logoUrl: null },
  ]);
  const league = (await listLeagues(database.db)).find((l) => l.slug === 'bundesliga');
  if (league === undefined) throw new Error('no Bundesliga');
  bundesliga = league;
});
afterEach(async () => {
  await database.close();
});

type Stored = Omit<StoredMatchInput, 'id' | 'kickoff'> & { daysAgo: number; facts?: MatchFacts };

/** Stores the matches (Bundesliga unless said) and the facts of those that have them. */
async function store(list: Stored[]): Promise<void> {
  const inputs = list.map((m, i) => ({
    ...m,
    id: `replay:x${i}:${m.home}:${m.away}`,
    league: m.league ?? 'bundesliga',
    kickoff: new Date(NOW.getTime() - m.daysAgo * DAY_MS),
  }));
  const ids = await storeMatches(database.db, inputs);
  await writeMatchFacts(
    database.db,
    new Map(
      inputs.flatMap((m, i) => {
        const facts = list[i]?.facts;
        return facts === undefined ? [] : [[ids.get(m.id) as number, facts] as const];
      }),
    ),
  );
}

async function readTable(now = NOW): Promise<LeagueXg> {
  const service = createLeagueXg({
    db: database.db,
    cache: createResponseCache({ ttlMs: 0 }),
    now: () => now,
  });
  return JSON.parse((await service.get(bundesliga)).body.toString()) as LeagueXg;
}

const { home, away } = {
  home: (player: string, xg: number, goal = true) =>
    createShot('home', player, xg, goal ? 'goal' : 'missed'),
  away: (player: string, xg: number, goal = true) =>
    createShot('away', player, xg, goal ? 'goal' : 'missed'),
};

describe('createLeagueXg', () => {
  it('adds up xG, points and expected points per club, ordered by points then xG difference', async () => {
    await store([
      // Aachen's one chance of 0.5 against no shot: a win half the time, else a draw.
      {
        home: 'aachen',
        away: 'bochum',
        phase: 'finished',
        score: [1, 0],
        daysAgo: 20,
        facts: createMatchFacts([home('A', 0.5)], [0.5, 0]),
      },
      // Two chances of 0.5 a side: 0, 1 or 2 goals with 1/4, 1/2, 1/4; a draw 3/8 of the time.
      {
        home: 'bochum',
        away: 'cottbus',
        phase: 'finished',
        score: [2, 2],
        daysAgo: 13,
        facts: createMatchFacts(
          [home('B', 0.5), home('B', 0.5), away('C', 0.5), away('C', 0.5)],
          [1, 1],
        ),
      },
      // No shots recorded: Poisson goals on the statistics' xG (0 and 2).
      {
        home: 'cottbus',
        away: 'aachen',
        phase: 'finished',
        score: [0, 3],
        daysAgo: 6,
        facts: createMatchFacts(null, [0, 2]),
      },
      // Left out: no facts, facts without xG, last season, not finished, another league.
      { home: 'essen', away: 'aachen', phase: 'finished', score: [4, 0], daysAgo: 5 },
      {
        home: 'aachen',
        away: 'essen',
        phase: 'finished',
        score: [0, 1],
        daysAgo: 4,
        facts: createMatchFacts([], null),
      },
      {
        home: 'essen',
        away: 'bochum',
        phase: 'finished',
        score: [0, 1],
        daysAgo: 200,
        facts: createMatchFacts([away('B', 0.9)], [0.1, 0.9]),
      },
      {
        home: 'essen',
        away: 'cottbus',
        phase: 'live',
        score: [3, 0],
        daysAgo: 0,
        facts: createMatchFacts([home('E', 0.9)], [2.9, 0.1]),
      },
      {
        league: 'ligue-1',
        home: 'lens',
        away: 'lille',
        phase: 'finished',
        score: [1, 0],
        daysAgo: 3,
        facts: createMatchFacts([home('L', 0.3)], [0.3, 0]),
      },
    ]);

    const table = await readTable();
    expect(table.league).toBe('bundesliga');
    // Cottbus's expected points at home to Aachen: the draw's chance, no goal from 2 xG.
    const cottbusDraw = Math.exp(-2);
    expect(table.rows).toEqual([
      {
        team: { key: 'aachen', name: 'Aachen', short_name: 'AAC', shield: '/img/crest/aachen.svg' },
        matches: 2,
        xg_for: 2.5,
        xg_against: 0,
        xg_difference: 2.5,
        points: 6,
        // 0.5·3 + 0.5, then 3·(1 - e^-2) + e^-2.
        expected_points: 4.73,
        points_difference: 1.27,
      },
      {
        team: expect.objectContaining({ key: 'bochum', short_name: 'BOC' }),
        matches: 2,
        xg_for: 1,
        xg_against: 1.5,
        xg_difference: -0.5,
        points: 1,
        // 0.5 against Aachen, then 3·5/16 + 3/8 = 1.3125.
        expected_points: 1.81,
        points_difference: -0.81,
      },
      {
        team: expect.objectContaining({ key: 'cottbus' }),
        matches: 2,
        xg_for: 1,
        xg_against: 3,
        xg_difference: -2,
        points: 1,
        expected_points: Math.round((1.3125 + cottbusDraw) * 100) / 100,
        points_difference: Math.round((1 - 1.3125 - cottbusDraw) * 100) / 100,
      },
    ]);
  });

  it('answers no rows when no finished match of the season records xG', async () => {
    await store([
      { home: 'aachen', away: 'bochum', phase: 'finished', score: [1, 0], daysAgo: 2 },
      {
        home: 'bochum',
        away: 'aachen',
        phase: 'finished',
        score: [1, 0],
        daysAgo: 1,
        facts: createMatchFacts(null, null),
      },
    ]);
    expect(await readTable()).toEqual({ league: 'bundesliga', rows: [] });
  });

  it("counts the season of the site's clock: last season's matches in last season's table", async () => {
    await store([
      {
        home: 'essen',
        away: 'bochum',
        phase: 'finished',
        score: [0, 1],
        daysAgo: 200,
        facts: createMatchFacts([away('B', 0.9)], [0.1, 0.9]),
      },
    ]);
    expect((await readTable()).rows).toEqual([]);
    const lastSeason = await readTable(new Date('2026-05-01T12:00:00Z'));
    expect(lastSeason.rows.map((r) => [r.team.key, r.points, r.xg_for])).toEqual([
      ['bochum', 3, 0.9],
      ['essen', 0, 0.1],
    ]);
  });
});
