import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { rssFeed } from '../../../tests/helpers/feed-server.ts';
import { createTestApp, loginCookie, type TestApp } from '../../../tests/helpers/test-app.ts';
import { replaceFeedSources } from '../db/feed-sources-queries.ts';
import { createNewsArticles, type NewsArticleInput } from '../db/news-articles-queries.ts';
import type { FetchFeed } from '../jobs/ingest-rss.ts';
import { createNewsSync } from '../jobs/news-sync.ts';

const T0 = new Date('2026-11-21T15:30:00Z');
const MINUTE_MS = 60 * 1000;

const article = (n: number, leagueSlug: string | null): NewsArticleInput => ({
  title: `Story ${n}`,
  summary: `Summary ${n}`,
  imageUrl: n % 2 === 0 ? `https://img.example.com/${n}.jpg` : null,
  sourceName: n % 3 === 0 ? 'The Guardian' : 'BBC Sport',
  // Story n is n hours old: story 1 is the newest.
  publishedAt: new Date(T0.getTime() - n * 60 * MINUTE_MS),
  link: `https://news.example.com/${n}`,
  dedupeKey: `https://news.example.com/${n}`,
  guid: null,
  leagueSlug,
});

describe('GET /api/news', () => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await createTestApp();
    cookie = await loginCookie(t.app);
    const leagues = ['premier-league', 'la-liga', 'serie-a', null];
    await createNewsArticles(
      t.database.db,
      Array.from({ length: 25 }, (_, i) => article(i + 1, leagues[i % 4] ?? null)),
      T0,
    );
  });
  afterAll(async () => {
    await t.close();
  });

  const get = (url: string) => t.app.inject({ url, headers: { cookie } });

  it('answers the newest ten, in both of the specification’s spellings', async () => {
    const response = await get('/api/news');
    expect(response.statusCode).toBe(200);
    const { items } = response.json<{ items: Record<string, unknown>[] }>();
    expect(items.map((i) => i.title)).toEqual(
      Array.from({ length: 10 }, (_, i) => `Story ${i + 1}`),
    );
    expect(items[1]).toEqual({
      id: expect.any(Number),
      title: 'Story 2',
      summary: 'Summary 2',
      image_url: 'https://img.example.com/2.jpg',
      source: 'BBC Sport',
      source_name: 'BBC Sport',
      published_at: '2026-11-21T13:30:00.000Z',
      url: 'https://news.example.com/2',
      link: 'https://news.example.com/2',
      created_at: T0.toISOString(),
      updated_at: T0.toISOString(),
    });
  });

  it('pages with page and page_size', async () => {
    const { items } = (await get('/api/news?page=3&page_size=4')).json<{
      items: { title: string }[];
    }>();
    expect(items.map((i) => i.title)).toEqual(['Story 9', 'Story 10', 'Story 11', 'Story 12']);
    const last = (await get('/api/news?page=3&page_size=10')).json<{ items: unknown[] }>();
    expect(last.items).toHaveLength(5);
    const beyond = (await get('/api/news?page=4')).json<{ items: unknown[] }>();
    expect(beyond.items).toEqual([]);
  });

  it('filters by league slug (or name), and all means every league', async () => {
    const { items } = (await get('/api/news?league=la-liga&page_size=50')).json<{
      items: { title: string }[];
    }>();
    expect(items.map((i) => i.title)).toEqual(
      ['2', '6', '10', '14', '18', '22'].map((n) => `Story ${n}`),
    );
    const byName = (await get('/api/news?league=La%20Liga&page_size=50')).json<{
      items: unknown[];
    }>();
    expect(byName.items).toHaveLength(6);
    const all = (await get('/api/news?league=all&page_size=50')).json<{ items: unknown[] }>();
    expect(all.items).toHaveLength(25);
  });

  it.each([
    ['page=0', 'page: must be at least 1'],
    ['page=abc', 'page: expected number'],
    ['page=1.5', 'page: must be a whole number'],
    ['page_size=0', 'page_size: must be at least 1'],
    ['page_size=51', 'page_size: must be at most 50'],
    ['sort=new', 'query.sort: unknown field'],
  ])('refuses %s with a 400 naming it', async (query, error) => {
    const response = await get(`/api/news?${query}`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error });
  });

  it('answers 404 for an unknown league', async () => {
    const response = await get('/api/news?league=eredivisie');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: 'League not found' });
  });

  it('is also served as the news-api function, which reads the table directly', async () => {
    const alias = await get('/functions/v1/news-api?league=serie-a&page=1&page_size=2');
    expect(alias.statusCode).toBe(200);
    expect(alias.body).toBe((await get('/api/news?league=serie-a&page_size=2')).body);
  });
});

describe('POST /api/news/sync', () => {
  let t: TestApp;
  let cookie: string;
  let clock = T0;
  const fetched: string[] = [];
  let release: () => void = () => {};
  let gate: Promise<void> = Promise.resolve();

  const fakeFetch: FetchFeed = async (url) => {
    fetched.push(url);
    await gate;
    if (url.includes('broken')) throw new Error('rss: 404 Not Found');
    return {
      status: 200,
      body: rssFeed('Feed', [{ title: `News from ${url}`, link: `${url}/story`, guid: url }]),
      etag: null,
      lastModified: null,
      finalUrl: url,
    };
  };

  beforeAll(async () => {
    t = await createTestApp((database) => ({
      now: () => clock,
      newsSync: createNewsSync({
        db: database.db,
        dbKind: database.kind,
        now: () => clock,
        fetch: fakeFetch,
        allowHosts: () => [],
        random: () => 0.5,
      }),
    }));
    cookie = await loginCookie(t.app);
    await replaceFeedSources(
      t.database.db,
      [
        { name: 'One', url: 'https://one.example.com/feed', leagueSlug: 'premier-league' },
        { name: 'Two', url: 'https://two.example.com/feed', leagueSlug: 'la-liga' },
        { name: 'Broken', url: 'https://broken.example.com/feed', leagueSlug: null },
      ],
      T0,
    );
  });
  afterAll(async () => {
    await t.close();
  });

  const sync = (url = '/api/news/sync', headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url, headers: { cookie, ...headers }, payload: {} });

  it('says no sync has run yet', async () => {
    const response = await t.app.inject({ url: '/api/news/sources', headers: { cookie } });
    expect(response.json()).toMatchObject({ last_sync_at: null, admin_password_required: false });
  });

  it('starts one sync for two requests at once, and both get its answer', async () => {
    gate = new Promise((resolve) => (release = resolve));
    const first = sync();
    const second = sync();
    await new Promise((resolve) => setTimeout(resolve, 50));
    release();
    const [a, b] = await Promise.all([first, second]);
    expect(a.statusCode).toBe(200);
    expect(b.statusCode).toBe(200);
    expect(b.body).toBe(a.body);
    expect(fetched).toHaveLength(3);
    expect(a.json()).toEqual({
      success: true,
      total_new: 2,
      totalIngested: 2,
      total_processed: 2,
      sources: [
        { source: 'One', new_items: 1, total_items: 1, error: null },
        { source: 'Two', new_items: 1, total_items: 1, error: null },
        { source: 'Broken', new_items: 0, total_items: 0, error: 'rss: 404 Not Found' },
      ],
    });
    const news = await t.app.inject({ url: '/api/news', headers: { cookie } });
    expect(news.json<{ items: unknown[] }>().items).toHaveLength(2);
  });

  it('refuses another sync within 5 minutes of the last start, saying when to retry', async () => {
    clock = new Date(T0.getTime() + 2 * MINUTE_MS);
    const response = await sync('/functions/v1/fetch-rss-news');
    expect(response.statusCode).toBe(429);
    expect(response.headers['retry-after']).toBe('180');
    expect(response.json()).toEqual({
      error: 'News sync is limited to once every 5 minutes',
      last_sync_at: T0.toISOString(),
    });
    expect(fetched).toHaveLength(3);
  });

  it('syncs again once 5 minutes have passed, adding nothing already stored', async () => {
    clock = new Date(T0.getTime() + 5 * MINUTE_MS);
    const response = await sync('/functions/v1/fetch-rss-news');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ success: true, total_new: 0, total_processed: 2 });
    expect(fetched).toHaveLength(6);
  });

  it('lists the feeds with their state for the admin page', async () => {
    const response = await t.app.inject({ url: '/api/news/sources', headers: { cookie } });
    expect(response.statusCode).toBe(200);
    const body = response.json<{ sources: Record<string, unknown>[] }>();
    expect(body).toMatchObject({
      last_sync_at: new Date(T0.getTime() + 5 * MINUTE_MS).toISOString(),
      admin_password_required: false,
    });
    expect(body.sources).toEqual([
      {
        name: 'One',
        url: 'https://one.example.com/feed',
        league_slug: 'premier-league',
        last_fetched_at: clock.toISOString(),
        item_count: 1,
        error_count: 0,
        last_error: null,
        flagged: false,
        disabled: false,
        next_due_at: new Date(clock.getTime() + 15 * MINUTE_MS).toISOString(),
      },
      expect.objectContaining({ name: 'Two', item_count: 1 }),
      expect.objectContaining({
        name: 'Broken',
        league_slug: null,
        error_count: 2,
        last_error: 'rss: 404 Not Found',
        flagged: false,
      }),
    ]);
  });

  it('accepts only an empty JSON object', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/news/sync',
      headers: { cookie },
      payload: { force: true },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'body.force: unknown field' });
  });

  it('refuses a request without the session cookie', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/news/sync', payload: {} });
    expect(response.statusCode).toBe(401);
  });
});

describe('POST /api/news/sync with ADMIN_PASSWORD set', () => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await createTestApp((database) => ({
      adminPassword: 'let me in',
      newsSync: createNewsSync({
        db: database.db,
        dbKind: database.kind,
        now: () => T0,
        fetch: async () => {
          throw new Error('rss: no feeds in this test');
        },
        allowHosts: () => [],
      }),
    }));
    cookie = await loginCookie(t.app);
  });
  afterAll(async () => {
    await t.close();
  });

  it.each([
    ['no password', {}],
    ['a wrong password', { 'x-admin-password': 'let me inn' }],
  ])('answers 403 to %s without using up the sync', async (_, headers) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/news/sync',
      headers: { cookie, ...headers },
      payload: {},
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ error: 'Admin password required' });
  });

  it('syncs with the right password, and tells the admin page a password is needed', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/news/sync',
      headers: { cookie, 'x-admin-password': 'let me in' },
      payload: {},
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      success: true,
      total_new: 0,
      totalIngested: 0,
      total_processed: 0,
      sources: [],
    });
    const sources = await t.app.inject({ url: '/api/news/sources', headers: { cookie } });
    expect(sources.json()).toEqual({
      sources: [],
      last_sync_at: T0.toISOString(),
      admin_password_required: true,
    });
  });
});

describe('the last sync on the admin page', () => {
  let t: TestApp;
  let cookie: string;
  let clock = T0;
  let sync: ReturnType<typeof createNewsSync>;
  beforeAll(async () => {
    t = await createTestApp((database) => {
      sync = createNewsSync({
        db: database.db,
        dbKind: database.kind,
        now: () => clock,
        fetch: async (url) => ({
          status: 200,
          body: rssFeed('Feed', [{ title: 'A story', link: `${url}/story`, guid: url }]),
          etag: null,
          lastModified: null,
          finalUrl: url,
        }),
        allowHosts: () => [],
        random: () => 0.5,
      });
      return { now: () => clock, newsSync: sync };
    });
    cookie = await loginCookie(t.app);
    await replaceFeedSources(
      t.database.db,
      [{ name: 'One', url: 'https://one.example.com/feed', leagueSlug: null }],
      T0,
    );
  });
  afterAll(async () => {
    await t.close();
  });
  const lastSync = async () =>
    (await t.app.inject({ url: '/api/news/sources', headers: { cookie } })).json<{
      last_sync_at: string | null;
    }>().last_sync_at;

  it('counts a scheduled sync, not only a manual one', async () => {
    expect(await lastSync()).toBeNull();
    clock = new Date(T0.getTime() + MINUTE_MS);
    expect(await sync.runDue()).toMatchObject({ total_new: 1 });
    expect(await lastSync()).toBe(clock.toISOString());
  });

  it('shows a later manual sync, then a later scheduled one', async () => {
    clock = new Date(T0.getTime() + 20 * MINUTE_MS);
    const manual = await t.app.inject({
      method: 'POST',
      url: '/api/news/sync',
      headers: { cookie },
      payload: {},
    });
    expect(manual.statusCode).toBe(200);
    expect(await lastSync()).toBe(clock.toISOString());
    // The feed is due again 15 minutes after the manual sync read it.
    clock = new Date(T0.getTime() + 40 * MINUTE_MS);
    await sync.runDue();
    expect(await lastSync()).toBe(clock.toISOString());
  });
});

describe('two instances on one database', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await replaceFeedSources(
      t.database.db,
      [{ name: 'One', url: 'https://one.example.com/feed', leagueSlug: null }],
      T0,
    );
  });
  afterAll(async () => {
    await t.close();
  });

  it('start one manual sync between them, and one scheduled run at a time', async () => {
    let calls = 0;
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const fetch: FetchFeed = async (url) => {
      calls++;
      await gate;
      return {
        status: 200,
        body: rssFeed('Feed', [{ title: 'x', link: `${url}/x` }]),
        etag: null,
        lastModified: null,
        finalUrl: url,
      };
    };
    const instance = () =>
      createNewsSync({
        db: t.database.db,
        dbKind: t.database.kind,
        now: () => T0,
        fetch,
        allowHosts: () => [],
      });
    const [a, b] = [instance(), instance()];

    const manualA = a.runManual();
    while (calls === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    expect(await b.runManual()).toMatchObject({ status: 'limited', retryAfterS: 300 });
    // While A's sync runs, no scheduled run starts: not A's, nor (on Postgres, through the
    // advisory lock) B's.
    expect(await a.runDue()).toBeNull();
    if (t.database.kind === 'postgres') expect(await b.runDue()).toBeNull();
    release();
    expect(await manualA).toMatchObject({ status: 'done', response: { total_new: 1 } });
    expect(calls).toBe(1);
  });
});
