import type { Shot } from '../../../domain/api/match-centre.ts';
import { formatXg } from './shot-map.tsx';

const WIDTH = 300;
const HEIGHT = 140;
const PLOT = { left: 26, right: 292, top: 12, bottom: 120 };
const MINUTE_TICKS = [0, 15, 30, 45, 60, 75, 90];

type RacePoint = { at: number; total: number; shot: Shot };

export type Race = {
  /** Where the first half ends on the axis: 45, or later when shots came in its added time. */
  halfTime: number;
  /** The axis' length: both halves with the added time the shots show. */
  length: number;
  /** The last shot's place on the axis (0 without shots): a live match's lines stop there. */
  last: number;
  home: RacePoint[];
  away: RacePoint[];
  totals: Record<Shot['side'], number>;
};

/**
 * Each side's running xG total at each of its shots, on one axis of minutes of play: the first
 * half with its added time, then the second half.
 */
export function buildRace(shots: readonly Shot[]): Race {
  const halfTime = Math.max(45, ...shots.filter((s) => s.half === 1).map((s) => s.at));
  const place = (shot: Shot) => (shot.half === 1 ? shot.at : halfTime + shot.at - 45);
  const race: Race = {
    halfTime,
    length: 0,
    last: 0,
    home: [],
    away: [],
    totals: { home: 0, away: 0 },
  };
  const ordered = shots.map((shot) => ({ shot, at: place(shot) })).sort((a, b) => a.at - b.at);
  for (const { shot, at } of ordered) {
    race.totals[shot.side] += shot.xg;
    race[shot.side].push({ at, total: race.totals[shot.side], shot });
    race.last = at;
  }
  race.length = Math.max(halfTime + 45, race.last);
  return race;
}

/** A sample of a side's line for the key: solid for the home side, dashed for the away side. */
function LineMark({ side }: { side: Shot['side'] }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 16 8" className="inline-block h-2 w-4">
      <line
        x1={0}
        x2={16}
        y1={4}
        y2={4}
        strokeWidth={2.5}
        className={side === 'home' ? 'stroke-side-home' : 'stroke-side-away'}
        strokeDasharray={side === 'home' ? undefined : '4 2'}
      />
    </svg>
  );
}

/**
 * The xG race: each side's cumulative expected goals by minute as a step line, goals marked with
 * their minute, and the totals in words. A live match's lines end at its last shot so far.
 */
export function XgRace({
  shots,
  home,
  away,
  finished,
}: {
  shots: readonly Shot[];
  home: string;
  away: string;
  finished: boolean;
}) {
  const race = buildRace(shots);
  const top = Math.max(1, Math.ceil(Math.max(race.totals.home, race.totals.away) * 2) / 2);
  const step = top <= 2 ? 0.5 : 1;
  const xOf = (at: number) => PLOT.left + (at / race.length) * (PLOT.right - PLOT.left);
  const yOf = (xg: number) => PLOT.bottom - (xg / top) * (PLOT.bottom - PLOT.top);
  const until = finished ? race.length : race.last;
  const minuteAt = (minute: number) => (minute <= 45 ? minute : race.halfTime + minute - 45);
  const summary = `xG: ${home} ${formatXg(race.totals.home)}, ${away} ${formatXg(race.totals.away)}`;
  const clubs = { home, away };
  const goals = [...race.home, ...race.away].filter((p) => p.shot.result === 'goal');
  const goalText =
    goals.length === 0
      ? ''
      : `; goals: ${goals
          .sort((a, b) => a.at - b.at)
          .map((p) => `${p.shot.minute}' ${clubs[p.shot.side]}`)
          .join(', ')}`;
  const yTicks = Array.from({ length: Math.round(top / step) + 1 }, (_, i) => i * step);
  return (
    <div className="flex flex-col gap-2">
      <p
        className="flex flex-wrap items-center gap-x-1.5 text-sm tabular-nums"
        data-testid="xg-summary"
      >
        xG: <LineMark side="home" />
        {home} {formatXg(race.totals.home)}, <LineMark side="away" />
        {away} {formatXg(race.totals.away)}
      </p>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-label={`Cumulative expected goals by minute. ${summary}${goalText}.`}
        className="mx-auto block h-auto w-full max-w-3xl"
      >
        <g fontSize={9} className="fill-subtle">
          {yTicks.map((xg) => (
            <g key={xg}>
              <line
                x1={PLOT.left}
                x2={PLOT.right}
                y1={yOf(xg)}
                y2={yOf(xg)}
                className="stroke-line"
              />
              <text x={PLOT.left - 4} y={yOf(xg) + 3} textAnchor="end">
                {xg.toFixed(1)}
              </text>
            </g>
          ))}
          {MINUTE_TICKS.map((minute) => (
            <text key={minute} x={xOf(minuteAt(minute))} y={PLOT.bottom + 12} textAnchor="middle">
              {minute}
            </text>
          ))}
          <line
            x1={xOf(race.halfTime)}
            x2={xOf(race.halfTime)}
            y1={PLOT.top}
            y2={PLOT.bottom}
            className="stroke-muted"
            strokeDasharray="3 3"
          />
          <text x={xOf(race.halfTime) + 3} y={PLOT.top + 6}>
            HT
          </text>
        </g>
        {(['home', 'away'] as const).map((side) => {
          const points = race[side];
          const path = `M${xOf(0)} ${yOf(0)}${points
            .map((p) => `H${xOf(p.at).toFixed(1)}V${yOf(p.total).toFixed(1)}`)
            .join('')}H${xOf(Math.max(until, points.at(-1)?.at ?? 0)).toFixed(1)}`;
          return (
            <g key={side} data-side={side}>
              <path
                d={path}
                fill="none"
                strokeWidth={2}
                strokeLinejoin="round"
                className={side === 'home' ? 'stroke-side-home' : 'stroke-side-away'}
                strokeDasharray={side === 'home' ? undefined : '5 3'}
              />
              {points
                .filter((p) => p.shot.result === 'goal')
                .map((p, i) => {
                  const x = xOf(p.at);
                  const y = yOf(p.total);
                  return (
                    <g key={i} data-goal={p.shot.minute}>
                      {side === 'home' ? (
                        <circle cx={x} cy={y} r={3.5} className="fill-side-home stroke-white" />
                      ) : (
                        <rect
                          x={x - 3.2}
                          y={y - 3.2}
                          width={6.4}
                          height={6.4}
                          transform={`rotate(45 ${x} ${y})`}
                          className="fill-side-away stroke-white"
                        />
                      )}
                      <text x={x} y={y - 6} textAnchor="middle" fontSize={9} className="fill-ink">
                        {p.shot.minute}&apos;
                      </text>
                    </g>
                  );
                })}
            </g>
          );
        })}
      </svg>
    </div>
  );
}
