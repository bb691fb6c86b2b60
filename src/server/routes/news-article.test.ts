import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { seedSmallWorld } from '../../../tests/helpers/small-world.ts';
import { createTestApp, loginCookie, type TestApp } from '../../../tests/helpers/test-app.ts';
import type { NewsArticleAnswer } from '../../domain/api/news-article.ts';
import { createNewsArticles } from '../db/news-articles-queries.ts';

const NOW = new Date('2026-11-21T15:30:00Z');
const STORY_PATH = '/news/rumour-serie-a-7';

let t: TestApp;
let cookie: string;
beforeAll(async () => {
  t = await createTestApp();
  cookie = await loginCookie(t.app);
  await seedSmallWorld(t.database.db);
  // A replay rumour as the news ingestion stores it: its link is its own page on this site.
  await createNewsArticles(
    t.database.db,
    [
      {
        title: 'Inter weigh up a move for Napoli midfielder',
        summary: 'Inter are said to be watching a Napoli midfielder ahead of the winter window.',
        imageUrl: null,
        sourceName: 'Touchline Serie A',
        publishedAt: new Date('2026-11-21T06:00:00Z'),
        link: STORY_PATH,
        dedupeKey: STORY_PATH,
        guid: 'touchline:rumour:serie-a:7',
        leagueSlug: 'serie-a',
      },
      {
        title: 'Inter and Napoli both win',
        summary: null,
        imageUrl: null,
        sourceName: 'Touchline',
        publishedAt: new Date('2026-11-21T07:00:00Z'),
        link: '/news/note-1',
        dedupeKey: '/news/note-1',
        guid: null,
        leagueSlug: null,
      },
    ],
    NOW,
  );
});
afterAll(async () => {
  await t.close();
});

const getArticle = (ref: string, headers: Record<string, string> = {}) =>
  t.app.inject({ url: `/api/news/articles/${ref}`, headers: { cookie, ...headers } });

/** The id the stored story got. */
async function findStoryId(): Promise<number> {
  const response = await getArticle('rumour-serie-a-7');
  return response.json<NewsArticleAnswer>().article.id;
}

describe('GET /api/news/articles/:ref', () => {
  it('answers 401 without the session cookie', async () => {
    const response = await t.app.inject({ url: '/api/news/articles/rumour-serie-a-7' });
    expect(response.statusCode).toBe(401);
  });

  it('finds a story by the /news/<story> page it links to, with its league and clubs', async () => {
    const response = await getArticle('rumour-serie-a-7');
    expect(response.statusCode).toBe(200);
    expect(response.json<NewsArticleAnswer>()).toEqual({
      article: {
        id: expect.any(Number),
        title: 'Inter weigh up a move for Napoli midfielder',
        summary: 'Inter are said to be watching a Napoli midfielder ahead of the winter window.',
        image_url: null,
        source_name: 'Touchline Serie A',
        published_at: '2026-11-21T06:00:00.000Z',
        link: STORY_PATH,
        league: { slug: 'serie-a', name: 'Serie A' },
        clubs: [
          { key: 'inter', name: 'Inter', shield: '/img/crest/inter.svg' },
          { key: 'napoli', name: 'Napoli', shield: '/img/crest/napoli.svg' },
        ],
      },
    });
  });

  it('finds a story by its id, and names no clubs for a story filed under no league', async () => {
    const id = await findStoryId();
    const byId = await getArticle(String(id));
    expect(byId.statusCode).toBe(200);
    expect(byId.json<NewsArticleAnswer>().article).toMatchObject({ id, link: STORY_PATH });

    const unfiled = await getArticle('note-1');
    expect(unfiled.json<NewsArticleAnswer>().article).toMatchObject({
      title: 'Inter and Napoli both win',
      league: null,
      clubs: [],
    });
  });

  it('answers 404 "Article not found" for an id or story nothing is stored under', async () => {
    for (const ref of ['999999', 'rumour-serie-a-8', 'preview-nowhere']) {
      const response = await getArticle(ref);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: 'Article not found' });
    }
  });

  it('answers 400 for a ref no story path is made of', async () => {
    for (const ref of [
      encodeURIComponent('rumour serie a'),
      encodeURIComponent('../admin'),
      'rumour*7',
    ]) {
      const response = await getArticle(ref);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: expect.any(String) });
    }
  });

  it('is privately cacheable and answers 304 to a matching ETag', async () => {
    const first = await getArticle('rumour-serie-a-7');
    expect(first.headers['cache-control']).toMatch(/^private,/);
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"/);
    const second = await getArticle('rumour-serie-a-7', { 'if-none-match': etag });
    expect(second.statusCode).toBe(304);
    expect(second.body).toBe('');
  });
});
