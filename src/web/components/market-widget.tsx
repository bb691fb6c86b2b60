import type { MarketKey } from '../../domain/odds.ts';
import { getBetLink, useClickPage, useOdds } from '../api/odds.ts';
import { useDeferredData } from '../hooks/use-deferred-data.ts';
import { MatchTitle } from './match-title.tsx';

const TITLES: Record<MarketKey, string> = { h2h: 'Match Result', totals: 'Total Goals 2.5' };
const CARD =
  'flex h-36 flex-col justify-between rounded-xl border border-line bg-white p-3 shadow-sm';

/** One league's market at a glance: the first priced event, its first outcome and 'Bet now'. */
export function MarketWidget({
  league,
  market,
}: {
  league: { slug: string; name: string };
  market: MarketKey;
}) {
  const query = useOdds(league.slug, market);
  const page = useClickPage();
  const { data: events, isPending } = useDeferredData(query);
  const { isError } = query;
  const event = events?.find((e) =>
    e.bookmakers.some((b) => b.markets.some((m) => m.key === market)),
  );
  const bookmaker = event?.bookmakers.find((b) => b.markets.some((m) => m.key === market));
  const outcome = bookmaker?.markets.find((m) => m.key === market)?.outcomes[0];

  return (
    <article className={CARD} aria-label={`${league.name} ${TITLES[market]}`}>
      <header className="flex items-baseline justify-between gap-2">
        <h3 className="truncate text-sm font-bold">{league.name}</h3>
        <span className="shrink-0 text-xs text-subtle">{TITLES[market]}</span>
      </header>
      {isPending ? (
        <div className="h-16 animate-pulse rounded bg-line" aria-hidden="true" />
      ) : isError || event === undefined || bookmaker === undefined || outcome === undefined ? (
        <p className="text-sm text-subtle">No odds available</p>
      ) : (
        <>
          <p className="min-w-0 text-sm">
            <MatchTitle event={event} />
          </p>
          <div className="flex items-center justify-between gap-2">
            <p className="min-w-0 text-sm">
              <span className="font-medium">
                {outcome.name}
                {outcome.point === undefined ? '' : ` ${outcome.point}`}
              </span>{' '}
              <span className="font-bold tabular-nums">{outcome.price.toFixed(2)}</span>
              <span className="block truncate text-xs text-subtle">{bookmaker.title}</span>
            </p>
            <a
              href={getBetLink(bookmaker.key, {
                event: event.id,
                outcome: outcome.name,
                league: league.slug,
                page,
              })}
              target="_blank"
              rel="sponsored noopener noreferrer"
              className="shrink-0 rounded-md bg-pitch px-3 py-2 text-sm font-semibold text-chalk hover:bg-pitch-light"
            >
              Bet now
            </a>
          </div>
        </>
      )}
    </article>
  );
}
