import { and, desc, eq, gte, inArray, isNull, or, type SQL } from 'drizzle-orm';

import type { Db } from './client.ts';
import { newsArticles } from './schema.ts';

/** An article to store: every column but the id and the creation and update times. */
export type NewsArticleInput = Required<
  Omit<typeof newsArticles.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>
>;

/**
 * Stores the articles not stored yet (by dedupe key, or by source and guid) and returns how many
 * were new; an article seen before is left as it was.
 */
export async function createNewsArticles(
  db: Db,
  rows: NewsArticleInput[],
  now: Date,
): Promise<number> {
  if (rows.length === 0) return 0;
  const inserted = await db
    .insert(newsArticles)
    .values(rows.map((r) => ({ ...r, createdAt: now, updatedAt: now })))
    // No target: either unique key (dedupe_key, or source and guid) makes a row a duplicate.
    .onConflictDoNothing()
    .returning({ id: newsArticles.id });
  return inserted.length;
}

export type NewsArticleRow = {
  id: number;
  title: string;
  summary: string | null;
  imageUrl: string | null;
  sourceName: string;
  publishedAt: Date;
  link: string;
  leagueSlug: string | null;
  createdAt: Date;
  updatedAt: Date;
};

/** A page of articles, newest first, optionally of one league. */
export async function listNewsArticles(
  db: Db,
  options: { leagueSlug?: string; limit: number; offset: number },
): Promise<NewsArticleRow[]> {
  const conditions: SQL[] = [];
  if (options.leagueSlug !== undefined)
    conditions.push(eq(newsArticles.leagueSlug, options.leagueSlug));
  return db
    .select({
      id: newsArticles.id,
      title: newsArticles.title,
      summary: newsArticles.summary,
      imageUrl: newsArticles.imageUrl,
      sourceName: newsArticles.sourceName,
      publishedAt: newsArticles.publishedAt,
      link: newsArticles.link,
      leagueSlug: newsArticles.leagueSlug,
      createdAt: newsArticles.createdAt,
      updatedAt: newsArticles.updatedAt,
    })
    .from(newsArticles)
    .where(and(...conditions))
    .orderBy(desc(newsArticles.publishedAt), desc(newsArticles.id))
    .limit(options.limit)
    .offset(options.offset);
}

export type RecentArticleRow = Pick<
  NewsArticleRow,
  'id' | 'title' | 'summary' | 'sourceName' | 'publishedAt' | 'link' | 'leagueSlug'
> & { guid: string | null };

/**
 * Articles published since a time, newest first: those of some leagues and those of no league
 * (a general feed's item its text filed nowhere), or every article.
 */
export async function listRecentNewsArticles(
  db: Db,
  options: { leagueSlugs?: string[]; since: Date; limit: number },
): Promise<RecentArticleRow[]> {
  const conditions: (SQL | undefined)[] = [gte(newsArticles.publishedAt, options.since)];
  if (options.leagueSlugs !== undefined) {
    conditions.push(
      or(inArray(newsArticles.leagueSlug, options.leagueSlugs), isNull(newsArticles.leagueSlug)),
    );
  }
  return db
    .select({
      id: newsArticles.id,
      title: newsArticles.title,
      summary: newsArticles.summary,
      sourceName: newsArticles.sourceName,
      publishedAt: newsArticles.publishedAt,
      link: newsArticles.link,
      leagueSlug: newsArticles.leagueSlug,
      guid: newsArticles.guid,
    })
    .from(newsArticles)
    .where(and(...conditions))
    .orderBy(desc(newsArticles.publishedAt), desc(newsArticles.id))
    .limit(options.limit);
}

/** Every stored title with its article's id (for a clean-up of the titles; a few thousand rows). */
export async function listNewsTitles(db: Db): Promise<{ id: number; title: string }[]> {
  return db.select({ id: newsArticles.id, title: newsArticles.title }).from(newsArticles);
}

/** Writes new titles for articles by id, in one transaction; returns how many were written. */
export async function updateNewsTitles(
  db: Db,
  titles: { id: number; title: string }[],
  now: Date,
): Promise<number> {
  if (titles.length === 0) return 0;
  await db.transaction(async (tx) => {
    for (const { id, title } of titles) {
      await tx.update(newsArticles).set({ title, updatedAt: now }).where(eq(newsArticles.id, id));
    }
  });
  return titles.length;
}
