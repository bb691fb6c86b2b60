import { useState } from 'react';
import { Link } from 'react-router';

import {
  deriveStatus,
  formatAge,
  formatInterval,
  formatMinute,
  getCompetitionFlagCode,
  getLiveMinuteText,
  getPage,
  getScoreText,
  getStatusBadge,
  sortLiveMatches,
  type LooseMatch,
  type StatusBadge,
} from '../../domain/board.ts';
import { isFavouriteMatch, rankFavouriteMatches } from '../../domain/favourites.ts';
import { isPlaying, MatchStatus } from '../../domain/live-match.ts';
import { useLiveStatus } from '../api/live.ts';
import { getBoardInterval, useTodayMatches } from '../api/matches.ts';
import { useDeferredData } from '../hooks/use-deferred-data.ts';
import { useFavourites } from '../hooks/use-favourites.ts';
import { FLASH_MS, useFlashOnChange } from '../hooks/use-flash-on-change.ts';
import { useNow } from '../hooks/use-now.ts';
import { getMatchPath } from '../paths.ts';
import { CountryFlag } from './country-flag.tsx';
import { StarIcon } from './favourite-button.tsx';
import { Shield } from './shield.tsx';

const DEFAULT_PAGE_SIZE = 4;
// Every row has the same height, so skeletons, placeholders and matches never shift the page.
const ROW = 'flex h-16 items-center gap-2 border-b border-line px-3 last:border-b-0';

// On a phone the strip has room for two lines: each part stays whole ("Updated 25s ago") and
// wraps to the second line rather than being cut. The same height whatever it says.
const STRIP =
  'flex h-12 flex-wrap content-center items-center gap-x-3 gap-y-1 overflow-hidden border-b border-line bg-chalk px-3 text-xs whitespace-nowrap sm:h-9 sm:flex-nowrap';

const TONES: Record<StatusBadge['tone'], string> = {
  live: 'bg-live text-white',
  break: 'bg-accent text-ink',
  done: 'bg-ink text-chalk',
  idle: 'bg-line text-ink',
  off: 'bg-line text-subtle',
};

const text = (value: unknown) =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';

/** Row keys from the items' ids; a missing or repeated id (1 and "1") still gets a key of its own. */
function getRowKeys(rows: readonly LooseMatch[]): string[] {
  const seen = new Set<string>();
  return rows.map((match, i) => {
    let key = text(match.id) || `row-${i}`;
    while (seen.has(key)) key += `#${i}`;
    seen.add(key);
    return key;
  });
}

/** The star beside a favourite club's crest on the board (the row's name says it in words). */
function ClubStar({ shown }: { shown: boolean }) {
  return shown ? <StarIcon filled className="size-3.5 shrink-0 text-accent" /> : null;
}

function MatchRow({
  match,
  nowMs,
  favourites,
}: {
  match: LooseMatch;
  nowMs: number;
  favourites: ReadonlySet<string>;
}) {
  const status = deriveStatus(match, nowMs);
  const badge = getStatusBadge(status);
  const minute = badge.showsMinute ? formatMinute(getLiveMinuteText(match)) : '';
  const competition = text(match.competition_name);
  const home = text(match.local) || 'Home';
  const away = text(match.visitor) || 'Away';
  const score = getScoreText(match, status);
  const flash = useFlashOnChange(text(match.result), FLASH_MS);
  const homeStarred = favourites.has(text(match.local_key));
  const awayStarred = favourites.has(text(match.visitor_key));
  const mine = [homeStarred ? home : '', awayStarred ? away : ''].filter((n) => n !== '');
  return (
    <li
      className={`${ROW} ${mine.length > 0 ? 'shadow-[inset_4px_0_0_var(--color-accent)]' : ''}`}
      aria-label={`${home} v ${away}, ${badge.label}${minute ? ` ${minute}` : ''}, ${score}${
        mine.length > 0 ? `, my club${mine.length > 1 ? 's' : ''}: ${mine.join(' and ')}` : ''
      }`}
      data-favourite={mine.length > 0 ? 'true' : undefined}
    >
      <span className="flex w-8 shrink-0 justify-center md:block md:w-32 md:text-left md:text-xs md:font-semibold md:uppercase md:tracking-wide md:text-subtle">
        <span className="flex md:hidden">
          <CountryFlag
            code={getCompetitionFlagCode(competition)}
            label={competition || 'Competition'}
            className="h-4 w-[1.375rem]"
          />
        </span>
        <span className="hidden truncate md:inline">{competition}</span>
      </span>
      <span className="flex min-w-0 flex-1 items-center justify-end gap-2">
        <ClubStar shown={homeStarred} />
        <span className="hidden truncate text-right font-medium md:inline">{home}</span>
        <Shield src={text(match.local_shield)} size={28} />
      </span>
      {/* The score opens the match page; the link's name is the score, then which match. */}
      <Link
        to={getMatchPath(text(match.id), home, away)}
        aria-label={`${score}, ${home} v ${away}: match page`}
        className={`w-16 shrink-0 text-center text-lg font-bold tabular-nums hover:underline ${status === MatchStatus.scheduled ? 'text-subtle' : ''}`}
        data-testid="score"
        data-flash={flash ? 'true' : undefined}
      >
        {score}
      </Link>
      <span className="flex min-w-0 flex-1 items-center gap-2">
        <Shield src={text(match.visitor_shield)} size={28} />
        <span className="hidden truncate font-medium md:inline">{away}</span>
        <ClubStar shown={awayStarred} />
      </span>
      <span className="flex w-20 shrink-0 flex-col items-end gap-0.5 md:w-24">
        <span
          className={`rounded px-1.5 py-0.5 text-xs font-bold ${TONES[badge.tone]}`}
          data-testid="badge"
        >
          {badge.label}
        </span>
        {minute ? (
          <span className="text-xs font-semibold text-live tabular-nums" data-testid="minute">
            {minute}
          </span>
        ) : null}
      </span>
    </li>
  );
}

function StatusStrip(props: {
  intervalMs: number;
  updatedAtMs: number;
  nowMs: number;
  live: boolean;
  halfTime: boolean;
  /** The live stream is open: changes arrive as they happen, not on the interval. */
  streaming: boolean;
}) {
  return (
    <div className={`${STRIP} text-subtle`} role="status" aria-live="off">
      {props.live ? (
        <span className="rounded bg-live px-1.5 py-0.5 font-bold text-white">LIVE</span>
      ) : null}
      {props.halfTime ? (
        <span className="rounded bg-accent px-1.5 py-0.5 font-bold text-ink">HT</span>
      ) : null}
      {props.streaming ? (
        <span className="flex items-center gap-1.5 font-semibold text-ink">
          <span aria-hidden="true" className="size-2 rounded-full bg-live" />
          Live
        </span>
      ) : (
        <span>Updates every {formatInterval(props.intervalMs)}</span>
      )}
      <span aria-hidden="true" className="hidden sm:inline">
        ·
      </span>
      <span>Updated {formatAge(props.nowMs - props.updatedAtMs)}</span>
    </div>
  );
}

/**
 * Today's matches, a page of rows at a time, refreshing on the live rule: the favourite clubs'
 * matches first, then the rest, each in live order.
 */
export function MatchBoard({
  league,
  pageSize = DEFAULT_PAGE_SIZE,
  onlyFavourites = false,
}: {
  league?: string;
  pageSize?: number;
  /** Shows only the favourite clubs' matches ("My clubs"). */
  onlyFavourites?: boolean;
}) {
  const query = useTodayMatches(league);
  // A new answer is drawn in slices of a few milliseconds, never in one long task.
  const { data, isPending } = useDeferredData(query);
  const streaming = useLiveStatus() === 'open';
  const { keys: favourites } = useFavourites();
  const [page, setPage] = useState(1);
  // A new filter starts again on its first page.
  const [filtered, setFiltered] = useState(onlyFavourites);
  if (filtered !== onlyFavourites) {
    setFiltered(onlyFavourites);
    setPage(1);
  }
  const matches = data?.matches ?? [];
  // Ticks each second, so the minute, the derived half-time and "Updated Xs ago" stay true.
  const nowMs = useNow(1000);
  const statuses = matches.map((m) => deriveStatus(m, nowMs));
  const live = statuses.some(isPlaying);
  const halfTime = statuses.includes(MatchStatus.halfTime);
  const ranked = rankFavouriteMatches(sortLiveMatches(matches, nowMs), favourites);
  const shown = onlyFavourites ? ranked.filter((m) => isFavouriteMatch(m, favourites)) : ranked;
  const view = getPage(shown, page, pageSize);
  const keys = getRowKeys(view.rows);
  const updatedAtMs = data?.updatedAtMs ?? query.dataUpdatedAt;

  let body;
  if (isPending) {
    body = Array.from({ length: pageSize }, (_, i) => (
      <li key={i} className={ROW} aria-hidden="true" data-testid="skeleton-row">
        <span className="h-4 w-full animate-pulse rounded bg-line" />
      </li>
    ));
  } else if (query.isError && matches.length === 0) {
    body = (
      <li className="flex h-64 items-center justify-center text-live">Failed to load matches</li>
    );
  } else if (view.total === 0) {
    body = (
      <li className="flex h-64 items-center justify-center px-3 text-center text-subtle">
        {onlyFavourites && matches.length > 0 ? 'None of my clubs play today' : 'No matches today'}
      </li>
    );
  } else {
    body = [
      ...view.rows.map((match, i) => (
        <MatchRow key={keys[i]} match={match} nowMs={nowMs} favourites={favourites} />
      )),
      ...Array.from({ length: view.placeholders }, (_, i) => (
        <li key={`empty-${i}`} className={ROW} aria-hidden="true" data-testid="placeholder-row" />
      )),
    ];
  }

  return (
    <section
      aria-label="Match board"
      className="overflow-hidden rounded-xl border border-line bg-white shadow-sm"
    >
      {(live || halfTime) && data ? (
        <StatusStrip
          intervalMs={getBoardInterval(data, nowMs)}
          updatedAtMs={updatedAtMs}
          nowMs={nowMs}
          live={live}
          halfTime={halfTime}
          streaming={streaming}
        />
      ) : (
        // The strip's line is kept when nothing is live, so the board never changes height.
        <div className={`${STRIP} text-subtle`}>
          {query.isSuccess ? 'No live matches right now' : ''}
        </div>
      )}
      <ul className="min-h-64">{body}</ul>
      <nav
        aria-label="Board pages"
        className="flex items-center justify-between gap-2 border-t border-line px-3 py-2 text-sm"
      >
        <button
          type="button"
          onClick={() => setPage(view.page - 1)}
          disabled={view.page <= 1}
          className="h-9 rounded-md border border-line px-3 font-medium disabled:opacity-40"
        >
          Previous
        </button>
        <span className="flex flex-col items-center text-xs text-subtle sm:flex-row sm:gap-3">
          <span data-testid="page-indicator">
            {view.page} / {view.pages}
          </span>
          <span data-testid="showing">
            Showing {view.first}-{view.last} of {view.total} matches
          </span>
        </span>
        <button
          type="button"
          onClick={() => setPage(view.page + 1)}
          disabled={view.page >= view.pages}
          className="h-9 rounded-md border border-line px-3 font-medium disabled:opacity-40"
        >
          Next
        </button>
      </nav>
    </section>
  );
}
