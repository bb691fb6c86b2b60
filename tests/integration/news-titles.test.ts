import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { replaceFeedSources } from '../../src/server/db/feed-sources-queries.ts';
import {
  createNewsArticles,
  type NewsArticleInput,
} from '../../src/server/db/news-articles-queries.ts';
import { newsArticles } from '../../src/server/db/schema.ts';
import { createResponseCache } from '../../src/server/http/response-cache.ts';
import { runCleanNewsTitles } from '../../src/server/jobs/clean-news-titles.ts';
import type { FetchFeed } from '../../src/server/jobs/ingest-rss.ts';
import { createNewsSync } from '../../src/server/jobs/news-sync.ts';
import { rssFeed } from '../helpers/feed-server.ts';
import { createTestApp, loginCookie, type TestApp } from '../helpers/test-app.ts';

const T0 = new Date('2026-11-21T15:30:00Z');
const HOUR_MS = 60 * 60 * 1000;
const FEED_URL = 'https://probe.example.com/feed';

/** A row as an older release stored it, title and all, straight into the table. */
const storedRow = (n: number, title: string): NewsArticleInput => ({
  title,
  summary: null,
  imageUrl: null,
  sourceName: 'Stored',
  publishedAt: new Date(T0.getTime() - n * HOUR_MS),
  link: `https://stored.example.com/${n}`,
  dedupeKey: `https://stored.example.com/${n}`,
  guid: null,
  leagueSlug: null,
});

describe('news titles are plain text', () => {
  let t: TestApp;
  const cache = createResponseCache({ ttlMs: 2000 });
  let cookie: string;

  const fetchProbe: FetchFeed = async (url) => ({
    status: 200,
    body: rssFeed('Probe', [
      {
        title: '<x onmouseover=alert(17)>hover</x>',
        link: 'https://probe.example.com/hover',
        guid: 'probe-hover',
        pubDate: 'Sat, 21 Nov 2026 15:00:00 GMT',
      },
    ]),
    etag: null,
    lastModified: null,
    finalUrl: url,
  });

  beforeAll(async () => {
    t = await createTestApp({ cache });
    cookie = await loginCookie(t.app);
    await replaceFeedSources(
      t.database.db,
      [{ name: 'Probe', url: FEED_URL, leagueSlug: null }],
      T0,
    );
    await createNewsArticles(
      t.database.db,
      [
        storedRow(1, '<x onmouseover=alert(17)>stored hover</x>'),
        storedRow(2, '<mtext><mglyph><style><img src=x onerror=alert(1)>Stored'),
        storedRow(3, '&lt;script&gt;alert(1)&lt;/script&gt; Stored'),
        storedRow(4, 'Ødegaard’s “late” winner: Q&A, 3 < 4'),
      ],
      T0,
    );
  });
  afterAll(async () => {
    await t.close();
  });

  const titles = async () => {
    const response = await t.app.inject({ url: '/api/news?page_size=50', headers: { cookie } });
    expect(response.statusCode).toBe(200);
    return response.json<{ items: { title: string; link: string }[] }>().items;
  };

  it('stores and serves a feed item titled <x onmouseover=…>hover</x> as "hover"', async () => {
    const newsSync = createNewsSync({
      db: t.database.db,
      dbKind: t.database.kind,
      now: () => T0,
      fetch: fetchProbe,
    });
    expect(await newsSync.runManual()).toMatchObject({
      status: 'done',
      response: { total_new: 1 },
    });

    const stored = await t.database.db
      .select({ title: newsArticles.title, link: newsArticles.link })
      .from(newsArticles);
    expect(stored).toContainEqual({ title: 'hover', link: 'https://probe.example.com/hover' });

    const served = (await titles()).find((i) => i.link === 'https://probe.example.com/hover');
    expect(served?.title).toBe('hover');
  });

  it('rewrites rows stored with markup as plain text once, and leaves clean rows', async () => {
    // Read from the table: the API's short cache must not hold an answer from before.
    const before = await t.database.db.select({ title: newsArticles.title }).from(newsArticles);
    expect(before).toContainEqual({ title: '<x onmouseover=alert(17)>stored hover</x>' });
    expect(await runCleanNewsTitles({ db: t.database.db, now: () => T0 })).toBe(3);
    expect(await runCleanNewsTitles({ db: t.database.db, now: () => T0 })).toBe(0);
    cache.clear();
    const served = new Map((await titles()).map((i) => [i.link, i.title]));
    expect([1, 2, 3, 4].map((n) => served.get(`https://stored.example.com/${n}`))).toEqual([
      'stored hover',
      '',
      '‹script>alert(1)‹/script> Stored',
      'Ødegaard’s “late” winner: Q&A, 3 < 4',
    ]);
    for (const title of served.values()) {
      expect(title).not.toMatch(/<[A-Za-z!/?]/);
      expect(title).not.toMatch(/onmouseover|onerror/);
    }
  });
});
