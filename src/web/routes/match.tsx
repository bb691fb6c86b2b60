import { Link, useParams } from 'react-router';

import { readMatchId } from '../../domain/api/addresses.ts';
import type { MatchCentre } from '../../domain/api/match-centre.ts';
import { formatMinute, getScoreText, getStatusBadge } from '../../domain/board.ts';
import { MatchStatus } from '../../domain/live-match.ts';
import { ApiError } from '../api/client.ts';
import { useMatchCentre } from '../api/match-centre.ts';
import { FavouriteButton } from '../components/favourite-button.tsx';
import { MatchOddsTable } from '../components/match-centre-odds.tsx';
import {
  Form,
  HeadToHeadSection,
  Probabilities,
  Report,
  Standing,
  Timeline,
} from '../components/match-centre-sections.tsx';
import { FactSources } from '../components/match-facts/fact-sources.tsx';
import { ShotsSection } from '../components/match-facts/shots-section.tsx';
import { StatisticsBars } from '../components/match-facts/statistics-bars.tsx';
import { Shield } from '../components/shield.tsx';
import { useDeferredData } from '../hooks/use-deferred-data.ts';
import { FLASH_MS, useFlashOnChange } from '../hooks/use-flash-on-change.ts';

function Club({ club }: { club: MatchCentre['match']['home'] }) {
  return (
    <div className="flex min-w-0 flex-1 flex-col items-center gap-1">
      <Link to={`/team/${club.slug}`} className="flex flex-col items-center gap-1 text-center">
        <Shield src={club.shield} size={48} />
        <span className="break-words text-sm font-semibold">{club.name}</span>
      </Link>
      {/* The slug is the club's key: the team page's address and the favourites' id. */}
      <FavouriteButton club={{ key: club.slug, name: club.name }} tone="dark" />
    </div>
  );
}

/** League, kick-off, both clubs, score and status by the board's rules. */
function Header({ match }: { match: MatchCentre['match'] }) {
  const badge = getStatusBadge(match.status);
  const minute = badge.showsMinute ? formatMinute(match.minute) : '';
  const score = getScoreText(match, match.status);
  const flash = useFlashOnChange(match.result, FLASH_MS);
  return (
    <header className="flex flex-col gap-2 rounded-xl bg-pitch p-4 text-chalk">
      <p className="flex justify-between gap-2 text-xs">
        <Link to={`/league/${match.league_slug ?? ''}`} className="underline">
          {match.competition_name}
        </Link>
        <time dateTime={match.date}>{match.kickoff_label}</time>
      </p>
      <div className="flex items-center gap-2">
        <Club club={match.home} />
        <div className="flex shrink-0 flex-col items-center">
          <span
            className="px-1 text-3xl font-bold tabular-nums"
            data-testid="match-score"
            data-flash={flash ? 'true' : undefined}
          >
            {score}
          </span>
          <span className="text-xs font-semibold" data-testid="match-status">
            {badge.label}
            {minute === '' ? '' : ` ${minute}`}
          </span>
          {match.ht_result === null ? null : (
            <span className="text-xs opacity-80">HT {match.ht_result}</span>
          )}
        </div>
        <Club club={match.away} />
      </div>
    </header>
  );
}

/** Statuses with nothing played: no statistics or shots to show, and none to wait for here. */
const NOT_STARTED: readonly number[] = [MatchStatus.scheduled, MatchStatus.postponed];

/** Statistics, shots and the xG race once the match has kicked off, with who recorded them. */
function MatchFactsSections({ data }: { data: MatchCentre }) {
  if (NOT_STARTED.includes(data.match.status)) return null;
  const finished = data.match.status === MatchStatus.finished;
  const clubs = { home: data.match.home.name, away: data.match.away.name };
  return (
    <>
      <StatisticsBars facts={data.facts} finished={finished} {...clubs} />
      <ShotsSection shots={data.facts.shots} finished={finished} {...clubs} />
      <FactSources sources={data.facts.sources} />
    </>
  );
}

/** `/match/:id`: one match, everything about it. */
export function MatchPage() {
  const id = readMatchId(useParams().id);
  const query = useMatchCentre(id);
  const { data, isPending } = useDeferredData(query);
  const { error } = query;
  if (isPending) {
    return (
      // Its own key: the page replaces it rather than reusing its element, which Chrome would
      // count as the element moving (an animated layer's position is read in its own space).
      <div
        key="loading"
        className="min-h-screen animate-pulse rounded-xl bg-line"
        aria-label="Loading match"
      />
    );
  }
  if (error !== null || data === undefined) {
    const missing = error instanceof ApiError && (error.status === 404 || error.status === 400);
    return (
      <div className="flex flex-col items-start gap-2 rounded-xl border border-line bg-white p-4">
        <h1 className="text-lg font-bold">
          {missing ? 'Match not found' : 'Failed to load match'}
        </h1>
        <Link to="/" className="underline">
          Back to the home page
        </Link>
      </div>
    );
  }
  return (
    <div key="match" className="flex min-w-0 flex-col gap-4">
      <h1 className="sr-only">
        {data.match.home.name} v {data.match.away.name}
      </h1>
      <Header match={data.match} />
      <Timeline lines={data.timeline} facts={data.facts} />
      <MatchFactsSections data={data} />
      <MatchOddsTable odds={data.odds} />
      <Probabilities data={data} />
      <Form data={data} />
      <HeadToHeadSection
        h2h={data.head_to_head}
        home={data.match.home.name}
        away={data.match.away.name}
      />
      <Standing rows={data.standing} />
      <Report report={data.report} />
    </div>
  );
}
