import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { storeMatches, storeOdds } from '../../../tests/helpers/stored-matches.ts';
import { createTestDb, type TestDatabase } from '../../../tests/helpers/test-db.ts';
import type { Db } from '../db/client.ts';
import { listLeagues } from '../db/leagues-queries.ts';
import { historyMatches, teams } from '../db/schema.ts';
import { createLiveForecastInputs } from './forecast-inputs.ts';

const NOW = new Date('2026-10-17T09:00:00Z');
const HOUR = 60 * 60 * 1000;

/** Clubs as clubs.csv gives them: the key, and the name the history's results use. */
const CLUBS = [
  { key: 'arsenal', results: 'Arsenal', league: 'premier-league' },
  { key: 'chelsea', results: 'Chelsea', league: 'premier-league' },
  { key: 'manchester-city', results: 'Man City', league: 'premier-league' },
  { key: 'burnley', results: 'Burnley', league: 'premier-league' },
  { key: 'barcelona', results: 'Barcelona', league: 'la-liga' },
  { key: 'girona', results: 'Girona', league: 'la-liga' },
];

async function insertClubs(db: Db): Promise<void> {
  const leagueIds = new Map((await listLeagues(db)).map((l) => [l.slug, l.id]));
  await db.insert(teams).values(
    CLUBS.map((club) => ({
      key: club.key,
      leagueId: leagueIds.get(club.league) as number,
      name: club.results,
      shortName: club.results.slice(0, 3).toUpperCase(),
      aliases: { results: club.results, understat: [], transfermarkt: [] },
    })),
  );
}

async function insertHistory(
  db: Db,
  rows: { div?: string; season: string; date: string; home: string; away: string }[],
): Promise<void> {
  await db.insert(historyMatches).values(
    rows.map((row) => ({
      div: row.div ?? 'E0',
      season: row.season,
      date: row.date,
      time: '15:00',
      home: row.home,
      away: row.away,
      homeGoals: 1,
      awayGoals: 0,
      odds: { AvgH: 2, AvgD: 3.5, AvgA: 4, B365H: 2.1, B365D: 3.4, B365A: 3.9 },
    })),
  );
}

describe('createLiveForecastInputs', () => {
  let database: TestDatabase;

  beforeEach(async () => {
    database = await createTestDb();
    await insertClubs(database.db);
  });

  afterEach(async () => {
    await database.close();
  });

  it('learns the whole history, then the finished stored matches, oldest first, each once', async () => {
    const { db } = database;
    await insertHistory(db, [
      // Five seasons, all learnt (a limit of four leaves out the oldest: see below).
      { season: '2021-2022', date: '2021-09-11', home: 'Arsenal', away: 'Chelsea' },
      { season: '2022-2023', date: '2022-09-10', home: 'Arsenal', away: 'Chelsea' },
      { season: '2023-2024', date: '2023-09-09', home: 'Chelsea', away: 'Arsenal' },
      { season: '2025-2026', date: '2026-05-24', home: 'Burnley', away: 'Man City' },
      { season: '2024-2025', date: '2024-09-14', home: 'Arsenal', away: 'Chelsea' },
      { div: 'SP1', season: '2025-2026', date: '2025-08-17', home: 'Girona', away: 'Barcelona' },
    ]);
    await storeMatches(db, [
      // The history holds this one already: it is learnt once, as the history has it.
      {
        id: '1',
        home: 'burnley',
        away: 'manchester-city',
        kickoff: new Date('2026-05-24T15:00:00Z'),
        phase: 'finished',
        score: [4, 4],
      },
      {
        id: '3',
        home: 'chelsea',
        away: 'arsenal',
        kickoff: new Date('2026-10-04T13:00:00Z'),
        phase: 'finished',
        score: [2, 2],
      },
      {
        id: '2',
        league: 'la-liga',
        home: 'barcelona',
        away: 'girona',
        kickoff: new Date('2026-08-16T19:00:00Z'),
        phase: 'finished',
        score: [3, 0],
      },
      // Not over, or no score: not learnt.
      {
        id: '4',
        home: 'arsenal',
        away: 'burnley',
        kickoff: new Date(NOW.getTime() - HOUR),
        phase: 'live',
        score: [1, 0],
      },
      {
        id: '5',
        home: 'arsenal',
        away: 'manchester-city',
        kickoff: new Date('2026-10-10T13:00:00Z'),
        phase: 'finished',
        score: null,
      },
    ]);

    const { played, inPlaySinceMs } = await createLiveForecastInputs({ db })(NOW);

    expect(played.map((r) => r.id)).toEqual([
      'E0:2021-2022:arsenal:chelsea',
      'E0:2022-2023:arsenal:chelsea',
      'E0:2023-2024:chelsea:arsenal',
      'E0:2024-2025:arsenal:chelsea',
      'SP1:2025-2026:girona:barcelona',
      'E0:2025-2026:burnley:manchester-city',
      'SP1:2026-2027:barcelona:girona',
      'E0:2026-2027:chelsea:arsenal',
    ]);
    const kickoffs = played.map((r) => r.kickoffMs);
    expect(kickoffs).toEqual([...kickoffs].sort((a, b) => a - b));
    expect(played.find((r) => r.id === 'E0:2025-2026:burnley:manchester-city')).toMatchObject({
      homeGoals: 1,
      awayGoals: 0,
      preClosing: { home: 2, draw: 3.5, away: 4 },
    });
    expect(played.find((r) => r.id === 'E0:2026-2027:chelsea:arsenal')).toMatchObject({
      league: 'E0',
      season: '2026-2027',
      homeKey: 'chelsea',
      awayKey: 'arsenal',
      homeGoals: 2,
      awayGoals: 2,
      kickoffMs: Date.parse('2026-10-04T13:00:00Z'),
    });
    // Arsenal v Burnley is being played: results from its kick-off on may be incomplete.
    expect(inPlaySinceMs).toBe(NOW.getTime() - HOUR);

    const limited = await createLiveForecastInputs({ db, historySeasons: 4 })(NOW);
    expect(limited.played.map((r) => r.id)).toEqual(played.map((r) => r.id).slice(1));
  });

  it('gives a finished match the prices stored before its kick-off', async () => {
    const { db } = database;
    const ids = await storeMatches(db, [
      {
        id: '1',
        home: 'arsenal',
        away: 'chelsea',
        kickoff: new Date('2026-10-04T13:00:00Z'),
        phase: 'finished',
        score: [1, 0],
      },
      {
        id: '2',
        home: 'burnley',
        away: 'manchester-city',
        kickoff: new Date('2026-10-04T15:00:00Z'),
        phase: 'finished',
        score: [0, 2],
      },
    ]);
    await storeOdds(
      db,
      ids.get('football-data:1') as number,
      { h2h: [1.9, 3.5, 4.2], totals: [1.8, 2.05] },
      new Date('2026-10-04T12:00:00Z'),
    );
    // Written once the match was under way: not a pre-kick-off price.
    await storeOdds(
      db,
      ids.get('football-data:2') as number,
      { h2h: [9, 5, 1.3] },
      new Date('2026-10-04T15:30:00Z'),
    );

    const { played } = await createLiveForecastInputs({ db })(NOW);

    expect(played.map((r) => [r.id, r.preClosing])).toEqual([
      [
        'E0:2026-2027:arsenal:chelsea',
        { home: 1.9, draw: 3.5, away: 4.2, over25: 1.8, under25: 2.05 },
      ],
      ['E0:2026-2027:burnley:manchester-city', {}],
    ]);
  });

  it("forecasts each league's next stored matches with their latest stored prices, none without", async () => {
    const { db } = database;
    const ids = await storeMatches(db, [
      { id: '1', home: 'arsenal', away: 'chelsea', kickoff: new Date(NOW.getTime() + 5 * HOUR) },
      {
        id: '2',
        home: 'burnley',
        away: 'manchester-city',
        kickoff: new Date(NOW.getTime() + 3 * HOUR),
      },
      {
        id: '3',
        league: 'la-liga',
        home: 'girona',
        away: 'barcelona',
        kickoff: new Date(NOW.getTime() + 4 * HOUR),
      },
      // Kicked off already, or put off: not forecast.
      { id: '4', home: 'chelsea', away: 'burnley', kickoff: new Date(NOW.getTime() - HOUR) },
      {
        id: '5',
        home: 'manchester-city',
        away: 'arsenal',
        kickoff: new Date(NOW.getTime() + 6 * HOUR),
        phase: 'postponed',
      },
    ]);
    const arsenalChelsea = ids.get('football-data:1') as number;
    await storeOdds(db, arsenalChelsea, { h2h: [2.5, 3.3, 3] }, new Date(NOW.getTime() - 9 * HOUR));
    // The odds sync wrote newer prices over the first ones.
    await storeOdds(
      db,
      arsenalChelsea,
      { h2h: [2.2, 3.4, 3.5], totals: [1.75, 2.1] },
      new Date(NOW.getTime() - HOUR),
    );

    const { upcoming } = await createLiveForecastInputs({ db })(NOW);

    expect(upcoming).toEqual([
      {
        externalId: 'football-data:2',
        id: 'E0:2026-2027:burnley:manchester-city',
        league: 'E0',
        season: '2026-2027',
        kickoffMs: NOW.getTime() + 3 * HOUR,
        homeKey: 'burnley',
        awayKey: 'manchester-city',
        preClosing: {},
      },
      {
        externalId: 'football-data:3',
        id: 'SP1:2026-2027:girona:barcelona',
        league: 'SP1',
        season: '2026-2027',
        kickoffMs: NOW.getTime() + 4 * HOUR,
        homeKey: 'girona',
        awayKey: 'barcelona',
        preClosing: {},
      },
      {
        externalId: 'football-data:1',
        id: 'E0:2026-2027:arsenal:chelsea',
        league: 'E0',
        season: '2026-2027',
        kickoffMs: NOW.getTime() + 5 * HOUR,
        homeKey: 'arsenal',
        awayKey: 'chelsea',
        preClosing: { home: 2.2, draw: 3.4, away: 3.5, over25: 1.75, under25: 2.1 },
      },
    ]);
  });

  it("forecasts only each league's first matches", async () => {
    const { db } = database;
    await storeMatches(db, [
      { id: '1', home: 'arsenal', away: 'chelsea', kickoff: new Date(NOW.getTime() + 2 * HOUR) },
      { id: '2', home: 'burnley', away: 'chelsea', kickoff: new Date(NOW.getTime() + HOUR) },
      {
        id: '3',
        league: 'la-liga',
        home: 'girona',
        away: 'barcelona',
        kickoff: new Date(NOW.getTime() + 3 * HOUR),
      },
    ]);
    const { upcoming } = await createLiveForecastInputs({ db, upcomingPerLeague: 1 })(NOW);
    expect(upcoming.map((r) => r.externalId)).toEqual(['football-data:2', 'football-data:3']);
  });

  it('learns nothing played after now, even from the history', async () => {
    const { db } = database;
    await insertHistory(db, [
      { season: '2025-2026', date: '2025-09-13', home: 'Arsenal', away: 'Chelsea' },
      { season: '2025-2026', date: '2026-05-24', home: 'Chelsea', away: 'Arsenal' },
    ]);
    const inputs = createLiveForecastInputs({ db });
    const before = await inputs(new Date('2026-01-01T00:00:00Z'));
    expect(before.played.map((r) => r.id)).toEqual(['E0:2025-2026:arsenal:chelsea']);
    const after = await inputs(NOW);
    expect(after.played.map((r) => r.id)).toEqual([
      'E0:2025-2026:arsenal:chelsea',
      'E0:2025-2026:chelsea:arsenal',
    ]);
  });

  it("leaves out the replay's stored matches: a past season replayed on today's dates", async () => {
    const { db } = database;
    await storeMatches(db, [
      {
        id: 'replay:2022-2023:0:E0:arsenal:chelsea',
        home: 'arsenal',
        away: 'chelsea',
        kickoff: new Date(NOW.getTime() - 2 * HOUR),
        phase: 'finished',
        score: [3, 1],
      },
      {
        id: 'replay:2022-2023:0:E0:burnley:chelsea',
        home: 'burnley',
        away: 'chelsea',
        kickoff: new Date(NOW.getTime() + 2 * HOUR),
      },
      {
        id: 'odds-api:abc',
        home: 'burnley',
        away: 'manchester-city',
        kickoff: new Date(NOW.getTime() + 3 * HOUR),
      },
      {
        id: 'besoccer:77',
        home: 'chelsea',
        away: 'burnley',
        kickoff: new Date(NOW.getTime() - 3 * HOUR),
        phase: 'finished',
        score: [0, 0],
      },
    ]);
    const { played, upcoming } = await createLiveForecastInputs({ db })(NOW);
    expect(played.map((r) => r.id)).toEqual(['E0:2026-2027:chelsea:burnley']);
    expect(upcoming.map((r) => r.externalId)).toEqual(['odds-api:abc']);
  });
});
