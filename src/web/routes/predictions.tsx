import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';

import type { TrackRecord, TrackRecordScope } from '../../domain/api/track-record.ts';
import { useTrackRecord } from '../api/predictions.ts';
import {
  LEAGUE_FILTERS,
  LeagueFilterChips,
  parseLeagueFilter,
  type LeagueFilter,
} from '../components/league-filter-chips.tsx';
import { ReliabilityDiagram } from '../components/reliability-diagram.tsx';
import { SettledForecasts } from '../components/settled-forecasts.tsx';
import { TrackRecordTable } from '../components/track-record-table.tsx';
import { useDeferredData } from '../hooks/use-deferred-data.ts';
import { readSiteMeta } from '../site-meta.ts';

/** What the figures mean, in plain words. */
function Explanation() {
  return (
    <div className="flex max-w-3xl flex-col gap-2 text-sm text-subtle">
      <p>
        Each forecast is scored once its match is played, as it stood at kick-off.{' '}
        <strong className="text-ink">RPS</strong> (ranked probability score) measures how far the
        home, draw and away probabilities were from the result: lower is better, 0 is perfect.{' '}
        <strong className="text-ink">Log loss</strong> punishes confident misses hardest;{' '}
        <strong className="text-ink">accuracy</strong> is how often the most likely outcome
        happened.
      </p>
      <p>
        The yardstick is the bookmakers: Pinnacle's closing prices and the average of every
        bookmaker's latest prices, with their margin taken off by Shin's method. Market Blend is the
        bookmakers' consensus recalibrated with the ratings. The small ranges are 95% intervals
        (from resampling whole match days): where a difference's range spans zero, the two cannot be
        told apart yet.
      </p>
    </div>
  );
}

function Section(props: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={props.id} className="flex min-w-0 flex-col gap-3">
      <h2 id={props.id} className="text-xl font-bold">
        {props.title}
      </h2>
      {props.children}
    </section>
  );
}

function EmptyRecord({ where }: { where: string }) {
  return (
    <div className="rounded-xl border border-line bg-white px-4 py-12 text-center">
      <h2 className="text-lg font-bold">No settled forecasts yet{where}</h2>
      <p className="mt-1 text-sm text-subtle">
        Forecasts are scored once their matches are played.
      </p>
    </div>
  );
}

/** The scores table, reliability diagrams and latest settled forecasts of one scope. */
function ScopeRecord(props: { scope: TrackRecordScope; where: string; timeZone: string }) {
  const { scope, where, timeZone } = props;
  return (
    <>
      <Section id="scores-title" title="Scores">
        <p className="text-sm text-subtle">
          {scope.matches} settled {scope.matches === 1 ? 'match' : 'matches'}
          {where}
        </p>
        <TrackRecordTable
          scope={scope}
          caption={`Scores of the models and bookmakers${where}, with 95% intervals`}
        />
        <p className="text-xs text-subtle">
          RPS vs Pinnacle: a model's RPS minus Pinnacle's on the matches both forecast; below zero,
          the model did better.
        </p>
      </Section>
      <Section id="reliability-title" title="Reliability">
        <p className="max-w-3xl text-sm text-subtle">
          For every home, draw and away probability a model gave, binned by tenths: how often those
          outcomes happened. A well calibrated model's dots lie on the diagonal: of the outcomes it
          gave 30%, about 30% happened.
        </p>
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-4 [&>*]:min-w-0">
          {scope.reliability.map((reliability) => (
            <ReliabilityDiagram key={reliability.model} reliability={reliability} />
          ))}
        </div>
      </Section>
      <Section id="settled-title" title="Latest settled forecasts">
        <SettledForecasts settled={scope.latest} timeZone={timeZone} />
      </Section>
    </>
  );
}

/** The record of the chosen league, or of every league. */
function findScope(record: TrackRecord, league: LeagueFilter): TrackRecordScope | null {
  if (league === 'all') return record.pooled;
  return record.by_league.find((l) => l.slug === league) ?? null;
}

/** /predictions: the models' published track record. */
export function PredictionsPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const league = parseLeagueFilter(searchParams.get('league'));
  const query = useTrackRecord();
  const { data: record, isPending } = useDeferredData(query);
  const { timeZone } = readSiteMeta();
  const where =
    league === 'all' ? '' : ` in ${LEAGUE_FILTERS.find((f) => f.slug === league)?.name ?? ''}`;

  const chooseLeague = (next: LeagueFilter) => {
    setSearchParams(next === 'all' ? {} : { league: next }, { replace: true });
  };

  let body: ReactNode;
  if (isPending) {
    body = <p className="min-h-screen py-12 text-center text-subtle">Loading…</p>;
  } else if (query.isError || record === undefined) {
    body = (
      <p role="alert" className="py-12 text-center text-live">
        Failed to load the track record
      </p>
    );
  } else {
    const scope = findScope(record, league);
    body =
      scope === null || scope.matches === 0 ? (
        <EmptyRecord where={where} />
      ) : (
        <ScopeRecord scope={scope} where={where} timeZone={timeZone} />
      );
  }

  return (
    <div className="flex flex-col gap-6">
      <header className="flex flex-col gap-3">
        <h1 className="text-2xl font-bold">Prediction track record</h1>
        <Explanation />
      </header>
      <LeagueFilterChips value={league} onChange={chooseLeague} />
      {body}
    </div>
  );
}
