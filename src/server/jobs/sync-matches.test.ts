import { readFileSync } from 'node:fs';

import { asc, eq } from 'drizzle-orm';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import { createFakeProvider, createProviderMatch } from '../../../tests/helpers/fake-provider.ts';
import { createTestDb, type TestDatabase } from '../../../tests/helpers/test-db.ts';
import { matches } from '../db/schema.ts';
import { createLiveProvider } from '../providers/live/live-provider.ts';
import { createLiveSources } from '../providers/live/live-sources.ts';
import {
  markListGaps,
  type FootballProvider,
  type ProviderMatch,
  type ProviderTeam,
} from '../providers/provider.ts';
import { runSyncMatches } from './sync-provider.ts';

// runSyncMatches removes the day's stored matches a provider no longer lists, and only when the
// list vouches for the whole day: never after a failure, a partial list or an empty one, and
// never the match of an item the provider left out for bad data.

let database: TestDatabase;
beforeEach(async () => {
  database = await createTestDb();
});
afterEach(async () => {
  await database.close();
});

const stored = async () =>
  (
    await database.db
      .select({ externalId: matches.externalId })
      .from(matches)
      .orderBy(asc(matches.externalId))
  ).map((r) => r.externalId);

describe('what a list of matches lets the sync delete', () => {
  // 15:30 on 21 November 2026 in London; the site's day is that UTC day.
  const NOW = new Date('2026-11-21T15:30:00Z');
  const team = (key: string): ProviderTeam => ({
    key,
    leagueSlug: 'premier-league',
    name: key,
    shortName: key.slice(0, 3).toUpperCase(),
    logoUrl: null,
  });
  const fixture = (id: string, hour: number) =>
    createProviderMatch({
      id,
      leagueSlug: 'premier-league',
      homeKey: `home-${id}`,
      awayKey: `away-${id}`,
      home: team(`home-${id}`),
      away: team(`away-${id}`),
      kickoff: new Date(Date.UTC(2026, 10, 21, hour)),
    });
  const DAY = [fixture('1', 12), fixture('2', 15), fixture('3', 17)];

  /** A provider answering `answer()` for the day, after a first sync stored DAY. */
  async function syncAfterDay(answer: () => Promise<ProviderMatch[]>) {
    const provider: FootballProvider = createFakeProvider({ matches: DAY });
    const sync = { db: database.db, provider, now: NOW, timeZone: 'Europe/London' };
    await runSyncMatches(sync);
    expect(await stored()).toEqual(['fake:1', 'fake:2', 'fake:3']);
    return runSyncMatches({ ...sync, provider: { ...provider, listMatches: answer } });
  }

  it('deletes the stored matches a whole list no longer has', async () => {
    await syncAfterDay(async () => [DAY[0]!]);
    expect(await stored()).toEqual(['fake:1']);
  });

  it('deletes nothing when the list fails', async () => {
    const failing = syncAfterDay(async () => {
      throw new Error('besoccer: day list 2026-11-21: ended after 40 of 240 items');
    });
    await expect(failing).rejects.toThrow('ended after 40 of 240');
    expect(await stored()).toEqual(['fake:1', 'fake:2', 'fake:3']);
  });

  it('deletes nothing after a list marked partial, and still writes what it lists', async () => {
    const live = { ...DAY[0]!, phase: 'live' as const, minute: '5', homeScore: 1, awayScore: 0 };
    await syncAfterDay(async () => markListGaps([live], { partial: true }));
    expect(await stored()).toEqual(['fake:1', 'fake:2', 'fake:3']);
    const rows = await database.db
      .select({ status: matches.status })
      .from(matches)
      .where(eq(matches.externalId, 'fake:1'));
    expect(rows).toEqual([{ status: 'live' }]);
  });

  it('keeps the match of an item left out for bad data, deleting the rest', async () => {
    await syncAfterDay(async () => markListGaps([DAY[0]!], { leftOut: ['fake:3'] }));
    expect(await stored()).toEqual(['fake:1', 'fake:3']);
  });

  it('never replaces the stored day with an empty list', async () => {
    await syncAfterDay(async () => []);
    expect(await stored()).toEqual(['fake:1', 'fake:2', 'fake:3']);
  });
});

describe('BeSoccer through the live provider, on a day list made of real items', () => {
  const BASE_URL = 'https://besoccer.test/scripts/api';
  const NOW = new Date('2023-11-11T12:00:00Z');
  const read = (name: string) =>
    readFileSync(new URL(`../providers/besoccer/fixtures/real/${name}`, import.meta.url), 'utf8');
  const round = JSON.parse(read('bs-matchs-league1-round-2023-11-16.json')) as {
    match: Record<string, unknown>[];
  };
  const otherDay = JSON.parse(read('bs-doc-partidosdia.json')) as {
    matches: Record<string, unknown>[];
  };
  // LaLiga's five matches of Saturday 11 November 2023 among the other competitions' items.
  const LALIGA = round.match.filter((m) => m.date === '2023/11/11');
  const DAY_ITEMS = [...otherDay.matches.slice(0, 20), ...LALIGA, ...otherDay.matches.slice(20)];

  const server = setupServer();
  beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
  afterEach(() => server.resetHandlers());
  afterAll(() => server.close());

  /** api.php serving `items` 25 a page with their count, or `page(init)` when it answers. */
  function serve(items: Record<string, unknown>[], page?: (init: number) => Response | undefined) {
    server.use(
      http.get(`${BASE_URL}/api.php`, ({ request }) => {
        const url = new URL(request.url);
        const init = Number(url.searchParams.get('init'));
        const special = page?.(init);
        if (special !== undefined) return special;
        const slice = items.slice(init, init + 25);
        return HttpResponse.json({ matches: slice, summary: { today: String(items.length) } });
      }),
    );
  }

  /** The production chain: the registry's adapter, its failure counting, the live provider. */
  function createSync() {
    const warnings: { obj: object; msg: string }[] = [];
    const sources = createLiveSources({
      picked: { matches: 'besoccer' },
      keys: { besoccer: 'key' },
      baseUrls: { besoccer: BASE_URL },
      oddsDailyCredits: 0,
      log: { warn: (obj, msg) => warnings.push({ obj, msg }) },
    });
    const provider = createLiveProvider({ sources: sources.selection, clubs: [] });
    const sync = { db: database.db, provider, now: NOW, timeZone: 'Europe/Madrid' };
    return { sync, warnings, stats: () => sources.stats()[0] };
  }

  const LALIGA_IDS = LALIGA.map((m) => `besoccer:${String(m.id)}`).sort();

  async function storeTheDay() {
    serve(DAY_ITEMS);
    await runSyncMatches(createSync().sync);
    expect(await stored()).toEqual(LALIGA_IDS);
  }

  it('stores the five LaLiga matches read over two pages, and deletes one a whole list drops', async () => {
    await storeTheDay();
    serve(DAY_ITEMS.filter((m) => m.id !== '30370'));
    await runSyncMatches(createSync().sync);
    expect(await stored()).toEqual(LALIGA_IDS.filter((id) => id !== 'besoccer:30370'));
  });

  const half = (text: string) => text.slice(0, Math.floor(text.length / 2));
  it.each([
    [
      'a second page cut in half',
      (init: number) => init > 0,
      half(JSON.stringify({ matches: DAY_ITEMS.slice(25) })),
    ],
    ['an HTML page with status 200', () => true, '<!doctype html><title>Mantenimiento</title>'],
  ])('keeps the stored day after %s, logged once and counted', async (_, when, text) => {
    await storeTheDay();
    serve(DAY_ITEMS, (init) => (when(init) ? new HttpResponse(text) : undefined));
    const { sync, warnings, stats } = createSync();
    await expect(runSyncMatches(sync)).rejects.toMatchObject({ kind: 'bad-body' });
    expect(await stored()).toEqual(LALIGA_IDS);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]?.obj).toMatchObject({ provider: 'besoccer', kind: 'bad-body' });
    expect(stats()?.failures).toBe(1);
  });

  it('keeps the stored day after an empty list, logged once and counted', async () => {
    await storeTheDay();
    serve([], () => HttpResponse.json({ matches: [] }));
    const { sync, warnings, stats } = createSync();
    await expect(runSyncMatches(sync)).rejects.toThrow('no matches');
    expect(await stored()).toEqual(LALIGA_IDS);
    expect(warnings.map((w) => w.obj)).toEqual([
      { provider: 'besoccer', kind: 'bad-body', status: undefined },
    ]);
    expect(stats()?.failures).toBe(1);
  });

  it('keeps the matches of items with null ids, and everything when an item has no id', async () => {
    await storeTheDay();
    const [first, second, ...rest] = LALIGA;
    // A club id gone: that item is left out, its stored match kept; another match is gone.
    serve([...otherDay.matches, { ...first, team1: null }, second!, ...rest.slice(1)]);
    const { sync, warnings, stats } = createSync();
    await runSyncMatches(sync);
    const missing = `besoccer:${String(rest[0]?.id)}`;
    expect(await stored()).toEqual(LALIGA_IDS.filter((id) => id !== missing));
    expect(warnings.map((w) => w.obj)).toEqual([
      { provider: 'besoccer', item: 'match', id: String(first?.id) },
    ]);
    expect(stats()?.itemsDropped).toBe(1);

    // The match id itself gone: the list cannot vouch for any stored match.
    serve([...otherDay.matches, { ...second, id: null }]);
    await runSyncMatches(createSync().sync);
    expect(await stored()).toEqual(LALIGA_IDS.filter((id) => id !== missing));
  });
});
