import { useId } from 'react';

import type { Reliability } from '../../domain/api/track-record.ts';
import { formatPercent } from './track-record-format.ts';

const WIDTH = 250;
const HEIGHT = 240;
const PLOT = { left: 44, top: 12, size: 184 };
const TICKS = [0, 0.25, 0.5, 0.75, 1];
const MIN_RADIUS = 2.5;
const MAX_RADIUS = 9;

const xOf = (p: number) => PLOT.left + p * PLOT.size;
const yOf = (p: number) => PLOT.top + (1 - p) * PLOT.size;

/** A dot's radius: its area grows with the number of forecasts in the bin. */
function radiusOf(count: number, largest: number): number {
  return MIN_RADIUS + (MAX_RADIUS - MIN_RADIUS) * Math.sqrt(count / largest);
}

/** Predicted against observed for one model, as an inline SVG drawing. */
function ReliabilityChart({ reliability }: { reliability: Reliability }) {
  const filled = reliability.bins.filter(
    (bin) => bin.count > 0 && bin.mean_predicted !== null && bin.observed !== null,
  );
  const largest = filled.reduce((max, bin) => Math.max(max, bin.count), 1);
  const bottom = PLOT.top + PLOT.size;
  const right = PLOT.left + PLOT.size;
  return (
    <svg
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      role="img"
      aria-label={`Reliability of ${reliability.model}: how often outcomes happened against the probability given, in ten bins`}
      className="h-auto w-full max-w-80"
    >
      <rect
        x={PLOT.left}
        y={PLOT.top}
        width={PLOT.size}
        height={PLOT.size}
        className="fill-white"
      />
      {TICKS.map((t) => (
        <g key={t} className="fill-subtle stroke-line" fontSize="10">
          <line x1={xOf(t)} x2={xOf(t)} y1={PLOT.top} y2={bottom} />
          <line x1={PLOT.left} x2={right} y1={yOf(t)} y2={yOf(t)} />
          {t * 2 === Math.round(t * 2) ? (
            <>
              <text x={xOf(t)} y={bottom + 13} textAnchor="middle" stroke="none">
                {formatPercent(t)}
              </text>
              <text x={PLOT.left - 5} y={yOf(t) + 3.5} textAnchor="end" stroke="none">
                {formatPercent(t)}
              </text>
            </>
          ) : null}
        </g>
      ))}
      <line
        x1={xOf(0)}
        y1={yOf(0)}
        x2={xOf(1)}
        y2={yOf(1)}
        className="stroke-muted"
        strokeDasharray="4 3"
      />
      <rect
        x={PLOT.left}
        y={PLOT.top}
        width={PLOT.size}
        height={PLOT.size}
        fill="none"
        className="stroke-subtle"
      />
      {filled.map((bin) => (
        <circle
          key={bin.from}
          cx={xOf(bin.mean_predicted ?? 0)}
          cy={yOf(bin.observed ?? 0)}
          r={radiusOf(bin.count, largest)}
          className="fill-pitch stroke-white"
          fillOpacity="0.75"
        />
      ))}
      <text
        x={PLOT.left + PLOT.size / 2}
        y={HEIGHT - 6}
        textAnchor="middle"
        fontSize="11"
        className="fill-current"
      >
        Probability given
      </text>
      <text
        transform={`translate(11 ${PLOT.top + PLOT.size / 2}) rotate(-90)`}
        textAnchor="middle"
        fontSize="11"
        className="fill-current"
      >
        How often it happened
      </text>
    </svg>
  );
}

/** The numbers behind the chart, as a table. */
function ReliabilityTable({ reliability }: { reliability: Reliability }) {
  return (
    <table className="w-full text-xs">
      <caption className="sr-only">Reliability of {reliability.model}</caption>
      <thead>
        <tr className="text-subtle">
          <th scope="col" className="py-1 text-left">
            Probability given
          </th>
          <th scope="col" className="py-1 text-right">
            Forecasts
          </th>
          <th scope="col" className="py-1 text-right">
            Mean given
          </th>
          <th scope="col" className="py-1 text-right">
            Happened
          </th>
        </tr>
      </thead>
      <tbody className="tabular-nums">
        {reliability.bins.map((bin) => (
          <tr key={bin.from} className="border-t border-line">
            <th scope="row" className="py-1 text-left font-normal">
              {formatPercent(bin.from)}–{formatPercent(bin.to)}
            </th>
            <td className="py-1 text-right">{bin.count}</td>
            <td className="py-1 text-right">
              {bin.mean_predicted === null ? '–' : formatPercent(bin.mean_predicted, 1)}
            </td>
            <td className="py-1 text-right">
              {bin.observed === null ? '–' : formatPercent(bin.observed, 1)}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * One model's reliability diagram: for the home, draw and away probabilities it gave, binned by
 * tenths, how often those outcomes happened; a well calibrated model's dots lie on the diagonal.
 */
export function ReliabilityDiagram({ reliability }: { reliability: Reliability }) {
  const titleId = useId();
  return (
    <figure
      aria-labelledby={titleId}
      className="flex min-w-0 flex-col gap-2 rounded-xl border border-line bg-white p-3"
    >
      <h3 id={titleId} className="font-semibold">
        {reliability.model}
      </h3>
      <ReliabilityChart reliability={reliability} />
      <figcaption className="text-xs text-subtle">
        Dot size: how many forecasts the bin holds; dashed line: perfect calibration.
      </figcaption>
      <details className="text-sm">
        <summary className="cursor-pointer font-medium text-pitch">
          Table of the {reliability.model} numbers
        </summary>
        <ReliabilityTable reliability={reliability} />
      </details>
    </figure>
  );
}
