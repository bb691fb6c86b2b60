type Point = { matchday: number; pos: number };

const WIDTH = 240;
const HEIGHT = 64;
const PAD = 6;

/** The x and y of each point: matchdays left to right, first place at the top. */
function placePoints(points: readonly Point[], tableSize: number): { x: number; y: number }[] {
  const first = points[0]?.matchday ?? 0;
  const last = points.at(-1)?.matchday ?? first;
  const span = Math.max(last - first, 1);
  const lowest = Math.max(tableSize, ...points.map((p) => p.pos), 2);
  return points.map((p) => ({
    x: points.length === 1 ? WIDTH / 2 : PAD + ((p.matchday - first) / span) * (WIDTH - 2 * PAD),
    y: PAD + ((p.pos - 1) / (lowest - 1)) * (HEIGHT - 2 * PAD),
  }));
}

/** "Matchday 7: 3rd, matchday 8: 1st": what the line shows, for screen readers. */
function describePositions(points: readonly Point[]): string {
  return `League position by matchday: ${points
    .map((p) => `matchday ${p.matchday}, position ${p.pos}`)
    .join('; ')}`;
}

/** The club's league position by matchday as an inline SVG line, first place at the top. */
export function PositionSparkline(props: { points: readonly Point[]; tableSize: number }) {
  const placed = placePoints(props.points, props.tableSize);
  const last = placed.at(-1);
  return (
    <svg
      role="img"
      aria-label={describePositions(props.points)}
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      className="h-16 w-full max-w-xs"
      preserveAspectRatio="none"
    >
      <line
        x1={PAD}
        x2={WIDTH - PAD}
        y1={PAD}
        y2={PAD}
        className="stroke-line"
        strokeDasharray="4 4"
        vectorEffect="non-scaling-stroke"
      />
      {placed.length > 1 ? (
        <polyline
          points={placed.map((p) => `${p.x},${p.y}`).join(' ')}
          fill="none"
          className="stroke-pitch"
          strokeWidth={2}
          strokeLinejoin="round"
          vectorEffect="non-scaling-stroke"
        />
      ) : null}
      {last === undefined ? null : (
        <circle cx={last.x} cy={last.y} r={3.5} className="fill-pitch" />
      )}
    </svg>
  );
}
