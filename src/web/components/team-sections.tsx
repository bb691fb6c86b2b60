import type { ReactNode } from 'react';
import { Link } from 'react-router';

import type { FormEntry, TeamMatch, TeamPlayer } from '../../domain/api/team-page.ts';
import { formatShortDateTime } from '../../domain/time-zone.ts';
import { formatFee, type TransferPlayer } from '../../domain/transfers.ts';
import { CountryFlag } from './country-flag.tsx';
import { Shield } from './shield.tsx';

const OUTCOME_STYLE = { W: 'bg-success', D: 'bg-subtle', L: 'bg-live' } as const;
const OUTCOME_NAME = { W: 'Won', D: 'Drawn', L: 'Lost' } as const;
const UNDER_WAY: Record<string, string> = {
  live: 'Live',
  halftime: 'HT',
  extratime: 'ET',
  penalties: 'Pens',
  postponed: 'Postponed',
};

/** A card of the team page: a titled section that shows `empty` when it has nothing. */
export function TeamSection(props: {
  id: string;
  title: string;
  empty: string;
  isEmpty: boolean;
  children: ReactNode;
}) {
  return (
    <section
      aria-labelledby={props.id}
      className="min-w-0 overflow-hidden rounded-xl border border-line bg-white shadow-sm"
    >
      <h2 id={props.id} className="border-b border-line px-4 py-3 text-lg font-bold">
        {props.title}
      </h2>
      {props.isEmpty ? <p className="p-4 text-sm text-subtle">{props.empty}</p> : props.children}
    </section>
  );
}

/** The last five results: W/D/L, the club's score first, the opponent; each opens its match. */
export function FormList({ form }: { form: FormEntry[] }) {
  return (
    <ol className="flex flex-col divide-y divide-line" aria-label="Last five league results">
      {form.map((entry) => {
        const content = (
          <>
            <span
              className={`inline-flex h-7 w-7 shrink-0 items-center justify-center rounded-md text-sm font-bold text-white ${OUTCOME_STYLE[entry.outcome]}`}
            >
              <abbr title={OUTCOME_NAME[entry.outcome]} className="no-underline">
                {entry.outcome}
              </abbr>
            </span>
            <span className="font-bold tabular-nums">{entry.score}</span>
            <span className="min-w-0 truncate">
              {entry.home ? 'v' : 'at'} {entry.opponent.name}
            </span>
          </>
        );
        return (
          <li key={entry.kickoff + entry.opponent.key}>
            {entry.path === null ? (
              <span className="flex items-center gap-3 px-4 py-2 text-sm">{content}</span>
            ) : (
              <Link
                to={entry.path}
                className="flex items-center gap-3 px-4 py-2 text-sm hover:bg-chalk focus-visible:-outline-offset-3"
              >
                {content}
              </Link>
            )}
          </li>
        );
      })}
    </ol>
  );
}

/** The score, or the state of a match not yet finished ("Live", "HT"), or its kick-off time. */
function describeMatchState(match: TeamMatch): string {
  if (match.status === 'finished' || UNDER_WAY[match.status] !== undefined) {
    const score =
      match.home_score === null || match.away_score === null
        ? ''
        : `${match.home_score}-${match.away_score}`;
    const state = match.status === 'finished' ? '' : UNDER_WAY[match.status];
    return [score, state].filter((s) => s !== '').join(' ') || 'v';
  }
  return 'v';
}

/** Results or fixtures: date, home v away with crests, the score; each row opens the match. */
export function MatchList(props: { matches: TeamMatch[]; label: string; timeZone: string }) {
  return (
    <ol className="flex flex-col divide-y divide-line" aria-label={props.label}>
      {props.matches.map((match) => (
        <li key={match.id}>
          <Link
            to={match.path}
            // Named by its text, in the order it reads on screen; the spaces between the grid's
            // cells take no room but keep the words apart in the spoken name.
            // The card clips its overflow: the focus ring is drawn inside the row.
            className="grid grid-cols-[1fr_auto_1fr] items-center gap-x-2 gap-y-1 px-4 py-2 text-sm hover:bg-chalk focus-visible:-outline-offset-3 sm:grid-cols-[auto_1fr_auto_1fr]"
          >
            {/* On a phone the date has a line of its own, leaving the width to the names. */}
            <span className="col-span-3 text-xs text-subtle sm:col-span-1 sm:w-16">
              {formatShortDateTime(Date.parse(match.kickoff), props.timeZone)}
            </span>{' '}
            <span className="flex min-w-0 items-center justify-end gap-2 text-right">
              <span className="truncate">{match.home.name}</span>
              <Shield src={match.home.shield} size={20} />
            </span>{' '}
            <span className="min-w-10 text-center font-bold tabular-nums">
              {describeMatchState(match)}
            </span>{' '}
            <span className="flex min-w-0 items-center gap-2">
              <Shield src={match.away.shield} size={20} />
              <span className="truncate">{match.away.name}</span>
            </span>
          </Link>
        </li>
      ))}
    </ol>
  );
}

/** The club's players in the league's top scorers or assisters, with their league rank. */
export function PlayerList(props: { players: TeamPlayer[]; label: string; unit: string }) {
  return (
    <ol className="flex flex-col divide-y divide-line" aria-label={props.label}>
      {props.players.map((player) => (
        <li key={player.player_id} className="flex items-center gap-3 px-4 py-2 text-sm">
          <Shield src={player.player_image} size={28} className="rounded-full" />
          <span className="min-w-0 flex-1 truncate font-medium">{player.nick}</span>
          {player.flag === '' ? null : <CountryFlag code={player.flag} />}
          <span className="shrink-0 text-xs text-subtle">#{player.rank} in league</span>
          <span className="shrink-0 font-bold tabular-nums">
            {player.total}
            <span className="sr-only"> {props.unit}</span>
          </span>
        </li>
      ))}
    </ol>
  );
}

/** Arrivals or departures: the player, the other club, the kind of move and the fee. */
export function MoveList(props: { moves: TransferPlayer[]; label: string; direction: string }) {
  return (
    <ul className="flex flex-col divide-y divide-line" aria-label={props.label}>
      {props.moves.map((move) => {
        const fee = formatFee(move.valor);
        return (
          <li key={String(move.id)} className="flex items-center gap-3 px-4 py-2 text-sm">
            <Shield src={move.image} size={28} className="rounded-full" />
            <span className="min-w-0 flex-1">
              <span className="block truncate font-medium">{move.name}</span>
              <span className="block truncate text-xs text-subtle">
                {props.direction} {move.team} · {move.type}
              </span>
            </span>
            {fee === null ? null : <span className="shrink-0 font-bold tabular-nums">{fee}</span>}
          </li>
        );
      })}
    </ul>
  );
}
