import type { BookmakerPrices, MatchOdds } from '../../domain/api/match-centre.ts';
import { getBetLink, useClickPage } from '../api/odds.ts';
import { ScrollRegion } from './ui/scroll-region.tsx';

type Outcome = 'home' | 'draw' | 'away' | 'over' | 'under';
const COLUMNS: { key: Outcome; label: string }[] = [
  { key: 'home', label: '1' },
  { key: 'draw', label: 'X' },
  { key: 'away', label: '2' },
  { key: 'over', label: 'Over 2.5' },
  { key: 'under', label: 'Under 2.5' },
];

const percent = (value: number | null) => (value === null ? '–' : `${(value * 100).toFixed(1)}%`);

/** A price with its move from the first price seen, as a 'Bet now' link through /go/. */
function PriceCell(props: { bookmaker: BookmakerPrices; outcome: Outcome; odds: MatchOdds }) {
  const { bookmaker, outcome, odds } = props;
  const page = useClickPage();
  const price = bookmaker[outcome];
  if (price === null) return <td className="px-2 py-1 text-center text-subtle">–</td>;
  const first = bookmaker.opening[outcome];
  const best = odds.best[outcome]?.key === bookmaker.key;
  const arrow = first === null || first === price ? '' : price > first ? '▲' : '▼';
  const inner = (
    <>
      <span className="font-semibold tabular-nums">{price.toFixed(2)}</span>
      {arrow === '' || first === null ? null : (
        <span className="block text-xs text-subtle">
          {first.toFixed(2)} {arrow}
          <span className="sr-only">
            {price > first ? ' up from first price' : ' down from first price'}
          </span>
        </span>
      )}
    </>
  );
  return (
    <td className={`px-2 py-1 text-center ${best ? 'bg-pitch/10 font-bold text-pitch' : ''}`}>
      {bookmaker.linked ? (
        <a
          href={getBetLink(bookmaker.key, {
            event: odds.event_id,
            outcome: COLUMNS.find((c) => c.key === outcome)?.label ?? outcome,
            league: odds.league_slug,
            page,
          })}
          target="_blank"
          rel="sponsored noopener noreferrer"
          className="block rounded hover:bg-chalk focus-visible:-outline-offset-3"
        >
          {inner}
          <span className="sr-only"> at {bookmaker.title}: Bet now</span>
        </a>
      ) : (
        inner
      )}
    </td>
  );
}

/** Every bookmaker's 1X2 and over/under 2.5 prices, best highlighted, with payouts. */
export function MatchOddsTable({ odds }: { odds: MatchOdds | null }) {
  return (
    <section aria-labelledby="odds-title" className="flex flex-col gap-2">
      <h2 id="odds-title" className="text-lg font-bold">
        Odds
      </h2>
      {odds === null || odds.bookmakers.length === 0 ? (
        <p className="rounded-xl border border-line bg-white p-4 text-sm text-subtle">
          Odds not available
        </p>
      ) : (
        <div className="rounded-xl border border-line bg-white">
          <p className="px-3 pt-2 text-xs text-subtle md:hidden">Scroll sideways for every price</p>
          <ScrollRegion label="Odds table">
            <table className="w-full min-w-[40rem] text-sm">
              <thead>
                <tr className="text-xs text-subtle">
                  <th scope="col" className="px-2 py-1 text-left">
                    Bookmaker
                  </th>
                  {COLUMNS.map((c) => (
                    <th key={c.key} scope="col" className="px-2 py-1">
                      {c.label}
                    </th>
                  ))}
                  <th scope="col" className="px-2 py-1">
                    Payout 1X2
                  </th>
                  <th scope="col" className="px-2 py-1">
                    Payout O/U
                  </th>
                </tr>
              </thead>
              <tbody>
                {odds.bookmakers.map((b) => (
                  <tr key={b.key} className="border-t border-line" aria-label={b.title}>
                    <th scope="row" className="px-2 py-1 text-left font-medium">
                      {b.title}
                    </th>
                    {COLUMNS.map((c) => (
                      <PriceCell key={c.key} bookmaker={b} outcome={c.key} odds={odds} />
                    ))}
                    <td className="px-2 py-1 text-center tabular-nums">{percent(b.payout_h2h)}</td>
                    <td className="px-2 py-1 text-center tabular-nums">
                      {percent(b.payout_totals)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollRegion>
        </div>
      )}
    </section>
  );
}
