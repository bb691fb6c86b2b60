import { Link } from 'react-router';

import type { TeamXg as TeamXgAnswer, TeamXgMatch } from '../../domain/api/team-page.ts';
import { formatShortDateTime } from '../../domain/time-zone.ts';

const WIDTH = 320;
const HEIGHT = 132;
const PLOT = { left: 18, right: 316, top: 8, bottom: 120 };
const CELL = 'px-1.5 py-1.5 text-right tabular-nums sm:px-2';

const formatXg = (xg: number) => xg.toFixed(2);
const sum = (values: readonly number[]) => values.reduce((a, b) => a + b, 0);

/** "Nov 08": the kick-off's day in the site's zone. */
const formatDay = (kickoff: string, timeZone: string) =>
  formatShortDateTime(Date.parse(kickoff), timeZone).split(',')[0] ?? '';

/** The season in one sentence: matches, xG and goals for and against. */
function describeSeason(matches: readonly TeamXgMatch[]): string {
  const count = matches.length === 1 ? '1 match' : `${matches.length} matches`;
  const xgFor = formatXg(sum(matches.map((m) => m.xg_for)));
  const xgAgainst = formatXg(sum(matches.map((m) => m.xg_against)));
  const goalsFor = sum(matches.map((m) => m.goals_for));
  const goalsAgainst = sum(matches.map((m) => m.goals_against));
  return `${count}: xG ${xgFor} for and ${xgAgainst} against; goals ${goalsFor} for and ${goalsAgainst} against`;
}

/** A swatch of the key: the bar colours and the goal mark. */
function KeyMark({ kind }: { kind: 'for' | 'against' | 'goal' }) {
  if (kind === 'goal')
    return (
      <svg aria-hidden="true" viewBox="0 0 10 10" className="inline-block size-2.5">
        <circle cx={5} cy={5} r={3.5} className="fill-subtle stroke-white" strokeWidth={1.5} />
      </svg>
    );
  return (
    <span
      aria-hidden="true"
      className={`inline-block size-2.5 rounded-xs ${kind === 'for' ? 'bg-side-home' : 'bg-side-away'}`}
    />
  );
}

/**
 * Each match's xG for and against as a pair of bars in date order, a dot on each bar at the
 * goals actually scored or conceded.
 */
export function TeamXgChart({ matches }: { matches: readonly TeamXgMatch[] }) {
  const top = Math.max(
    1,
    Math.ceil(
      Math.max(...matches.flatMap((m) => [m.xg_for, m.xg_against, m.goals_for, m.goals_against])),
    ),
  );
  const step = top <= 4 ? 1 : 2;
  const slot = (PLOT.right - PLOT.left) / Math.max(matches.length, 1);
  const bar = Math.min(10, slot * 0.38);
  const yOf = (value: number) => PLOT.bottom - (value / top) * (PLOT.bottom - PLOT.top);
  const ticks = Array.from({ length: Math.floor(top / step) + 1 }, (_, i) => i * step);
  return (
    <svg
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      role="img"
      aria-label={`Expected goals for and against by match, oldest first. ${describeSeason(matches)}.`}
      className="mx-auto block h-auto w-full max-w-2xl"
    >
      <g fontSize={8} className="fill-subtle">
        {ticks.map((value) => (
          <g key={value}>
            <line
              x1={PLOT.left}
              x2={PLOT.right}
              y1={yOf(value)}
              y2={yOf(value)}
              className="stroke-line"
            />
            <text x={PLOT.left - 4} y={yOf(value) + 3} textAnchor="end">
              {value}
            </text>
          </g>
        ))}
      </g>
      {matches.map((match, index) => {
        const middle = PLOT.left + slot * (index + 0.5);
        const bars = [
          { kind: 'for', x: middle - bar, xg: match.xg_for, goals: match.goals_for },
          { kind: 'against', x: middle, xg: match.xg_against, goals: match.goals_against },
        ] as const;
        return (
          <g key={match.id} data-match={match.id}>
            {bars.map((b) => (
              <g key={b.kind} data-kind={b.kind}>
                <rect
                  x={b.x}
                  y={yOf(b.xg)}
                  width={bar}
                  height={Math.max(0, PLOT.bottom - yOf(b.xg))}
                  className={b.kind === 'for' ? 'fill-side-home' : 'fill-side-away'}
                />
                {b.goals > 0 ? (
                  <circle
                    data-goals={b.goals}
                    cx={b.x + bar / 2}
                    cy={yOf(b.goals)}
                    r={Math.min(3, bar / 2 + 0.5)}
                    className="fill-subtle stroke-white"
                    strokeWidth={1}
                  />
                ) : null}
              </g>
            ))}
          </g>
        );
      })}
    </svg>
  );
}

/** Every match's xG as a table: the chart's figures for reading and for screen readers. */
function XgMatchTable(props: { matches: readonly TeamXgMatch[]; timeZone: string }) {
  return (
    <table className="w-full text-xs sm:text-sm">
      <caption className="sr-only">Expected goals by match</caption>
      <thead className="bg-chalk text-xs text-subtle">
        <tr>
          <th scope="col" className="px-2 py-1.5 text-left sm:px-4">
            Date
          </th>
          <th scope="col" className="px-1.5 py-1.5 text-left sm:px-2">
            Opponent
          </th>
          <th scope="col" className="px-1.5 py-1.5 text-center sm:px-2">
            <abbr title="Home or away">H/A</abbr>
          </th>
          <th scope="col" className={CELL}>
            Score
          </th>
          <th scope="col" className={CELL}>
            <abbr title="Expected goals for">xG</abbr>
          </th>
          <th scope="col" className={`${CELL} pr-2 sm:pr-4`}>
            <abbr title="Expected goals against">xGA</abbr>
          </th>
        </tr>
      </thead>
      <tbody>
        {/* Latest first, as the results list has them. */}
        {[...props.matches].reverse().map((match) => (
          <tr key={match.id} className="border-t border-line">
            <td className="px-2 py-1.5 whitespace-nowrap text-subtle sm:px-4">
              <time dateTime={match.kickoff}>{formatDay(match.kickoff, props.timeZone)}</time>
            </td>
            <th scope="row" className="px-1.5 py-1.5 text-left font-medium sm:px-2">
              <Link to={match.path} className="rounded-sm underline-offset-2 hover:underline">
                {match.opponent.name}
              </Link>
            </th>
            <td className="px-1.5 py-1.5 text-center sm:px-2">
              <abbr title={match.home ? 'Home' : 'Away'} className="no-underline">
                {match.home ? 'H' : 'A'}
              </abbr>
            </td>
            <td className={`${CELL} font-bold whitespace-nowrap`}>
              {match.goals_for}-{match.goals_against}
            </td>
            <td className={CELL}>{formatXg(match.xg_for)}</td>
            <td className={`${CELL} pr-2 sm:pr-4`}>{formatXg(match.xg_against)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The club's scorers from the recorded shots: goals, shots and the xG of those shots. */
function XgScorerTable({ scorers }: { scorers: TeamXgAnswer['scorers'] }) {
  return (
    <table className="w-full text-xs sm:text-sm">
      <caption className="sr-only">Scorers’ expected goals</caption>
      <thead className="bg-chalk text-xs text-subtle">
        <tr>
          <th scope="col" className="px-2 py-1.5 text-left sm:px-4">
            Player
          </th>
          <th scope="col" className={CELL}>
            Goals
          </th>
          <th scope="col" className={CELL}>
            Shots
          </th>
          <th scope="col" className={`${CELL} pr-2 sm:pr-4`}>
            <abbr title="Expected goals of the player's shots">xG</abbr>
          </th>
        </tr>
      </thead>
      <tbody>
        {scorers.map((scorer) => (
          <tr key={scorer.player} className="border-t border-line">
            <th scope="row" className="px-2 py-1.5 text-left font-medium sm:px-4">
              {scorer.player}
            </th>
            <td className={`${CELL} font-bold`}>{scorer.goals}</td>
            <td className={CELL}>{scorer.shots}</td>
            <td className={`${CELL} pr-2 sm:pr-4`}>{formatXg(scorer.xg)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * The team page's expected goals: the season's matches as a chart with its key and a table,
 * beside (below, on a phone) the scorers' xG. For a season with at least one match with xG.
 */
export function TeamXg({ xg, timeZone }: { xg: TeamXgAnswer; timeZone: string }) {
  return (
    <div className="grid grid-cols-1 lg:grid-cols-[3fr_2fr] lg:divide-x lg:divide-line">
      <div className="flex min-w-0 flex-col">
        <div className="flex flex-col gap-2 p-4">
          <p className="text-sm tabular-nums" data-testid="xg-season">
            {describeSeason(xg.matches)}
          </p>
          <p className="flex flex-wrap gap-x-3 text-xs text-subtle">
            <span className="inline-flex items-center gap-1">
              <KeyMark kind="for" /> xG for
            </span>
            <span className="inline-flex items-center gap-1">
              <KeyMark kind="against" /> xG against
            </span>
            <span className="inline-flex items-center gap-1">
              <KeyMark kind="goal" /> goals
            </span>
          </p>
          <TeamXgChart matches={xg.matches} />
        </div>
        <details className="border-t border-line">
          <summary className="cursor-pointer px-4 py-2 text-sm font-semibold text-pitch focus-visible:-outline-offset-3">
            Match by match
          </summary>
          <XgMatchTable matches={xg.matches} timeZone={timeZone} />
        </details>
      </div>
      <div className="min-w-0 border-t border-line lg:border-t-0">
        <h3 className="px-4 py-2 text-sm font-bold">Scorers’ xG</h3>
        {xg.scorers.length === 0 ? (
          <p className="px-4 pb-4 text-sm text-subtle">No goals from recorded shots.</p>
        ) : (
          <XgScorerTable scorers={xg.scorers} />
        )}
      </div>
    </div>
  );
}
