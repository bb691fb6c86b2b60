import type { MarketKey } from '../../domain/odds.ts';
import { useLatestPredictions } from '../api/predictions.ts';
import { MarketWidget } from '../components/market-widget.tsx';
import { MatchBoard } from '../components/match-board.tsx';
import { PredictionCard } from '../components/prediction-card.tsx';

// The specification's order for the market columns.
const MARKET_LEAGUES = [
  { slug: 'serie-a', name: 'Serie A' },
  { slug: 'la-liga', name: 'La Liga' },
  { slug: 'premier-league', name: 'Premier League' },
  { slug: 'bundesliga', name: 'Bundesliga' },
  { slug: 'ligue-1', name: 'Ligue 1' },
];
const PREDICTIONS_FETCHED = 6;
const PREDICTIONS_SHOWN = 4;

function MarketColumn({ title, market }: { title: string; market: MarketKey }) {
  return (
    <div className="flex flex-col gap-3">
      <h3 className="text-lg font-bold">{title}</h3>
      {MARKET_LEAGUES.map((league) => (
        <MarketWidget key={league.slug} league={league} market={market} />
      ))}
    </div>
  );
}

function PredictionsColumn() {
  const { data, isPending } = useLatestPredictions(PREDICTIONS_FETCHED);
  const shown = (data ?? []).slice(0, PREDICTIONS_SHOWN);
  return (
    <div className="flex flex-col gap-3">
      <h3 className="text-lg font-bold">AI Predictions</h3>
      {isPending ? (
        Array.from({ length: PREDICTIONS_SHOWN }, (_, i) => (
          <div key={i} className="h-36 animate-pulse rounded-xl bg-line" aria-hidden="true" />
        ))
      ) : shown.length === 0 ? (
        <p className="rounded-xl border border-line bg-white p-3 text-sm text-subtle">
          No predictions available
        </p>
      ) : (
        shown.map((p) => <PredictionCard key={p.id} prediction={p} />)
      )}
    </div>
  );
}

export function HomePage() {
  return (
    <div className="flex flex-col gap-8">
      <section className="flex flex-col gap-3">
        <div>
          <h1 className="text-2xl font-bold">Today's Main Football Matches</h1>
          <p className="text-sm text-subtle">All times displayed are in GMT+2 timezone</p>
        </div>
        <MatchBoard />
      </section>
      <section className="flex flex-col gap-3" aria-labelledby="markets-title">
        <h2 id="markets-title" className="text-xl font-bold">
          Markets &amp; AI Predictions
        </h2>
        <div className="grid grid-cols-1 gap-6 md:grid-cols-3 [&>*]:min-w-0">
          <MarketColumn title="Totals Market" market="totals" />
          <MarketColumn title="Match Markets" market="h2h" />
          <PredictionsColumn />
        </div>
      </section>
    </div>
  );
}
