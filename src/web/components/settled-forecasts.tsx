import { Link } from 'react-router';

import type { ResultOutcome, SettledForecast } from '../../domain/api/track-record.ts';
import { LEAGUES } from '../../domain/league.ts';
import { formatShortDateTime } from '../../domain/time-zone.ts';
import { getMatchPath } from '../paths.ts';
import { formatPercent } from './track-record-format.ts';

const leagueName = (slug: string) => LEAGUES.find((l) => l.slug === slug)?.name ?? slug;

/** A pick as fans read it: "Arsenal win", "Draw". */
function describePick(pick: ResultOutcome, match: SettledForecast['match']): string {
  if (pick === 'draw') return 'Draw';
  return `${pick === 'home' ? match.home : match.away} win`;
}

/** The latest settled matches, each with every model's pick, its probability and ✓ or ✗. */
export function SettledForecasts(props: { settled: SettledForecast[]; timeZone: string }) {
  return (
    <ol
      aria-label="Latest settled forecasts"
      className="flex flex-col divide-y divide-line rounded-xl border border-line bg-white"
    >
      {props.settled.map(({ match, forecasts }) => (
        <li key={match.id} className="flex flex-col gap-1 px-4 py-3">
          <div className="flex flex-wrap items-baseline justify-between gap-x-3">
            <Link
              to={getMatchPath(match.id, match.home, match.away)}
              className="min-w-0 font-semibold break-words underline-offset-2 hover:underline"
            >
              {match.home}{' '}
              <span className="tabular-nums">
                {match.home_score}-{match.away_score}
              </span>{' '}
              {match.away}
            </Link>
            <span className="text-xs text-subtle">
              {leagueName(match.league_slug)} ·{' '}
              {formatShortDateTime(Date.parse(match.kickoff), props.timeZone)}
            </span>
          </div>
          <ul className="grid gap-x-6 gap-y-0.5 text-sm sm:grid-cols-2" aria-label="Picks">
            {forecasts.map((f) => (
              <li key={f.model} className="flex items-baseline justify-between gap-2">
                <span className="shrink-0 text-subtle">{f.model}</span>
                <span className="min-w-0 text-right">
                  {describePick(f.pick, match)}{' '}
                  <span className="tabular-nums">{formatPercent(f.probability)}</span>{' '}
                  <span
                    className={`font-semibold whitespace-nowrap ${f.correct ? 'text-success' : 'text-live'}`}
                  >
                    <span aria-hidden="true">{f.correct ? '✓' : '✗'}</span>{' '}
                    {f.correct ? 'right' : 'wrong'}
                  </span>
                </span>
              </li>
            ))}
          </ul>
        </li>
      ))}
    </ol>
  );
}
