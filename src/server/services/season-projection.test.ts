import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { storeMatches } from '../../../tests/helpers/stored-matches.ts';
import { createTestDb, type TestDatabase } from '../../../tests/helpers/test-db.ts';
import {
  SeasonProjectionSchema,
  type SeasonProjection,
} from '../../domain/api/season-projection.ts';
import { computeStandings } from '../../domain/standings.ts';
import { listLeagues } from '../db/leagues-queries.ts';
import { findSeasonProjection } from '../db/season-projections-queries.ts';
import { replaceStandings } from '../db/standings-queries.ts';
import { getTeamIdsByKey, upsertTeams } from '../db/teams-queries.ts';
import { createResponseCache } from '../http/response-cache.ts';
import { createDixonColes } from '../predict/dixon-coles.ts';
import type { Fixture, Forecast } from '../predict/model.ts';
import { getScoreForecast } from '../predict/score-grid.ts';
import { createSeasonProjections, runSeasonProjection } from './season-projection.ts';

const NOW = new Date('2026-11-21T15:30:00Z');
const HOUR_MS = 3_600_000;
/** A Bundesliga of six clubs: 4 Champions League places, 2 relegated, 1 play-off (2026-27). */
const CLUBS = ['aachen', 'bochum', 'cottbus', 'duisburg', 'essen', 'fuerth'];
const LEAGUE = 'bundesliga';

type Result = { home: string; away: string; score: [number, number] };

let database: TestDatabase;
beforeEach(async () => {
  database = await createTestDb();
  await upsertTeams(
    database.db,
    CLUBS.map((key) => ({
      key,
      leagueSlug: LEAGUE,
      name: key[0]!.toUpperCase() + key.slice(1),
      shortName: key.slice(0, 3).toUpperCase(),
      logoUrl: `/img/crest/${key}.svg`,
    })),
  );
});
afterEach(async () => {
  await database.close();
});

/** Every pairing home and away: the 30 matches of the six clubs' season. */
const PAIRINGS = CLUBS.flatMap((home) =>
  CLUBS.filter((away) => away !== home).map((away) => ({ home, away })),
);

/** Stores the results (finished, before now) and the table they make. */
async function storeResults(results: Result[]): Promise<void> {
  await storeMatches(
    database.db,
    results.map((r, i) => ({
      id: `replay:r${i}:${r.home}:${r.away}`,
      league: LEAGUE,
      home: r.home,
      away: r.away,
      kickoff: new Date(NOW.getTime() - (results.length - i) * 24 * HOUR_MS),
      phase: 'finished',
      score: r.score,
    })),
  );
  await storeTable(results);
}

/** Stores the table the results make, as the league data sync stores the provider's. */
async function storeTable(results: Result[]): Promise<void> {
  const ids = await getTeamIdsByKey(database.db, CLUBS);
  const table = computeStandings(
    CLUBS.map((key) => ({ id: ids.get(key)!, name: key, shield: '' })),
    results.map((r) => ({
      homeId: ids.get(r.home)!,
      awayId: ids.get(r.away)!,
      home: r.score[0],
      away: r.score[1],
    })),
  );
  const [league] = (await listLeagues(database.db)).filter((l) => l.slug === LEAGUE);
  await replaceStandings(
    database.db,
    league!.id,
    table.map((row) => ({
      teamId: row.id,
      pos: row.pos,
      wins: row.wins,
      draws: row.draws,
      losses: row.losses,
      goalsFor: row.goals_for ?? 0,
      goalsAgainst: row.goals_against ?? 0,
      points: row.points,
    })),
    NOW,
  );
}

/** Stores fixtures to come, a day apart from tomorrow on. */
async function storeFixtures(pairings: { home: string; away: string }[]): Promise<void> {
  await storeMatches(
    database.db,
    pairings.map((p, i) => ({
      id: `replay:f${i}:${p.home}:${p.away}`,
      league: LEAGUE,
      home: p.home,
      away: p.away,
      kickoff: new Date(NOW.getTime() + (i + 1) * 24 * HOUR_MS),
    })),
  );
}

/** The first 12 pairings played (each home side winning 2-1), the other 18 to come. */
async function storeHalfSeason(): Promise<void> {
  await storeResults(PAIRINGS.slice(0, 12).map((p) => ({ ...p, score: [2, 1] })));
  await storeFixtures(PAIRINGS.slice(12));
}

/** Fixed expected goals: aachen much the strongest, home sides a little better. */
const fixedForecast = (fixture: Fixture): Forecast =>
  getScoreForecast(
    fixture.home === 'aachen' ? 2.8 : fixture.away === 'aachen' ? 0.6 : 1.4,
    fixture.away === 'aachen' ? 2.4 : fixture.home === 'aachen' ? 0.5 : 1.1,
    -0.05,
  );

async function readBody(): Promise<SeasonProjection> {
  const row = await findSeasonProjection(database.db, LEAGUE);
  return SeasonProjectionSchema.parse(row?.body);
}

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

describe('runSeasonProjection', () => {
  it('simulates the rest of the season and stores chances that add up to the places', async () => {
    await storeHalfSeason();
    const asked: Fixture[] = [];
    const outcomes = await runSeasonProjection({
      db: database.db,
      now: NOW,
      forecastMatch: (fixture) => {
        asked.push(fixture);
        return fixedForecast(fixture);
      },
    });
    expect(outcomes).toEqual([
      { league: 'premier-league', status: 'no-table' },
      { league: 'la-liga', status: 'no-table' },
      { league: 'serie-a', status: 'no-table' },
      { league: LEAGUE, status: 'written' },
      { league: 'ligue-1', status: 'no-table' },
    ]);
    expect(asked).toHaveLength(18);
    expect(asked[0]).toMatchObject({
      league: 'D1',
      season: '2026-2027',
      home: PAIRINGS[12]!.home,
      away: PAIRINGS[12]!.away,
      kickoffMs: NOW.getTime() + 24 * HOUR_MS,
    });

    const body = await readBody();
    expect(body).toMatchObject({
      league: LEAGUE,
      season: '2026-2027',
      simulations: 10_000,
      matches_played: 12,
      matches_remaining: 18,
      computed_at: NOW.toISOString(),
      places: { champions_league: 4, relegation: 2, relegation_playoff: 1 },
    });
    const { rows } = body;
    expect(rows.map((r) => r.team.key).sort()).toEqual(CLUBS);
    expect(Math.abs(sum(rows.map((r) => r.title)) - 1)).toBeLessThanOrEqual(0.001);
    expect(Math.abs(sum(rows.map((r) => r.champions_league)) - 4)).toBeLessThanOrEqual(0.001);
    expect(Math.abs(sum(rows.map((r) => r.relegation)) - 2)).toBeLessThanOrEqual(0.001);
    expect(Math.abs(sum(rows.map((r) => r.relegation_playoff)) - 1)).toBeLessThanOrEqual(0.001);
    expect(rows.map((r) => r.expected_points)).toEqual(
      [...rows.map((r) => r.expected_points)].sort((a, b) => b - a),
    );
    expect(rows[0]).toMatchObject({
      team: { key: 'aachen', name: 'Aachen', shield: '/img/crest/aachen.svg' },
    });
    expect(sum(rows.map((r) => r.played))).toBe(24);
    for (const row of rows) expect(row.expected_points).toBeGreaterThanOrEqual(row.points_now);
  });

  it('is the same for the same seed', async () => {
    await storeHalfSeason();
    // Two days apart, so the second run does not keep the first one's projection.
    const run = async (day: number) => {
      await runSeasonProjection({
        db: database.db,
        now: new Date(NOW.getTime() + day * 2 * 24 * HOUR_MS),
        forecastMatch: fixedForecast,
        simulations: 500,
        seed: 7,
      });
      return (await readBody()).rows;
    };
    expect(await run(1)).toEqual(await run(2));
  });

  it('projects from a Dixon-Coles model trained on results: the stronger side ends higher', async () => {
    await storeHalfSeason();
    const model = createDixonColes();
    // Two seasons in which essen beat everyone 3-0 and the others drew 1-1.
    let t = Date.parse('2024-08-01T14:00:00Z');
    for (const season of ['2024-2025', '2025-2026']) {
      for (const { home, away } of PAIRINGS) {
        const essen = home === 'essen' ? [3, 0] : away === 'essen' ? [0, 3] : [1, 1];
        model.learn({
          id: `${season}:${home}:${away}`,
          league: 'D1',
          season,
          kickoffMs: (t += 3 * 24 * HOUR_MS),
          home,
          away,
          homeGoals: essen[0]!,
          awayGoals: essen[1]!,
        });
      }
    }
    await runSeasonProjection({
      db: database.db,
      now: NOW,
      forecastMatch: (fixture) => model.forecast(fixture),
      simulations: 2000,
    });
    const { rows } = await readBody();
    const essen = rows.find((r) => r.team.key === 'essen')!;
    const gained = (r: (typeof rows)[number]) => r.expected_points - r.points_now;
    for (const other of rows.filter((r) => r.team.key !== 'essen')) {
      expect(gained(essen)).toBeGreaterThan(gained(other) + 3);
    }
  });

  it('leaves a fresh projection alone until a result comes in or a day has passed', async () => {
    await storeHalfSeason();
    const run = (hours: number) =>
      runSeasonProjection({
        db: database.db,
        now: new Date(NOW.getTime() + hours * HOUR_MS),
        forecastMatch: fixedForecast,
        simulations: 200,
      });
    const statusOf = async (hours: number) =>
      (await run(hours)).find((o) => o.league === LEAGUE)?.status;
    expect(await statusOf(0)).toBe('written');
    expect(await statusOf(3)).toBe('unchanged');
    expect((await readBody()).computed_at).toBe(NOW.toISOString());
    expect(await statusOf(25)).toBe('written');
    // The next fixture's result changes the table: a new projection at once.
    const next = PAIRINGS[12]!;
    await storeMatches(database.db, [
      {
        id: `replay:f0:${next.home}:${next.away}`,
        league: LEAGUE,
        ...next,
        kickoff: new Date(NOW.getTime() + 24 * HOUR_MS),
        phase: 'finished',
        score: [0, 0],
      },
    ]);
    await storeTable([
      ...PAIRINGS.slice(0, 12).map((p): Result => ({ ...p, score: [2, 1] })),
      { ...next, score: [0, 0] },
    ]);
    expect(await statusOf(26)).toBe('written');
    expect((await readBody()).matches_played).toBe(13);
  });

  it('stores a season that is over as its final table', async () => {
    await storeResults(PAIRINGS.map((p) => ({ ...p, score: p.home < p.away ? [1, 0] : [0, 0] })));
    await runSeasonProjection({ db: database.db, now: NOW, forecastMatch: fixedForecast });
    const body = await readBody();
    expect(body.matches_remaining).toBe(0);
    // aachen beat everyone at home and drew away; fuerth never won.
    expect(body.rows.map((r) => [r.team.key, r.title, r.relegation])).toEqual([
      ['aachen', 1, 0],
      ['bochum', 0, 0],
      ['cottbus', 0, 0],
      ['duisburg', 0, 0],
      ['essen', 0, 1],
      ['fuerth', 0, 1],
    ]);
    expect(body.rows.map((r) => r.expected_points)).toEqual(body.rows.map((r) => r.points_now));
  });

  it('plays postponed fixtures, and passes over matches long past that never finished', async () => {
    await storeResults(PAIRINGS.slice(0, 12).map((p) => ({ ...p, score: [2, 1] })));
    await storeFixtures(PAIRINGS.slice(13));
    await storeMatches(database.db, [
      {
        id: 'replay:postponed',
        league: LEAGUE,
        ...PAIRINGS[12]!,
        kickoff: new Date(NOW.getTime() - 30 * 24 * HOUR_MS),
        phase: 'postponed',
      },
      // A match of an earlier replay cycle whose result was never stored.
      {
        id: 'replay:stale',
        league: LEAGUE,
        ...PAIRINGS[20]!,
        kickoff: new Date(NOW.getTime() - 40 * 24 * HOUR_MS),
      },
    ]);
    await runSeasonProjection({ db: database.db, now: NOW, forecastMatch: fixedForecast });
    expect((await readBody()).matches_remaining).toBe(18);
  });

  it('writes nothing for a season it holds only in part', async () => {
    await storeResults(PAIRINGS.slice(0, 12).map((p) => ({ ...p, score: [2, 1] })));
    // Only the next week's fixtures, as a source that stores the days it polled leaves them.
    await storeFixtures(PAIRINGS.slice(12, 15));
    const partial = await runSeasonProjection({
      db: database.db,
      now: NOW,
      forecastMatch: fixedForecast,
    });
    expect(partial.find((o) => o.league === LEAGUE)?.status).toBe('partial');
    expect(await findSeasonProjection(database.db, LEAGUE)).toBeNull();
  });

  it('writes nothing when the model has no forecast for a fixture', async () => {
    await storeHalfSeason();
    const outcomes = await runSeasonProjection({
      db: database.db,
      now: NOW,
      forecastMatch: (fixture) => (fixture.home === 'essen' ? null : fixedForecast(fixture)),
    });
    expect(outcomes.find((o) => o.league === LEAGUE)?.status).toBe('no-forecast');
    expect(await findSeasonProjection(database.db, LEAGUE)).toBeNull();
  });

  it('applies the places of the season it is told, as the replay tells it its season', async () => {
    await storeHalfSeason();
    await runSeasonProjection({
      db: database.db,
      now: NOW,
      forecastMatch: fixedForecast,
      simulations: 100,
      season: '2006-2007',
    });
    expect((await readBody()).places).toEqual({
      champions_league: 3,
      relegation: 3,
      relegation_playoff: 0,
    });
  });
});

describe('createSeasonProjections', () => {
  it('answers empty rows before the first projection, then the stored one', async () => {
    const projections = createSeasonProjections({
      db: database.db,
      cache: createResponseCache({ ttlMs: 0 }),
    });
    const [league] = (await listLeagues(database.db)).filter((l) => l.slug === LEAGUE);
    const read = async () => JSON.parse((await projections.get(league!)).body.toString());
    expect(await read()).toEqual({
      league: LEAGUE,
      season: null,
      simulations: 0,
      matches_played: 0,
      matches_remaining: 0,
      computed_at: null,
      places: null,
      rows: [],
    });
    await storeHalfSeason();
    await runSeasonProjection({
      db: database.db,
      now: NOW,
      forecastMatch: fixedForecast,
      simulations: 100,
    });
    expect(await read()).toEqual(await readBody());
  });
});
