import { useRef, useState, type CSSProperties } from 'react';

import type { Shot } from '../../../domain/api/match-centre.ts';
import { ScrollRegion } from '../ui/scroll-region.tsx';

/** The pitch in metres: the drawing's units, so the markings keep their true proportions. */
const LENGTH = 105;
const WIDTH = 68;
/** Room outside the touchlines for the goals, which stand 2 m behind the goal lines. */
const MARGIN = 3;
const VIEW_BOX = `${-MARGIN} ${-1} ${LENGTH + 2 * MARGIN} ${WIDTH + 2}`;
const PENALTY_BOX = { depth: 16.5, width: 40.32 };
const SIX_YARD_BOX = { depth: 5.5, width: 18.32 };
const GOAL_WIDTH = 7.32;
const CIRCLE = 9.15;
/** A shot's radius at xG 1, and the least any is drawn: an xG 0.01 shot is still a mark. */
const RADIUS_AT_ONE = 3.4;
const MIN_RADIUS = 0.8;
/** A finger's worth around each shot (about 20 px at 360 px wide), however small its mark. */
const HIT_RADIUS = 3;

const RESULTS: Record<Shot['result'], string> = {
  goal: 'Goal',
  saved: 'Saved',
  blocked: 'Blocked',
  post: 'Hit the woodwork',
  missed: 'Missed',
};

const SITUATIONS: Record<Shot['situation'], string> = {
  'open-play': 'Open play',
  corner: 'From a corner',
  'set-piece': 'Set piece',
  'direct-free-kick': 'Direct free kick',
  penalty: 'Penalty',
};

export const formatXg = (xg: number) => xg.toFixed(2);

/**
 * Where a shot is drawn, in metres from the top-left corner. The home side attacks the right-hand
 * goal; the away side's shots are turned half a circle, so they attack the left-hand one.
 */
export function placeShot(shot: Pick<Shot, 'side' | 'x' | 'y'>): { cx: number; cy: number } {
  const x = shot.side === 'home' ? shot.x : 1 - shot.x;
  const y = shot.side === 'home' ? shot.y : 1 - shot.y;
  return { cx: x * LENGTH, cy: y * WIDTH };
}

/** A mark's radius: its area grows with the shot's xG. */
export function radiusOf(xg: number): number {
  return Math.max(MIN_RADIUS, RADIUS_AT_ONE * Math.sqrt(Math.max(xg, 0)));
}

/** The away side's diamond, of the same area as the home side's circle of radius `r`. */
function diamondPath(r: number): string {
  const d = r * Math.sqrt(Math.PI / 2);
  return `M0 ${-d}L${d} 0L0 ${d}L${-d} 0Z`;
}

/** "23', Bukayo Saka (Arsenal): saved, xG 0.34, open play, chance created by Martin Ødegaard". */
function describeShot(shot: Shot, club: string): string {
  const assist = shot.assist === null ? '' : `, chance created by ${shot.assist}`;
  return `${shot.minute}', ${shot.player} (${club}): ${RESULTS[shot.result].toLowerCase()}, xG ${formatXg(shot.xg)}, ${SITUATIONS[shot.situation].toLowerCase()}${assist}`;
}

/** A small mark for the legend: a circle for the home side, a diamond for the away side. */
export function SideMark({ side, filled }: { side: Shot['side']; filled: boolean }) {
  const tone =
    side === 'home'
      ? filled
        ? 'fill-side-home stroke-side-home'
        : 'fill-side-home/15 stroke-side-home'
      : filled
        ? 'fill-side-away stroke-side-away'
        : 'fill-side-away/15 stroke-side-away';
  return (
    <svg aria-hidden="true" viewBox="-6 -6 12 12" className="inline-block h-3 w-3 shrink-0">
      {side === 'home' ? (
        <circle r={4.5} className={tone} strokeWidth={1.5} />
      ) : (
        <path d={diamondPath(4.5)} className={tone} strokeWidth={1.5} />
      )}
    </svg>
  );
}

function PitchMarkings() {
  const boxTop = (WIDTH - PENALTY_BOX.width) / 2;
  const sixTop = (WIDTH - SIX_YARD_BOX.width) / 2;
  const goalTop = (WIDTH - GOAL_WIDTH) / 2;
  const middle = WIDTH / 2;
  // Where the penalty arc meets the box's edge, 5.5 m in front of the penalty spot.
  const arcRise = Math.sqrt(CIRCLE ** 2 - (PENALTY_BOX.depth - 11) ** 2);
  return (
    // Lines 0.3 m wide: about a pixel on a phone, and in step with the pitch on a wide screen.
    <g aria-hidden="true" fill="none" className="stroke-muted" strokeWidth={0.3}>
      <rect x={0} y={0} width={LENGTH} height={WIDTH} className="fill-pitch/5" />
      <line x1={LENGTH / 2} x2={LENGTH / 2} y1={0} y2={WIDTH} />
      <circle cx={LENGTH / 2} cy={middle} r={CIRCLE} />
      {[0, LENGTH].map((line) => {
        const inward = line === 0 ? 1 : -1;
        const boxEdge = line + inward * PENALTY_BOX.depth;
        return (
          <g key={line}>
            <rect
              x={Math.min(line, boxEdge)}
              y={boxTop}
              width={PENALTY_BOX.depth}
              height={PENALTY_BOX.width}
            />
            <rect
              x={line === 0 ? 0 : LENGTH - SIX_YARD_BOX.depth}
              y={sixTop}
              width={SIX_YARD_BOX.depth}
              height={SIX_YARD_BOX.width}
            />
            <rect x={line === 0 ? -2 : LENGTH} y={goalTop} width={2} height={GOAL_WIDTH} />
            <path
              d={`M${boxEdge} ${middle - arcRise}A${CIRCLE} ${CIRCLE} 0 0 ${line === 0 ? 1 : 0} ${boxEdge} ${middle + arcRise}`}
            />
            <circle cx={line + inward * 11} cy={middle} r={0.35} className="fill-muted" />
          </g>
        );
      })}
      <circle cx={LENGTH / 2} cy={middle} r={0.35} className="fill-muted" />
    </g>
  );
}

/** Where the hover label sits over the pitch: beside the shot, turned inwards near an edge. */
function labelPosition(cx: number, cy: number): CSSProperties {
  const left = ((cx + MARGIN) / (LENGTH + 2 * MARGIN)) * 100;
  const top = ((cy + 1) / (WIDTH + 2)) * 100;
  const across = left < 35 ? '0%' : left > 65 ? '-100%' : '-50%';
  const up = top < 45 ? '12px' : 'calc(-100% - 12px)';
  return { left: `${left}%`, top: `${top}%`, transform: `translate(${across}, ${up})` };
}

function ShotLabel({ shot, club }: { shot: Shot; club: string }) {
  const { cx, cy } = placeShot(shot);
  return (
    // The shot's own accessible name says all this: the label is for the eyes.
    <div
      aria-hidden="true"
      data-testid="shot-label"
      className="pointer-events-none absolute z-10 w-max max-w-48 rounded-md bg-ink px-2 py-1 text-xs text-chalk shadow-lg"
      style={labelPosition(cx, cy)}
    >
      <p className="font-semibold">
        {shot.minute}&apos; {shot.player}
      </p>
      <p className="tabular-nums">
        {club} · xG {formatXg(shot.xg)} · {RESULTS[shot.result]}
      </p>
      <p>{SITUATIONS[shot.situation]}</p>
    </div>
  );
}

function ShotTable({ shots, clubs }: { shots: Shot[]; clubs: Record<Shot['side'], string> }) {
  return (
    <details className="text-sm">
      <summary className="cursor-pointer font-medium text-pitch">
        All shots ({shots.length})
      </summary>
      <ScrollRegion label="All shots">
        <table className="w-full text-xs">
          <caption className="sr-only">All shots</caption>
          <thead>
            <tr className="text-subtle">
              <th scope="col" className="py-1 pr-2 text-left">
                Minute
              </th>
              <th scope="col" className="py-1 pr-2 text-left">
                Club
              </th>
              <th scope="col" className="py-1 pr-2 text-left">
                Player
              </th>
              <th scope="col" className="py-1 pr-2 text-right">
                xG
              </th>
              <th scope="col" className="py-1 pr-2 text-left">
                Result
              </th>
              <th scope="col" className="py-1 text-left">
                Situation
              </th>
            </tr>
          </thead>
          <tbody className="tabular-nums">
            {shots.map((shot, i) => (
              <tr key={i} className="border-t border-line">
                <td className="py-1 pr-2">{shot.minute}&apos;</td>
                <td className="py-1 pr-2">{clubs[shot.side]}</td>
                <td className="py-1 pr-2">{shot.player}</td>
                <td className="py-1 pr-2 text-right">{formatXg(shot.xg)}</td>
                <td className="py-1 pr-2">{RESULTS[shot.result]}</td>
                <td className="py-1">{SITUATIONS[shot.situation]}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
    </details>
  );
}

/**
 * Every shot where it was taken, on a pitch the home side attacks left to right: a circle for
 * each home shot, a diamond for each away shot, its area by xG, filled for a goal. Each shot takes
 * the focus and names itself; hovered or focused, a label shows it. A table lists them all.
 */
export function ShotMap({ shots, home, away }: { shots: Shot[]; home: string; away: string }) {
  const [active, setActive] = useState<number | null>(null);
  // One tab stop for the whole map (a match has 20 to 40 shots): arrow keys move between shots.
  const [current, setCurrent] = useState(0);
  const marks = useRef<(SVGGElement | null)[]>([]);
  const moveTo = (i: number) => {
    const next = (i + shots.length) % shots.length;
    setCurrent(next);
    marks.current[next]?.focus();
  };
  const clubs = { home, away };
  const shown = active === null ? undefined : shots[active];
  const leave = (i: number) => {
    setActive((current) => (current === i ? null : current));
  };
  return (
    <div className="flex flex-col gap-2">
      <div className="relative mx-auto w-full max-w-xl">
        <svg
          viewBox={VIEW_BOX}
          role="group"
          aria-label={`Shot map: ${home} attack the right-hand goal, ${away} the left-hand goal; arrow keys move from shot to shot`}
          className="block h-auto w-full"
        >
          <PitchMarkings />
          {shots.map((shot, i) => {
            const { cx, cy } = placeShot(shot);
            const r = radiusOf(shot.xg);
            const goal = shot.result === 'goal';
            const tone =
              shot.side === 'home'
                ? goal
                  ? 'fill-side-home stroke-white'
                  : 'fill-side-home/15 stroke-side-home'
                : goal
                  ? 'fill-side-away stroke-white'
                  : 'fill-side-away/15 stroke-side-away';
            return (
              <g
                key={i}
                ref={(element) => {
                  marks.current[i] = element;
                }}
                role="img"
                tabIndex={i === current ? 0 : -1}
                aria-label={describeShot(shot, clubs[shot.side])}
                data-side={shot.side}
                data-result={shot.result}
                transform={`translate(${cx.toFixed(2)} ${cy.toFixed(2)})`}
                className="group cursor-pointer"
                onMouseEnter={() => setActive(i)}
                onMouseLeave={() => leave(i)}
                onFocus={() => {
                  setActive(i);
                  setCurrent(i);
                }}
                onBlur={() => leave(i)}
                onKeyDown={(event) => {
                  if (event.key === 'Escape') leave(i);
                  const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[
                    event.key
                  ];
                  if (step !== undefined) {
                    event.preventDefault();
                    moveTo(i + step);
                  }
                }}
              >
                <circle r={Math.max(r, HIT_RADIUS)} fill="transparent" />
                {shot.side === 'home' ? (
                  <circle
                    r={r}
                    className={tone}
                    strokeWidth={1.5}
                    vectorEffect="non-scaling-stroke"
                  />
                ) : (
                  <path
                    d={diamondPath(r)}
                    className={tone}
                    strokeWidth={1.5}
                    vectorEffect="non-scaling-stroke"
                  />
                )}
                {/* The focus ring: an outline on an SVG element is not drawn by every browser. */}
                <circle
                  r={r + 1}
                  fill="none"
                  className="stroke-ink opacity-0 group-focus-visible:opacity-100"
                  strokeWidth={3}
                  vectorEffect="non-scaling-stroke"
                />
              </g>
            );
          })}
        </svg>
        {shown === undefined ? null : <ShotLabel shot={shown} club={clubs[shown.side]} />}
      </div>
      <ul className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-subtle" aria-label="Key">
        <li className="flex items-center gap-1">
          <SideMark side="home" filled={false} /> {home}: circles, attacking right
        </li>
        <li className="flex items-center gap-1">
          <SideMark side="away" filled={false} /> {away}: diamonds, attacking left
        </li>
        <li className="flex items-center gap-1">
          <SideMark side="home" filled />
          <SideMark side="away" filled /> Filled: goal; larger: higher xG
        </li>
      </ul>
      <ShotTable shots={shots} clubs={clubs} />
    </div>
  );
}
