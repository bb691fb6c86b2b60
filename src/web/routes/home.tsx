import { Link } from 'react-router';

import { listMarketLeagues } from '../../domain/league.ts';
import type { MarketKey } from '../../domain/odds.ts';
import { formatGmtOffset } from '../../domain/time-zone.ts';
import { LATEST_NEWS_COUNT, useLatestNews } from '../api/news.ts';
import { useUpcomingPredictions } from '../api/predictions.ts';
import { MarketWidget } from '../components/market-widget.tsx';
import { MatchBoard } from '../components/match-board.tsx';
import { MyClubsChip } from '../components/my-clubs-chip.tsx';
import { NearScreen } from '../components/near-screen.tsx';
import { NewsCard, NewsCardSkeleton } from '../components/news-card.tsx';
import { PredictionCard } from '../components/prediction-card.tsx';
import { useDeferredData } from '../hooks/use-deferred-data.ts';
import { useMyClubsFilter } from '../hooks/use-my-clubs-filter.ts';
import { useNow } from '../hooks/use-now.ts';
import { paths } from '../paths.ts';
import { readSiteMeta } from '../site-meta.ts';

// The specification's order for the market columns, kept in the league registry.
const MARKET_LEAGUES = listMarketLeagues().map(({ slug, name }) => ({ slug, name }));
const PREDICTIONS_FETCHED = 6;
const PREDICTIONS_SHOWN = 4;

function MarketColumn({ title, market }: { title: string; market: MarketKey }) {
  return (
    <div className="flex flex-col gap-3">
      <h3 className="text-lg font-bold">{title}</h3>
      {MARKET_LEAGUES.map((league) => (
        <NearScreen key={league.slug} placeholderClassName="h-36">
          <MarketWidget league={league} market={market} />
        </NearScreen>
      ))}
    </div>
  );
}

function PredictionsColumn() {
  return (
    <div className="flex flex-col gap-3">
      <h3 className="text-lg font-bold">AI Predictions</h3>
      <Link
        to={paths.predictions()}
        className="-mt-2 self-start text-sm font-semibold text-pitch underline underline-offset-4 hover:text-pitch-light"
      >
        Track record
      </Link>
      <NearScreen placeholderClassName="h-40">
        <UpcomingPredictions />
      </NearScreen>
    </div>
  );
}

function UpcomingPredictions() {
  // The forecasts of the next matches to kick off, each naming its match.
  const query = useUpcomingPredictions(PREDICTIONS_FETCHED);
  const { data, isPending } = useDeferredData(query);
  const shown = (data ?? []).slice(0, PREDICTIONS_SHOWN);
  return (
    <>
      {isPending ? (
        Array.from({ length: PREDICTIONS_SHOWN }, (_, i) => (
          <div key={i} className="h-40 animate-pulse rounded-xl bg-line" aria-hidden="true" />
        ))
      ) : shown.length === 0 ? (
        <p className="rounded-xl border border-line bg-white p-3 text-sm text-subtle">
          No predictions available
        </p>
      ) : (
        shown.map((p) => <PredictionCard key={p.id} prediction={p} />)
      )}
    </>
  );
}

function LatestNews() {
  return (
    <section className="flex flex-col gap-3" aria-labelledby="news-title">
      <div className="flex items-center justify-between gap-3">
        <h2 id="news-title" className="text-xl font-bold">
          Latest News
        </h2>
        <Link
          to={paths.news()}
          className="shrink-0 rounded-md bg-pitch px-3 py-2 text-sm font-semibold text-chalk hover:bg-pitch-light"
        >
          View All News
        </Link>
      </div>
      <NearScreen placeholderClassName="h-96">
        <LatestNewsItems />
      </NearScreen>
    </section>
  );
}

function LatestNewsItems() {
  const query = useLatestNews(LATEST_NEWS_COUNT);
  const { data, isPending } = useDeferredData(query);
  const { isError } = query;
  const { timeZone } = readSiteMeta();
  const items = (data ?? []).slice(0, LATEST_NEWS_COUNT);
  return (
    <>
      {isPending ? (
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {Array.from({ length: LATEST_NEWS_COUNT }, (_, i) => (
            <NewsCardSkeleton key={i} />
          ))}
        </div>
      ) : isError ? (
        <p className="rounded-xl border border-line bg-white p-3 text-sm text-live">
          Failed to load news
        </p>
      ) : items.length === 0 ? (
        <p className="rounded-xl border border-line bg-white p-3 text-sm text-subtle">
          No news available
        </p>
      ) : (
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {items.map((item, i) => (
            <NewsCard key={`${String(item.id)}:${i}`} item={item} timeZone={timeZone} />
          ))}
        </div>
      )}
    </>
  );
}

const HOUR_MS = 60 * 60 * 1000;

export function HomePage() {
  const { timeZone } = readSiteMeta();
  // The zone's offset changes with summer time: checked again every hour.
  const now = useNow(HOUR_MS);
  const myClubs = useMyClubsFilter();
  return (
    <div className="flex flex-col gap-8">
      <section className="flex flex-col gap-3">
        <div className="flex flex-wrap items-end justify-between gap-2">
          {/* Grows to the row's width, as the heading painted before the script stands. */}
          <div className="min-w-0 flex-1">
            <h1 className="text-2xl font-bold">Today's Main Football Matches</h1>
            <p className="text-sm text-subtle">
              {`All times displayed are in ${formatGmtOffset(now, timeZone)} timezone`}
            </p>
          </div>
          <MyClubsChip pressed={myClubs.active} onChange={myClubs.setActive} />
        </div>
        <MatchBoard onlyFavourites={myClubs.active} />
      </section>
      <section className="flex flex-col gap-3" aria-labelledby="markets-title">
        <h2 id="markets-title" className="text-xl font-bold">
          Markets &amp; AI Predictions
        </h2>
        <div className="grid grid-cols-1 gap-6 md:grid-cols-3 [&>*]:min-w-0">
          <MarketColumn title="Totals Market" market="totals" />
          <MarketColumn title="Match Markets" market="h2h" />
          <PredictionsColumn />
        </div>
      </section>
      <LatestNews />
    </div>
  );
}
