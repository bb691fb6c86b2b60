// Over 400 lines: a case per way the upstream answers (data, errors, quota, retries).
import { readFileSync } from 'node:fs';

import { delay, http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

import { readListGaps } from '../provider.ts';
import { UpstreamError } from '../upstream/http.ts';
import { createFootballDataSource, type FootballDataSourceOptions } from './client.ts';

const BASE = 'https://football-data.test/v4';
const NOW = Date.parse('2026-10-18T12:00:00Z');

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

function fixtureText(name: string): string {
  return readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');
}

function fixture(name: string): Record<string, unknown> {
  return JSON.parse(fixtureText(name));
}

type Seen = { path: string; query: URLSearchParams; token: string | null };

/** Answers GET `path` with `answer` and records every request it gets. */
function serve(path: string, answer: () => Response | Promise<Response>): Seen[] {
  const seen: Seen[] = [];
  server.use(
    http.get(`${BASE}/${path}`, async ({ request }) => {
      const url = new URL(request.url);
      seen.push({
        path: url.pathname,
        query: url.searchParams,
        token: request.headers.get('x-auth-token'),
      });
      return answer();
    }),
  );
  return seen;
}

function json(name: string, init?: ResponseInit): Response {
  return new HttpResponse(fixtureText(name), {
    ...init,
    headers: { 'content-type': 'application/json', ...init?.headers },
  });
}

function createSource(overrides: Partial<FootballDataSourceOptions> = {}) {
  const sleeps: number[] = [];
  const source = createFootballDataSource({
    apiKey: 'test-key',
    baseUrl: BASE,
    sleep: async (ms) => {
      sleeps.push(ms);
    },
    now: () => NOW,
    minIntervalMs: 0,
    ...overrides,
  });
  return { source, sleeps };
}

async function failure(promise: Promise<unknown>): Promise<UpstreamError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(UpstreamError);
    return error as UpstreamError;
  }
  throw new Error('expected an UpstreamError');
}

const FROM = new Date('2026-10-18T00:00:00Z');
const TO = new Date('2026-10-20T00:00:00Z');

describe('listMatches', () => {
  it('asks /matches once for the five leagues and keeps kick-offs in [from, to)', async () => {
    const seen = serve('matches', () =>
      json('football-data-matches-five-leagues.json', {
        headers: { 'X-Requests-Available-Minute': '9', 'X-RequestCounter-Reset': '54' },
      }),
    );
    const { source } = createSource();
    const matches = await source.listMatches?.(FROM, TO);

    expect(seen).toHaveLength(1);
    expect(seen[0]?.path).toBe('/v4/matches');
    expect(seen[0]?.token).toBe('test-key');
    expect(Object.fromEntries(seen[0]?.query ?? [])).toEqual({
      competitions: 'PL,PD,SA,BL1,FL1',
      dateFrom: '2026-10-18',
      dateTo: '2026-10-20',
    });
    // Bayern at 23:59 the day before, the CL fixture and the kick-off at `to` are left out.
    expect(matches?.map((m) => [m.leagueSlug, m.home.name, m.away.name, m.phase])).toEqual([
      ['la-liga', 'Real Madrid CF', 'FC Barcelona', 'finished'],
      ['serie-a', 'FC Internazionale Milano', 'AC Milan', 'live'],
      ['ligue-1', 'Paris Saint-Germain FC', 'Olympique de Marseille', 'scheduled'],
      ['premier-league', 'Tottenham Hotspur FC', 'Newcastle United FC', 'scheduled'],
    ]);
    expect(matches?.[0]).toMatchObject({
      homeScore: 2,
      awayScore: 2,
      htHomeScore: 0,
      htAwayScore: 1,
    });

    const stats = source.client.stats();
    expect(stats).toMatchObject({
      provider: 'football-data',
      callsToday: 1,
      failures: 0,
      retries: 0,
      creditsLeft: 9,
      lastError: null,
    });
  });

  it('maps the Premier League matchday and the live minute when a match carries one', async () => {
    serve('matches', () => json('football-data-matches-pl.json'));
    const { source } = createSource();
    const matches = await source.listMatches?.(FROM, TO);
    expect(matches?.map((m) => [m.externalId, m.phase, m.homeScore, m.awayScore])).toEqual([
      ['football-data:538241', 'finished', 3, 1],
      ['football-data:538242', 'live', 1, 0],
      ['football-data:538243', 'halftime', 0, 0],
      ['football-data:538244', 'scheduled', null, null],
    ]);

    server.resetHandlers();
    const live = fixture('football-data-match-live.json');
    serve('matches', () => HttpResponse.json({ matches: [live] }));
    const [match] = (await source.listMatches?.(FROM, TO)) ?? [];
    expect(match).toMatchObject({ phase: 'live', minute: '67', home: { name: 'Liverpool FC' } });
  });

  it('gives the goals and facts of a list that carries them, and counts a bad figure', async () => {
    const finished = fixture('football-data-match-finished-goals.json') as {
      awayTeam: { statistics: Record<string, unknown> };
    };
    finished.awayTeam.statistics.fouls = 'lots';
    const plain = (fixture('football-data-matches-pl.json').matches as unknown[])[3];
    serve('matches', () => HttpResponse.json({ matches: [finished, plain] }));
    const { source } = createSource();
    const [withGoals, without] = (await source.listMatches?.(FROM, TO)) ?? [];
    expect(withGoals?.events?.map((g) => [g.side, g.minute, g.added])).toEqual([
      ['home', 34, 0],
      ['home', 45, 2],
      ['home', 58, 0],
      ['away', 90, 3],
    ]);
    expect(withGoals?.facts).toMatchObject({
      goalsRecorded: true,
      referee: 'Anthony Taylor',
      statistics: { away: { fouls: null, shots: 6 } },
    });
    expect(without).not.toHaveProperty('events');
    expect(without?.facts).toMatchObject({ goalsRecorded: false, referee: null });
    expect(source.client.stats()).toMatchObject({ itemsDropped: 1, failures: 0 });
  });

  it('returns no matches for an empty day', async () => {
    const seen = serve('matches', () => json('football-data-matches-empty.json'));
    const { source } = createSource();
    await expect(source.listMatches?.(FROM, TO)).resolves.toEqual([]);
    expect(seen).toHaveLength(1);
  });

  it('asks one extra day at the end for a range inside one day', async () => {
    const seen = serve('matches', () => json('football-data-matches-pl.json'));
    const { source } = createSource();
    const matches = await source.listMatches?.(
      new Date('2026-10-18T12:00:00Z'),
      new Date('2026-10-18T16:00:00Z'),
    );
    expect(seen[0]?.query.get('dateFrom')).toBe('2026-10-18');
    expect(seen[0]?.query.get('dateTo')).toBe('2026-10-19');
    expect(matches?.map((m) => m.externalId)).toEqual([
      'football-data:538242',
      'football-data:538243',
    ]);
  });

  it.each([
    ['football-data-matches-missing-home-team.json', 'football-data:538242'],
    ['football-data-matches-score-as-string.json', 'football-data:538241'],
  ])('leaves out the unreadable match of %s and names it on the list', async (name, id) => {
    serve('matches', () => json(name));
    const { source } = createSource();
    const matches = (await source.listMatches?.(FROM, TO)) ?? [];
    expect(matches).toHaveLength(3);
    expect(matches.map((m) => m.externalId)).not.toContain(id);
    expect(readListGaps(matches)).toEqual({ leftOut: [id], partial: false });
    expect(source.client.stats()).toMatchObject({ itemsDropped: 1, failures: 0 });
  });

  it('fails with bad-body when its only match has a minute that is not a number', async () => {
    const live = fixture('football-data-match-live-minute-not-a-number.json');
    serve('matches', () => HttpResponse.json({ matches: [live] }));
    const { source } = createSource();
    expect((await failure(source.listMatches!(FROM, TO))).kind).toBe('bad-body');
  });
});

describe('getStandings', () => {
  it('asks /competitions/{code}/standings and maps the TOTAL table', async () => {
    const seen = serve('competitions/PD/standings', () =>
      json('football-data-standings-home-before-total.json'),
    );
    const { source } = createSource();
    const rows = await source.getStandings?.('la-liga');
    expect(seen.map((s) => [s.path, s.token, s.query.toString()])).toEqual([
      ['/v4/competitions/PD/standings', 'test-key', ''],
    ]);
    expect(rows?.map((r) => [r.pos, r.team.name, r.points, r.goalsFor, r.goalsAgainst])).toEqual([
      [1, 'Arsenal FC', 20, 17, 4],
      [2, 'Manchester City FC', 19, 19, 9],
      [3, 'Liverpool FC', 17, 15, 8],
      [4, 'Chelsea FC', 15, 14, 9],
    ]);
  });

  it('uses the code of each league', async () => {
    const seen = serve('competitions/:code/standings', () =>
      json('football-data-standings-pl.json'),
    );
    const { source } = createSource();
    for (const slug of ['premier-league', 'la-liga', 'serie-a', 'bundesliga', 'ligue-1']) {
      expect(await source.getStandings?.(slug)).toHaveLength(4);
    }
    expect(seen.map((s) => s.path)).toEqual([
      '/v4/competitions/PL/standings',
      '/v4/competitions/PD/standings',
      '/v4/competitions/SA/standings',
      '/v4/competitions/BL1/standings',
      '/v4/competitions/FL1/standings',
    ]);
  });

  it('refuses an unknown league without a request', async () => {
    const seen = serve('competitions/:code/standings', () =>
      json('football-data-standings-pl.json'),
    );
    const { source } = createSource();
    expect((await failure(source.getStandings!('eredivisie'))).kind).toBe('bad-request');
    expect(seen).toHaveLength(0);
  });

  it('fails with bad-body without a TOTAL table or with a row missing points', async () => {
    const { source } = createSource();
    serve('competitions/PL/standings', () => json('football-data-standings-no-total-table.json'));
    expect((await failure(source.getStandings!('premier-league'))).message).toContain('TOTAL');
    server.resetHandlers();
    serve('competitions/PL/standings', () => json('football-data-standings-points-missing.json'));
    const error = await failure(source.getStandings!('premier-league'));
    expect(error.kind).toBe('bad-body');
    expect(error.message).toContain('points');
  });
});

describe('getTopPlayers', () => {
  it('asks /competitions/{code}/scorers once and sorts assists from it', async () => {
    const seen = serve('competitions/SA/scorers', () => json('football-data-scorers-pl.json'));
    const { source } = createSource();
    const top = await source.getTopPlayers?.('serie-a');
    expect(seen).toHaveLength(1);
    expect(seen[0]?.path).toBe('/v4/competitions/SA/scorers');
    expect(seen[0]?.query.get('limit')).toBe('50');
    expect(seen[0]?.token).toBe('test-key');
    expect(top?.goals.map((p) => [p.playerId, p.nick, p.flag, p.total])).toEqual([
      ['football-data:38101', 'Erling Haaland', 'no', 11],
      ['football-data:3754', 'Bukayo Saka', 'gb-eng', 6],
      ['football-data:7841', 'Mohamed Salah', 'eg', 5],
    ]);
    expect(top?.assists.map((p) => [p.nick, p.total])).toEqual([
      ['Bukayo Saka', 4],
      ['Erling Haaland', 1],
    ]);
  });

  it('returns empty lists when nobody has scored yet', async () => {
    serve('competitions/PL/scorers', () => json('football-data-scorers-empty.json'));
    const { source } = createSource();
    await expect(source.getTopPlayers?.('premier-league')).resolves.toEqual({
      goals: [],
      assists: [],
    });
  });

  it('fails with bad-body on goals sent as a string', async () => {
    serve('competitions/PL/scorers', () => json('football-data-scorers-goals-as-string.json'));
    const { source } = createSource();
    const error = await failure(source.getTopPlayers!('premier-league'));
    expect(error.kind).toBe('bad-body');
    expect(error.message).toContain('scorers[1].goals');
  });
});

describe('errors', () => {
  it('treats 401 as a bad key and does not retry', async () => {
    const seen = serve('matches', () =>
      HttpResponse.json({ message: 'Unauthorized', errorCode: 401 }, { status: 401 }),
    );
    const { source } = createSource();
    const error = await failure(source.listMatches!(FROM, TO));
    expect(error).toMatchObject({ kind: 'auth', status: 401, provider: 'football-data' });
    expect(seen).toHaveLength(1);
    expect(source.client.stats()).toMatchObject({ callsToday: 1, failures: 1, retries: 0 });
    expect(source.client.stats().lastError).toContain('football-data');
  });

  it('treats 400 "Your API token is invalid." as a bad key, once', async () => {
    const seen = serve('matches', () =>
      json('football-data-error-400-invalid-token.json', { status: 400 }),
    );
    const { source } = createSource();
    const error = await failure(source.listMatches!(FROM, TO));
    expect(error).toMatchObject({ kind: 'auth', status: 400 });
    expect(error.message).toMatch(/^football-data: HTTP 400: [\s\S]*Your API token is invalid/);
    expect(seen).toHaveLength(1);
  });

  it('treats the 403 restriction as a plan refusal, once', async () => {
    const seen = serve('competitions/PL/standings', () =>
      json('football-data-error-403.json', { status: 403 }),
    );
    const { source } = createSource();
    const error = await failure(source.getStandings!('premier-league'));
    expect(error).toMatchObject({ kind: 'plan', status: 403, retryable: false });
    expect(error.message).toContain('check your subscription');
    expect(seen).toHaveLength(1);
    expect(source.client.stats()).toMatchObject({ callsToday: 1, failures: 1 });
  });

  it('treats a bare 403 as a bad key', async () => {
    serve('matches', () => new HttpResponse(null, { status: 403 }));
    const { source } = createSource();
    expect((await failure(source.listMatches!(FROM, TO))).kind).toBe('auth');
  });

  it('maps 404 to not-found without retrying', async () => {
    const seen = serve('competitions/PL/scorers', () =>
      json('football-data-error-404.json', { status: 404 }),
    );
    const { source } = createSource();
    expect((await failure(source.getTopPlayers!('premier-league'))).kind).toBe('not-found');
    expect(seen).toHaveLength(1);
  });

  it('retries a 429 with Retry-After, waiting that long, then gives up with rate-limit', async () => {
    const seen = serve('matches', () =>
      json('football-data-error-429.json', { status: 429, headers: { 'Retry-After': '2' } }),
    );
    const { source, sleeps } = createSource();
    const error = await failure(source.listMatches!(FROM, TO));
    expect(error).toMatchObject({ kind: 'rate-limit', status: 429, retryAfterMs: 2000 });
    expect(seen).toHaveLength(3);
    expect(sleeps).toEqual([2000, 2000]);
    expect(source.client.stats()).toMatchObject({ callsToday: 3, failures: 3, retries: 2 });
  });

  it('retries a 429 without any wait hint with back-off, then rate-limit', async () => {
    const seen = serve('matches', () =>
      HttpResponse.json({ message: 'Too many requests.', errorCode: 429 }, { status: 429 }),
    );
    const { source, sleeps } = createSource();
    const error = await failure(source.listMatches!(FROM, TO));
    expect(error.kind).toBe('rate-limit');
    expect(error.retryAfterMs).toBeUndefined();
    expect(seen).toHaveLength(3);
    expect(sleeps).toHaveLength(2);
  });

  it('waits X-RequestCounter-Reset seconds after a 429', async () => {
    let calls = 0;
    const seen = serve('matches', () =>
      ++calls === 1
        ? json('football-data-error-429.json', {
            status: 429,
            headers: { 'X-RequestCounter-Reset': '5', 'X-Requests-Available-Minute': '0' },
          })
        : json('football-data-matches-pl.json', {
            headers: { 'X-Requests-Available-Minute': '9' },
          }),
    );
    const { source, sleeps } = createSource();
    expect(await source.listMatches?.(FROM, TO)).toHaveLength(4);
    expect(seen).toHaveLength(2);
    expect(sleeps).toEqual([5000]);
    expect(source.client.stats()).toMatchObject({ retries: 1, failures: 1, creditsLeft: 9 });
  });

  it('stops at once on the "Wait 41 seconds" 429, longer than the back-off cap', async () => {
    const seen = serve('matches', () => json('football-data-error-429.json', { status: 429 }));
    const { source } = createSource();
    const error = await failure(source.listMatches!(FROM, TO));
    expect(error).toMatchObject({ kind: 'rate-limit', retryAfterMs: 41_000 });
    expect(error.message).toContain('Wait 41 seconds');
    expect(seen).toHaveLength(1);
  });

  it('tries a 5xx three times, then fails with server', async () => {
    const seen = serve('competitions/PL/standings', () =>
      HttpResponse.text('upstream exploded', { status: 502 }),
    );
    const { source } = createSource();
    const error = await failure(source.getStandings!('premier-league'));
    expect(error).toMatchObject({ kind: 'server', status: 502 });
    expect(seen).toHaveLength(3);
    const stats = source.client.stats();
    expect(stats).toMatchObject({ callsToday: 3, failures: 3, retries: 2, lastSuccessAt: null });
    expect(stats.lastError).toMatch(/^football-data: HTTP 502/);
  });

  it('gives up with timeout when the API does not answer in time', async () => {
    const seen = serve('matches', async () => {
      await delay(2000);
      return json('football-data-matches-pl.json');
    });
    const { source } = createSource({ timeoutMs: 50 });
    const error = await failure(source.listMatches!(FROM, TO));
    expect(error.kind).toBe('timeout');
    expect(seen).toHaveLength(3);
    expect(source.client.stats().failures).toBe(3);
  });

  it('fails with network on a reset connection', async () => {
    const seen = serve('matches', () => HttpResponse.error());
    const { source } = createSource();
    const error = await failure(source.listMatches!(FROM, TO));
    expect(error.kind).toBe('network');
    expect(seen).toHaveLength(3);
    expect(source.client.stats().lastError).toContain('football-data');
  });

  it('fails with bad-body on a 200 that is not JSON', async () => {
    const seen = serve('matches', () => HttpResponse.text('<html>maintenance</html>'));
    const { source } = createSource();
    const error = await failure(source.listMatches!(FROM, TO));
    expect(error.kind).toBe('bad-body');
    expect(error.message).toContain('not JSON');
    expect(seen).toHaveLength(1);
  });

  it('reads an error body inside a 200 by its errorCode', async () => {
    serve('competitions/PL/standings', () =>
      HttpResponse.json(fixture('football-data-error-403.json')),
    );
    const { source } = createSource();
    const error = await failure(source.getStandings!('premier-league'));
    expect(error).toMatchObject({ kind: 'plan', status: 403 });
  });
});

describe('request spacing and quota', () => {
  it('spaces requests 6 s apart by default (10 a minute)', async () => {
    const seen = serve('competitions/PL/standings', () => json('football-data-standings-pl.json'));
    const { source, sleeps } = createSource({ minIntervalMs: undefined });
    await source.getStandings?.('premier-league');
    await source.getStandings?.('premier-league');
    expect(seen).toHaveLength(2);
    expect(sleeps).toEqual([6000]);
  });

  it('waits for the counter reset when the last answer left no requests this minute', async () => {
    const seen = serve('competitions/PL/standings', () =>
      json('football-data-standings-pl.json', {
        headers: { 'X-Requests-Available-Minute': '0', 'X-RequestCounter-Reset': '12' },
      }),
    );
    const { source, sleeps } = createSource();
    await source.getStandings?.('premier-league');
    expect(sleeps).toEqual([]);
    expect(source.client.stats().creditsLeft).toBe(0);
    await source.getStandings?.('premier-league');
    expect(sleeps).toEqual([12_000]);
    expect(seen).toHaveLength(2);
  });
});
