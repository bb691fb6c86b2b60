import type {
  Estimate,
  PairedDifference,
  TrackRecordRow,
  TrackRecordScope,
} from '../../domain/api/track-record.ts';
import { formatPercent, formatScore, formatSignedScore } from './track-record-format.ts';
import { ScrollRegion } from './ui/scroll-region.tsx';

/** The bookmaker every model is compared with, match by match. */
export const PAIRED_AGAINST = 'Pinnacle closing';

const CELL = 'px-3 py-2 text-right align-top tabular-nums';

/** A 95% interval on a line of its own, or why there is none yet. */
function Interval(props: {
  lo: number | null;
  hi: number | null;
  format: (value: number) => string;
  joiner: string;
}) {
  const { lo, hi, format } = props;
  return (
    <span className="block text-xs whitespace-nowrap text-subtle">
      {lo === null || hi === null ? (
        'one match day: no interval'
      ) : (
        <>
          <span className="sr-only">95% interval </span>
          {format(lo)}
          {props.joiner}
          {format(hi)}
        </>
      )}
    </span>
  );
}

/** A figure with its 95% interval on a second, smaller line. */
function EstimateCell(props: {
  estimate: Estimate;
  format: (value: number) => string;
  strong?: boolean;
}) {
  const { estimate, format } = props;
  return (
    <td className={CELL}>
      <span className={props.strong === true ? 'font-bold text-pitch' : 'font-semibold'}>
        {format(estimate.value)}
      </span>
      <Interval lo={estimate.lo} hi={estimate.hi} format={format} joiner="–" />
    </td>
  );
}

/** What a paired difference says, in words: better or worse only when the interval says so. */
function describeDifference(pair: PairedDifference): string {
  if (pair.hi !== null && pair.hi < 0) return 'better';
  if (pair.lo !== null && pair.lo > 0) return 'worse';
  return 'too close to call';
}

function PairedCell({ pair }: { pair: PairedDifference | undefined }) {
  if (pair === undefined) {
    return (
      <td className={`${CELL} text-subtle`}>
        –<span className="sr-only">not compared</span>
      </td>
    );
  }
  return (
    <td className={CELL}>
      <span className="font-semibold">{formatSignedScore(pair.diff)}</span>
      <Interval lo={pair.lo} hi={pair.hi} format={formatSignedScore} joiner=" to " />
      <span className="block text-xs text-subtle">
        {describeDifference(pair)} over {pair.matches}
      </span>
    </td>
  );
}

/** The lowest mean RPS of the rows (ties share it). */
function findBestRps(rows: readonly TrackRecordRow[]): number {
  return rows.reduce((best, row) => Math.min(best, row.rps.value), Infinity);
}

/**
 * Each model and bookmaker with its matches, RPS, log loss and accuracy (each with its 95%
 * interval) and the models' RPS against Pinnacle's on the same matches; the best RPS marked.
 */
export function TrackRecordTable({ scope, caption }: { scope: TrackRecordScope; caption: string }) {
  const best = findBestRps(scope.rows);
  const pairOf = (name: string) =>
    scope.paired.find((p) => p.model === name && p.against === PAIRED_AGAINST);
  return (
    <div className="rounded-xl border border-line bg-white">
      <p className="px-3 pt-2 text-xs text-subtle lg:hidden">Scroll sideways for every column</p>
      <ScrollRegion label="Scores table">
        <table className="w-full min-w-[44rem] text-sm">
          <caption className="sr-only">{caption}</caption>
          <thead>
            <tr className="text-xs text-subtle">
              <th scope="col" className="px-3 py-2 text-left">
                Forecaster
              </th>
              <th scope="col" className="px-3 py-2 text-right">
                Matches
              </th>
              <th scope="col" className="px-3 py-2 text-right">
                RPS
              </th>
              <th scope="col" className="px-3 py-2 text-right">
                Log loss
              </th>
              <th scope="col" className="px-3 py-2 text-right">
                Accuracy
              </th>
              <th scope="col" className="px-3 py-2 text-right">
                RPS vs Pinnacle
              </th>
            </tr>
          </thead>
          <tbody>
            {scope.rows.map((row) => {
              const isBest = row.rps.value === best;
              return (
                <tr
                  key={row.name}
                  className={`border-t border-line ${row.kind === 'bookmaker' ? 'bg-chalk/60' : ''}`}
                >
                  <th scope="row" className="px-3 py-2 text-left align-top font-semibold">
                    {row.name}
                    <span className="block text-xs font-normal text-subtle">
                      {row.kind === 'model' ? 'Model' : 'Bookmaker'}
                    </span>
                    {isBest ? (
                      <span className="mt-1 inline-block rounded bg-pitch px-1.5 py-0.5 text-xs font-semibold text-chalk">
                        Best RPS
                      </span>
                    ) : null}
                  </th>
                  <td className={CELL}>{row.matches}</td>
                  <EstimateCell estimate={row.rps} format={formatScore} strong={isBest} />
                  <EstimateCell estimate={row.log_loss} format={formatScore} />
                  <EstimateCell estimate={row.accuracy} format={(v) => formatPercent(v, 1)} />
                  {row.kind === 'model' ? (
                    <PairedCell pair={pairOf(row.name)} />
                  ) : (
                    <td className={`${CELL} text-subtle`}>
                      –<span className="sr-only">a bookmaker</span>
                    </td>
                  )}
                </tr>
              );
            })}
          </tbody>
        </table>
      </ScrollRegion>
    </div>
  );
}
