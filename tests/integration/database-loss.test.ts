// The database dies under the running app: a private Postgres cluster (never the shared one on
// 5432) is crashed with `pg_ctl stop -m immediate` and started again.
import { count, eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { openDatabase, type Database } from '../../src/server/db/client.ts';
import { replaceFeedSources } from '../../src/server/db/feed-sources-queries.ts';
import { seedLeagues } from '../../src/server/db/leagues-queries.ts';
import { affiliateClicks, feedSources, matches, newsArticles } from '../../src/server/db/schema.ts';
import { upsertTeams } from '../../src/server/db/teams-queries.ts';
import { runIngestRss } from '../../src/server/jobs/ingest-rss.ts';
import { runSyncMatches } from '../../src/server/jobs/sync-provider.ts';
import { fetchFeed } from '../../src/server/providers/rss/client.ts';
import { createFakeProvider, createProviderMatch } from '../helpers/fake-provider.ts';
import { answer, rssFeed, startFeedServer, type FeedServer } from '../helpers/feed-server.ts';
import { startPrivatePostgres, type PrivatePostgres } from '../helpers/private-postgres.ts';
import { createTestApp, loginCookie, type TestApp } from '../helpers/test-app.ts';

const T0 = new Date('2026-11-21T15:30:00Z');
const TIME_ZONE = 'Africa/Johannesburg';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let postgres: PrivatePostgres;
let database: Database;
let t: TestApp;
let cookie: string;

beforeAll(async () => {
  postgres = await startPrivatePostgres();
  database = await openDatabase({ databaseUrl: postgres.url });
  await seedLeagues(database.db);
  t = await createTestApp({ db: database.db });
  cookie = await loginCookie(t.app);
});

afterAll(async () => {
  await t?.close();
  await database?.close();
  await postgres?.destroy();
});

/** Crashes the database, runs `during`, and starts it again whatever happened. */
async function withDatabaseDown(during: () => Promise<void>) {
  await postgres.crash();
  try {
    await during();
  } finally {
    await postgres.start();
  }
}

/** Polls until `check` passes (the app reconnects on its own after a restart). */
async function eventually(check: () => Promise<void>, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      await check();
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await sleep(50);
    }
  }
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
};

const countRows = async (table: typeof affiliateClicks | typeof matches | typeof newsArticles) =>
  (await database.db.select({ n: count() }).from(table))[0]?.n ?? 0;

/** Holds a second connection's transaction open until released (to pin a write mid-way). */
async function openBlocker(): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: postgres.url });
  // The crash kills this connection too; that is expected, not an error to surface.
  client.on('error', () => {});
  await client.connect();
  await client.query('BEGIN');
  return client;
}

/** Waits until a statement starting with `prefix` is stuck waiting for a lock. */
async function waitForLockWait(prefix: string) {
  const watcher = new pg.Client({ connectionString: postgres.url });
  await watcher.connect();
  try {
    await eventually(async () => {
      const { rows } = await watcher.query<{ n: number }>(
        `select count(*)::int as n from pg_stat_activity
          where wait_event_type = 'Lock' and query ilike $1`,
        [`${prefix}%`],
      );
      expect(rows[0]?.n).toBe(1);
    });
  } finally {
    await watcher.end();
  }
}

describe('affiliate clicks with the database down', () => {
  it('still redirects at once, records nothing partial, and records again after a restart', async () => {
    // Each click from an address of its own: the click limits (30 a minute) must not hide one.
    let fans = 0;
    const go = (event: string) =>
      t.app.inject({
        url: `/go/bet365?event=${event}&outcome=home`,
        headers: { cookie },
        remoteAddress: `10.1.${Math.floor(++fans / 250)}.${fans % 250}`,
      });
    expect((await go('before')).statusCode).toBe(302);
    await eventually(async () => expect(await countRows(affiliateClicks)).toBe(1));

    const latencies: number[] = [];
    await withDatabaseDown(async () => {
      for (let i = 0; i < 200; i++) {
        const started = performance.now();
        const response = await go(`down-${i}`);
        latencies.push(performance.now() - started);
        expect(response.statusCode).toBe(302);
        expect(response.headers.location).toBe('https://www.bet365.com/');
      }
      // 50 fans at once, too.
      const started = performance.now();
      const burst = await Promise.all(Array.from({ length: 50 }, (_, i) => go(`burst-${i}`)));
      const burstMs = performance.now() - started;
      expect(burst.every((r) => r.statusCode === 302)).toBe(true);
      expect(burstMs).toBeLessThan(1000);
      const p99 = percentile(latencies, 99);
      process.stdout.write(
        `clicks, database down: p50 ${percentile(latencies, 50).toFixed(2)} ms, p99 ${p99.toFixed(2)} ms, max ${Math.max(...latencies).toFixed(2)} ms over 200; 50 at once in ${burstMs.toFixed(1)} ms\n`,
      );
      expect(p99).toBeLessThanOrEqual(50);
    });

    // Nothing of the outage's clicks got in, not even a part of one.
    expect(await countRows(affiliateClicks)).toBe(1);
    await eventually(async () => {
      expect((await go('after')).statusCode).toBe(302);
      await sleep(100);
      const rows = await database.db
        .select()
        .from(affiliateClicks)
        .where(eq(affiliateClicks.eventId, 'after'));
      expect(rows.length).toBeGreaterThan(0);
      expect(rows[0]).toMatchObject({ bookmaker: 'bet365', outcome: 'home' });
    });
    const events = (await database.db.select().from(affiliateClicks)).map((r) => r.eventId);
    expect(events.filter((e) => e !== 'before' && e !== 'after')).toEqual([]);
  });
});

describe('reads with the database down', () => {
  it('serve the last good answer past its time to live, while /healthz says unavailable and /livez ok', async () => {
    await runSyncMatches({
      db: database.db,
      provider: createFakeProvider({
        teams: [
          { key: 'inter', name: 'Inter', shortName: 'Inter', leagueSlug: 'serie-a', logoUrl: null },
          { key: 'milan', name: 'Milan', shortName: 'Milan', leagueSlug: 'serie-a', logoUrl: null },
        ],
        matches: [
          createProviderMatch({
            id: 'derby',
            leagueSlug: 'serie-a',
            homeKey: 'inter',
            awayKey: 'milan',
            kickoff: new Date('2026-11-21T17:45:00Z'),
            home: {
              key: 'inter',
              name: 'Inter',
              shortName: 'Inter',
              leagueSlug: 'serie-a',
              logoUrl: null,
            },
            away: {
              key: 'milan',
              name: 'Milan',
              shortName: 'Milan',
              leagueSlug: 'serie-a',
              logoUrl: null,
            },
          }),
        ],
      }),
      now: T0,
      timeZone: TIME_ZONE,
    });
    const get = (url: string) => t.app.inject({ url, headers: { cookie } });
    const warm = await get('/api/matches/today');
    expect(warm.statusCode).toBe(200);
    expect(warm.json().matches).toHaveLength(1);
    expect((await get('/healthz')).json()).toEqual({ status: 'ok' });

    await withDatabaseDown(async () => {
      // Past the cache's 2 s and the health check's 1 s.
      await sleep(2100);
      const started = performance.now();
      const stale = await get('/api/matches/today');
      const staleMs = performance.now() - started;
      expect(stale.statusCode).toBe(200);
      expect(stale.body).toBe(warm.body);

      const health = await get('/healthz');
      expect(health.statusCode).toBe(503);
      expect(health.json()).toEqual({
        status: 'unavailable',
        checks: { database: 'unreachable', migrations: 'ok', data: 'ok' },
      });
      expect(health.headers['cache-control']).toBe('no-store');
      // The process is alive and serving stale data: liveness must not get it restarted.
      expect((await get('/livez')).statusCode).toBe(200);

      // Never asked before: nothing to fall back on, so a JSON 5xx.
      const cold = await get('/api/leagues/serie-a/table');
      expect(cold.statusCode).toBeGreaterThanOrEqual(500);
      expect(cold.json()).toEqual({ error: 'Internal Server Error' });
      process.stdout.write(
        `reads, database down: stale /api/matches/today 200 in ${staleMs.toFixed(1)} ms; /healthz ${health.statusCode}; cold table ${cold.statusCode}\n`,
      );
    });

    await eventually(async () => {
      const health = await get('/healthz');
      expect(health.statusCode).toBe(200);
      expect(health.json()).toEqual({ status: 'ok' });
    });
    await eventually(async () =>
      expect((await get('/api/leagues/serie-a/table')).statusCode).toBe(200),
    );
  });
});

describe('ingestion killed mid-write', () => {
  let feeds: FeedServer;
  const items = Array.from({ length: 200 }, (_, i) => ({
    title: `Transfer story number ${i}`,
    link: `https://news.example.com/story/${i}`,
    guid: `story-${i}`,
    description: `Story ${i} of a long feed.`,
    pubDate: 'Sat, 21 Nov 2026 12:00:00 GMT',
  }));

  beforeAll(async () => {
    feeds = await startFeedServer({ '/big.xml': answer(200, rssFeed('Big feed', items)) });
    await replaceFeedSources(
      database.db,
      [{ name: 'Big feed', url: `${feeds.origin}/big.xml`, leagueSlug: 'serie-a' }],
      T0,
    );
  });
  afterAll(async () => {
    await feeds.close();
  });

  const ingest = (log?: { error: (obj: object, msg: string) => void }) =>
    runIngestRss({
      db: database.db,
      now: () => T0,
      fetch: fetchFeed,
      allowHosts: [feeds.host],
      sources: 'all',
      ...(log === undefined ? {} : { log }),
    });

  it('an RSS feed of 200 items: no partial batch, the next run completes, a repeat adds 0', async () => {
    // A second session holds the feed's row: the ingest transaction inserts its 200 articles,
    // then waits on the feed's state update, and Postgres dies right there.
    const blocker = await openBlocker();
    await blocker.query('select id from feed_sources for update');
    const errors: string[] = [];
    const running = ingest({ error: (_obj, msg) => errors.push(msg) });
    await waitForLockWait('update "feed_sources"');
    await withDatabaseDown(async () => {
      const result = await running;
      expect(result.success).toBe(false);
      expect(result.sources[0]).toMatchObject({ new_items: 0, error: 'rss: articles not stored' });
      expect(errors).toEqual(['rss: articles not stored']);
    });
    await blocker.end().catch(() => {});

    await eventually(async () => expect(await countRows(newsArticles)).toBe(0));
    const [state] = await database.db.select().from(feedSources);
    expect(state?.lastFetchedAt).toBeNull();

    const next = await ingest();
    expect(next.sources[0]).toMatchObject({ new_items: 200, total_items: 200, error: null });
    expect(await countRows(newsArticles)).toBe(200);

    const again = await ingest();
    expect(again.sources[0]).toMatchObject({ new_items: 0, total_items: 200, error: null });
    expect(await countRows(newsArticles)).toBe(200);
  });

  it('a provider upsert of 500 matches: no partial batch, the next run completes, a repeat adds 0', async () => {
    const teams = Array.from({ length: 1000 }, (_, i) => ({
      key: `club-${i}`,
      name: `Club ${i}`,
      shortName: `C${i}`,
      leagueSlug: 'la-liga',
      logoUrl: null,
    }));
    const provider = createFakeProvider({
      teams,
      matches: Array.from({ length: 500 }, (_, i) =>
        createProviderMatch({
          id: `big-${String(i).padStart(3, '0')}`,
          leagueSlug: 'la-liga',
          homeKey: `club-${2 * i}`,
          awayKey: `club-${2 * i + 1}`,
          kickoff: new Date(T0.getTime() + i * 1000),
        }),
      ),
    });
    await upsertTeams(database.db, teams);
    const sync = () => runSyncMatches({ db: database.db, provider, now: T0, timeZone: TIME_ZONE });
    await database.db.delete(matches);

    // A second session's uncommitted row holds the batch's last key: the upsert writes the
    // other 499 rows, then waits on that key, and Postgres dies right there.
    const blocker = await openBlocker();
    await blocker.query(
      `insert into matches (external_id, league_id, home_team_id, away_team_id, kickoff_utc)
       select 'fake:big-499', l.id, h.id, a.id, now()
         from leagues l, teams h, teams a
        where l.slug = 'la-liga' and h.key = 'club-998' and a.key = 'club-999'`,
    );
    const running = sync().then(
      () => null,
      (error: unknown) => error,
    );
    await waitForLockWait('insert into "matches"');
    await withDatabaseDown(async () => {
      expect(await running).toBeInstanceOf(Error);
    });
    await blocker.end().catch(() => {});

    await eventually(async () => expect(await countRows(matches)).toBe(0));
    await sync();
    const first = await database.db
      .select({ id: matches.id, key: matches.externalId })
      .from(matches);
    expect(first).toHaveLength(500);
    await sync();
    const second = await database.db
      .select({ id: matches.id, key: matches.externalId })
      .from(matches);
    expect(second).toHaveLength(500);
    expect(new Set(second.map((r) => r.id))).toEqual(new Set(first.map((r) => r.id)));
  });
});
