import { asc, eq } from 'drizzle-orm';

import type { Db } from './client.ts';
import { newsArticles, teams } from './schema.ts';

export type StoredArticle = typeof newsArticles.$inferSelect;

/** The article with this id (primary key), or null. */
export async function findArticleById(db: Db, id: number): Promise<StoredArticle | null> {
  const rows = await db.select().from(newsArticles).where(eq(newsArticles.id, id)).limit(1);
  return rows[0] ?? null;
}

/**
 * The article that links to this path on the site (the replay's own stories), or null. Found
 * through its deduplication key, which for a site path is the path itself
 * (news_articles_dedupe_key_unique).
 */
export async function findArticleByPath(db: Db, path: string): Promise<StoredArticle | null> {
  const rows = await db
    .select()
    .from(newsArticles)
    .where(eq(newsArticles.dedupeKey, path))
    .limit(1);
  return rows[0] ?? null;
}

/** A league's clubs by name (teams_league_idx), to find the ones a story names. */
export async function listLeagueClubs(
  db: Db,
  leagueId: number,
): Promise<{ key: string; name: string; logoUrl: string | null }[]> {
  return db
    .select({ key: teams.key, name: teams.name, logoUrl: teams.logoUrl })
    .from(teams)
    .where(eq(teams.leagueId, leagueId))
    .orderBy(asc(teams.name));
}
