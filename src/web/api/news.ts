import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';

import { LEAGUES, type LeagueSlug } from '../../domain/league.ts';
import { fetchJson } from './client.ts';

/** A league filter of the news feed: one of the five leagues, or every league. */
export type NewsLeague = 'all' | LeagueSlug;

export const NEWS_LEAGUES: readonly NewsLeague[] = ['all', ...LEAGUES.map((l) => l.slug)];

/** A news item as GET /api/news answers it; every field may be missing in a bad answer. */
export type NewsItem = {
  id: string | number;
  title?: string | null;
  summary?: string | null;
  image_url?: string | null;
  source?: string | null;
  source_name?: string | null;
  published_at?: string | null;
  url?: string | null;
  link?: string | null;
  created_at?: string | null;
  updated_at?: string | null;
};

export type NewsSyncSource = {
  source: string;
  new_items: number;
  total_items: number;
  error?: string | null;
};

/** The RSS sync response of the specification: the new-item count comes under two spellings. */
export type NewsSyncResult = {
  success: boolean;
  total_new?: number;
  totalIngested?: number;
  total_processed?: number;
  sources?: NewsSyncSource[];
  error?: string;
};

export type NewsSource = {
  name: string;
  url: string;
  league_slug: string | null;
  last_fetched_at: string | null;
  item_count: number;
  error_count: number;
  last_error: string | null;
  flagged: boolean;
  disabled: boolean;
  next_due_at: string | null;
};

export type NewsSources = {
  sources: NewsSource[];
  last_sync_at: string | null;
  admin_password_required: boolean;
};

/** Items per page of the news feed. */
export const NEWS_PAGE_SIZE = 10;
/** Items in the home page's Latest News. */
export const LATEST_NEWS_COUNT = 6;

const isNewsItem = (value: unknown): value is NewsItem =>
  typeof value === 'object' &&
  value !== null &&
  !Array.isArray(value) &&
  (typeof (value as NewsItem).id === 'string' || typeof (value as NewsItem).id === 'number');

/** One page of news, newest first (`page` counts from 1). */
export async function getNews(params: {
  league: NewsLeague;
  page: number;
  pageSize: number;
}): Promise<NewsItem[]> {
  const query = new URLSearchParams({
    league: params.league,
    page: String(params.page),
    page_size: String(params.pageSize),
  });
  const body = await fetchJson<{ items?: unknown }>(`/api/news?${query.toString()}`);
  // An item without an id (or not an object at all) cannot be shown or keyed: drop it.
  return Array.isArray(body.items) ? body.items.filter(isNewsItem) : [];
}

export function latestNewsQueryOptions(limit: number) {
  return queryOptions({
    queryKey: ['news', 'latest', limit],
    queryFn: () => getNews({ league: 'all', page: 1, pageSize: limit }),
    staleTime: 60_000,
  });
}

export function useLatestNews(limit: number) {
  return useQuery(latestNewsQueryOptions(limit));
}

/** The next page's offset: a page shorter than the page size was the last one. */
export function getNextNewsOffset(
  lastPage: readonly NewsItem[],
  lastOffset: number,
  pageSize = NEWS_PAGE_SIZE,
): number | undefined {
  return lastPage.length < pageSize ? undefined : lastOffset + pageSize;
}

/** The news feed of a league, a page of 10 at a time; each page's param is its offset. */
export function newsFeedQueryOptions(league: NewsLeague) {
  return infiniteQueryOptions({
    queryKey: ['news', 'feed', league],
    queryFn: ({ pageParam }) =>
      getNews({ league, page: pageParam / NEWS_PAGE_SIZE + 1, pageSize: NEWS_PAGE_SIZE }),
    initialPageParam: 0,
    getNextPageParam: (lastPage, _pages, lastOffset) => getNextNewsOffset(lastPage, lastOffset),
    staleTime: 60_000,
  });
}

export function useNewsFeed(league: NewsLeague) {
  return useInfiniteQuery(newsFeedQueryOptions(league));
}

export async function getNewsSources(): Promise<NewsSources> {
  const body = await fetchJson<Partial<NewsSources>>('/api/news/sources');
  return {
    sources: Array.isArray(body.sources) ? body.sources : [],
    last_sync_at: typeof body.last_sync_at === 'string' ? body.last_sync_at : null,
    admin_password_required: body.admin_password_required === true,
  };
}

export function newsSourcesQueryOptions() {
  return queryOptions({
    queryKey: ['news', 'sources'],
    queryFn: getNewsSources,
  });
}

export function useNewsSources() {
  return useQuery(newsSourcesQueryOptions());
}

/**
 * Asks the server to fetch every feed now. A non-2xx answer (429 within 5 minutes of the last
 * sync, 403 without the admin password) throws an ApiError with the server's message.
 */
export function createNewsSync(adminPassword?: string): Promise<NewsSyncResult> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (adminPassword !== undefined && adminPassword !== '') {
    headers['x-admin-password'] = adminPassword;
  }
  return fetchJson<NewsSyncResult>('/api/news/sync', {
    method: 'POST',
    headers,
    body: JSON.stringify({}),
  });
}

export function useCreateNewsSync() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (variables: { adminPassword?: string }) => createNewsSync(variables.adminPassword),
    // Not awaited: the result shows at once, and the lists refresh behind it.
    onSuccess: (result) => {
      if (!result.success) return;
      void queryClient.invalidateQueries({
        queryKey: latestNewsQueryOptions(LATEST_NEWS_COUNT).queryKey,
      });
      for (const league of NEWS_LEAGUES) {
        void queryClient.invalidateQueries({ queryKey: newsFeedQueryOptions(league).queryKey });
      }
    },
    // Even a refused sync (429) may reveal a newer last sync time, so the sources always reload.
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: newsSourcesQueryOptions().queryKey });
    },
  });
}
