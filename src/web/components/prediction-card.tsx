import { Link } from 'react-router';

import {
  getConfidenceLabel,
  getConfidenceTone,
  getConfidenceWidth,
  type Prediction,
} from '../../domain/prediction.ts';
import { formatShortDateTime } from '../../domain/time-zone.ts';
import { getMatchPath } from '../paths.ts';
import { readSiteMeta } from '../site-meta.ts';

const BAR: Record<ReturnType<typeof getConfidenceTone>, string> = {
  success: 'bg-success',
  accent: 'bg-accent',
  muted: 'bg-muted',
};

export function PredictionCard({ prediction }: { prediction: Prediction }) {
  const width = getConfidenceWidth(prediction.confidence_pct);
  const label = getConfidenceLabel(prediction.confidence_pct);
  const { match } = prediction;
  const kickoff = Date.parse(match?.kickoff ?? '');
  return (
    <article className="flex min-h-40 flex-col justify-between gap-2 rounded-xl border border-line bg-white p-3 shadow-sm">
      <div className="min-w-0">
        <p className="truncate text-xs font-semibold uppercase tracking-wide text-subtle">
          <span>{prediction.model_name}</span>
          {Number.isFinite(kickoff) ? (
            <>
              {' · '}
              <time dateTime={match?.kickoff}>
                {formatShortDateTime(kickoff, readSiteMeta().timeZone)}
              </time>
            </>
          ) : null}
        </p>
        {/* The match first: a pick means nothing without it. */}
        <h3 className="truncate font-bold">
          <Link
            to={getMatchPath(prediction.match_id, match?.home, match?.away)}
            className="hover:underline focus-visible:-outline-offset-3"
          >
            {match === undefined ? prediction.pick : `${match.home} v ${match.away}`}
          </Link>
        </h3>
        {match === undefined ? null : <p className="truncate text-sm">{prediction.pick}</p>}
        {prediction.rationale ? (
          <p className="line-clamp-2 text-xs text-subtle">{prediction.rationale}</p>
        ) : null}
      </div>
      <div>
        <div className="flex justify-between text-xs">
          <span className="text-subtle">Confidence</span>
          <span className="font-semibold tabular-nums">{label}%</span>
        </div>
        <div
          className="mt-1 h-2 overflow-hidden rounded-full bg-line"
          role="meter"
          aria-label={`${prediction.model_name} confidence`}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={label}
        >
          <div
            className={`h-full rounded-full ${BAR[getConfidenceTone(prediction.confidence_pct)]}`}
            style={{ width: `${width}%` }}
            data-testid="confidence-bar"
          />
        </div>
      </div>
    </article>
  );
}
