import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw/http';
import { createMemoryRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { afterEach, describe, expect, it } from 'vitest';

import { server } from '../../../tests/helpers/msw-server.ts';
import type { ProjectionRow, SeasonProjection } from '../../domain/api/season-projection.ts';
import { createQueryClient } from '../api/query-client.ts';
import { formatChance, SeasonProjectionTable } from './season-projection-table.tsx';

const row = (
  key: string,
  name: string,
  chances: [number, number, number, number],
  points: [number, number],
): ProjectionRow => ({
  team: { key, name, shield: `/img/crest/${key}.svg` },
  played: 15,
  points_now: points[0],
  expected_points: points[1],
  title: chances[0],
  champions_league: chances[1],
  relegation_playoff: chances[2],
  relegation: chances[3],
  positions: [],
});

const BUNDESLIGA: SeasonProjection = {
  league: 'bundesliga',
  season: '2026-2027',
  simulations: 10_000,
  matches_played: 135,
  matches_remaining: 171,
  computed_at: '2026-11-21T15:00:00.000Z',
  places: { champions_league: 4, relegation: 2, relegation_playoff: 1 },
  rows: [
    row('bayern', 'Bayern Munich', [0.9971, 1, 0, 0], [36, 78.64]),
    row('dortmund', 'Borussia Dortmund', [0.0029, 0.8512, 0, 0], [30, 64.2]),
    row('bochum', 'VfL Bochum', [0, 0.0004, 0.2113, 0.5401], [9, 29.5]),
  ],
};

let queryClient: QueryClient | undefined;

afterEach(() => {
  queryClient?.clear();
  queryClient = undefined;
});

function renderTable(slug: string, answer: SeasonProjection) {
  server.use(http.get(`/api/leagues/${slug}/projection`, () => HttpResponse.json(answer)));
  queryClient = createQueryClient();
  const router = createMemoryRouter([
    { path: '/', element: <SeasonProjectionTable slug={slug} /> },
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

describe('SeasonProjectionTable', () => {
  it('shows each club’s chances with the play-off column, in a region that scrolls', async () => {
    renderTable('bundesliga', BUNDESLIGA);
    const region = await screen.findByRole('region', {
      name: 'Season projection table, scrolls sideways',
    });
    expect(region.getAttribute('tabindex')).toBe('0');
    const table = within(region).getByRole('table');
    expect(readRows(table)).toEqual([
      ['Team', 'Pts', 'Exp. pts', 'Title', 'CL', 'Play-off', 'Rel.'],
      ['Bayern Munich', '36', '79', '>99%', '100%', '—', '—'],
      ['Borussia Dortmund', '30', '64', '<1%', '85%', '—', '—'],
      ['VfL Bochum', '9', '30', '—', '<1%', '21%', '54%'],
    ]);
    expect(within(table).getAllByRole('link')[0]?.getAttribute('href')).toBe('/team/bayern');
    expect(within(table).getByTitle('Champions League places: top 4')).toBeTruthy();
  });

  it('says how it was made and when, in the site’s time zone', async () => {
    renderTable('bundesliga', BUNDESLIGA);
    const section = await screen.findByRole('region', { name: 'Season projection' });
    const caption = await within(section).findByText(/^From 10,000 simulations/);
    expect(caption.textContent).toBe(
      'From 10,000 simulations of the remaining 171 matches by the Dixon-Coles model, updated Nov 21, 17:00',
    );
    expect(caption.querySelector('time')?.getAttribute('datetime')).toBe(BUNDESLIGA.computed_at);
  });

  it('leaves out the play-off column for a league without a play-off', async () => {
    renderTable('premier-league', {
      ...BUNDESLIGA,
      league: 'premier-league',
      places: { champions_league: 4, relegation: 3, relegation_playoff: 0 },
    });
    const table = await screen.findByRole('table');
    expect(readRows(table)[0]).toEqual(['Team', 'Pts', 'Exp. pts', 'Title', 'CL', 'Rel.']);
  });

  it('says a season that is over is over', async () => {
    renderTable('bundesliga', { ...BUNDESLIGA, matches_remaining: 0 });
    expect(
      (await screen.findByText(/season is over/)).textContent?.startsWith(
        'The 2026-27 season is over',
      ),
    ).toBe(true);
  });

  it('says when there is no projection yet', async () => {
    renderTable('bundesliga', {
      ...BUNDESLIGA,
      season: null,
      computed_at: null,
      places: null,
      rows: [],
    });
    expect(await screen.findByText(/^No projection yet/)).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });
});

describe('formatChance', () => {
  it.each([
    [0, '—'],
    [0.0001, '<1%'],
    [0.0049, '<1%'],
    [0.005, '1%'],
    [0.4251, '43%'],
    [0.9949, '99%'],
    [0.995, '>99%'],
    [0.9999, '>99%'],
    [1, '100%'],
  ])('shows %f as %s', (chance, text) => {
    expect(formatChance(chance)).toBe(text);
  });
});
