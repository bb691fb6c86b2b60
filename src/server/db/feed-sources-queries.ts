import { and, asc, eq, isNull, lte, notInArray, or, sql } from 'drizzle-orm';

import type { Db } from './client.ts';
import { feedSources } from './schema.ts';

/** A configured feed: its name, address and league (null: a general feed). */
export type FeedSourceInput = Required<
  Pick<typeof feedSources.$inferInsert, 'name' | 'url' | 'leagueSlug'>
>;

export type FeedSourceRow = typeof feedSources.$inferSelect;

/** The polling state a fetch leaves behind; fields left out keep their value. */
export type FeedSourceState = Partial<
  Pick<
    FeedSourceRow,
    | 'lastFetchedAt'
    | 'etag'
    | 'lastModified'
    | 'errorCount'
    | 'lastError'
    | 'failingSince'
    | 'blockedUntil'
    | 'nextDueAt'
    | 'flagged'
    | 'disabled'
  >
>;

/**
 * Makes the stored feeds the configured ones: new feeds are added (due at once), known ones get
 * their name and league updated and keep their polling state, the others are deleted (their
 * articles stay).
 */
export async function replaceFeedSources(
  db: Db,
  feeds: FeedSourceInput[],
  now: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    const urls = feeds.map((f) => f.url);
    await tx
      .delete(feedSources)
      .where(urls.length === 0 ? undefined : notInArray(feedSources.url, urls));
    if (feeds.length === 0) return;
    await tx
      .insert(feedSources)
      .values(feeds.map((f) => ({ ...f, createdAt: now, updatedAt: now })))
      .onConflictDoUpdate({
        target: feedSources.url,
        set: { name: sql`excluded.name`, leagueSlug: sql`excluded.league_slug` },
      });
  });
}

/** Every stored feed, in the order they were first configured. */
export async function listFeedSources(db: Db): Promise<FeedSourceRow[]> {
  return db.select().from(feedSources).orderBy(asc(feedSources.id));
}

/**
 * Feeds to fetch now: enabled ones whose server has not asked to wait; with `dueOnly`, only
 * those whose next check time has come.
 */
export async function listFetchableFeedSources(
  db: Db,
  options: { now: Date; dueOnly: boolean },
): Promise<FeedSourceRow[]> {
  const conditions = [
    eq(feedSources.disabled, false),
    or(isNull(feedSources.blockedUntil), lte(feedSources.blockedUntil, options.now)),
  ];
  if (options.dueOnly)
    conditions.push(or(isNull(feedSources.nextDueAt), lte(feedSources.nextDueAt, options.now)));
  return db
    .select()
    .from(feedSources)
    .where(and(...conditions))
    .orderBy(asc(feedSources.id));
}

/** Writes a feed's polling state after a fetch, and adds the articles it brought. */
export async function updateFeedSource(
  db: Db,
  id: number,
  state: FeedSourceState,
  options: { now: Date; newItems?: number },
): Promise<void> {
  await db
    .update(feedSources)
    .set({
      ...state,
      itemCount: sql`${feedSources.itemCount} + ${options.newItems ?? 0}`,
      updatedAt: options.now,
    })
    .where(eq(feedSources.id, id));
}
