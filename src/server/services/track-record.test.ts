import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';

import { createTestDb, type TestDatabase } from '../../../tests/helpers/test-db.ts';
import { TrackRecordSchema, type TrackRecord } from '../../domain/api/track-record.ts';
import type { OddsEvent } from '../../domain/odds.ts';
import { getShinProbabilities } from '../../domain/shin.ts';
import { listLeagues } from '../db/leagues-queries.ts';
import { upsertMarkets } from '../db/markets-queries.ts';
import { upsertMatches } from '../db/matches-queries.ts';
import { predictions } from '../db/schema.ts';
import { getTeamIdsByKey, upsertTeams } from '../db/teams-queries.ts';
import { createResponseCache } from '../http/response-cache.ts';
import { createTrackRecord } from './track-record.ts';

const MODEL_ORDER = ['Elo Ratings', 'Dixon-Coles', 'Market Blend'];
const HOUR = 60 * 60 * 1000;
const CLUBS = {
  'premier-league': ['arsenal', 'chelsea', 'everton', 'fulham'],
  'serie-a': ['inter', 'napoli'],
} as const;

type Prices = [number, number, number];
type Probabilities = { home: number; draw: number; away: number };
type Forecast = { model: string; p: Probabilities; writtenAt?: Date; market?: string };
type MatchInput = {
  id: string;
  league: keyof typeof CLUBS;
  home: string;
  away: string;
  kickoff: Date;
  status?: string;
  score?: [number, number];
  forecasts: Forecast[];
  books?: Record<string, Prices>;
};

const title = (key: string) => key[0]?.toUpperCase() + key.slice(1);

/** Twelve Premier League matches over six days, two a day, with forecasts from a fixed rule. */
function createPremierLeagueMatches(): MatchInput[] {
  const pairs = [
    ['arsenal', 'chelsea'],
    ['everton', 'fulham'],
  ] as const;
  const scores: [number, number][] = [
    [2, 1],
    [0, 0],
    [1, 3],
    [2, 0],
    [1, 1],
    [0, 2],
    [3, 1],
    [2, 2],
    [1, 0],
    [0, 1],
    [4, 2],
    [1, 1],
  ];
  return scores.map((score, i) => {
    const [home, away] = pairs[i % 2] as readonly [string, string];
    const day = Math.floor(i / 2);
    const lean = 0.05 * (i % 5);
    return {
      id: `pl-${i}`,
      league: 'premier-league',
      home,
      away,
      kickoff: new Date(Date.UTC(2026, 10, 1 + day, 12 + 3 * (i % 2))),
      status: 'finished',
      score,
      forecasts: [
        { model: 'Elo Ratings', p: { home: 0.4 + lean, draw: 0.3, away: 0.3 - lean } },
        { model: 'Dixon-Coles', p: { home: 0.45, draw: 0.25 + lean, away: 0.3 - lean } },
        { model: 'Market Blend', p: { home: 0.5 - lean, draw: 0.25, away: 0.25 + lean } },
        // The totals tip is not a result forecast.
        { model: 'Elo Ratings', p: { home: 0.1, draw: 0.1, away: 0.8 }, market: 'totals' },
      ],
      // Pinnacle prices every other match; Bet365 every match.
      books: {
        bet365: [1.9 + 0.1 * (i % 3), 3.4, 4.2],
        ...(i % 2 === 0 ? { pinnacle: [2.0, 3.5, 4.0 - 0.1 * (i % 3)] as Prices } : {}),
      },
    };
  });
}

/** The one Serie A match: worked out by hand below. */
const INTER_NAPOLI: MatchInput = {
  id: 'sa-1',
  league: 'serie-a',
  home: 'inter',
  away: 'napoli',
  kickoff: new Date('2026-11-08T19:45:00Z'),
  status: 'finished',
  score: [1, 3],
  forecasts: [
    { model: 'Elo Ratings', p: { home: 0.5, draw: 0.25, away: 0.25 } },
    // Written after kick-off: not scored.
    {
      model: 'Dixon-Coles',
      p: { home: 0.1, draw: 0.1, away: 0.8 },
      writtenAt: new Date('2026-11-08T19:50:00Z'),
    },
    { model: 'Shot Ratings', p: { home: 0.2, draw: 0.3, away: 0.5 } },
  ],
  books: { pinnacle: [1.8, 3.8, 4.5], bet365: [1.75, 3.9, 4.6] },
};

/** Matches that must not count. */
const UNSCORED: MatchInput[] = [
  {
    // Its only forecast was written after kick-off.
    id: 'late-forecast',
    league: 'premier-league',
    home: 'chelsea',
    away: 'arsenal',
    kickoff: new Date('2026-11-09T15:00:00Z'),
    status: 'finished',
    score: [0, 5],
    forecasts: [
      {
        model: 'Elo Ratings',
        p: { home: 0.2, draw: 0.2, away: 0.6 },
        writtenAt: new Date('2026-11-09T15:10:00Z'),
      },
    ],
  },
  {
    // Still being played.
    id: 'live',
    league: 'premier-league',
    home: 'fulham',
    away: 'everton',
    kickoff: new Date('2026-11-10T19:00:00Z'),
    status: 'live',
    score: [1, 0],
    forecasts: [{ model: 'Elo Ratings', p: { home: 0.9, draw: 0.05, away: 0.05 } }],
  },
  {
    id: 'scheduled',
    league: 'serie-a',
    home: 'napoli',
    away: 'inter',
    kickoff: new Date('2026-11-12T19:00:00Z'),
    forecasts: [{ model: 'Elo Ratings', p: { home: 0.4, draw: 0.3, away: 0.3 } }],
  },
];

function createOddsEvent(match: MatchInput, books: Record<string, Prices>): OddsEvent {
  return {
    id: `odds:${match.id}`,
    commence_time: match.kickoff.toISOString(),
    home_team: title(match.home),
    away_team: title(match.away),
    bookmakers: Object.entries(books).map(([key, [home, draw, away]]) => ({
      key,
      title: title(key),
      markets: [
        {
          key: 'h2h' as const,
          outcomes: [
            { name: title(match.home), price: home },
            { name: 'Draw', price: draw },
            { name: title(match.away), price: away },
          ],
        },
      ],
    })),
  };
}

async function store(db: TestDatabase['db'], items: MatchInput[]): Promise<Map<string, number>> {
  await upsertTeams(
    db,
    Object.entries(CLUBS).flatMap(([leagueSlug, keys]) =>
      keys.map((key) => ({
        key,
        leagueSlug,
        name: title(key),
        shortName: key.slice(0, 3).toUpperCase(),
        logoUrl: null,
      })),
    ),
  );
  const teamIds = await getTeamIdsByKey(db, Object.values(CLUBS).flat());
  const leagueIds = new Map((await listLeagues(db)).map((l) => [l.slug, l.id]));
  const ids = await upsertMatches(
    db,
    items.map((m) => ({
      externalId: `test:${m.id}`,
      leagueId: leagueIds.get(m.league) as number,
      homeTeamId: teamIds.get(m.home) as number,
      awayTeamId: teamIds.get(m.away) as number,
      kickoffUtc: m.kickoff,
      status: m.status ?? 'scheduled',
      minute: '',
      homeScore: m.score?.[0] ?? null,
      awayScore: m.score?.[1] ?? null,
      htHomeScore: null,
      htAwayScore: null,
    })),
    new Date('2026-11-12T00:00:00Z'),
  );
  const idOf = (m: MatchInput) => ids.get(`test:${m.id}`) as number;
  await db.insert(predictions).values(
    items.flatMap((m) =>
      m.forecasts.map((f) => {
        const writtenAt = f.writtenAt ?? new Date(m.kickoff.getTime() - 2 * HOUR);
        return {
          matchId: idOf(m),
          modelName: f.model,
          market: f.market ?? 'result',
          pick: 'a pick',
          confidencePct: 50,
          probabilities: f.p,
          createdAt: writtenAt,
          updatedAt: writtenAt,
        };
      }),
    ),
  );
  for (const m of items) {
    if (m.books === undefined) continue;
    await upsertMarkets(
      db,
      [{ matchId: idOf(m), type: 'h2h', data: createOddsEvent(m, m.books) }],
      new Date(m.kickoff.getTime() - HOUR),
    );
  }
  return new Map(items.map((m) => [m.id, idOf(m)]));
}

const read = (body: Buffer): TrackRecord => z.parse(TrackRecordSchema, JSON.parse(body.toString()));
const rowOf = (scope: TrackRecord['pooled'], name: string) => {
  const row = scope.rows.find((r) => r.name === name);
  if (row === undefined) throw new Error(`no row ${name}`);
  return row;
};
const shin = (prices: Prices) => {
  const [home = 0, draw = 0, away = 0] = getShinProbabilities(prices)?.probabilities ?? [];
  return { home, draw, away };
};
/** Ranked probability score of three outcomes, written out. */
const rps = (p: Probabilities, outcome: 'home' | 'draw' | 'away') => {
  const first = p.home - (outcome === 'home' ? 1 : 0);
  const second = p.home + p.draw - (outcome === 'away' ? 0 : 1);
  return (first ** 2 + second ** 2) / 2;
};

describe('the track record', () => {
  let database: TestDatabase;
  let ids: Map<string, number>;
  let record: TrackRecord;
  const premierLeague = createPremierLeagueMatches();

  beforeAll(async () => {
    database = await createTestDb();
    ids = await store(database.db, [...premierLeague, INTER_NAPOLI, ...UNSCORED]);
    const service = createTrackRecord({
      db: database.db,
      cache: createResponseCache({ ttlMs: 60_000 }),
      modelOrder: MODEL_ORDER,
    });
    record = read((await service.get()).body);
  });
  afterAll(async () => {
    await database.close();
  });

  it('scores only finished matches with a result forecast written before kick-off', () => {
    expect(record.pooled.matches).toBe(13);
    expect(record.by_league.map((l) => [l.slug, l.matches])).toEqual([
      ['premier-league', 12],
      ['serie-a', 1],
    ]);
    const listed = record.pooled.latest.map((s) => s.match.id);
    for (const unscored of UNSCORED) expect(listed).not.toContain(ids.get(unscored.id));
    // Dixon-Coles wrote Inter v Napoli's forecast after kick-off: 12 matches, not 13.
    expect(rowOf(record.pooled, 'Dixon-Coles').matches).toBe(12);
    expect(rowOf(record.pooled, 'Elo Ratings').matches).toBe(13);
  });

  it('lists the models as MODELS orders them, then any other by name, then the bookmakers', () => {
    expect(record.models).toEqual(['Elo Ratings', 'Dixon-Coles', 'Market Blend', 'Shot Ratings']);
    expect(record.pooled.rows.map((r) => [r.name, r.kind])).toEqual([
      ['Elo Ratings', 'model'],
      ['Dixon-Coles', 'model'],
      ['Market Blend', 'model'],
      ['Shot Ratings', 'model'],
      ['Pinnacle closing', 'bookmaker'],
      ['Market average', 'bookmaker'],
    ]);
  });

  it("agrees with a hand computation of Inter v Napoli's scores", () => {
    const serieA = record.by_league.find((l) => l.slug === 'serie-a');
    const elo = serieA && rowOf(serieA, 'Elo Ratings');
    // 1-3: away win. RPS = ((0.5 − 0)² + (0.75 − 0)²) / 2; log loss = −ln 0.25; the pick (home) lost.
    expect(elo?.rps.value).toBeCloseTo(0.40625, 10);
    expect(elo?.log_loss.value).toBeCloseTo(Math.log(4), 10);
    expect(elo?.accuracy.value).toBe(0);
    // One match day: resampling days says nothing of the spread.
    expect(elo?.rps.lo).toBeNull();
    expect(elo?.rps.hi).toBeNull();
    // Wilson's interval of 0 out of 1.
    expect(elo?.accuracy.lo).toBe(0);
    expect(elo?.accuracy.hi).toBeCloseTo(0.7935, 3);
    expect(serieA?.rows.map((r) => r.name)).toEqual([
      'Elo Ratings',
      'Shot Ratings',
      'Pinnacle closing',
      'Market average',
    ]);
  });

  it("scores Pinnacle's and the market average's margin-free prices on the matches that have them", () => {
    const serieA = record.by_league.find((l) => l.slug === 'serie-a');
    const pinnacle = shin([1.8, 3.8, 4.5]);
    expect(serieA && rowOf(serieA, 'Pinnacle closing').rps.value).toBeCloseTo(
      rps(pinnacle, 'away'),
      10,
    );
    const average = shin([(1.8 + 1.75) / 2, (3.8 + 3.9) / 2, (4.5 + 4.6) / 2]);
    expect(serieA && rowOf(serieA, 'Market average').log_loss.value).toBeCloseTo(
      -Math.log(average.away),
      10,
    );
    // Pinnacle priced six Premier League matches and Inter v Napoli; Bet365 all thirteen.
    expect(rowOf(record.pooled, 'Pinnacle closing').matches).toBe(7);
    expect(rowOf(record.pooled, 'Market average').matches).toBe(13);
  });

  it('gives every figure a 95% interval that holds it', () => {
    for (const scope of [record.pooled, ...record.by_league]) {
      for (const row of scope.rows) {
        for (const estimate of [row.rps, row.log_loss, row.accuracy]) {
          if (estimate.lo === null || estimate.hi === null) continue;
          expect(estimate.lo).toBeLessThanOrEqual(estimate.value + 1e-12);
          expect(estimate.hi).toBeGreaterThanOrEqual(estimate.value - 1e-12);
        }
      }
      for (const pair of scope.paired) {
        if (pair.lo === null || pair.hi === null) continue;
        expect(pair.lo).toBeLessThanOrEqual(pair.diff + 1e-12);
        expect(pair.hi).toBeGreaterThanOrEqual(pair.diff - 1e-12);
      }
    }
    // Over the Premier League's six match days every interval is there; Shot Ratings forecast
    // Inter v Napoli only, one day, so it has none.
    const premierLeague = record.by_league.find((l) => l.slug === 'premier-league');
    for (const row of [...record.pooled.rows, ...(premierLeague?.rows ?? [])]) {
      const oneDay = row.name === 'Shot Ratings';
      expect(row.rps.lo === null).toBe(oneDay);
      expect(row.log_loss.hi === null).toBe(oneDay);
    }
    for (const pair of record.pooled.paired) {
      expect(pair.lo === null).toBe(pair.model === 'Shot Ratings');
    }
    const elo = rowOf(record.pooled, 'Elo Ratings').rps;
    expect((elo.hi ?? 0) - (elo.lo ?? 0)).toBeGreaterThan(0.01);
  });

  it('pairs each model with each bookmaker on the matches both forecast', () => {
    const serieA = record.by_league.find((l) => l.slug === 'serie-a');
    const pair = serieA?.paired.find(
      (p) => p.model === 'Elo Ratings' && p.against === 'Pinnacle closing',
    );
    expect(pair?.matches).toBe(1);
    expect(pair?.diff).toBeCloseTo(0.40625 - rps(shin([1.8, 3.8, 4.5]), 'away'), 10);
    expect([pair?.lo, pair?.hi]).toEqual([null, null]);
    const pooled = record.pooled.paired.filter((p) => p.against === 'Pinnacle closing');
    expect(pooled.map((p) => [p.model, p.matches])).toEqual([
      ['Elo Ratings', 7],
      ['Dixon-Coles', 6],
      ['Market Blend', 6],
      ['Shot Ratings', 1],
    ]);
    expect(record.pooled.paired.filter((p) => p.against === 'Market average')).toHaveLength(4);
  });

  it("bins every home/draw/away probability of a model's matches for its reliability table", () => {
    const elo = record.pooled.reliability.find((r) => r.model === 'Elo Ratings');
    expect(elo?.bins).toHaveLength(10);
    expect(elo?.bins.reduce((sum, bin) => sum + bin.count, 0)).toBe(3 * 13);
    const empty = elo?.bins.find((bin) => bin.count === 0);
    expect(empty?.mean_predicted).toBeNull();
    expect(empty?.observed).toBeNull();
    for (const bin of elo?.bins ?? []) {
      if (bin.mean_predicted === null) continue;
      expect(bin.mean_predicted).toBeGreaterThanOrEqual(bin.from - 1e-12);
      expect(bin.mean_predicted).toBeLessThanOrEqual(bin.to + 1e-12);
    }
  });

  it("lists the latest settled matches with each model's pick and whether it was right", () => {
    const [latest] = record.pooled.latest;
    expect(latest?.match).toEqual({
      id: ids.get('sa-1'),
      home: 'Inter',
      away: 'Napoli',
      kickoff: '2026-11-08T19:45:00.000Z',
      league_slug: 'serie-a',
      home_score: 1,
      away_score: 3,
    });
    expect(latest?.outcome).toBe('away');
    expect(latest?.forecasts).toEqual([
      { model: 'Elo Ratings', pick: 'home', probability: 0.5, correct: false },
      { model: 'Shot Ratings', pick: 'away', probability: 0.5, correct: true },
    ]);
    const kickoffs = record.pooled.latest.map((s) => Date.parse(s.match.kickoff));
    expect(kickoffs).toEqual([...kickoffs].sort((a, b) => b - a));
    expect(record.pooled.latest).toHaveLength(13);
  });
});

describe('the track record cache', () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDb();
  });
  afterAll(async () => {
    await database.close();
  });

  it('answers zero counts and empty lists when nothing is settled yet', async () => {
    const service = createTrackRecord({
      db: database.db,
      cache: createResponseCache({ ttlMs: 60_000 }),
      modelOrder: MODEL_ORDER,
    });
    expect(read((await service.get()).body)).toEqual({
      models: [],
      pooled: { matches: 0, rows: [], paired: [], reliability: [], latest: [] },
      by_league: [],
    });
  });

  it('computes the record once per state of the settled matches', async () => {
    const ids = await store(database.db, [INTER_NAPOLI]);
    const cache = createResponseCache({ ttlMs: 60_000 });
    const service = createTrackRecord({ db: database.db, cache, modelOrder: MODEL_ORDER });
    const first = await service.get();
    const eloOf = (body: Buffer) => rowOf(read(body).pooled, 'Elo Ratings').rps.value;
    expect(eloOf(first.body)).toBeCloseTo(0.40625, 10);

    // Rewritten in place, the forecast's update time and the count unchanged: the stamp is the
    // same, so the record computed for it stands even once the answer cache is cleared.
    const eloRow = and(
      eq(predictions.matchId, ids.get('sa-1') as number),
      eq(predictions.modelName, 'Elo Ratings'),
    );
    const elo = { home: 0.2, draw: 0.3, away: 0.5 };
    await database.db.update(predictions).set({ probabilities: elo }).where(eloRow);
    cache.clear();
    const burst = await Promise.all(Array.from({ length: 5 }, () => service.get()));
    for (const answer of burst) expect(answer.etag).toBe(first.etag);

    // A new write of the forecast changes the stamp: the record is computed again.
    await database.db
      .update(predictions)
      .set({ updatedAt: new Date('2026-11-08T18:00:00Z') })
      .where(eloRow);
    cache.clear();
    expect(eloOf((await service.get()).body)).toBeCloseTo(rps(elo, 'away'), 10);
  });
});
