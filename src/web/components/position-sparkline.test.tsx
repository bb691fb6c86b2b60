import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { PositionSparkline } from './position-sparkline.tsx';

/** The line's points as [x, y] pairs, in the order drawn. */
function readLine(svg: Element): [number, number][] {
  const points = svg.querySelector('polyline')?.getAttribute('points') ?? '';
  return points
    .trim()
    .split(/\s+/)
    .map((pair) => pair.split(',').map(Number) as [number, number]);
}

describe('PositionSparkline', () => {
  it('draws one point per matchday, left to right, with first place at the top', () => {
    const points = [
      { matchday: 1, pos: 12 },
      { matchday: 2, pos: 20 },
      { matchday: 3, pos: 6 },
      { matchday: 4, pos: 1 },
    ];
    render(<PositionSparkline points={points} tableSize={20} />);
    const svg = screen.getByRole('img', { name: /^League position by matchday/ });

    const line = readLine(svg);
    expect(line).toHaveLength(4);
    const xs = line.map(([x]) => x);
    expect(xs).toEqual([...xs].sort((a, b) => a - b));
    const [twelfth, twentieth, sixth, first] = line.map(([, y]) => y) as number[];
    // SVG y grows downwards: a better position is drawn higher, so with a smaller y.
    expect(first).toBeLessThan(sixth as number);
    expect(sixth).toBeLessThan(twelfth as number);
    expect(twelfth).toBeLessThan(twentieth as number);
    // First and last place touch the top and bottom of the drawing, whatever the club reached.
    const [, , width, height] = (svg.getAttribute('viewBox') ?? '').split(' ').map(Number);
    expect(first).toBeLessThan((height as number) / 4);
    expect(twentieth).toBeGreaterThan(((height as number) * 3) / 4);
    expect(xs[0]).toBeLessThan((width as number) / 4);
    // The latest position is marked.
    const dot = svg.querySelector('circle');
    expect([Number(dot?.getAttribute('cx')), Number(dot?.getAttribute('cy'))]).toEqual(line[3]);
  });

  it('tells screen readers the position of each matchday', () => {
    render(
      <PositionSparkline
        points={[
          { matchday: 7, pos: 3 },
          { matchday: 8, pos: 1 },
        ]}
        tableSize={18}
      />,
    );
    expect(
      screen.getByRole('img', {
        name: 'League position by matchday: matchday 7, position 3; matchday 8, position 1',
      }),
    ).toBeTruthy();
  });

  it('marks a single matchday with a dot and no line', () => {
    render(<PositionSparkline points={[{ matchday: 1, pos: 1 }]} tableSize={20} />);
    const svg = screen.getByRole('img');
    expect(svg.querySelector('polyline')).toBeNull();
    expect(svg.querySelectorAll('circle')).toHaveLength(1);
  });
});
