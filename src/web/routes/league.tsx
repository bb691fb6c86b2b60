import { useParams } from 'react-router';

import { getCountryFlagCode } from '../../domain/league.ts';
import { useLeague, useLeagueStats } from '../api/leagues.ts';
import { CountryFlag } from '../components/country-flag.tsx';
import { LeagueLogo } from '../components/league-logo.tsx';
import { LeagueTable } from '../components/league-table.tsx';
import { LeagueXgTable } from '../components/league-xg-table.tsx';
import { MatchBoard } from '../components/match-board.tsx';
import { NearScreen } from '../components/near-screen.tsx';
import { OddsCards } from '../components/odds-cards.tsx';
import { SeasonProjectionTable } from '../components/season-projection-table.tsx';
import { TopPlayers } from '../components/top-players.tsx';
import { useDeferredData } from '../hooks/use-deferred-data.ts';

/** Where the league table's link lands: the xG table's place on the page. */
const XG_TABLE_ID = 'xg-table';

export function LeaguePage() {
  const { slug = '' } = useParams();
  // The page's sections mount in slices of a few milliseconds once the league is in.
  const query = useLeague(slug);
  const { data: league, isPending } = useDeferredData(query);

  // A screen tall while loading, so the footer does not jump down when the page arrives.
  if (isPending) return <p className="min-h-screen py-12 text-center text-subtle">Loading…</p>;
  if (query.isError || league === undefined)
    return <p className="py-12 text-center text-live">Failed to load the league</p>;
  if (league === null)
    return <h1 className="py-12 text-center text-lg font-semibold">League not found</h1>;

  return (
    <div className="flex flex-col gap-8">
      <header className="flex items-center gap-3">
        {league.logo_url ? (
          <LeagueLogo
            src={league.logo_url}
            size={48}
            fallback={<span aria-hidden="true" className="size-12 shrink-0 rounded-full bg-line" />}
          />
        ) : null}
        <CountryFlag
          code={getCountryFlagCode(league.country)}
          label={league.country}
          className="h-[1.125rem] w-6"
        />
        <h1 className="text-2xl font-bold">{league.name}</h1>
      </header>
      <section className="flex flex-col gap-3" aria-labelledby="today-title">
        <h2 id="today-title" className="text-xl font-bold">
          Today's {league.name} Matches
        </h2>
        <MatchBoard league={league.slug} />
      </section>
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2 [&>*]:min-w-0">
        <div className="flex flex-col gap-2">
          <LeagueTable slug={league.slug} />
          {/* A plain in-page link: the xG table below loads as the page scrolls to it. */}
          <a
            href={`#${XG_TABLE_ID}`}
            className="self-end rounded-sm text-sm font-semibold text-pitch underline-offset-2 hover:underline"
          >
            Expected goals (xG) table
          </a>
        </div>
        <OddsCards league={league.slug} />
      </div>
      {/* Further down a phone's page: fetched and drawn as the fan scrolls near. */}
      <NearScreen placeholderClassName="h-[40rem]">
        <SeasonProjectionTable slug={league.slug} />
      </NearScreen>
      <div id={XG_TABLE_ID}>
        <NearScreen placeholderClassName="h-[50rem]">
          <LeagueXgTable slug={league.slug} />
        </NearScreen>
      </div>
      <NearScreen placeholderClassName="h-[36rem]">
        <LeagueTopPlayers slug={league.slug} />
      </NearScreen>
    </div>
  );
}

function LeagueTopPlayers({ slug }: { slug: string }) {
  const stats = useLeagueStats(slug);
  return (
    <div className="grid grid-cols-1 gap-6 md:grid-cols-2 [&>*]:min-w-0">
      <TopPlayers
        title="Top Scorers"
        column="Goals"
        entries={stats.data?.goals}
        isPending={stats.isPending}
        emptyText="No top scorers data available"
      />
      <TopPlayers
        title="Top Assists"
        column="Assists"
        entries={stats.data?.asists}
        isPending={stats.isPending}
        emptyText="No top assists data available"
      />
    </div>
  );
}
