import { readFileSync } from 'node:fs';

import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

import { LEAGUES, type LeagueEntry } from '../../../domain/league.ts';
import { readListGaps } from '../provider.ts';
import { UpstreamError } from '../upstream/http.ts';
import { createBesoccerSource } from './client.ts';

// listMatches over BeSoccer's day list as the real documentation example shows it: pages of a
// list covering every competition, `summary.today` counting the day's items. A fake api.php
// serves the recorded day in pages; a list it cannot serve whole must be an error.

const BASE_URL = 'https://besoccer.test/scripts/api';
const API_URL = `${BASE_URL}/api.php`;

type Item = Record<string, unknown>;
const REAL_TEXT = readFileSync(
  new URL('./fixtures/real/bs-doc-partidosdia.json', import.meta.url),
  'utf8',
);
const REAL = JSON.parse(REAL_TEXT) as { matches: Item[]; summary: { today: string } };

function otherLeague(slug: string, id: number, name: string): LeagueEntry {
  return { ...(LEAGUES[0] as LeagueEntry), slug, name, besoccer: { id, name } };
}
/** Followed competitions that play on the recorded day (14 March 2023). */
const DAY_LEAGUES = [
  otherLeague('championship', 25, 'Championship'),
  otherLeague('league-one', 87, 'League One'),
  otherLeague('league-two', 88, 'League Two'),
  otherLeague('serie-c', 90, 'Serie C'),
  otherLeague('ligue-2', 92, 'Ligue 2'),
];
/** The recorded day's matches of those leagues: 6 + 4 + 3 + 10 + 1. */
const DAY_MATCHES = 24;

/** Madrid's 14 March 2023 (CET), the day of the recorded list. */
const FROM = new Date('2023-03-13T23:00:00Z');
const TO = new Date('2023-03-14T23:00:00Z');

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

type Page = { init: number; limit: number; date: string };

/** Serves api.php with `answer(page)` and records the paging asked for. */
function serve(answer: (page: Page) => Response): Page[] {
  const seen: Page[] = [];
  server.use(
    http.get(API_URL, ({ request }) => {
      const url = new URL(request.url);
      const page = {
        init: Number(url.searchParams.get('init')),
        limit: Number(url.searchParams.get('limit')),
        date: url.searchParams.get('date') ?? '',
      };
      seen.push(page);
      return answer(page);
    }),
  );
  return seen;
}

/** A page of `items` as BeSoccer would cut it, held to at most `cap` items, with the count. */
function pageOf(items: Item[], page: Page, cap: number, today = String(items.length)): Response {
  const slice = items.slice(page.init, page.init + Math.min(page.limit, cap));
  return HttpResponse.json({ matches: slice, summary: { ...REAL.summary, today } });
}

function createSource(extra: { dayPageSize?: number; maxDayPages?: number } = {}) {
  const warnings: { obj: object; msg: string }[] = [];
  const source = createBesoccerSource({
    apiKey: 'key',
    baseUrl: BASE_URL,
    sleep: async () => {},
    leagues: DAY_LEAGUES,
    log: { warn: (obj, msg) => warnings.push({ obj, msg }) },
    ...extra,
  });
  return { source, warnings, list: () => source.listMatches!(FROM, TO) };
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

describe('listMatches pages through the day list', () => {
  it('reads every match of the followed leagues from a list served 15 items a page', async () => {
    const seen = serve((page) => pageOf(REAL.matches, page, 15));
    const { list } = createSource();
    const matches = await list();
    expect(seen).toEqual([
      { init: 0, limit: 100, date: '2023-03-14' },
      { init: 15, limit: 100, date: '2023-03-14' },
      { init: 30, limit: 100, date: '2023-03-14' },
    ]);
    expect(matches).toHaveLength(DAY_MATCHES);
    expect(new Set(matches.map((m) => m.leagueSlug)).size).toBe(5);
    expect(readListGaps(matches)).toEqual({ leftOut: [], partial: false });
  });

  it('asks once when the first page holds the whole day', async () => {
    const seen = serve((page) => pageOf(REAL.matches, page, 100));
    const { list } = createSource();
    expect(await list()).toHaveLength(DAY_MATCHES);
    expect(seen).toHaveLength(1);
  });

  it('asks past a full page, and ends on the empty one', async () => {
    const seen = serve((page) => pageOf(REAL.matches, page, 100));
    const { list } = createSource({ dayPageSize: 20 });
    expect(await list()).toHaveLength(DAY_MATCHES);
    expect(seen.map((p) => p.init)).toEqual([0, 20, 40]);
  });

  it('refuses the recorded page as BeSoccer sent it: 40 items of a day of 240', async () => {
    // The documented example answer, sent for any `init`: paging not honoured.
    serve(() => HttpResponse.json(REAL));
    const { list } = createSource();
    const error = await failure(list());
    expect(error.kind).toBe('bad-body');
    expect(error.message).toBe(
      'besoccer: day list 2023-03-14: the page from 40 repeats earlier items',
    );
  });

  it('refuses a list that ends short of its count', async () => {
    serve((page) => pageOf(REAL.matches, page, 40, '240'));
    const { list } = createSource();
    const error = await failure(list());
    expect(error.kind).toBe('bad-body');
    expect(error.message).toBe('besoccer: day list 2023-03-14: ended after 40 of 240 items');
  });

  it('fails with the failing page’s error when a later page fails', async () => {
    serve((page) =>
      page.init === 0 ? pageOf(REAL.matches, page, 15) : new HttpResponse('oops', { status: 500 }),
    );
    const { source, list } = createSource();
    const error = await failure(list());
    expect(error.kind).toBe('server');
    expect(source.client.stats().failures).toBe(3);
  });

  it('stops at the page cap with an error', async () => {
    const seen = serve((page) => pageOf(REAL.matches, page, 15));
    const { list } = createSource({ maxDayPages: 2 });
    const error = await failure(list());
    expect(error.message).toBe(
      'besoccer: day list 2023-03-14: not read whole in 2 pages (30 of 40 items)',
    );
    expect(seen).toHaveLength(2);
  });

  it('reads each Madrid day a range touches, both whole', async () => {
    const seen = serve((page) =>
      page.date === '2023-03-14'
        ? pageOf(REAL.matches, page, 100)
        : HttpResponse.json({ matches: [], summary: { today: '0' } }),
    );
    const { source } = createSource();
    // 22:30Z on the 14th is already 23:30 in Madrid; 23:30Z is the 15th there.
    const matches = await source.listMatches!(
      new Date('2023-03-14T19:00:00Z'),
      new Date('2023-03-14T23:30:00Z'),
    );
    expect(seen.map((p) => p.date)).toEqual(['2023-03-14', '2023-03-15']);
    // The English evening kick-offs (20:45 and 21:00 CET) and Serie C's at 21:00; Serie C's and
    // Ligue 2's earlier ones are outside the range.
    expect(matches.map((m) => m.kickoff.toISOString())).toContain('2023-03-14T20:00:00.000Z');
    expect(matches).toHaveLength(6 + 4 + 3 + 5);
  });

  it('sends nothing for an empty range, and refuses a range over a month', async () => {
    const seen = serve((page) => pageOf(REAL.matches, page, 100));
    const { source } = createSource();
    expect(await source.listMatches!(TO, TO)).toEqual([]);
    const error = await failure(
      source.listMatches!(new Date('2023-03-01T00:00:00Z'), new Date('2023-05-01T00:00:00Z')),
    );
    expect(error.kind).toBe('bad-request');
    expect(seen).toHaveLength(0);
  });
});

describe('bad input in the day list', () => {
  const [first, second, ...rest] = REAL.matches;

  it('drops items with null ids, logging and counting each once, and keeps the rest', async () => {
    // The first Championship items lose their match id and their home club id.
    const items = [{ ...first, id: null }, { ...second, team1: null }, ...rest];
    serve((page) => pageOf(items, page, 100));
    const { source, warnings, list } = createSource();
    const matches = await list();
    await list();
    expect(matches).toHaveLength(DAY_MATCHES - 2);
    expect(readListGaps(matches)).toEqual({ leftOut: ['besoccer:46074'], partial: true });
    expect(warnings).toEqual([
      {
        obj: { provider: 'besoccer', item: 'match', id: 'matchsday 2023-03-14[0]' },
        msg: 'besoccer: match matchsday 2023-03-14[0] left out: matchsday 2023-03-14[0].id: Invalid input',
      },
      {
        obj: { provider: 'besoccer', item: 'match', id: '46074' },
        msg: 'besoccer: match 46074 left out: matchsday 2023-03-14[1].team1: Invalid input',
      },
    ]);
    expect(source.client.stats().itemsDropped).toBe(4);
  });

  it.each([
    ['an empty list that does not say the day has none', { matches: [] }],
    ['an empty list that says the day has 240', { matches: [], summary: { today: '240' } }],
  ])('refuses %s', async (_, body) => {
    serve(() => HttpResponse.json(body));
    const { list } = createSource();
    const error = await failure(list());
    expect(error.kind).toBe('bad-body');
    expect(error.message).toMatch(/^besoccer: day list 2023-03-14: (no matches|ended after 0)/);
  });

  it('believes an empty day when the count says none', async () => {
    serve(() => HttpResponse.json({ matches: [], summary: { today: 0 } }));
    const { list } = createSource();
    expect(await list()).toEqual([]);
  });

  it.each([
    [
      'an HTML page with status 200',
      readFileSync(new URL('./fixtures/besoccer-not-json.html', import.meta.url), 'utf8'),
    ],
    ['the real body cut in half', REAL_TEXT.slice(0, Math.floor(REAL_TEXT.length / 2))],
  ])('refuses %s once, logged with the provider and counted', async (_, text) => {
    const seen = serve(() => new HttpResponse(text, { headers: { 'content-type': 'text/html' } }));
    const { source, warnings, list } = createSource();
    const error = await failure(list());
    expect(error.kind).toBe('bad-body');
    expect(error.message).toMatch(/^besoccer: answer is not JSON/);
    expect(seen).toHaveLength(1);
    expect(warnings).toEqual([
      {
        obj: { provider: 'besoccer', kind: 'bad-body', status: 200, attempt: 1, retry: false },
        msg: error.message,
      },
    ]);
    expect(source.client.stats()).toMatchObject({ failures: 1, retries: 0 });
  });
});
