import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  answer,
  feedWithEtag,
  rssFeed,
  startFeedServer,
  type FeedServer,
} from '../../../tests/helpers/feed-server.ts';
import { createTestDb, type TestDatabase } from '../../../tests/helpers/test-db.ts';
import { listFeedSources, replaceFeedSources } from '../db/feed-sources-queries.ts';
import { feedSources, newsArticles, teams } from '../db/schema.ts';
import { upsertTeams } from '../db/teams-queries.ts';
import { fetchFeed } from '../providers/rss/client.ts';
import type { FeedItem } from '../providers/rss/parse.ts';
import {
  FEED_INTERVAL_MS,
  getFailureState,
  getRetryDelayMs,
  labelSources,
  processFeedItems,
  runIngestRss,
  runPerHost,
  type FetchFeed,
} from './ingest-rss.ts';

const MINUTE_MS = 60 * 1000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;
const T0 = new Date('2026-11-21T15:30:00Z');
const at = (offsetMs: number) => new Date(T0.getTime() + offsetMs);

const PREMIER_LEAGUE = rssFeed('BBC Sport - Premier League', [
  {
    title: 'Arsenal beat Chelsea in the derby',
    link: 'https://www.bbc.co.uk/sport/football/articles/one?at_medium=RSS&at_campaign=rss',
    guid: 'https://www.bbc.co.uk/sport/football/articles/one#0',
    description: 'Arsenal won 2-1 at the Emirates.',
    pubDate: 'Sat, 21 Nov 2026 14:00:00 GMT',
  },
  {
    title: 'Liverpool injury news',
    link: 'https://www.bbc.co.uk/sport/football/articles/two',
    guid: 'https://www.bbc.co.uk/sport/football/articles/two#0',
    description: 'Latest from Anfield.',
    pubDate: 'Sat, 21 Nov 2026 13:00:00 GMT',
  },
  {
    title: 'Everton appoint new manager',
    link: 'https://www.bbc.co.uk/sport/football/articles/three',
    description: 'No guid and no date here.',
  },
]);

const GENERAL_ATOM = `<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom">
  <title>European football</title>
  <id>urn:example:feed</id>
  <updated>2026-11-21T12:00:00Z</updated>
  <entry>
    <title>Bayern Munich thrash Borussia Dortmund in Der Klassiker</title>
    <link rel="alternate" href="https://example.com/news/bayern-dortmund"/>
    <id>urn:example:1</id>
    <updated>2026-11-21T12:00:00Z</updated>
    <summary type="html">&lt;p&gt;A big Bundesliga win.&lt;/p&gt;</summary>
  </entry>
  <entry>
    <title>Real Madrid and Barcelona draw at the Bernabeu</title>
    <link rel="alternate" href="https://example.com/news/clasico"/>
    <id>urn:example:2</id>
    <updated>2026-11-21T11:00:00Z</updated>
    <summary>El Clasico ends level.</summary>
  </entry>
</feed>`;

const club = (key: string, leagueSlug: string, name: string, shortName: string) => ({
  key,
  leagueSlug,
  name,
  shortName,
  logoUrl: null,
});
const LA_LIGA_CLUBS = {
  realMadrid: club('real-madrid', 'la-liga', 'Real Madrid', 'RMA'),
  barcelona: club('barcelona', 'la-liga', 'Barcelona', 'BAR'),
};

const FLAKY = rssFeed('Flaky', [
  { title: 'Juventus win in Turin', link: 'https://example.org/juve', guid: 'juve-1' },
]);

let server: FeedServer;
let database: TestDatabase;
let clock = T0;
const now = () => clock;
const urls: Record<string, string> = {};
const fetchCalls: string[] = [];

/** The real fetch, with a short time limit so the stalling feed fails fast. */
const fetchWithTimeout: FetchFeed = async (url, options) => {
  fetchCalls.push(new URL(url).pathname);
  return fetchFeed(url, { ...options, timeouts: { connectMs: 300, totalMs: 300 } });
};

const ingest = (sources: 'due' | 'all' = 'all') =>
  runIngestRss({
    db: database.db,
    now,
    fetch: fetchWithTimeout,
    allowHosts: [server.host],
    sources,
    random: () => 0.5,
  });

const stored = () => database.db.select().from(newsArticles).orderBy(asc(newsArticles.id));
const sourceState = async (name: string) => {
  const rows = await database.db
    .select()
    .from(feedSources)
    .where(eq(feedSources.url, urls[name] ?? ''));
  return rows[0];
};

beforeAll(async () => {
  server = await startFeedServer({
    '/pl.xml': feedWithEtag(PREMIER_LEAGUE, '"v1"'),
    '/general.xml': answer(200, GENERAL_ATOM, { 'content-type': 'application/atom+xml' }),
    '/flaky.xml': answer(200, FLAKY),
    '/broken.xml': answer(200, '<rss version="2.0"><channel><title>Broken</title><item><title>x'),
    // Headers, then nothing: the feed stalls until the time limit.
    '/slow.xml': (_request, response) => {
      response.writeHead(200, { 'content-type': 'application/rss+xml' });
      response.write('<rss version="2.0"><channel>');
    },
    '/page.html': answer(200, '<!doctype html><html><body><h1>Welcome</h1></body></html>', {
      'content-type': 'text/html',
    }),
  });
  database = await createTestDb();
  // A general feed's items are filed by the clubs the database knows.
  await upsertTeams(database.db, [LA_LIGA_CLUBS.realMadrid, LA_LIGA_CLUBS.barcelona]);
  const feeds = [
    { name: 'BBC Sport', path: '/pl.xml', leagueSlug: 'premier-league' },
    { name: 'Europe', path: '/general.xml', leagueSlug: null },
    { name: 'Flaky', path: '/flaky.xml', leagueSlug: 'serie-a' },
    { name: 'Gone', path: '/missing.xml', leagueSlug: null },
    { name: 'Broken', path: '/broken.xml', leagueSlug: null },
    { name: 'Web page', path: '/page.html', leagueSlug: null },
    { name: 'Slow', path: '/slow.xml', leagueSlug: null },
  ];
  for (const f of feeds) urls[f.name] = `${server.origin}${f.path}`;
  await replaceFeedSources(
    database.db,
    feeds.map((f) => ({
      name: f.name,
      url: `${server.origin}${f.path}`,
      leagueSlug: f.leagueSlug,
    })),
    T0,
  );
});

afterAll(async () => {
  await server.close();
  await database.close();
});

describe('runIngestRss against a loopback feed server', () => {
  it('stores the new articles of every good feed while each bad one fails alone', async () => {
    const result = await ingest();

    expect(result.success).toBe(true);
    expect(result.total_new).toBe(6);
    expect(result.totalIngested).toBe(6);
    expect(result.total_processed).toBe(6);
    const bySource = Object.fromEntries(result.sources.map((s) => [s.source, s]));
    expect(bySource['BBC Sport']).toEqual({
      source: 'BBC Sport',
      new_items: 3,
      total_items: 3,
      error: null,
    });
    expect(bySource['Europe']).toMatchObject({ new_items: 2, error: null });
    expect(bySource['Flaky']).toMatchObject({ new_items: 1, error: null });
    for (const name of ['Gone', 'Broken', 'Web page', 'Slow']) {
      expect(bySource[name]?.new_items, name).toBe(0);
      expect(bySource[name]?.error, name).toMatch(/^rss: /);
    }
    expect(bySource['Gone']?.error).toMatch(/404/);
    expect(bySource['Slow']?.error).toMatch(/time/i);

    const articles = await stored();
    expect(articles).toHaveLength(6);
    const arsenal = articles.find((a) => a.title === 'Arsenal beat Chelsea in the derby');
    expect(arsenal).toMatchObject({
      sourceName: 'BBC Sport',
      leagueSlug: 'premier-league',
      // The tracking query is gone: the link is the deduplication key.
      link: 'https://www.bbc.co.uk/sport/football/articles/one',
      dedupeKey: 'https://www.bbc.co.uk/sport/football/articles/one',
      guid: 'https://www.bbc.co.uk/sport/football/articles/one#0',
      summary: 'Arsenal won 2-1 at the Emirates.',
      publishedAt: new Date('2026-11-21T14:00:00Z'),
    });
    // An undated item is dated when it was first seen.
    expect(articles.find((a) => a.title.startsWith('Everton'))?.publishedAt).toEqual(T0);
    // A general feed's items are filed under the league they name.
    expect(articles.find((a) => a.title.startsWith('Bayern'))?.leagueSlug).toBe('bundesliga');
    expect(articles.find((a) => a.title.startsWith('Real Madrid'))?.leagueSlug).toBe('la-liga');
    expect(articles.find((a) => a.title.startsWith('Juventus'))?.leagueSlug).toBe('serie-a');
  });

  it('writes each feed’s polling state: validators and next check, or the error and its back-off', async () => {
    expect(await sourceState('BBC Sport')).toMatchObject({
      etag: '"v1"',
      errorCount: 0,
      lastError: null,
      itemCount: 3,
      lastFetchedAt: T0,
      nextDueAt: at(FEED_INTERVAL_MS),
      flagged: false,
    });
    expect(await sourceState('Gone')).toMatchObject({
      errorCount: 1,
      lastError: expect.stringMatching(/404/),
      failingSince: T0,
      // 15 min × 2¹, and random 0.5 means no jitter.
      nextDueAt: at(30 * MINUTE_MS),
      flagged: false,
      disabled: false,
      itemCount: 0,
    });
  });

  it('adds nothing on a re-run, asks with the stored ETag and keeps what a failing feed brought', async () => {
    server.route(
      '/flaky.xml',
      answer(500, 'Internal Server Error', { 'content-type': 'text/plain' }),
    );
    const plHits = server.hits.get('/pl.xml') ?? 0;
    clock = at(MINUTE_MS);
    const result = await ingest();

    expect(result.total_new).toBe(0);
    const bySource = Object.fromEntries(result.sources.map((s) => [s.source, s]));
    // 304 Not Modified: nothing to parse.
    expect(bySource['BBC Sport']).toEqual({
      source: 'BBC Sport',
      new_items: 0,
      total_items: 0,
      error: null,
    });
    expect(server.hits.get('/pl.xml')).toBe(plHits + 1);
    // No validators: fetched and parsed again, every item already stored.
    expect(bySource['Europe']).toMatchObject({ new_items: 0, total_items: 2, error: null });
    expect(bySource['Flaky']?.error).toMatch(/500/);

    const articles = await stored();
    expect(articles).toHaveLength(6);
    expect(articles.some((a) => a.title.startsWith('Juventus'))).toBe(true);
    expect(await sourceState('Flaky')).toMatchObject({ errorCount: 1, itemCount: 1 });
    expect(await sourceState('Gone')).toMatchObject({
      errorCount: 2,
      failingSince: T0,
      nextDueAt: at(MINUTE_MS + 60 * MINUTE_MS),
    });
    expect(await sourceState('BBC Sport')).toMatchObject({
      etag: '"v1"',
      lastFetchedAt: at(MINUTE_MS),
    });
  });

  it('fetches only the feeds that are due on a scheduled run', async () => {
    clock = at(17 * MINUTE_MS);
    fetchCalls.length = 0;
    const result = await ingest('due');
    // BBC Sport and Europe were due 15 minutes after the last run; every failing feed backs off.
    expect(result.sources.map((s) => s.source).sort()).toEqual(['BBC Sport', 'Europe']);
    expect(fetchCalls.sort()).toEqual(['/general.xml', '/pl.xml']);
  });

  it('honours a Retry-After, even on a manual sync', async () => {
    server.route(
      '/pl.xml',
      answer(503, 'Busy', { 'content-type': 'text/plain', 'retry-after': '7200' }),
    );
    clock = at(40 * MINUTE_MS);
    const result = await ingest('due');
    expect(result.sources.find((s) => s.source === 'BBC Sport')?.error).toMatch(/503/);
    const state = await sourceState('BBC Sport');
    expect(state?.blockedUntil).toEqual(at(40 * MINUTE_MS + 2 * HOUR_MS));
    expect(state?.nextDueAt).toEqual(at(40 * MINUTE_MS + 2 * HOUR_MS));

    fetchCalls.length = 0;
    clock = at(41 * MINUTE_MS);
    await ingest('all');
    expect(fetchCalls).not.toContain('/pl.xml');
    expect(fetchCalls).toContain('/missing.xml');
  });

  it('lists the stored feeds with their state', async () => {
    const sources = await listFeedSources(database.db);
    expect(sources.map((s) => s.name)).toEqual([
      'BBC Sport',
      'Europe',
      'Flaky',
      'Gone',
      'Broken',
      'Web page',
      'Slow',
    ]);
  });
  it('replaces the configured feeds at start-up, keeping the state of known ones and every article', async () => {
    await replaceFeedSources(
      database.db,
      [
        { name: 'BBC Sport (PL)', url: urls['BBC Sport'] ?? '', leagueSlug: 'premier-league' },
        { name: 'New', url: `${server.origin}/new.xml`, leagueSlug: null },
      ],
      at(HOUR_MS),
    );
    const sources = await listFeedSources(database.db);
    expect(sources.map((s) => [s.name, s.etag, s.itemCount, s.nextDueAt])).toEqual([
      ['BBC Sport (PL)', '"v1"', 3, at(40 * MINUTE_MS + 2 * HOUR_MS)],
      ['New', null, 0, null],
    ]);
    expect(await stored()).toHaveLength(6);
  });
});

describe('runIngestRss on this site’s own feeds', () => {
  // A demo feed as the ingestion gets it: links are paths on this site.
  const DEMO = rssFeed('Touchline: Serie A news', [
    {
      title: 'Inter beat Milan 2-1',
      link: '/league/serie-a?report=1',
      guid: 'touchline:report:1',
      pubDate: 'Sat, 21 Nov 2026 14:00:00 GMT',
    },
    {
      title: 'Napoli held by Roma',
      link: '/league/serie-a?report=2&utm_source=rss',
      guid: 'touchline:report:2',
      pubDate: 'Sat, 21 Nov 2026 13:00:00 GMT',
    },
  ]);
  let own: TestDatabase;
  const fetched: string[] = [];
  const rendered: string[] = [];
  const recordingFetch: FetchFeed = (url) => {
    fetched.push(url);
    return Promise.reject(new Error(`rss: unexpected fetch of ${url}`));
  };
  const ingestOwn = () =>
    runIngestRss({
      db: own.db,
      now: () => T0,
      fetch: recordingFetch,
      readSiteFeed: (path) => {
        rendered.push(path);
        return Promise.resolve(path === '/feeds/serie-a.xml' ? DEMO : null);
      },
      sources: 'all',
    });

  beforeAll(async () => {
    own = await createTestDb();
    await replaceFeedSources(
      own.db,
      [
        { name: 'Touchline', url: '/feeds/serie-a.xml', leagueSlug: 'serie-a' },
        { name: 'Elsewhere', url: '/feeds/eredivisie.xml', leagueSlug: null },
      ],
      T0,
    );
  });
  afterAll(async () => {
    await own.close();
  });

  it('renders them in-process and stores their stories with site paths as links, never fetching', async () => {
    const result = await ingestOwn();
    expect(result.sources).toEqual([
      { source: 'Touchline', new_items: 2, total_items: 2, error: null },
      {
        source: 'Elsewhere',
        new_items: 0,
        total_items: 0,
        error: 'rss: this site has no feed at /feeds/eredivisie.xml',
      },
    ]);
    expect(fetched).toEqual([]);
    expect(rendered.sort()).toEqual(['/feeds/eredivisie.xml', '/feeds/serie-a.xml']);
    const articles = await own.db.select().from(newsArticles).orderBy(asc(newsArticles.id));
    expect(articles.map((a) => [a.title, a.link, a.dedupeKey, a.leagueSlug])).toEqual([
      ['Inter beat Milan 2-1', '/league/serie-a?report=1', '/league/serie-a?report=1', 'serie-a'],
      ['Napoli held by Roma', '/league/serie-a?report=2', '/league/serie-a?report=2', 'serie-a'],
    ]);
  });

  it('skips a document it has already read, as a 304', async () => {
    const result = await ingestOwn();
    expect(result.sources[0]).toEqual({
      source: 'Touchline',
      new_items: 0,
      total_items: 0,
      error: null,
    });
    const [state] = await own.db
      .select()
      .from(feedSources)
      .where(eq(feedSources.url, '/feeds/serie-a.xml'));
    expect(state).toMatchObject({ errorCount: 0, itemCount: 2, etag: expect.stringMatching(/^"/) });
    expect(fetched).toEqual([]);
  });
});

describe('runIngestRss on a general feed', () => {
  const GENERAL = rssFeed('Football', [
    { title: 'Gunners close in on a new striker', link: '/news/1', guid: '1' },
    { title: 'Los Blancos and Barça share the points', link: '/news/2', guid: '2' },
    { title: 'A nice day out with a new lens', link: '/news/3', guid: '3' },
  ]);
  let own: TestDatabase;

  beforeAll(async () => {
    own = await createTestDb();
    await upsertTeams(own.db, [
      club('arsenal', 'premier-league', 'Arsenal', 'ARS'),
      LA_LIGA_CLUBS.realMadrid,
      LA_LIGA_CLUBS.barcelona,
      club('nice', 'ligue-1', 'Nice', 'NIC'),
      club('lens', 'ligue-1', 'Lens', 'LEN'),
    ]);
    const news: Record<string, string[]> = {
      arsenal: ['Gunners'],
      'real-madrid': ['Madrid', 'Los Blancos'],
      barcelona: ['Barça', 'Blaugrana'],
    };
    for (const [key, names] of Object.entries(news)) {
      await own.db
        .update(teams)
        .set({ aliases: { results: '', understat: [], transfermarkt: [], news: names } })
        .where(eq(teams.key, key));
    }
    await replaceFeedSources(
      own.db,
      [{ name: 'Football', url: '/feeds/all.xml', leagueSlug: null }],
      T0,
    );
  });
  afterAll(async () => {
    await own.close();
  });

  it('files each item under the league its clubs, nicknames included, belong to', async () => {
    await runIngestRss({
      db: own.db,
      now: () => T0,
      fetch: () => Promise.reject(new Error('rss: no fetch expected')),
      readSiteFeed: () => Promise.resolve(GENERAL),
      sources: 'all',
    });
    const articles = await own.db.select().from(newsArticles).orderBy(asc(newsArticles.id));
    expect(articles.map((a) => [a.title, a.leagueSlug])).toEqual([
      ['Gunners close in on a new striker', 'premier-league'],
      ['Los Blancos and Barça share the points', 'la-liga'],
      ['A nice day out with a new lens', null],
    ]);
  });
});

describe('getFailureState', () => {
  const fail = (
    source: { errorCount: number; failingSince: Date | null },
    offsetMs: number,
    retryAfterMs?: number,
  ) =>
    getFailureState(source, {
      now: at(offsetMs),
      message: 'rss: 404 Not Found',
      retryAfterMs,
      random: () => 0.5,
    });

  it('doubles the wait with each failure in a row, up to a day', () => {
    const waits = [1, 2, 3, 4, 5, 6, 7, 10].map((n) => getRetryDelayMs(n, () => 0.5) / MINUTE_MS);
    expect(waits).toEqual([30, 60, 120, 240, 480, 960, 1440, 1440]);
  });

  it('spreads the wait by ±25 % and never beyond a day', () => {
    expect(getRetryDelayMs(1, () => 0) / MINUTE_MS).toBe(22.5);
    expect(getRetryDelayMs(1, () => 0.999999) / MINUTE_MS).toBeCloseTo(37.5, 3);
    expect(getRetryDelayMs(7, () => 0.999999)).toBe(DAY_MS);
  });

  it('flags a feed at its third failure in a row', () => {
    expect(fail({ errorCount: 1, failingSince: T0 }, 0).flagged).toBe(false);
    expect(fail({ errorCount: 2, failingSince: T0 }, 0)).toMatchObject({
      errorCount: 3,
      flagged: true,
    });
  });

  it('disables a feed after 30 days of failures', () => {
    expect(fail({ errorCount: 40, failingSince: T0 }, 29 * DAY_MS).disabled).toBe(false);
    expect(fail({ errorCount: 41, failingSince: T0 }, 30 * DAY_MS)).toMatchObject({
      disabled: true,
      failingSince: T0,
    });
  });

  it('waits at least as long as Retry-After says, capped at a day', () => {
    expect(fail({ errorCount: 0, failingSince: null }, 0, 2 * HOUR_MS)).toMatchObject({
      nextDueAt: at(2 * HOUR_MS),
      blockedUntil: at(2 * HOUR_MS),
      failingSince: T0,
    });
    expect(fail({ errorCount: 0, failingSince: null }, 0, 10 * DAY_MS).nextDueAt).toEqual(
      at(DAY_MS),
    );
    // A short Retry-After does not shorten the back-off.
    expect(fail({ errorCount: 0, failingSince: null }, 0, MINUTE_MS).nextDueAt).toEqual(
      at(30 * MINUTE_MS),
    );
  });
});

describe('processFeedItems', () => {
  const item = (fields: Partial<FeedItem>): FeedItem => ({
    guid: null,
    title: 'A story',
    link: 'https://example.com/a',
    summary: '',
    imageUrl: null,
    publishedAt: null,
    ...fields,
  });

  it('keeps one article per link and per guid, skipping items without a title or web link', () => {
    const rows = processFeedItems(
      [
        item({ guid: 'g1', link: 'https://example.com/a?utm_source=rss' }),
        item({ guid: 'g2', link: 'https://example.com/a#comments' }),
        item({ guid: 'g1', link: 'https://example.com/b' }),
        item({ link: 'javascript:alert(1)' }),
        item({ title: '   ', link: 'https://example.com/c' }),
        item({ link: 'https://example.com/d', imageUrl: 'data:image/png;base64,AAAA' }),
      ],
      { name: 'Example', leagueSlug: 'ligue-1' },
      T0,
    );
    expect(rows.map((r) => [r.dedupeKey, r.guid, r.imageUrl])).toEqual([
      ['https://example.com/a', 'g1', null],
      ['https://example.com/d', null, null],
    ]);
    expect(rows.every((r) => r.leagueSlug === 'ligue-1')).toBe(true);
  });

  it('takes a path on this site as a link only for this site’s own feeds', () => {
    const items = [
      item({ link: '/league/serie-a?report=1#top' }),
      item({ link: '//wire.example/a' }),
      item({ link: '/\\wire.example/a' }),
      item({ link: '/\t/wire.example/a' }),
    ];
    const source = { name: 'Touchline', leagueSlug: 'serie-a' };
    expect(processFeedItems(items, source, T0)).toEqual([]);
    expect(
      processFeedItems(items, source, T0, { sitePaths: true }).map((r) => [r.link, r.dedupeKey]),
    ).toEqual([['/league/serie-a?report=1', '/league/serie-a?report=1']]);
  });

  describe('pictures', () => {
    const clubs = [
      { key: 'arsenal', names: ['Arsenal'] },
      { key: 'chelsea', names: ['Chelsea', 'Chelsea FC'] },
    ];
    const source = { name: 'Example', leagueSlug: 'premier-league' };
    const images = (items: FeedItem[], options: Parameters<typeof processFeedItems>[3] = {}) =>
      processFeedItems(items, source, T0, { clubs, ...options }).map((r) => r.imageUrl);

    it('draws a card for a match report without a picture, from its score line', () => {
      expect(
        images([
          item({ title: 'Arsenal 2-1 Chelsea: Saka at the double', link: 'https://a.example/1' }),
          item({ title: 'Chelsea FC 0-0 Arsenal', link: 'https://a.example/2' }),
        ]),
      ).toEqual(['/img/report/arsenal/chelsea/2-1.svg', '/img/report/chelsea/arsenal/0-0.svg']);
    });

    it('keeps the picture a report has, and draws none for a story that is no result', () => {
      expect(
        images([
          item({ title: 'Arsenal 2-1 Chelsea', imageUrl: 'https://img.example/a.jpg' }),
          item({ title: 'Arsenal v Chelsea preview', link: 'https://a.example/2' }),
          item({ title: 'Arsenal edge Chelsea 2-1', link: 'https://a.example/3' }),
        ]),
      ).toEqual(['https://img.example/a.jpg', null, null]);
    });

    it('takes a picture this site draws from this site’s own feeds only', () => {
      const drawn = item({ imageUrl: '/img/report/arsenal/chelsea/2-1.svg' });
      const elsewhere = item({ imageUrl: '/admin', link: 'https://a.example/2' });
      expect(images([drawn, elsewhere])).toEqual([null, null]);
      expect(images([drawn, elsewhere], { sitePaths: true })).toEqual([
        '/img/report/arsenal/chelsea/2-1.svg',
        null,
      ]);
    });
  });

  it('dates a story from the future now', () => {
    const [row] = processFeedItems(
      [item({ publishedAt: at(DAY_MS) })],
      { name: 'Example', leagueSlug: null },
      T0,
    );
    expect(row?.publishedAt).toEqual(T0);
  });
});

describe('runPerHost', () => {
  it('runs at most four at once and never two of one host together', async () => {
    const hosts = ['a', 'a', 'a', 'b', 'b', 'c', 'd', 'e', 'f', 'f', 'g'];
    let running = 0;
    let most = 0;
    const busy = new Set<string>();
    const results = await runPerHost(
      hosts,
      (h) => h,
      4,
      async (host) => {
        expect(busy.has(host)).toBe(false);
        busy.add(host);
        running++;
        most = Math.max(most, running);
        await new Promise((resolve) => setTimeout(resolve, 5));
        running--;
        busy.delete(host);
        return host.toUpperCase();
      },
    );
    expect(most).toBe(4);
    expect(results).toEqual(hosts.map((h) => h.toUpperCase()));
  });
});

describe('labelSources', () => {
  it('adds the league to a name that several feeds share', () => {
    const labels = labelSources([
      { id: 1, name: 'The Guardian', leagueSlug: 'serie-a' },
      { id: 2, name: 'The Guardian', leagueSlug: 'ligue-1' },
      { id: 3, name: 'The Guardian', leagueSlug: null },
      { id: 4, name: 'kicker', leagueSlug: 'bundesliga' },
    ]);
    expect([...labels.values()]).toEqual([
      'The Guardian (Serie A)',
      'The Guardian (Ligue 1)',
      'The Guardian (all leagues)',
      'kicker',
    ]);
  });
});
