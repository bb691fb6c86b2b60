import { render, screen } from '@testing-library/react';
import { expect, it } from 'vitest';

import type { Shot } from '../../../domain/api/match-centre.ts';
import { buildRace, XgRace } from './xg-race.tsx';

const shot = (over: Partial<Shot>): Shot => ({
  side: 'home',
  half: 1,
  minute: '10',
  at: 10,
  player: 'Bukayo Saka',
  assist: null,
  result: 'missed',
  situation: 'open-play',
  x: 0.85,
  y: 0.5,
  xg: 0.1,
  ...over,
});

const SHOTS = [
  shot({ xg: 0.3 }),
  shot({ side: 'away', minute: '20', at: 20, xg: 0.2 }),
  shot({ minute: '45+3', at: 48, xg: 0.54, result: 'goal' }),
  shot({ half: 2, minute: '50', at: 50, xg: 1 }),
  shot({ side: 'away', half: 2, minute: '88', at: 88, xg: 0.53, result: 'goal' }),
];

it('adds up each side’s xG shot by shot', () => {
  const race = buildRace(SHOTS);
  const totals = (points: typeof race.home) => points.map((p) => p.total.toFixed(2));
  expect(totals(race.home)).toEqual(['0.30', '0.84', '1.84']);
  expect(totals(race.away)).toEqual(['0.20', '0.73']);
  expect(race.totals.home).toBeCloseTo(1.84);
  expect(race.totals.away).toBeCloseTo(0.73);
});

it('puts first-half added time before the second half begins', () => {
  const race = buildRace(SHOTS);
  expect(race.halfTime).toBe(48);
  expect(race.home.map((p) => p.at)).toEqual([10, 48, 53]);
  expect(race.away.map((p) => p.at)).toEqual([20, 91]);
  expect(race.length).toBe(93);
  expect(buildRace([]).length).toBe(90);
});

it('sums the totals up for a screen reader and marks each goal with its minute', () => {
  render(<XgRace shots={SHOTS} home="Arsenal" away="Chelsea" finished />);
  expect(screen.getByTestId('xg-summary').textContent).toBe('xG: Arsenal 1.84, Chelsea 0.73');
  const chart = screen.getByRole('img');
  expect(chart.getAttribute('aria-label')).toBe(
    "Cumulative expected goals by minute. xG: Arsenal 1.84, Chelsea 0.73; goals: 45+3' Arsenal, 88' Chelsea.",
  );
  const goals = [...chart.querySelectorAll('[data-goal]')].map((g) => g.textContent);
  expect(goals).toEqual(["45+3'", "88'"]);
});

it('ends a live match’s lines at the last shot and a finished one’s at the final whistle', () => {
  const end = (finished: boolean) => {
    const { unmount } = render(
      <XgRace shots={SHOTS.slice(0, 3)} home="Arsenal" away="Chelsea" finished={finished} />,
    );
    const path = screen.getByRole('img').querySelector('[data-side="away"] path');
    const last = Number(/H([\d.]+)$/.exec(path?.getAttribute('d') ?? '')?.[1]);
    unmount();
    return last;
  };
  // The plot runs from 26 to 292 over 93 minutes (48 in the first half, 45 in the second).
  expect(end(false)).toBeCloseTo(26 + (48 / 93) * 266, 1);
  expect(end(true)).toBeCloseTo(292, 1);
});
