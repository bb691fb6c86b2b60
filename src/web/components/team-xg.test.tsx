import { render, screen, within } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { describe, expect, it } from 'vitest';

import type { TeamXg as TeamXgAnswer, TeamXgMatch } from '../../domain/api/team-page.ts';
import { TeamXg } from './team-xg.tsx';

const match = (
  id: number,
  kickoff: string,
  opponent: string,
  home: boolean,
  score: [number, number],
  xg: [number, number],
): TeamXgMatch => ({
  id,
  path: `/match/${id}-${home ? `arsenal-v-${opponent}` : `${opponent}-v-arsenal`}`,
  kickoff,
  opponent: { key: opponent, name: opponent[0]!.toUpperCase() + opponent.slice(1), shield: '' },
  home,
  goals_for: score[0],
  goals_against: score[1],
  xg_for: xg[0],
  xg_against: xg[1],
});

/** Oldest first, as the server sends them. */
const ARSENAL: TeamXgAnswer = {
  matches: [
    match(11, '2026-08-16T14:00:00.000Z', 'wolves', true, [2, 0], [1.84, 0.31]),
    match(12, '2026-08-23T16:30:00.000Z', 'chelsea', false, [1, 1], [0.92, 1.47]),
    match(13, '2026-08-30T11:30:00.000Z', 'fulham', true, [0, 1], [2.6, 0.45]),
  ],
  scorers: [
    { player: 'Bukayo Saka', goals: 2, xg: 1.12, shots: 7 },
    { player: 'Kai Havertz', goals: 1, xg: 1.5, shots: 5 },
  ],
};

function renderXg(xg: TeamXgAnswer) {
  const router = createMemoryRouter([
    { path: '/', element: <TeamXg xg={xg} timeZone="Europe/London" /> },
  ]);
  render(<RouterProvider router={router} />);
}

const readRows = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .map((tr) => [...tr.querySelectorAll('th, td')].map((cell) => cell.textContent?.trim() ?? ''));

describe('TeamXg', () => {
  it('sums the season up in words and in the chart’s name', () => {
    renderXg(ARSENAL);
    const summary = '3 matches: xG 5.36 for and 2.23 against; goals 3 for and 2 against';
    expect(screen.getByTestId('xg-season').textContent).toBe(summary);
    expect(
      screen.getByRole('img', {
        name: `Expected goals for and against by match, oldest first. ${summary}.`,
      }),
    ).toBeTruthy();
  });

  it('draws a pair of bars a match in date order, a dot at the goals of each side', () => {
    renderXg(ARSENAL);
    const chart = screen.getByRole('img');
    const pairs = [...chart.querySelectorAll('[data-match]')];
    expect(pairs.map((g) => g.getAttribute('data-match'))).toEqual(['11', '12', '13']);
    const goals = pairs.map((g) =>
      ['for', 'against'].map(
        (kind) =>
          g.querySelector(`[data-kind="${kind}"] [data-goals]`)?.getAttribute('data-goals') ?? '-',
      ),
    );
    expect(goals).toEqual([
      ['2', '-'],
      ['1', '1'],
      ['-', '1'],
    ]);
    // The scale's top is 3 (the most xG, 2.6, rounded up): a bar of 1.84 is 1.84/3 of the plot.
    const bar = pairs[0]?.querySelector('[data-kind="for"] rect');
    expect(Number(bar?.getAttribute('height'))).toBeCloseTo((1.84 / 3) * 112, 6);
    // Wolves' side had fewer xG than Arsenal's: its bar is the shorter.
    const against = pairs[0]?.querySelector('[data-kind="against"] rect');
    expect(Number(against?.getAttribute('height'))).toBeLessThan(
      Number(bar?.getAttribute('height')),
    );
  });

  it('lists every match, latest first, with its opponent linked to the match page', () => {
    renderXg(ARSENAL);
    const table = screen.getByRole('table', { name: 'Expected goals by match' });
    expect(readRows(table)).toEqual([
      ['Date', 'Opponent', 'H/A', 'Score', 'xG', 'xGA'],
      ['Aug 30', 'Fulham', 'H', '0-1', '2.60', '0.45'],
      ['Aug 23', 'Chelsea', 'A', '1-1', '0.92', '1.47'],
      ['Aug 16', 'Wolves', 'H', '2-0', '1.84', '0.31'],
    ]);
    expect(within(table).getByRole('link', { name: 'Chelsea' }).getAttribute('href')).toBe(
      '/match/12-chelsea-v-arsenal',
    );
    expect(within(table).getAllByTitle('Away')).toHaveLength(1);
  });

  it('lists the scorers with their goals, shots and xG', () => {
    renderXg(ARSENAL);
    const table = screen.getByRole('table', { name: 'Scorers’ expected goals' });
    expect(readRows(table)).toEqual([
      ['Player', 'Goals', 'Shots', 'xG'],
      ['Bukayo Saka', '2', '7', '1.12'],
      ['Kai Havertz', '1', '5', '1.50'],
    ]);
  });

  it('says so when no goal came from a recorded shot', () => {
    renderXg({ ...ARSENAL, scorers: [] });
    expect(screen.getByText('No goals from recorded shots.')).toBeTruthy();
    expect(screen.queryByRole('table', { name: 'Scorers’ expected goals' })).toBeNull();
  });
});
