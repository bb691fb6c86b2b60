import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw/http';
import { createMemoryRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { afterEach, describe, expect, it } from 'vitest';

import { server } from '../../../tests/helpers/msw-server.ts';
import type { LeagueXg, LeagueXgRow } from '../../domain/api/league-xg.ts';
import { createQueryClient } from '../api/query-client.ts';
import { LeagueXgTable } from './league-xg-table.tsx';

const row = (
  key: string,
  name: string,
  shortName: string,
  figures: [number, number, number, number],
): LeagueXgRow => {
  const [xgFor, xgAgainst, points, expectedPoints] = figures;
  return {
    team: { key, name, short_name: shortName, shield: `/img/crest/${key}.svg` },
    matches: 12,
    xg_for: xgFor,
    xg_against: xgAgainst,
    xg_difference: Math.round((xgFor - xgAgainst) * 100) / 100,
    points,
    expected_points: expectedPoints,
    points_difference: Math.round((points - expectedPoints) * 100) / 100,
  };
};

/** By points, as the server sends it. */
const PREMIER_LEAGUE: LeagueXg = {
  league: 'premier-league',
  rows: [
    row('man-city', 'Manchester City', 'MCI', [28.46, 10.04, 28, 25.71]),
    row('arsenal', 'Arsenal', 'ARS', [22.5, 9.81, 26, 24.02]),
    row('man-united', 'Manchester United', 'MUN', [15.2, 17.96, 15, 15.03]),
  ],
};

let queryClient: QueryClient | undefined;

afterEach(() => {
  queryClient?.clear();
  queryClient = undefined;
});

function renderTable(answer: LeagueXg) {
  server.use(http.get(`/api/leagues/${answer.league}/xg`, () => HttpResponse.json(answer)));
  queryClient = createQueryClient();
  const router = createMemoryRouter([
    { path: '/', element: <LeagueXgTable slug={answer.league} /> },
  ]);
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

/** The table's cells, row by row, as text. */
function readRows(table: HTMLElement): string[][] {
  return within(table)
    .getAllByRole('row')
    .map((tr) => [...tr.querySelectorAll('th, td')].map((cell) => cell.textContent?.trim() ?? ''));
}

describe('LeagueXgTable', () => {
  it('shows each club’s xG, points and expected points, one decimal, by points', async () => {
    renderTable(PREMIER_LEAGUE);
    const section = screen.getByRole('region', { name: 'Expected goals (xG) table' });
    const table = await within(section).findByRole('table');
    expect(readRows(table)).toEqual([
      // Each abbreviation with its full name for screen readers (visually hidden).
      [
        'Club',
        'M, Matches with xG (M)',
        'xG, Expected goals for (xG)',
        'xGA, Expected goals against (xGA)',
        'xGD, Expected goal difference (xGD)',
        'Pts, Points (Pts)↓',
        'xPts, Expected points (xPts)',
        '±, Points less expected points (±)',
      ],
      ['MCIManchester City', '12', '28.5', '10.0', '+18.4', '28', '25.7', '+2.3'],
      ['ARSArsenal', '12', '22.5', '9.8', '+12.7', '26', '24.0', '+2.0'],
      ['MUNManchester United', '12', '15.2', '18.0', '-2.8', '15', '15.0', '0.0'],
    ]);
    // Each club links to its page by its full name; the three letters are for the eye only.
    const link = within(table).getByRole('link', { name: 'Manchester United' });
    expect(link.getAttribute('href')).toBe('/team/man-united');
    // Every abbreviated heading says what it means.
    expect(
      within(table).getByRole('button', { name: 'xPts, Expected points (xPts)' }),
    ).toBeTruthy();
    const titles = [...table.querySelectorAll('thead abbr')].map((a) => a.getAttribute('title'));
    expect(titles).toEqual([
      'Matches with xG',
      'Expected goals for',
      'Expected goals against',
      'Expected goal difference',
      'Points',
      'Expected points',
      'Points less expected points',
    ]);
  });

  it('sorts by a column when its heading is pressed, most first, then least', async () => {
    renderTable(PREMIER_LEAGUE);
    const table = await screen.findByRole('table');
    const clubs = () =>
      readRows(table)
        .slice(1)
        .map((cells) => cells[0]);
    // A heading's button says its abbreviation, then its full name.
    const heading = (name: string) =>
      within(table)
        .getByRole('button', { name: (spoken) => spoken.endsWith(`, ${name}`) })
        .closest('th') as HTMLElement;

    expect(heading('Points (Pts)').getAttribute('aria-sort')).toBe('descending');
    fireEvent.click(heading('Expected goals against (xGA)').querySelector('button') as HTMLElement);
    expect(clubs()).toEqual(['MUNManchester United', 'MCIManchester City', 'ARSArsenal']);
    expect(heading('Expected goals against (xGA)').getAttribute('aria-sort')).toBe('descending');
    expect(heading('Points (Pts)').getAttribute('aria-sort')).toBeNull();

    fireEvent.click(heading('Expected goals against (xGA)').querySelector('button') as HTMLElement);
    expect(clubs()).toEqual(['ARSArsenal', 'MCIManchester City', 'MUNManchester United']);
    expect(heading('Expected goals against (xGA)').getAttribute('aria-sort')).toBe('ascending');

    // By name, A to Z first.
    fireEvent.click(within(table).getByRole('button', { name: 'Club' }));
    expect(clubs()).toEqual(['ARSArsenal', 'MCIManchester City', 'MUNManchester United']);
    fireEvent.click(within(table).getByRole('button', { name: 'Club' }));
    expect(clubs()).toEqual(['MUNManchester United', 'MCIManchester City', 'ARSArsenal']);
  });

  it('says so when the season records no xG', async () => {
    renderTable({ league: 'ligue-1', rows: [] });
    const section = screen.getByRole('region', { name: 'Expected goals (xG) table' });
    expect(
      await within(section).findByText('Expected goals are not recorded for this season.'),
    ).toBeTruthy();
    expect(within(section).queryByRole('table')).toBeNull();
  });
});
