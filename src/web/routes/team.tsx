import { useEffect } from 'react';
import { Link, useNavigate, useParams } from 'react-router';

import type { TeamPage as TeamPageAnswer } from '../../domain/api/team-page.ts';
import { useTeamPage } from '../api/teams.ts';
import { FavouriteButton } from '../components/favourite-button.tsx';
import { PositionSparkline } from '../components/position-sparkline.tsx';
import { Shield } from '../components/shield.tsx';
import { teamPath } from '../components/team-link.tsx';
import {
  FormList,
  MatchList,
  MoveList,
  PlayerList,
  TeamSection,
} from '../components/team-sections.tsx';
import { TeamXg } from '../components/team-xg.tsx';
import { useDeferredData } from '../hooks/use-deferred-data.ts';
import { paths } from '../paths.ts';
import { readSiteMeta } from '../site-meta.ts';

/** "1st", "2nd", "3rd", "11th", "22nd". */
function toOrdinal(n: number): string {
  const tens = n % 100;
  const suffix = tens >= 11 && tens <= 13 ? 'th' : ({ 1: 'st', 2: 'nd', 3: 'rd' }[n % 10] ?? 'th');
  return `${n}${suffix}`;
}

/** Crest, name, league, and today's position and points. */
function TeamHeader({ page }: { page: TeamPageAnswer }) {
  const { team, standing } = page;
  return (
    <header className="flex flex-wrap items-center gap-4">
      <Shield src={team.shield} size={64} />
      {/* Wide enough for a name: on a phone the figures wrap below it. */}
      <div className="min-w-48 flex-1">
        <h1 className="text-2xl font-bold break-words">{team.name}</h1>
        <Link
          to={paths.league(team.league.slug)}
          className="text-sm text-pitch underline-offset-2 hover:underline"
        >
          {team.league.name}
        </Link>
      </div>
      <FavouriteButton club={{ key: team.key, name: team.name }} labelled />
      {standing === null ? (
        <p className="text-sm text-subtle">Not in today's table</p>
      ) : (
        <dl className="flex gap-4 text-center" aria-label="Today's table">
          <div>
            <dt className="text-xs uppercase text-subtle">Position</dt>
            <dd className="text-2xl font-bold tabular-nums">{toOrdinal(standing.pos)}</dd>
          </div>
          <div>
            <dt className="text-xs uppercase text-subtle">Points</dt>
            <dd className="text-2xl font-bold tabular-nums">{standing.points}</dd>
          </div>
          <div>
            <dt className="text-xs uppercase text-subtle">Played</dt>
            <dd className="text-2xl font-bold tabular-nums">{standing.played}</dd>
          </div>
        </dl>
      )}
    </header>
  );
}

/** Everything below the header: form, position, matches, expected goals, players and moves. */
function TeamSeason({ page, timeZone }: { page: TeamPageAnswer; timeZone: string }) {
  return (
    <>
      <div className="grid grid-cols-1 gap-6 md:grid-cols-2 [&>*]:min-w-0">
        <TeamSection
          id="form-title"
          title="Form"
          empty="No league results yet"
          isEmpty={page.form.length === 0}
        >
          <FormList form={page.form} />
        </TeamSection>
        <TeamSection
          id="position-title"
          title="League Position by Matchday"
          empty="No league position yet"
          isEmpty={page.positions.length === 0}
        >
          <div className="flex flex-col gap-2 p-4">
            <PositionSparkline points={page.positions} tableSize={page.table_size} />
            <p className="text-xs text-subtle">
              Matchday {page.positions[0]?.matchday}
              {page.positions.length > 1 ? `–${page.positions.at(-1)?.matchday}` : ''}; top of the
              line is first place
            </p>
          </div>
        </TeamSection>
      </div>
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2 [&>*]:min-w-0">
        <TeamSection
          id="fixtures-title"
          title="Fixtures"
          empty="No fixtures stored"
          isEmpty={page.fixtures.length === 0}
        >
          <MatchList matches={page.fixtures} label="Fixtures" timeZone={timeZone} />
        </TeamSection>
        <TeamSection
          id="results-title"
          title="Results"
          empty="No results this season"
          isEmpty={page.results.length === 0}
        >
          <MatchList matches={page.results} label="Results" timeZone={timeZone} />
        </TeamSection>
      </div>
      <TeamSection
        id="xg-title"
        title="Expected Goals (xG)"
        empty="Expected goals are not recorded for this season."
        isEmpty={page.xg.matches.length === 0}
      >
        <TeamXg xg={page.xg} timeZone={timeZone} />
      </TeamSection>
      <div className="grid grid-cols-1 gap-6 md:grid-cols-2 [&>*]:min-w-0">
        <TeamSection
          id="scorers-title"
          title="Top Scorers"
          empty="No top scorers data available"
          isEmpty={page.scorers.length === 0}
        >
          <PlayerList players={page.scorers} label="Top scorers" unit="goals" />
        </TeamSection>
        <TeamSection
          id="assisters-title"
          title="Top Assists"
          empty="No top assists data available"
          isEmpty={page.assisters.length === 0}
        >
          <PlayerList players={page.assisters} label="Top assists" unit="assists" />
        </TeamSection>
      </div>
      <div className="grid grid-cols-1 gap-6 md:grid-cols-2 [&>*]:min-w-0">
        <TeamSection
          id="in-title"
          title="Transfers In"
          empty="No arrivals this window"
          isEmpty={page.transfers.arrivals.length === 0}
        >
          <MoveList moves={page.transfers.arrivals} label="Transfers in" direction="from" />
        </TeamSection>
        <TeamSection
          id="out-title"
          title="Transfers Out"
          empty="No departures this window"
          isEmpty={page.transfers.departures.length === 0}
        >
          <MoveList moves={page.transfers.departures} label="Transfers out" direction="to" />
        </TeamSection>
      </div>
    </>
  );
}

/** /team/:slug: a club's season. */
export function TeamPage() {
  const { slug = '' } = useParams();
  const query = useTeamPage(slug);
  const { data: page, isPending } = useDeferredData(query);
  const navigate = useNavigate();
  const { timeZone } = readSiteMeta();
  const canonical = page ? teamPath({ key: page.team.key, name: page.team.name }) : null;

  // A link by the club's name lands on the address of its key.
  useEffect(() => {
    if (canonical !== null && canonical !== `/team/${encodeURIComponent(slug)}`) {
      void navigate(canonical, { replace: true });
    }
  }, [canonical, slug, navigate]);

  if (isPending) return <p className="min-h-screen py-12 text-center text-subtle">Loading…</p>;
  if (query.isError || page === undefined)
    return <p className="py-12 text-center text-live">Failed to load the team</p>;
  if (page === null) {
    return (
      <section className="flex flex-col items-center gap-4 py-24 text-center">
        <h1 className="text-2xl font-bold">Team not found</h1>
        <Link to={paths.home()} className="font-semibold text-pitch underline underline-offset-4">
          Return to Home
        </Link>
      </section>
    );
  }
  return (
    <div className="flex flex-col gap-6">
      <TeamHeader page={page} />
      <TeamSeason page={page} timeZone={timeZone} />
    </div>
  );
}
