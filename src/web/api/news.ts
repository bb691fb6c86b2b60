import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import * as z from 'zod/mini';

import { apiAddress } from '../../domain/api/addresses.ts';
import {
  NEWS_PAGE_SIZE,
  NewsItemSchema,
  NewsSourceSchema,
  NewsSyncResultSchema,
  type NewsItem,
  type NewsSources,
  type NewsSyncResult,
} from '../../domain/api/news.ts';
import { LEAGUES, type LeagueSlug } from '../../domain/league.ts';
import { fetchAnswer, readItems } from './client.ts';

/** A league filter of the news feed: one league's slug, or 'all' for every league. */
export type NewsLeague = 'all' | LeagueSlug;

export const NEWS_LEAGUES: readonly NewsLeague[] = ['all', ...LEAGUES.map((l) => l.slug)];

// The answer types are the contract's (src/domain/api/news.ts), named here for the pages.
export type { NewsItem, NewsSource, NewsSources, NewsSyncResult } from '../../domain/api/news.ts';

const NewsPageReading = z.object({ items: readItems(NewsItemSchema) });
const NewsSourcesReading = z.object({
  sources: readItems(NewsSourceSchema),
  last_sync_at: z.catch(z.nullable(z.string()), null),
  admin_password_required: z.catch(z.boolean(), false),
});

export { NEWS_PAGE_SIZE };
/** Items in the home page's Latest News. */
export const LATEST_NEWS_COUNT = 6;

/** One page of news, newest first (`page` counts from 1). */
export async function getNews(params: {
  league: NewsLeague;
  page: number;
  pageSize: number;
}): Promise<NewsItem[]> {
  return (await fetchAnswer(apiAddress.news(params), NewsPageReading)).items;
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
  return fetchAnswer('/api/news/sources', NewsSourcesReading);
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
  return fetchAnswer('/api/news/sync', NewsSyncResultSchema, {
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
