import {
  findBestPrices,
  getConsensusProbabilities,
  type BestPrice,
  type OddsEvent,
} from '../../domain/odds.ts';
import { formatShortDateTime } from '../../domain/time-zone.ts';
import { getBetLink, useClickPage, useOdds } from '../api/odds.ts';
import { useDeferredData } from '../hooks/use-deferred-data.ts';
import { readSiteMeta } from '../site-meta.ts';
import { MatchTitle } from './match-title.tsx';

const EVENTS_SHOWN = 5;

function PriceCell(props: {
  label: string;
  best: BestPrice | null;
  probability: number | undefined;
  eventId: string;
  league: string;
}) {
  const { best } = props;
  const page = useClickPage();
  const inner = (
    <>
      <span className="text-xs text-subtle">{props.label}</span>{' '}
      <span className="text-lg font-bold tabular-nums">
        {best === null ? '–' : best.price.toFixed(2)}
      </span>{' '}
      {/* The link's name is its text, which must read as a sentence: "Home 1.50 at Bet365". */}
      {best === null ? null : <span className="sr-only">at </span>}
      <span className="max-w-full truncate text-xs text-subtle">{best?.bookmakerTitle ?? ''}</span>
      {props.probability === undefined ? null : (
        <>
          {' '}
          <span
            className="text-xs font-semibold text-pitch"
            title="Margin-free probability from the bookmakers' prices (Shin's method)"
          >
            {Math.round(props.probability * 100)}%
          </span>
        </>
      )}
    </>
  );
  const box = 'flex min-w-0 flex-1 flex-col items-center gap-0.5 rounded-lg border border-line p-2';
  if (best === null || best.link === null) return <div className={box}>{inner}</div>;
  return (
    <a
      href={getBetLink(best.bookmakerKey, {
        event: props.eventId,
        outcome: props.label,
        league: props.league,
        page,
      })}
      target="_blank"
      rel="sponsored noopener noreferrer"
      className={`${box} hover:border-pitch hover:bg-chalk`}
    >
      {inner}
    </a>
  );
}

function OddsCard({
  event,
  league,
  timeZone,
}: {
  event: OddsEvent;
  league: string;
  timeZone: string;
}) {
  const best = findBestPrices(event, 'h2h');
  const fair = getConsensusProbabilities(event);
  const priced = best.home !== null || best.draw !== null || best.away !== null;
  return (
    <article
      className="rounded-xl border border-line bg-white p-3 shadow-sm"
      aria-label={`${event.home_team} vs ${event.away_team}`}
    >
      <header className="mb-2 flex items-baseline justify-between gap-2">
        <h3 className="min-w-0 font-semibold">
          <MatchTitle event={event} />
        </h3>
        <time className="shrink-0 text-xs text-subtle" dateTime={event.commence_time}>
          {formatShortDateTime(Date.parse(event.commence_time), timeZone)}
        </time>
      </header>
      {priced ? (
        <div className="flex gap-2">
          <PriceCell
            label="Home"
            best={best.home}
            probability={fair?.home}
            eventId={event.id}
            league={league}
          />
          <PriceCell
            label="Draw"
            best={best.draw}
            probability={fair?.draw}
            eventId={event.id}
            league={league}
          />
          <PriceCell
            label="Away"
            best={best.away}
            probability={fair?.away}
            eventId={event.id}
            league={league}
          />
        </div>
      ) : (
        <p className="text-sm text-subtle">Odds not available</p>
      )}
    </article>
  );
}

/** Upcoming matches with the best price for each outcome across bookmakers. */
export function OddsCards({ league }: { league: string }) {
  const { data: events, isPending } = useDeferredData(useOdds(league, 'h2h'));
  const { timeZone } = readSiteMeta();
  const shown = (events ?? []).slice(0, EVENTS_SHOWN);
  return (
    <section aria-labelledby="upcoming-title" className="flex flex-col gap-3">
      <h2 id="upcoming-title" className="text-lg font-bold">
        Upcoming Matches
      </h2>
      <div className="rounded-xl bg-pitch p-4 text-chalk">
        <p className="font-bold">Best Odds Available</p>
        <p className="text-sm opacity-90">Compare prices across top bookmakers</p>
      </div>
      {isPending ? (
        Array.from({ length: 3 }, (_, i) => (
          <div key={i} className="h-32 animate-pulse rounded-xl bg-line" aria-hidden="true" />
        ))
      ) : shown.length === 0 ? (
        <p className="rounded-xl border border-line bg-white p-4 text-sm text-subtle">
          No upcoming matches available
        </p>
      ) : (
        shown.map((event) => (
          <OddsCard key={event.id} event={event} league={league} timeZone={timeZone} />
        ))
      )}
    </section>
  );
}
