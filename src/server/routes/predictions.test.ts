import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';

import { checkAnswer, type OpenApiDocument } from '../../../tests/helpers/contract-check.ts';
import { createFakeProvider, createProviderMatch } from '../../../tests/helpers/fake-provider.ts';
import { createTestApp, loginCookie, type TestApp } from '../../../tests/helpers/test-app.ts';
import { TrackRecordSchema, type TrackRecord } from '../../domain/api/track-record.ts';
import type { Prediction } from '../../domain/prediction.ts';
import { matches, predictions } from '../db/schema.ts';
import { createResponseCache } from '../http/response-cache.ts';
import { runSyncLeagueData, runSyncMatches } from '../jobs/sync-provider.ts';

// The test app's day (see createTestApp): Saturday 21 November 2026, in Johannesburg.
const SYNCED_AT = new Date('2026-11-21T15:29:30Z');

const team = (key: string, name: string, shortName: string) => ({
  key,
  leagueSlug: 'premier-league',
  name,
  shortName,
  logoUrl: null,
});
const provider = createFakeProvider({
  teams: [
    team('arsenal', 'Arsenal', 'ARS'),
    team('chelsea', 'Chelsea', 'CHE'),
    team('liverpool', 'Liverpool', 'LIV'),
    team('everton', 'Everton', 'EVE'),
  ],
  matches: [
    createProviderMatch({
      id: 'early',
      leagueSlug: 'premier-league',
      homeKey: 'arsenal',
      awayKey: 'chelsea',
      kickoff: new Date('2026-11-21T12:30:00Z'),
    }),
    createProviderMatch({
      id: 'late',
      leagueSlug: 'premier-league',
      homeKey: 'liverpool',
      awayKey: 'everton',
      kickoff: new Date('2026-11-21T19:00:00Z'),
    }),
  ],
});

/** Each match as the answers name it. */
const MATCHES = {
  early: {
    home: 'Arsenal',
    away: 'Chelsea',
    kickoff: '2026-11-21T12:30:00.000Z',
    league_slug: 'premier-league',
  },
  late: {
    home: 'Liverpool',
    away: 'Everton',
    kickoff: '2026-11-21T19:00:00.000Z',
    league_slug: 'premier-league',
  },
};

type Row = {
  match: 'early' | 'late';
  modelName: string;
  market: 'result' | 'totals';
  pick: string;
  confidencePct: number;
  rationale: string | null;
  /** Minutes after 10:00 UTC on the day. */
  createdAtMinute: number;
};

// Written in an order that is neither the creation order nor the confidence order, so the
// answers' order can only come from the query. Confidences are exact in a 4-byte real.
const rows: Row[] = [
  ['early', 'Poisson xG', 'result', 'Arsenal to win', 64, 'Arsenal are unbeaten at home.', 30],
  ['late', 'Elo', 'totals', 'Under 2.5 goals', 55.5, null, 5],
  ['early', 'Elo', 'result', 'Draw', 81.5, 'Evenly matched on rating.', 10],
  ['late', 'Poisson xG', 'result', 'Liverpool to win', 77, 'Everton concede away.', 50],
  ['early', 'Market blend', 'totals', 'Over 2.5 goals', 47.25, null, 0],
  ['late', 'Market blend', 'result', 'Liverpool to win', 90, 'Short-priced favourites.', 45],
  ['early', 'Poisson xG', 'totals', 'Over 2.5 goals', 58, null, 20],
  ['late', 'Elo', 'result', 'Liverpool to win', 69.5, null, 35],
  ['early', 'Market blend', 'result', 'Chelsea to win', 33, 'The away price has shortened.', 40],
  ['late', 'Poisson xG', 'totals', 'Over 2.5 goals', 72, null, 15],
  // Created in the same instant as the row above: the one written later comes first.
  ['early', 'Elo', 'totals', 'Under 2.5 goals', 64, null, 15],
  ['late', 'Market blend', 'totals', 'Under 2.5 goals', 41, null, 25],
].map(([match, modelName, market, pick, confidencePct, rationale, createdAtMinute]) => ({
  match,
  modelName,
  market,
  pick,
  confidencePct,
  rationale,
  createdAtMinute,
})) as Row[];

const createdAt = (minute: number) => new Date(Date.UTC(2026, 10, 21, 10, minute));

let t: TestApp;
let cookie: string;
let matchIds: Record<Row['match'], number>;
/** The predictions as the API answers them, in the order they were written. */
let written: Prediction[];

beforeAll(async () => {
  t = await createTestApp();
  const deps = { db: t.database.db, provider, now: SYNCED_AT, timeZone: 'Africa/Johannesburg' };
  await runSyncLeagueData(deps);
  await runSyncMatches(deps);
  const stored = await t.database.db
    .select({ id: matches.id, externalId: matches.externalId })
    .from(matches);
  const idOf = (externalId: string) => {
    const id = stored.find((m) => m.externalId === externalId)?.id;
    if (id === undefined) throw new Error(`match ${externalId} was not stored`);
    return id;
  };
  matchIds = { early: idOf('fake:early'), late: idOf('fake:late') };

  written = [];
  for (const row of rows) {
    const [inserted] = await t.database.db
      .insert(predictions)
      .values({
        matchId: matchIds[row.match],
        modelName: row.modelName,
        market: row.market,
        pick: row.pick,
        confidencePct: row.confidencePct,
        rationale: row.rationale,
        probabilities: { home: 0.4, draw: 0.3, away: 0.3 },
        createdAt: createdAt(row.createdAtMinute),
      })
      .returning({ id: predictions.id });
    if (inserted === undefined) throw new Error('prediction not inserted');
    written.push({
      id: inserted.id,
      match_id: matchIds[row.match],
      match: MATCHES[row.match],
      model_name: row.modelName,
      pick: row.pick,
      confidence_pct: row.confidencePct,
      rationale: row.rationale,
      created_at: createdAt(row.createdAtMinute).toISOString(),
    });
  }
  cookie = await loginCookie(t.app);
});

afterAll(async () => {
  await t?.close();
});

const get = (url: string) => t.app.inject({ url, headers: { cookie } });

const latestFirst = () =>
  [...written].sort((a, b) => b.created_at.localeCompare(a.created_at) || b.id - a.id);
const mostConfidentFirst = (match: Row['match']) =>
  written
    .filter((p) => p.match_id === matchIds[match])
    .sort((a, b) => b.confidence_pct - a.confidence_pct || b.id - a.id);

describe('GET /api/predictions', () => {
  it('answers the 10 latest predictions, newest first, by default', async () => {
    const response = await get('/api/predictions');

    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    const body = response.json<{ predictions: Prediction[] }>();
    expect(body).toEqual({ predictions: latestFirst().slice(0, 10) });
    // Spelled out, so the expectation above does not only mirror the query.
    expect(body.predictions.map((p) => new Date(p.created_at).getUTCMinutes())).toEqual([
      50, 45, 40, 35, 30, 25, 20, 15, 15, 10,
    ]);
    expect(body.predictions.slice(7, 9).map((p) => `${p.model_name}: ${p.pick}`)).toEqual([
      'Elo: Under 2.5 goals',
      'Poisson xG: Over 2.5 goals',
    ]);
  });

  it('answers as many as limit asks for: 6 for the home page', async () => {
    const response = await get('/api/predictions?limit=6');

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ predictions: latestFirst().slice(0, 6) });
  });

  it.each([
    ['1', 1],
    ['50', 12],
  ])('accepts limit=%s', async (limit, count) => {
    const response = await get(`/api/predictions?limit=${limit}`);

    expect(response.statusCode).toBe(200);
    expect(response.json<{ predictions: Prediction[] }>().predictions).toHaveLength(count);
  });

  it("answers one match's predictions, most confident first", async () => {
    const response = await get(`/api/predictions?match_id=${matchIds.early}`);

    expect(response.statusCode).toBe(200);
    const body = response.json<{ predictions: Prediction[] }>();
    expect(body).toEqual({ predictions: mostConfidentFirst('early') });
    expect(body.predictions.map((p) => p.confidence_pct)).toEqual([81.5, 64, 64, 58, 47.25, 33]);
  });

  it("answers the most confident of one match's predictions up to limit", async () => {
    const response = await get(`/api/predictions?match_id=${matchIds.late}&limit=2`);

    expect(response.json()).toEqual({ predictions: mostConfidentFirst('late').slice(0, 2) });
  });

  it('answers a forecast for each match still to kick off, soonest first (upcoming=true)', async () => {
    const response = await get('/api/predictions?upcoming=true&limit=6');

    expect(response.statusCode).toBe(200);
    // At 15:30 the early match has kicked off; the late one's most confident result forecast.
    expect(response.json()).toEqual({
      predictions: [written.find((p) => p.match_id === matchIds.late && p.confidence_pct === 90)],
    });
    expect(response.json<{ predictions: Prediction[] }>().predictions[0]?.match).toEqual(
      MATCHES.late,
    );
  });

  it('answers an empty list for a match without predictions', async () => {
    const response = await get('/api/predictions?match_id=999999');

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ predictions: [] });
  });

  it.each([
    ['limit=0', 'limit: must be at least 1'],
    ['limit=51', 'limit: must be at most 50'],
    ['limit=abc', 'limit: must be a whole number'],
    ['limit=', 'limit: must be a whole number'],
    ['limit=2.5', 'limit: must be a whole number'],
    ['limit=1&limit=2', 'limit: expected string'],
    ['match_id=-1', 'match_id: must be a whole number'],
    ['match_id=0', 'match_id: must be at least 1'],
    ['match_id=2147483648', 'match_id: must be at most 2147483647'],
    ['match_id=abc', 'match_id: must be a whole number'],
  ])('answers 400 naming the parameter for %s', async (query, error) => {
    const response = await get(`/api/predictions?${query}`);

    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error });
  });

  it('answers 400 naming an unknown field', async () => {
    const response = await get('/api/predictions?league=serie-a');

    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'query.league: unknown field' });
  });

  it('answers 401 without the session cookie', async () => {
    const response = await t.app.inject({ url: '/api/predictions?limit=6' });

    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ error: 'Unauthorized' });
  });
});

describe('GET /api/predictions/track-record', () => {
  const played = createProviderMatch({
    id: 'played',
    leagueSlug: 'premier-league',
    homeKey: 'arsenal',
    awayKey: 'chelsea',
    kickoff: new Date('2026-11-21T12:30:00Z'),
    phase: 'finished',
    homeScore: 2,
    awayScore: 1,
  });
  const cache = createResponseCache({ ttlMs: 2000 });
  const routes: RouteOptions[] = [];
  let app: TestApp;
  let session: string;
  const getRecord = (headers: Record<string, string> = {}) =>
    app.app.inject({
      url: '/api/predictions/track-record',
      headers: { cookie: session, ...headers },
    });

  beforeAll(async () => {
    app = await createTestApp({ cache, onRoute: (route) => void routes.push(route) });
    session = await loginCookie(app.app);
  });
  afterAll(async () => {
    await app?.close();
  });

  it('answers zero counts and empty lists while no forecast is settled', async () => {
    const response = await getRecord();

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      models: [],
      pooled: { matches: 0, rows: [], paired: [], reliability: [], latest: [] },
      by_league: [],
    });
  });

  it('answers the record of a settled match, with an ETag and private caching', async () => {
    const deps = {
      db: app.database.db,
      provider: createFakeProvider({
        teams: [team('arsenal', 'Arsenal', 'ARS'), team('chelsea', 'Chelsea', 'CHE')],
        matches: [played],
      }),
      now: SYNCED_AT,
      timeZone: 'Africa/Johannesburg',
    };
    await runSyncLeagueData(deps);
    await runSyncMatches(deps);
    const [stored] = await app.database.db.select({ id: matches.id }).from(matches);
    await app.database.db.insert(predictions).values(
      [
        ['Elo Ratings', { home: 0.5, draw: 0.3, away: 0.2 }],
        ['Dixon-Coles', { home: 0.3, draw: 0.3, away: 0.4 }],
      ].map(([modelName, probabilities]) => ({
        matchId: stored?.id ?? 0,
        modelName: modelName as string,
        pick: 'a pick',
        confidencePct: 50,
        probabilities,
        createdAt: createdAt(0),
        updatedAt: createdAt(0),
      })),
    );
    // As the scheduler does after each write.
    cache.clear();

    const response = await getRecord();

    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(response.headers['cache-control']).toMatch(/^private/);
    const body: TrackRecord = z.parse(TrackRecordSchema, response.json());
    expect(body.models).toEqual(['Elo Ratings', 'Dixon-Coles']);
    expect(body.pooled.matches).toBe(1);
    // 2-1: RPS of (0.5, 0.3, 0.2) is ((0.5 − 1)² + (0.8 − 1)²) / 2 = 0.145; of (0.3, 0.3, 0.4),
    // ((0.3 − 1)² + (0.6 − 1)²) / 2 = 0.325.
    expect(body.pooled.rows.map((r) => [r.name, r.matches, r.rps.value])).toEqual([
      ['Elo Ratings', 1, expect.closeTo(0.145, 10)],
      ['Dixon-Coles', 1, expect.closeTo(0.325, 10)],
    ]);
    expect(body.by_league.map((l) => l.slug)).toEqual(['premier-league']);
    expect(body.pooled.latest[0]?.forecasts.map((f) => [f.model, f.pick, f.correct])).toEqual([
      ['Elo Ratings', 'home', true],
      ['Dixon-Coles', 'away', false],
    ]);

    // The published contract describes every field of a full answer.
    const route = routes.find(
      (r) => r.method === 'GET' && r.url === '/api/predictions/track-record',
    ) as RouteOptions;
    const contract = (
      await app.app.inject({ url: '/api/openapi.json', headers: { cookie: session } })
    ).json<OpenApiDocument>();
    expect(checkAnswer(route, contract, response)).toEqual([]);

    const again = await getRecord({ 'if-none-match': String(response.headers.etag) });
    expect(again.statusCode).toBe(304);
  });

  it('answers 401 without the session cookie', async () => {
    const response = await app.app.inject({ url: '/api/predictions/track-record' });

    expect(response.statusCode).toBe(401);
  });
});
