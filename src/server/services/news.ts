import type { NewsItem, NewsSources, NewsSyncResult } from '../../domain/api/news.ts';
import type { Db } from '../db/client.ts';
import { listFeedSources } from '../db/feed-sources-queries.ts';
import { listNewsArticles, type NewsArticleRow } from '../db/news-articles-queries.ts';
import type { CachedBody } from '../http/caching.ts';
import type { ResponseCache } from '../http/response-cache.ts';
import type { LeagueDirectory } from './leagues.ts';

/** What a manual sync of every feed comes to (jobs/news-sync.ts). */
export type NewsSyncOutcome =
  | { status: 'done'; response: NewsSyncResult & { total_new: number } }
  | { status: 'limited'; lastSyncAt: Date; retryAfterS: number };

export type NewsDeps = {
  db: Db;
  leagues: LeagueDirectory;
  cache: ResponseCache;
  /** Syncs every enabled feed now, at most once every 5 minutes across instances. */
  runSync: () => Promise<NewsSyncOutcome>;
  /** When the last manual sync started, or null when none has. */
  getLastSyncAt: () => Promise<Date | null>;
  /** Whether a sync needs the admin password (the admin page then asks for it). */
  adminPasswordRequired: boolean;
};

function toNewsItem(row: NewsArticleRow): NewsItem {
  return {
    id: row.id,
    title: row.title,
    summary: row.summary ?? '',
    image_url: row.imageUrl,
    source: row.sourceName,
    source_name: row.sourceName,
    published_at: row.publishedAt.toISOString(),
    url: row.link,
    link: row.link,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/**
 * The news feed, the feeds' state and the manual sync. The feed reads the table directly, so it
 * is also the specification's news fallback.
 */
export function createNews(deps: NewsDeps) {
  const { db, leagues, cache } = deps;
  return {
    /** One page of news, newest first, of one league (by slug or name) or of every league. */
    async listPage(query: {
      league?: string;
      page: number;
      page_size: number;
    }): Promise<CachedBody> {
      const league = await leagues.resolve(query.league);
      const slug = league?.slug ?? 'all';
      return cache.get(`news:${slug}:${query.page}:${query.page_size}`, async () => {
        const rows = await listNewsArticles(db, {
          leagueSlug: league?.slug,
          limit: query.page_size,
          offset: (query.page - 1) * query.page_size,
        });
        return { items: rows.map(toNewsItem) };
      });
    },

    async listSources(): Promise<NewsSources> {
      const [sources, lastManualAt] = await Promise.all([
        listFeedSources(db),
        deps.getLastSyncAt(),
      ]);
      // The scheduler's syncs count as much as a manual one: the latest feed fetched, or the
      // last manual start when that came later (one still running).
      const lastSyncAt = [lastManualAt, ...sources.map((s) => s.lastFetchedAt)].reduce<Date | null>(
        (latest, at) => (at !== null && (latest === null || at > latest) ? at : latest),
        null,
      );
      return {
        sources: sources.map((s) => ({
          name: s.name,
          url: s.url,
          league_slug: s.leagueSlug,
          last_fetched_at: s.lastFetchedAt?.toISOString() ?? null,
          item_count: s.itemCount,
          error_count: s.errorCount,
          last_error: s.lastError,
          flagged: s.flagged,
          disabled: s.disabled,
          next_due_at: s.nextDueAt?.toISOString() ?? null,
        })),
        last_sync_at: lastSyncAt?.toISOString() ?? null,
        admin_password_required: deps.adminPasswordRequired,
      };
    },

    /** Syncs every feed now; new articles retire the cached answers at once. */
    async sync(): Promise<NewsSyncOutcome> {
      const outcome = await deps.runSync();
      if (outcome.status === 'done' && outcome.response.total_new > 0) cache.clear();
      return outcome;
    },
  };
}

export type News = ReturnType<typeof createNews>;
