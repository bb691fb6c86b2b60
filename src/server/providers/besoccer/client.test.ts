import { readFileSync } from 'node:fs';

import { delay, http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

import { readListGaps } from '../provider.ts';
import { UpstreamError } from '../upstream/http.ts';
import { createBesoccerSource } from './client.ts';

const BASE_URL = 'https://besoccer.test/scripts/api';
const API_URL = `${BASE_URL}/api.php`;
const KEY = '0123456789abcdef0123456789abcdef';
const NOW = Date.parse('2026-10-18T16:00:00Z');

function fixtureText(name: string): string {
  return readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');
}

function fixture(name: string): Record<string, unknown> {
  return JSON.parse(fixtureText(name)) as Record<string, unknown>;
}

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

type Seen = { url: URL; headers: Headers };

/** Serves `answer` for api.php and records every request it gets. */
function serve(answer: (url: URL) => Response | Promise<Response>): Seen[] {
  const seen: Seen[] = [];
  server.use(
    http.get(API_URL, ({ request }) => {
      const url = new URL(request.url);
      seen.push({ url, headers: request.headers });
      return answer(url);
    }),
  );
  return seen;
}

function createSource(extra: { timeoutMs?: number } = {}) {
  const warnings: { obj: object; msg: string }[] = [];
  const source = createBesoccerSource({
    apiKey: KEY,
    baseUrl: BASE_URL,
    sleep: async () => {},
    now: () => NOW,
    log: { warn: (obj, msg) => warnings.push({ obj, msg }) },
    ...extra,
  });
  return { source, warnings };
}

async function failure(promise: Promise<unknown>): Promise<UpstreamError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof UpstreamError) return error;
    throw error;
  }
  throw new Error('expected an UpstreamError, got a result');
}

function query(seen: Seen): Record<string, string> {
  return Object.fromEntries(seen.url.searchParams);
}

/** Madrid's 18 October 2026 (CEST), as UTC instants: one day list. */
const DAY_FROM = new Date('2026-10-17T22:00:00Z');
const DAY_TO = new Date('2026-10-18T22:00:00Z');

describe('listMatches', () => {
  it('asks matchsday for the Madrid day with the key, JSON and paging, and maps the five leagues', async () => {
    const seen = serve(() => HttpResponse.json(fixture('besoccer-livescore.json')));
    const { source } = createSource();
    const matches = await source.listMatches!(DAY_FROM, DAY_TO);

    expect(seen).toHaveLength(1);
    expect(seen[0]?.url.pathname).toBe('/scripts/api/api.php');
    // No `tz`: matchsday documents none, and its kick-offs are read in Madrid time.
    expect(query(seen[0]!)).toEqual({
      req: 'matchsday',
      date: '2026-10-18',
      init: '0',
      limit: '100',
      key: KEY,
      format: 'json',
    });
    // Auth is the query parameter only.
    expect(seen[0]?.headers.get('authorization')).toBeNull();

    expect(matches.map((m) => [m.externalId, m.leagueSlug, m.phase, m.minute])).toEqual([
      ['besoccer:599904', 'bundesliga', 'finished', ''],
      ['besoccer:598120', 'la-liga', 'live', '67'],
      ['besoccer:604311', 'premier-league', 'scheduled', ''],
      ['besoccer:601877', 'serie-a', 'halftime', ''],
      ['besoccer:600731', 'ligue-1', 'live', '23'],
    ]);
    expect(matches[1]).toMatchObject({
      home: { name: 'Barcelona' },
      away: { name: 'Atlético' },
      homeScore: 2,
      awayScore: 1,
      // 16:15 in Madrid (UTC+2).
      kickoff: new Date('2026-10-18T14:15:00Z'),
    });

    const stats = source.client.stats();
    expect(stats).toMatchObject({
      provider: 'besoccer',
      callsToday: 1,
      day: '2026-10-18',
      requests: 1,
      retries: 0,
      failures: 0,
      lastError: null,
    });
  });

  it('keeps only kick-offs inside [from, to)', async () => {
    serve(() => HttpResponse.json(fixture('besoccer-livescore.json')));
    const { source } = createSource();
    const matches = await source.listMatches!(
      new Date('2026-10-18T14:00:00Z'),
      // Inter–Napoli kicks off at exactly 16:00Z (18:00 in Madrid): the end is exclusive.
      new Date('2026-10-18T16:00:00Z'),
    );
    expect(matches.map((m) => m.externalId)).toEqual(['besoccer:598120', 'besoccer:604311']);
  });

  it('reads the list of each Madrid day the range touches and leaves other competitions out', async () => {
    const seen = serve((url) =>
      url.searchParams.get('date') === '2026-10-18'
        ? HttpResponse.json(fixture('besoccer-matchsday-other-competitions.json'))
        : HttpResponse.json({ matches: [], summary: { today: '0' } }),
    );
    const { source } = createSource();
    const matches = await source.listMatches!(
      new Date('2026-10-18T12:00:00Z'),
      new Date('2026-10-19T21:00:00Z'),
    );
    expect(seen.map((s) => s.url.searchParams.get('date'))).toEqual(['2026-10-18', '2026-10-19']);
    expect(matches.map((m) => [m.externalId, m.leagueSlug])).toEqual([
      ['besoccer:599904', 'bundesliga'],
    ]);
    expect(source.client.stats().callsToday).toBe(2);
  });

  it('logs and counts a match with an undocumented status, once, and returns the others', async () => {
    serve(() => HttpResponse.json(fixture('besoccer-livescore-unknown-status.json')));
    const { source, warnings } = createSource();
    const matches = await source.listMatches!(DAY_FROM, DAY_TO);
    await source.listMatches!(DAY_FROM, DAY_TO);
    expect(matches.map((m) => m.externalId)).toEqual(['besoccer:604311']);
    expect(readListGaps(matches)).toEqual({ leftOut: ['besoccer:598120'], partial: false });
    expect(warnings).toEqual([
      {
        obj: { provider: 'besoccer', item: 'match', id: '598120' },
        msg: 'besoccer: match 598120 left out: matchsday 2026-10-18[1].status: unknown status 7',
      },
    ]);
    expect(source.client.stats().itemsDropped).toBe(2);
  });

  it('drops an item with a missing field and keeps the rest of the list', async () => {
    serve(() => HttpResponse.json(fixture('besoccer-livescore-missing-field.json')));
    const { source, warnings } = createSource();
    const matches = await source.listMatches!(DAY_FROM, DAY_TO);
    expect(matches.map((m) => m.externalId)).toEqual(['besoccer:604311']);
    expect(readListGaps(matches).leftOut).toEqual(['besoccer:598120']);
    expect(warnings.map((w) => w.msg)).toEqual([
      'besoccer: match 598120 left out: matchsday 2026-10-18[1].local: Invalid input: expected string, received undefined',
    ]);
  });
});

describe('getStandings', () => {
  it('asks for the league table of the category id and maps the rows', async () => {
    const seen = serve(() => HttpResponse.json(fixture('besoccer-tables.json')));
    const { source } = createSource();
    const rows = await source.getStandings!('la-liga');
    expect(seen).toHaveLength(1);
    expect(seen[0]?.url.pathname).toBe('/scripts/api/api.php');
    expect(query(seen[0]!)).toEqual({
      req: 'tables',
      league: '1',
      group: '1',
      key: KEY,
      format: 'json',
    });
    expect(rows.map((r) => [r.pos, r.team.name, r.points, r.goalsFor, r.goalsAgainst])).toEqual([
      [1, 'Barcelona', 25, 27, 9],
      [2, 'Real Madrid', 23, 21, 8],
      [3, 'Atlético', 19, 15, 7],
      [20, 'Almería', 4, 6, 19],
    ]);
  });

  it.each([
    ['premier-league', '10'],
    ['serie-a', '7'],
    ['bundesliga', '8'],
    ['ligue-1', '16'],
  ])('uses BeSoccer category id for %s', async (slug, id) => {
    const seen = serve(() => HttpResponse.json(fixture('besoccer-tables.json')));
    const { source } = createSource();
    await source.getStandings!(slug);
    expect(seen[0]?.url.searchParams.get('league')).toBe(id);
  });

  it('refuses an unknown league without calling', async () => {
    const seen = serve(() => HttpResponse.json(fixture('besoccer-tables.json')));
    const { source } = createSource();
    const error = await failure(source.getStandings!('eredivisie'));
    expect(error.kind).toBe('bad-request');
    expect(seen).toHaveLength(0);
  });

  it('reads a JSON error answer for a league outside the plan as `plan`, without retrying', async () => {
    const seen = serve(() => HttpResponse.json(fixture('besoccer-tables-outside-plan.json')));
    const { source } = createSource();
    const error = await failure(source.getStandings!('serie-a'));
    expect(error.kind).toBe('plan');
    expect(seen).toHaveLength(1);
    expect(source.client.stats()).toMatchObject({ failures: 1, retries: 0 });
  });

  it('fails with bad-body on an answer without the table array', async () => {
    serve(() => HttpResponse.json(fixture('besoccer-tables-without-array.json')));
    const { source } = createSource();
    const error = await failure(source.getStandings!('la-liga'));
    expect(error.kind).toBe('bad-body');
    expect(error.message).toContain('table: expected an array');
  });

  it('refuses a table with a mistyped row, counting the row', async () => {
    serve(() => HttpResponse.json(fixture('besoccer-tables-mistyped.json')));
    const { source } = createSource();
    await expect(source.getStandings!('la-liga')).rejects.toMatchObject({ kind: 'bad-body' });
    expect(source.client.stats().itemsDropped).toBe(1);
  });
});

describe('getTopPlayers', () => {
  it('asks league_stats once for scorers and assisters', async () => {
    const seen = serve(() => HttpResponse.json(fixture('besoccer-league-stats.json')));
    const { source } = createSource();
    const { goals, assists } = await source.getTopPlayers!('la-liga');
    expect(seen).toHaveLength(1);
    expect(query(seen[0]!)).toEqual({ req: 'league_stats', league: '1', key: KEY, format: 'json' });
    expect(goals.map((p) => [p.nick, p.team?.name, p.total])).toEqual([
      ['R. Lewandowski', 'Barcelona', 11],
      ['K. Mbappé', 'Real Madrid', 10],
    ]);
    expect(assists.map((p) => [p.playerId, p.nick, p.total])).toEqual([
      ['732114', 'Lamine Yamal', 7],
      ['466051', 'A. Griezmann', 5],
    ]);
  });

  it('fails with bad-body when the goals list is missing', async () => {
    serve(() => HttpResponse.json(fixture('besoccer-league-stats-missing-goals.json')));
    const { source } = createSource();
    const error = await failure(source.getTopPlayers!('la-liga'));
    expect(error.kind).toBe('bad-body');
    expect(error.message).toContain('stats.goals');
  });
});

describe('HTTP failures', () => {
  it.each([401, 403])('reads %s as a bad key, without retrying', async (status) => {
    const seen = serve(() => new HttpResponse('Forbidden', { status }));
    const { source } = createSource();
    const error = await failure(source.getStandings!('la-liga'));
    expect(error.kind).toBe('auth');
    expect(error.status).toBe(status);
    expect(seen).toHaveLength(1);
    expect(source.client.stats()).toMatchObject({ callsToday: 1, failures: 1, retries: 0 });
  });

  it('retries a 429 with Retry-After, then gives up with rate-limit', async () => {
    const seen = serve(
      () => new HttpResponse('slow down', { status: 429, headers: { 'retry-after': '2' } }),
    );
    const { source } = createSource();
    const error = await failure(source.getStandings!('la-liga'));
    expect(error.kind).toBe('rate-limit');
    expect(error.retryAfterMs).toBe(2000);
    expect(seen).toHaveLength(3);
    expect(source.client.stats()).toMatchObject({ callsToday: 3, failures: 3, retries: 2 });
  });

  it('retries a 429 without Retry-After, then gives up with rate-limit', async () => {
    const seen = serve(() => new HttpResponse('slow down', { status: 429 }));
    const { source } = createSource();
    const error = await failure(source.getTopPlayers!('la-liga'));
    expect(error.kind).toBe('rate-limit');
    expect(error.retryAfterMs).toBeUndefined();
    expect(seen).toHaveLength(3);
  });

  it('makes three attempts on a 5xx, then fails with server', async () => {
    const seen = serve(() => new HttpResponse('oops', { status: 500 }));
    const { source } = createSource();
    const error = await failure(source.listMatches!(DAY_FROM, DAY_TO));
    expect(error.kind).toBe('server');
    expect(error.status).toBe(500);
    expect(seen).toHaveLength(3);
    const stats = source.client.stats();
    expect(stats).toMatchObject({ callsToday: 3, failures: 3, retries: 2 });
    expect(stats.lastError).toMatch(/^besoccer: HTTP 500/);
  });

  it('recovers when a retry succeeds', async () => {
    let calls = 0;
    const seen = serve(() =>
      ++calls === 1
        ? new HttpResponse('busy', { status: 503 })
        : HttpResponse.json(fixture('besoccer-tables.json')),
    );
    const { source } = createSource();
    const rows = await source.getStandings!('la-liga');
    expect(rows[0]?.team.name).toBe('Barcelona');
    expect(seen).toHaveLength(2);
    expect(source.client.stats()).toMatchObject({ failures: 1, retries: 1 });
    expect(source.client.stats().lastSuccessAt).toBe('2026-10-18T16:00:00.000Z');
  });

  it('times out a server that never answers', async () => {
    const seen = serve(async () => {
      await delay('infinite');
      return HttpResponse.json({});
    });
    const { source } = createSource({ timeoutMs: 50 });
    const error = await failure(source.getStandings!('la-liga'));
    expect(error.kind).toBe('timeout');
    expect(seen).toHaveLength(3);
  });

  it('reads a reset connection as network', async () => {
    const seen = serve(() => HttpResponse.error());
    const { source } = createSource();
    const error = await failure(source.getStandings!('la-liga'));
    expect(error.kind).toBe('network');
    expect(seen).toHaveLength(3);
    expect(source.client.stats().lastError).toMatch(/^besoccer: request failed/);
  });

  it('reads an HTML page as bad-body, without retrying', async () => {
    const seen = serve(
      () =>
        new HttpResponse(fixtureText('besoccer-not-json.html'), {
          headers: { 'content-type': 'text/html' },
        }),
    );
    const { source } = createSource();
    const error = await failure(source.getStandings!('la-liga'));
    expect(error.kind).toBe('bad-body');
    expect(error.message).toContain('answer is not JSON');
    expect(seen).toHaveLength(1);
  });

  it.each(['besoccer-error-not-allowed.txt', 'besoccer-error-no-version.txt'])(
    'reads the plain-text 200 answer %s as plan, without retrying',
    async (name) => {
      const seen = serve(() => new HttpResponse(fixtureText(name)));
      const { source } = createSource();
      const error = await failure(source.getTopPlayers!('serie-a'));
      expect(error.kind).toBe('plan');
      expect(seen).toHaveLength(1);
      const stats = source.client.stats();
      expect(stats).toMatchObject({ callsToday: 1, failures: 1, retries: 0 });
      expect(stats.lastError).toContain(
        `besoccer: refused for this key's plan: ${fixtureText(name).trim()}`,
      );
    },
  );

  it('never puts the key in an error message', async () => {
    serve(() => new HttpResponse('oops', { status: 500 }));
    const { source } = createSource();
    const error = await failure(source.getStandings!('la-liga'));
    expect(error.message).not.toContain(KEY);
    expect(source.client.stats().lastError).not.toContain(KEY);
  });
});
