// Every route answers what the HTTP contract describes: each registered route is called on a
// seeded app with typical inputs (and the usual refusals), and each real answer (its status,
// media type and body) is checked against the route's own zod schema for that status and
// against the OpenAPI document at /api/openapi.json. Cached answers are bytes that bypass the
// serialiser, so bodies are checked here. A route with no example below, or missing from the
// document, fails the test.
import type { HTTPMethods, LightMyRequestResponse, RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  checkAnswer,
  toOpenApiPath,
  type OpenApiDocument,
} from '../../../tests/helpers/contract-check.ts';
import { createOnceNewsSync, seedSmallWorld } from '../../../tests/helpers/small-world.ts';
import {
  createTestApp,
  loginCookie,
  TEST_PASSWORD,
  type TestApp,
} from '../../../tests/helpers/test-app.ts';

const ADMIN_PASSWORD = 'the gaffer knows best';

/** Routes outside the contract, each with the reason. */
const UNDESCRIBED: Record<string, string> = {
  'GET /healthz': 'probe for the platform, not the HTTP API',
  'GET /livez': 'probe for the platform, not the HTTP API',
  'GET /readyz': 'probe for the platform, not the HTTP API',
};

type Call = {
  method?: 'GET' | 'POST' | 'DELETE';
  url: string;
  payload?: object;
  /** session (default), none, or a session with the admin password. */
  as?: 'session' | 'none' | 'admin';
  headers?: Record<string, string>;
};

const body = (url: string, payload: object): Call => ({ method: 'POST', url, payload });

/** Typical calls of each route, by `METHOD /path` as registered. */
const EXAMPLES: Record<string, Call[]> = {
  'POST /api/session': [
    { method: 'POST', url: '/api/session', payload: { password: TEST_PASSWORD }, as: 'none' },
    { method: 'POST', url: '/api/session', payload: { password: 'wrong' }, as: 'none' },
    { method: 'POST', url: '/api/session', payload: { pass: 'x' }, as: 'none' },
  ],
  'GET /api/session': [{ url: '/api/session' }, { url: '/api/session', as: 'none' }],
  'DELETE /api/session': [
    { method: 'DELETE', url: '/api/session', as: 'none' },
    { method: 'DELETE', url: '/api/session', headers: { origin: 'https://elsewhere.example' } },
  ],
  'GET /api/leagues': [{ url: '/api/leagues' }, { url: '/api/leagues', as: 'none' }],
  'GET /api/leagues/:slug': [{ url: '/api/leagues/serie-a' }, { url: '/api/leagues/nowhere' }],
  'GET /api/leagues/:slug/table': [{ url: '/api/leagues/serie-a/table' }],
  'GET /api/leagues/:slug/projection': [
    { url: '/api/leagues/serie-a/projection' },
    { url: '/api/leagues/nowhere/projection' },
  ],
  'GET /api/leagues/:slug/xg': [
    { url: '/api/leagues/serie-a/xg' },
    { url: '/api/leagues/nowhere/xg' },
    { url: '/api/leagues/serie%01a/xg' },
  ],
  'GET /api/leagues/:slug/stats': [
    { url: '/api/leagues/serie-a/stats' },
    { url: '/api/leagues/nowhere/stats' },
  ],
  'GET /api/matches/today': [
    { url: '/api/matches/today' },
    { url: '/api/matches/today?league=Serie%20A' },
    { url: '/api/matches/today?day=1' },
  ],
  'GET /api/odds': [
    { url: '/api/odds?league=premier-league' },
    { url: '/api/odds?market=totals' },
    { url: '/api/odds?market=spreads' },
  ],
  'GET /api/matches/:id': [
    { url: '/api/matches/1' },
    { url: '/api/matches/1-a-slug-after-the-id' },
    { url: '/api/matches/999999' },
    { url: '/api/matches/-3' },
  ],
  'GET /api/transfers': [{ url: '/api/transfers?league=all' }],
  'GET /api/teams/:slug': [{ url: '/api/teams/inter' }, { url: '/api/teams/nowhere' }],
  'GET /api/predictions': [
    { url: '/api/predictions?limit=6' },
    { url: '/api/predictions?upcoming=true&limit=6' },
    { url: '/api/predictions?limit=0' },
  ],
  'GET /api/predictions/track-record': [{ url: '/api/predictions/track-record' }],
  'GET /api/news': [{ url: '/api/news?league=all&page=1&page_size=10' }],
  'GET /functions/v1/news-api': [{ url: '/functions/v1/news-api?page=2&page_size=2' }],
  'GET /api/news/sources': [{ url: '/api/news/sources' }],
  'GET /api/news/articles/:ref': [
    { url: '/api/news/articles/1' },
    { url: '/api/news/articles/rumour-serie-a-1' },
  ],
  'POST /api/news/sync': [
    { ...body('/api/news/sync', {}), as: 'admin' },
    { ...body('/api/news/sync', {}), as: 'admin' },
    body('/api/news/sync', {}),
  ],
  'POST /functions/v1/fetch-rss-news': [
    { ...body('/functions/v1/fetch-rss-news', {}), as: 'admin' },
  ],
  'POST /functions/v1/fetch-matches': [body('/functions/v1/fetch-matches', {})],
  'POST /functions/v1/fetch-league-table': [
    body('/functions/v1/fetch-league-table', { league: 'Serie A' }),
    body('/functions/v1/fetch-league-table', {}),
  ],
  'POST /functions/v1/fetch-league-stats': [
    body('/functions/v1/fetch-league-stats', { league: 'serie-a' }),
  ],
  'POST /functions/v1/fetch-odds': [
    body('/functions/v1/fetch-odds', { leagueName: 'Premier League', market: 'h2h' }),
  ],
  'POST /functions/v1/fetch-transfers': [body('/functions/v1/fetch-transfers', { league: 'all' })],
  'GET /api/status': [{ url: '/api/status', as: 'admin' }, { url: '/api/status' }],
  'GET /metrics': [
    { url: '/metrics' },
    { url: '/metrics', headers: { authorization: 'Bearer x' }, as: 'none' },
  ],
  'GET /go/:bookmaker': [
    { url: '/go/bet365?event=fake%3Apl2&outcome=Draw&league=premier-league' },
    { url: '/go/nobody' },
    { url: '/go/No%20Body' },
  ],
  'GET /img/crest/:file': [{ url: '/img/crest/inter.svg' }, { url: '/img/crest/nobody.svg' }],
  'GET /img/report/:home/:away/:file': [
    { url: '/img/report/inter/milan/2-1.svg' },
    { url: '/img/report/inter/nobody/2-1.svg' },
    { url: '/img/report/inter/milan/100-1.svg' },
  ],
  'GET /api/admin/clicks': [
    { url: '/api/admin/clicks', as: 'admin' },
    { url: '/api/admin/clicks' },
  ],
  'GET /api/admin/clicks.csv': [
    { url: '/api/admin/clicks.csv', as: 'admin' },
    { url: '/api/admin/clicks.csv' },
  ],
  'GET /img/player/:file': [{ url: '/img/player/p1.svg' }, { url: '/img/player/P1.png' }],
  'GET /feeds/:file': [{ url: '/feeds/serie-a.xml' }, { url: '/feeds/nowhere.xml' }],
  // An open stream never ends, so only its refusals are called here (routes/live.test.ts reads
  // the stream itself).
  'GET /api/live': [{ url: `/api/live?last_event_id=${'1'.repeat(65)}` }],
  'GET /api/openapi.json': [{ url: '/api/openapi.json' }],
  'GET /api/docs': [{ url: '/api/docs' }],
};

const routes: RouteOptions[] = [];
let t: TestApp;
let cookie: string;
let document: OpenApiDocument;

beforeAll(async () => {
  t = await createTestApp({
    adminPassword: ADMIN_PASSWORD,
    newsSync: createOnceNewsSync(),
    onRoute: (route) => void routes.push(route),
  });
  await seedSmallWorld(t.database.db);
  cookie = await loginCookie(t.app);
  const answer = await t.app.inject({ url: '/api/openapi.json', headers: { cookie } });
  document = answer.json<OpenApiDocument>();
});
afterAll(async () => {
  await t.close();
});

/** Every route but the HEAD twins Fastify adds and those the document hides (the front end's files). */
const contractRoutes = () =>
  routes.filter(
    (r) => r.method !== 'HEAD' && (r.schema as { hide?: boolean } | undefined)?.hide !== true,
  );
const keyOf = (r: RouteOptions) => `${String(r.method)} ${r.url}`;

function send(call: Call): Promise<LightMyRequestResponse> {
  const as = call.as ?? 'session';
  const headers: Record<string, string> = {
    ...(as === 'none' ? {} : { cookie }),
    ...(as === 'admin' ? { 'x-admin-password': ADMIN_PASSWORD } : {}),
    ...call.headers,
  };
  return t.app.inject({
    method: (call.method ?? 'GET') as HTTPMethods,
    url: call.url,
    headers,
    ...(call.payload === undefined ? {} : { payload: call.payload }),
  });
}

describe('the HTTP contract', () => {
  it('describes every route under /api and /functions/v1, with its request and answers', () => {
    const problems: string[] = [];
    for (const route of contractRoutes()) {
      const key = keyOf(route);
      if (key in UNDESCRIBED) {
        if (/^\w+ \/(api|functions)\//.test(key)) problems.push(`${key}: must be described`);
        continue;
      }
      const operation =
        document.paths[toOpenApiPath(route.url)]?.[String(route.method).toLowerCase()];
      if (operation === undefined) problems.push(`${key}: missing from the document`);
      const schema = route.schema ?? {};
      if (schema.response === undefined) problems.push(`${key}: no response schemas`);
      if (
        (schema.querystring ?? schema.params) !== undefined &&
        operation?.parameters === undefined
      )
        problems.push(`${key}: parameters missing from the document`);
      if (schema.body !== undefined && operation?.requestBody === undefined)
        problems.push(`${key}: request body missing from the document`);
    }
    expect(problems).toEqual([]);
  });

  it('holds for every answer of every route, including 304s and refusals', async () => {
    const problems: string[] = [];
    const statuses = new Set<string>();
    for (const route of contractRoutes()) {
      const key = keyOf(route);
      if (key in UNDESCRIBED) continue;
      const calls = EXAMPLES[key];
      if (calls === undefined) {
        problems.push(`${key}: no example call in this test`);
        continue;
      }
      // Every gated route is also called without a session.
      const all =
        route.config?.access === 'public'
          ? calls
          : [...calls, { ...calls[0], as: 'none' as const }];
      for (const call of all as Call[]) {
        const answer = await send(call);
        const check = (a: typeof answer) =>
          checkAnswer(route, document, a).map((p) => `${call.url} → ${a.statusCode}: ${p}`);
        problems.push(...check(answer));
        statuses.add(`${key} ${answer.statusCode}`);
        const etag = answer.headers.etag;
        if (typeof etag === 'string') {
          const again = await send({
            ...call,
            headers: { ...call.headers, 'if-none-match': etag },
          });
          problems.push(...check(again));
          statuses.add(`${key} ${again.statusCode}`);
        }
      }
    }
    expect(problems).toEqual([]);
    // The examples reach the answers that matter, not only refusals.
    for (const reached of [
      'GET /api/news 200',
      'GET /api/news 304',
      'GET /api/matches/:id 200',
      'GET /api/matches/:id 404',
      'GET /feeds/:file 304',
      'POST /api/news/sync 429',
      'GET /go/:bookmaker 302',
      'POST /api/session 204',
      'GET /api/session 200',
      'DELETE /api/session 204',
      'GET /api/status 403',
    ]) {
      expect(statuses).toContain(reached);
    }
  });
});

describe('the contract check', () => {
  const leaguesRoute = () => routes.find((r) => keyOf(r) === 'GET /api/leagues') as RouteOptions;
  const realAnswer = async () => {
    const answer = await t.app.inject({ url: '/api/leagues', headers: { cookie } });
    return { statusCode: answer.statusCode, headers: answer.headers, body: answer.body };
  };

  it('passes a real answer', async () => {
    expect(checkAnswer(leaguesRoute(), document, await realAnswer())).toEqual([]);
  });

  it('catches a field the schema does not describe', async () => {
    const answer = await realAnswer();
    const json = JSON.parse(answer.body) as { leagues: Record<string, unknown>[] };
    json.leagues[0] = { ...json.leagues[0], code: 'I1' };
    expect(
      checkAnswer(leaguesRoute(), document, { ...answer, body: JSON.stringify(json) }),
    ).toEqual(['body.leagues[0].code: not described']);
  });

  it('catches a field of the wrong type', async () => {
    const answer = await realAnswer();
    const json = JSON.parse(answer.body) as { leagues: Record<string, unknown>[] };
    json.leagues[1] = { ...json.leagues[1], order_index: '2' };
    const problems = checkAnswer(leaguesRoute(), document, {
      ...answer,
      body: JSON.stringify(json),
    });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^body\.leagues\.1\.order_index: /);
  });

  it('catches a status the route does not describe, and a route missing from the document', async () => {
    const answer = await realAnswer();
    expect(checkAnswer(leaguesRoute(), document, { ...answer, statusCode: 418 })).toEqual([
      '418 is not in the document',
    ]);
    expect(checkAnswer(leaguesRoute(), { paths: {} }, answer)).toEqual([
      'the route is missing from the OpenAPI document',
    ]);
  });
});
