import { useCallback, useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';

import { isAboutClubs } from '../../domain/favourites.ts';
import { useNewsFeed } from '../api/news.ts';
import {
  LeagueFilterChips,
  parseLeagueFilter,
  type LeagueFilter,
} from '../components/league-filter-chips.tsx';
import { MyClubsChip } from '../components/my-clubs-chip.tsx';
import { NewsCard, NewsCardSkeleton } from '../components/news-card.tsx';
import { useMyClubsFilter } from '../hooks/use-my-clubs-filter.ts';
import { readSiteMeta } from '../site-meta.ts';

/** How close to the bottom of the page (in px) scrolling asks for the next page. */
export const NEXT_PAGE_MARGIN_PX = 1000;

const GRID = 'grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3';

/**
 * Calls `onNear` (a stable function) when the returned element comes within NEXT_PAGE_MARGIN_PX
 * of the bottom of the viewport, while `active`.
 */
function useNearViewportBottom(onNear: () => unknown, active: boolean, pageCount: number) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = ref.current;
    if (!active || element === null || typeof IntersectionObserver === 'undefined') return;
    // Observing anew after each page reports the current position at once, so a screen tall
    // enough to show the whole page still asks for the next one.
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) onNear();
      },
      { rootMargin: `0px 0px ${NEXT_PAGE_MARGIN_PX}px 0px` },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [onNear, active, pageCount]);
  return ref;
}

export function NewsPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const league = parseLeagueFilter(searchParams.get('league'));
  const feed = useNewsFeed(league);
  const { timeZone } = readSiteMeta();
  const myClubs = useMyClubsFilter();
  const loaded = feed.data?.pages.flat() ?? [];
  // "My clubs": the items whose title names a favourite club; scrolling keeps loading pages.
  const items = myClubs.active
    ? loaded.filter((item) => isAboutClubs(item, myClubs.clubs))
    : loaded;
  // Stable across renders; `cancelRefetch: false` makes a second call while loading a no-op.
  const { fetchNextPage } = feed;
  const loadMore = useCallback(() => fetchNextPage({ cancelRefetch: false }), [fetchNextPage]);
  const sentinel = useNearViewportBottom(
    loadMore,
    feed.hasNextPage && !feed.isFetchingNextPage && !feed.isError,
    feed.data?.pages.length ?? 0,
  );

  const chooseLeague = (next: LeagueFilter) => {
    setSearchParams(
      (current) => {
        const params = new URLSearchParams(current);
        if (next === 'all') params.delete('league');
        else params.set('league', next);
        return params;
      },
      { replace: true },
    );
  };

  let body;
  if (feed.isPending) {
    body = (
      <div className={GRID} aria-busy="true" aria-label="Loading news">
        {Array.from({ length: 6 }, (_, i) => (
          <NewsCardSkeleton key={i} />
        ))}
      </div>
    );
  } else if (feed.isError && loaded.length === 0) {
    body = <p className="py-12 text-center text-live">Failed to load news</p>;
  } else if (loaded.length === 0) {
    body = <p className="py-12 text-center text-subtle">No news available</p>;
  } else {
    body = (
      <>
        {items.length === 0 ? (
          <p className="py-12 text-center text-subtle">
            {feed.hasNextPage ? 'Looking for news about my clubs...' : 'No news about my clubs'}
          </p>
        ) : null}
        <div className={GRID}>
          {items.map((item, i) => (
            <NewsCard
              key={`${String(item.id)}:${i}`}
              item={item}
              timeZone={timeZone}
              headingLevel={2}
              first={i === 0}
            />
          ))}
          {feed.isFetchingNextPage
            ? Array.from({ length: 3 }, (_, i) => <NewsCardSkeleton key={`more-${i}`} />)
            : null}
        </div>
        {feed.isFetchNextPageError ? (
          <div className="flex flex-col items-center gap-2 text-sm">
            <p className="text-live">Failed to load more news</p>
            <button
              type="button"
              onClick={() => void loadMore()}
              className="rounded-md bg-pitch px-3 py-2 font-semibold text-chalk hover:bg-pitch-light"
            >
              Try again
            </button>
          </div>
        ) : null}
        <div ref={sentinel} aria-hidden="true" data-testid="news-feed-end" />
      </>
    );
  }

  return (
    <div className="flex flex-col gap-6">
      <header>
        <h1 className="text-2xl font-bold">Football News</h1>
        <p className="text-sm text-subtle">Latest football news from top sources</p>
      </header>
      <div className="flex flex-wrap items-center gap-2">
        <LeagueFilterChips value={league} onChange={chooseLeague} />
        <MyClubsChip pressed={myClubs.active} onChange={myClubs.setActive} />
      </div>
      <section className="flex flex-col gap-4" aria-label="News">
        {body}
      </section>
    </div>
  );
}
