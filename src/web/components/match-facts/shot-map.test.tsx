import { fireEvent, render, screen, within } from '@testing-library/react';
import { expect, it } from 'vitest';

import type { Shot } from '../../../domain/api/match-centre.ts';
import { placeShot, radiusOf, ShotMap } from './shot-map.tsx';

const shot = (over: Partial<Shot>): Shot => ({
  side: 'home',
  half: 1,
  minute: '23',
  at: 23,
  player: 'Bukayo Saka',
  assist: null,
  result: 'saved',
  situation: 'open-play',
  x: 0.9,
  y: 0.25,
  xg: 0.34,
  ...over,
});

const SHOTS = [
  shot({}),
  shot({ side: 'away', minute: '40', at: 40, player: 'Cole Palmer', x: 0.9, y: 0.25, xg: 0.05 }),
  shot({ minute: '67', at: 67, half: 2, player: 'Kai Havertz', result: 'goal', xg: 0.76 }),
  shot({
    side: 'away',
    minute: '90+3',
    at: 93,
    half: 2,
    player: 'Nicolas Jackson',
    result: 'goal',
  }),
];

function renderMap(shots = SHOTS) {
  render(<ShotMap shots={shots} home="Arsenal" away="Chelsea" />);
  return screen.getAllByRole('img').filter((el) => el.dataset.side !== undefined);
}

it('places home shots toward the right-hand goal and turns away shots to the left-hand one', () => {
  expect(placeShot({ side: 'home', x: 0.9, y: 0.25 })).toEqual({ cx: 0.9 * 105, cy: 0.25 * 68 });
  const away = placeShot({ side: 'away', x: 0.9, y: 0.25 });
  expect(away.cx).toBeCloseTo(0.1 * 105);
  expect(away.cy).toBeCloseTo(0.75 * 68);
  const [home, palmer] = renderMap();
  expect(home?.getAttribute('transform')).toBe('translate(94.50 17.00)');
  expect(palmer?.getAttribute('transform')).toBe('translate(10.50 51.00)');
});

it('fills goals and outlines other shots, a circle for home and a diamond for away', () => {
  const [saved, missed, homeGoal, awayGoal] = renderMap();
  expect(saved?.querySelector('circle[class*="fill-side-home/15"]')).not.toBeNull();
  expect(missed?.querySelector('path[class*="fill-side-away/15"]')).not.toBeNull();
  expect(homeGoal?.querySelector('circle[class~="fill-side-home"]')).not.toBeNull();
  expect(awayGoal?.querySelector('path[class~="fill-side-away"]')).not.toBeNull();
  expect(saved?.querySelector('path')).toBeNull();
  expect(missed?.querySelector('circle[class*="fill-side"]')).toBeNull();
});

it('grows the mark with xG by area, never smaller than a visible dot', () => {
  expect(radiusOf(0.64) / radiusOf(0.16)).toBeCloseTo(2);
  expect(radiusOf(0)).toBeGreaterThan(0.5);
  expect(radiusOf(0.001)).toBe(radiusOf(0));
});

it('makes the map one tab stop whose arrow keys reach every shot, each named with its minute, player, xG, result and situation', () => {
  const marks = renderMap();
  expect(marks).toHaveLength(4);
  expect(marks.map((mark) => mark.tabIndex)).toEqual([0, -1, -1, -1]);
  expect(marks[0]?.getAttribute('aria-label')).toBe(
    "23', Bukayo Saka (Arsenal): saved, xG 0.34, open play",
  );
  marks[0]?.focus();
  fireEvent.keyDown(marks[0] as Element, { key: 'ArrowRight' });
  expect(document.activeElement).toBe(marks[1]);
  expect(marks.map((mark) => mark.tabIndex)).toEqual([-1, 0, -1, -1]);
  // From the first shot back to the last.
  fireEvent.keyDown(marks[1] as Element, { key: 'ArrowLeft' });
  fireEvent.keyDown(marks[0] as Element, { key: 'ArrowLeft' });
  expect(document.activeElement).toBe(marks[3]);
});

it('shows a label for the shot under the pointer or the focus, and hides it on Escape', () => {
  const [first, second] = renderMap();
  expect(screen.queryByTestId('shot-label')).toBeNull();
  fireEvent.mouseEnter(first as Element);
  expect(screen.getByTestId('shot-label').textContent).toBe(
    "23' Bukayo SakaArsenal · xG 0.34 · SavedOpen play",
  );
  fireEvent.mouseLeave(first as Element);
  expect(screen.queryByTestId('shot-label')).toBeNull();
  fireEvent.focus(second as Element);
  expect(screen.getByTestId('shot-label').textContent).toContain("40' Cole Palmer");
  fireEvent.keyDown(second as Element, { key: 'Escape' });
  expect(screen.queryByTestId('shot-label')).toBeNull();
});

it('lists every shot in a table as well', () => {
  renderMap();
  fireEvent.click(screen.getByText('All shots (4)'));
  const table = screen.getByRole('table', { name: 'All shots' });
  const rows = within(table).getAllByRole('row').slice(1);
  expect(rows.map((row) => row.textContent)).toEqual([
    "23'ArsenalBukayo Saka0.34SavedOpen play",
    "40'ChelseaCole Palmer0.05SavedOpen play",
    "67'ArsenalKai Havertz0.76GoalOpen play",
    "90+3'ChelseaNicolas Jackson0.34GoalOpen play",
  ]);
});
