import { and, asc, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { createFakeProvider, createProviderMatch } from '../../../tests/helpers/fake-provider.ts';
import { createTestDb, type TestDatabase } from '../../../tests/helpers/test-db.ts';
import type { PreClosingPrices } from '../../domain/pre-closing.ts';
import { listLeagues } from '../db/leagues-queries.ts';
import { upsertMatches } from '../db/matches-queries.ts';
import { predictionVersions, predictions } from '../db/schema.ts';
import { getTeamIdsByKey, upsertTeams } from '../db/teams-queries.ts';
import { createForecaster } from '../predict/forecaster.ts';
import { MODELS } from '../predict/models.ts';
import type { FootballProvider, ForecastRecord } from '../providers/provider.ts';
import { runPredictUpcoming } from './predict-upcoming.ts';

const NOW = new Date('2026-10-17T09:00:00Z');
const DAY = 24 * 60 * 60 * 1000;
const CLUBS = ['arsenal', 'chelsea', 'everton', 'fulham'];
const FULL_PRICES: PreClosingPrices = { home: 2, draw: 3.5, away: 3.8, over25: 1.9, under25: 1.95 };

/** Four clubs' past season: each pairing twice, results from a fixed rule. */
function createPlayed(): ForecastRecord[] {
  const played: ForecastRecord[] = [];
  let day = 0;
  for (const round of [0, 1]) {
    for (const home of CLUBS) {
      for (const away of CLUBS) {
        if (home === away) continue;
        day += 1;
        const homeGoals = (CLUBS.indexOf(away) + round) % 3;
        const awayGoals = (CLUBS.indexOf(home) + day) % 2;
        played.push({
          id: `E0:2025-2026:${home}:${away}:${round}`,
          league: 'E0',
          season: '2025-2026',
          kickoffMs: Date.parse('2025-08-16T14:00:00Z') + day * 3 * DAY,
          homeKey: home,
          awayKey: away,
          homeGoals,
          awayGoals,
          preClosing: FULL_PRICES,
        });
      }
    }
  }
  return played;
}

type Upcoming = { id: string; home: string; away: string; kickoff: Date; prices: PreClosingPrices };

/**
 * A provider giving fixed forecast inputs; `upcoming` and `played` may be changed between runs,
 * and `inPlay` names the kick-off of a match being played.
 */
function createProvider(
  upcoming: Upcoming[],
  played = createPlayed(),
  inPlay: { sinceMs?: number } = {},
): FootballProvider {
  return {
    ...createFakeProvider(),
    listForecastInputs: async () => ({
      played: [...played],
      ...(inPlay.sinceMs === undefined ? {} : { inPlaySinceMs: inPlay.sinceMs }),
      upcoming: upcoming.map((u) => ({
        id: `E0:2026-2027:${u.home}:${u.away}`,
        externalId: `fake:${u.id}`,
        league: 'E0',
        season: '2026-2027',
        kickoffMs: u.kickoff.getTime(),
        homeKey: u.home,
        awayKey: u.away,
        preClosing: u.prices,
      })),
    }),
  };
}

let database: TestDatabase;

/** Stores the upcoming matches as the sync would; returns their row ids by external id. */
async function storeUpcoming(upcoming: Upcoming[]): Promise<Map<string, number>> {
  const { db } = database;
  await upsertTeams(
    db,
    CLUBS.map((key) => ({
      key,
      leagueSlug: 'premier-league',
      name: key[0]?.toUpperCase() + key.slice(1),
      shortName: key.slice(0, 3).toUpperCase(),
      logoUrl: null,
    })),
  );
  const teamIds = await getTeamIdsByKey(db, CLUBS);
  const leagueId = (await listLeagues(db)).find((l) => l.slug === 'premier-league')?.id as number;
  return upsertMatches(
    db,
    upcoming.map((u) => {
      const match = createProviderMatch({
        id: u.id,
        leagueSlug: 'premier-league',
        homeKey: u.home,
        awayKey: u.away,
        kickoff: u.kickoff,
      });
      return {
        externalId: match.externalId,
        leagueId,
        homeTeamId: teamIds.get(u.home) as number,
        awayTeamId: teamIds.get(u.away) as number,
        kickoffUtc: match.kickoff,
        status: match.phase,
        minute: match.minute,
        homeScore: null,
        awayScore: null,
        htHomeScore: null,
        htAwayScore: null,
      };
    }),
    NOW,
  );
}

async function listStored() {
  return database.db
    .select({
      matchId: predictions.matchId,
      modelName: predictions.modelName,
      market: predictions.market,
      pick: predictions.pick,
      confidencePct: predictions.confidencePct,
      rationale: predictions.rationale,
      probabilities: predictions.probabilities,
      createdAt: predictions.createdAt,
    })
    .from(predictions)
    .orderBy(asc(predictions.id));
}

/** "<match id> <model> <market>" of each stored prediction, sorted. */
async function listRowNames(idOf: Map<string, number>): Promise<string[]> {
  const names = new Map([...idOf].map(([externalId, id]) => [id, externalId]));
  return (await listStored())
    .map((p) => `${names.get(p.matchId)} ${p.modelName} ${p.market}`)
    .sort();
}

beforeEach(async () => {
  database = await createTestDb();
});

afterEach(async () => {
  await database.close();
});

const run = (provider: FootballProvider, forecaster = createForecaster(MODELS), now = NOW) =>
  runPredictUpcoming({ db: database.db, provider, forecaster, now });

describe('runPredictUpcoming', () => {
  it('writes a result pick and a totals tip per model, Market Blend only for a match with prices', async () => {
    const upcoming: Upcoming[] = [
      {
        id: '1',
        home: 'arsenal',
        away: 'chelsea',
        kickoff: new Date(NOW.getTime() + DAY),
        prices: FULL_PRICES,
      },
      {
        id: '2',
        home: 'everton',
        away: 'fulham',
        kickoff: new Date(NOW.getTime() + DAY),
        prices: {},
      },
    ];
    const ids = await storeUpcoming(upcoming);

    expect(await run(createProvider(upcoming))).toBe(14);

    expect(await listRowNames(ids)).toEqual([
      'fake:1 Dixon-Coles result',
      'fake:1 Dixon-Coles totals',
      'fake:1 Elo Ratings result',
      'fake:1 Elo Ratings totals',
      'fake:1 Market Blend result',
      'fake:1 Market Blend totals',
      'fake:1 Shot Ratings result',
      'fake:1 Shot Ratings totals',
      'fake:2 Dixon-Coles result',
      'fake:2 Dixon-Coles totals',
      'fake:2 Elo Ratings result',
      'fake:2 Elo Ratings totals',
      'fake:2 Shot Ratings result',
      'fake:2 Shot Ratings totals',
    ]);
    const [first] = await listStored();
    expect(first).toMatchObject({
      matchId: ids.get('fake:1'),
      market: 'result',
      pick: expect.stringMatching(/^(Arsenal to win|Draw|Chelsea to win)$/),
      rationale: expect.stringContaining('Arsenal'),
      probabilities: {
        home: expect.any(Number),
        draw: expect.any(Number),
        away: expect.any(Number),
        over25: expect.any(Number),
        under25: expect.any(Number),
      },
      createdAt: NOW,
    });
  });

  it('gives Market Blend only the markets the match has prices for', async () => {
    const upcoming: Upcoming[] = [
      {
        id: '1',
        home: 'arsenal',
        away: 'chelsea',
        kickoff: new Date(NOW.getTime() + DAY),
        prices: { home: 2, draw: 3.5, away: 3.8 },
      },
      {
        id: '2',
        home: 'everton',
        away: 'fulham',
        kickoff: new Date(NOW.getTime() + DAY),
        prices: { over25: 1.9, under25: 1.95, home: 2 },
      },
    ];
    const ids = await storeUpcoming(upcoming);
    await run(createProvider(upcoming));
    const blend = (await listRowNames(ids)).filter((name) => name.includes('Market Blend'));
    expect(blend).toEqual(['fake:1 Market Blend result', 'fake:2 Market Blend totals']);
  });

  it('adds Market Blend once the prices arrive and writes nothing for forecasts that did not change', async () => {
    const upcoming: Upcoming[] = [
      {
        id: '1',
        home: 'arsenal',
        away: 'chelsea',
        kickoff: new Date(NOW.getTime() + DAY),
        prices: {},
      },
    ];
    const ids = await storeUpcoming(upcoming);
    const provider = createProvider(upcoming);
    const forecaster = createForecaster(MODELS);
    expect(await run(provider, forecaster)).toBe(6);
    const before = await listStored();

    const later = new Date(NOW.getTime() + 3 * 60 * 60 * 1000);
    (upcoming[0] as Upcoming).prices = FULL_PRICES;
    expect(await run(provider, forecaster, later)).toBe(2);

    const after = await listStored();
    expect(after.slice(0, 6)).toEqual(before);
    expect(after.slice(6)).toEqual([
      expect.objectContaining({
        matchId: ids.get('fake:1'),
        modelName: 'Market Blend',
        market: 'result',
        createdAt: later,
      }),
      expect.objectContaining({
        matchId: ids.get('fake:1'),
        modelName: 'Market Blend',
        market: 'totals',
        createdAt: later,
      }),
    ]);
    // Nothing changed since: a further run writes nothing.
    expect(await run(provider, forecaster, later)).toBe(0);
  });

  it('refreshes a forecast as a new version when a result arrives before kick-off, and keeps every version', async () => {
    const kickoff = new Date(NOW.getTime() + 2 * DAY);
    const upcoming: Upcoming[] = [
      { id: '1', home: 'arsenal', away: 'chelsea', kickoff, prices: FULL_PRICES },
    ];
    const ids = await storeUpcoming(upcoming);
    const played = createPlayed();
    const provider = createProvider(upcoming, played);
    const forecaster = createForecaster(MODELS);
    await run(provider, forecaster);
    const first = await listStored();

    // Chelsea win 6-0 at Everton the day before: every forecast of Arsenal v Chelsea moves.
    played.push({
      ...(played.at(-1) as ForecastRecord),
      id: 'E0:2026-2027:everton:chelsea',
      season: '2026-2027',
      kickoffMs: NOW.getTime() + 60 * 60 * 1000,
      homeKey: 'everton',
      awayKey: 'chelsea',
      homeGoals: 0,
      awayGoals: 6,
    });
    const later = new Date(NOW.getTime() + DAY);
    expect(await run(provider, forecaster, later)).toBeGreaterThan(0);
    const second = await listStored();
    const eloBefore = first.find((p) => p.modelName === 'Elo Ratings' && p.market === 'result');
    const eloAfter = second.find((p) => p.modelName === 'Elo Ratings' && p.market === 'result');
    const away = (p: typeof eloBefore) => (p?.probabilities as { away: number }).away;
    expect(away(eloAfter)).toBeGreaterThan(away(eloBefore));
    expect(second).toHaveLength(first.length);

    const versions = await database.db
      .select()
      .from(predictionVersions)
      .where(eq(predictionVersions.matchId, ids.get('fake:1') as number))
      .orderBy(asc(predictionVersions.version), asc(predictionVersions.id));
    const elo = versions.filter((v) => v.modelName === 'Elo Ratings' && v.market === 'result');
    expect(elo.map((v) => [v.version, v.createdAt])).toEqual([
      [1, NOW],
      [2, later],
    ]);
    expect(elo[0]?.probabilities).toEqual(eloBefore?.probabilities);
    expect(elo[1]?.probabilities).toEqual(eloAfter?.probabilities);
    const [row] = await database.db
      .select({ version: predictions.version, updatedAt: predictions.updatedAt })
      .from(predictions)
      .where(
        and(
          eq(predictions.matchId, ids.get('fake:1') as number),
          eq(predictions.modelName, 'Elo Ratings'),
          eq(predictions.market, 'result'),
        ),
      );
    expect(row).toEqual({ version: 2, updatedAt: later });
  });

  it('never changes a forecast once its match has kicked off', async () => {
    const kickoff = new Date(NOW.getTime() + 60 * 60 * 1000);
    const upcoming: Upcoming[] = [
      { id: '1', home: 'arsenal', away: 'chelsea', kickoff, prices: FULL_PRICES },
    ];
    await storeUpcoming(upcoming);
    const played = createPlayed();
    const provider = createProvider(upcoming, played);
    const forecaster = createForecaster(MODELS);
    await run(provider, forecaster);
    const before = await listStored();

    played.push({
      ...(played.at(-1) as ForecastRecord),
      id: 'E0:2026-2027:everton:chelsea',
      kickoffMs: NOW.getTime() + 30 * 60 * 1000,
      homeKey: 'everton',
      awayKey: 'chelsea',
      homeGoals: 0,
      awayGoals: 6,
    });
    (upcoming[0] as Upcoming).prices = { ...FULL_PRICES, home: 1.5 };
    expect(await run(provider, forecaster, new Date(kickoff.getTime() + 60_000))).toBe(0);
    expect(await listStored()).toEqual(before);
  });

  it("learns a kick-off's results only once none of its matches is still being played", async () => {
    const kickoff = new Date(NOW.getTime() + DAY);
    const upcoming: Upcoming[] = [
      { id: '1', home: 'arsenal', away: 'chelsea', kickoff, prices: FULL_PRICES },
    ];
    await storeUpcoming(upcoming);
    const played = createPlayed();
    const inPlay: { sinceMs?: number } = {};
    const provider = createProvider(upcoming, played, inPlay);
    const forecaster = createForecaster(MODELS);
    await run(provider, forecaster);
    const before = await listStored();

    // Everton v Chelsea is over, but a match of the same kick-off is still being played.
    const sameKickoffMs = NOW.getTime() - 2 * 60 * 60 * 1000;
    played.push({
      ...(played.at(-1) as ForecastRecord),
      id: 'E0:2026-2027:everton:chelsea',
      kickoffMs: sameKickoffMs,
      homeKey: 'everton',
      awayKey: 'chelsea',
      homeGoals: 0,
      awayGoals: 6,
    });
    inPlay.sinceMs = sameKickoffMs;
    expect(await run(provider, forecaster)).toBe(0);
    expect(await listStored()).toEqual(before);

    // Once every match of that kick-off is over, the result is learnt.
    delete inPlay.sinceMs;
    expect(await run(provider, forecaster)).toBeGreaterThan(0);
  });

  it('forecasts a match under way that never was, once, from the results before its kick-off', async () => {
    const kickoff = new Date(NOW.getTime() - 60 * 60 * 1000);
    const upcoming: Upcoming[] = [
      { id: '1', home: 'arsenal', away: 'chelsea', kickoff, prices: FULL_PRICES },
    ];
    await storeUpcoming(upcoming);
    // A result from after its kick-off (another match of the day) must not reach its forecast.
    const later = createProvider(upcoming);
    const inputs = await later.listForecastInputs!(NOW);
    const lastResult = inputs.played.at(-1) as ForecastRecord;
    const leaked: FootballProvider = {
      ...later,
      listForecastInputs: async () => ({
        ...inputs,
        played: [
          ...inputs.played,
          {
            ...lastResult,
            id: 'E0:2026-2027:chelsea:arsenal:late',
            kickoffMs: kickoff.getTime() + 30 * 60 * 1000,
            homeKey: 'chelsea',
            awayKey: 'arsenal',
            homeGoals: 9,
            awayGoals: 0,
          },
        ],
      }),
    };
    expect(await run(leaked)).toBe(8);
    const first = await listStored();
    expect(first.map((p) => `${p.modelName} ${p.market}`).sort()).toHaveLength(8);

    // The same forecast as from the results before kick-off alone: the late result is unseen.
    await database.db.delete(predictionVersions);
    await database.db.delete(predictions);
    expect(await run(createProvider(upcoming))).toBe(8);
    const clean = await listStored();
    expect(clean.map((p) => p.probabilities)).toEqual(first.map((p) => p.probabilities));

    // Forecast once: a later run writes nothing more.
    expect(await run(createProvider(upcoming))).toBe(0);
  });

  it('writes nothing when the provider gives no forecast inputs', async () => {
    const upcoming: Upcoming[] = [
      {
        id: '1',
        home: 'arsenal',
        away: 'chelsea',
        kickoff: new Date(NOW.getTime() + DAY),
        prices: FULL_PRICES,
      },
    ];
    await storeUpcoming(upcoming);
    expect(await run(createFakeProvider())).toBe(0);
    expect(await listStored()).toEqual([]);
  });
});
