import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { http, HttpResponse } from 'msw/http';
import { createMemoryRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { afterEach, describe, expect, it } from 'vitest';

import { server } from '../../../tests/helpers/msw-server.ts';
import type { TableRow } from '../../domain/standings.ts';
import { createQueryClient } from '../api/query-client.ts';
import { FAVOURITES_STORAGE_KEY } from '../hooks/use-favourites.ts';
import { LeagueTable } from './league-table.tsx';

const row = (pos: number, team: string, key: string | undefined): TableRow => ({
  id: pos,
  pos,
  team,
  ...(key === undefined ? {} : { key }),
  shield: `/img/crest/${pos}.svg`,
  wins: 3,
  draws: 1,
  losses: 0,
  points: 10,
});

let queryClient: QueryClient | undefined;

afterEach(() => {
  queryClient?.clear();
  queryClient = undefined;
});

describe('LeagueTable', () => {
  it("links each club's crest and name to its team page by the club's key", async () => {
    server.use(
      http.get('/api/leagues/serie-a/table', () =>
        HttpResponse.json({
          // The last row is from before rows carried a key: its name stands in.
          table: [
            row(1, 'AC Milan', 'ac-milan'),
            row(2, 'Inter', 'inter'),
            row(3, 'Napoli', undefined),
          ],
        }),
      ),
    );
    queryClient = createQueryClient();
    const router = createMemoryRouter([{ path: '/', element: <LeagueTable slug="serie-a" /> }]);
    render(
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );

    const table = await screen.findByRole('table');
    const links = within(table).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/team/ac-milan',
      '/team/inter',
      '/team/napoli',
    ]);
    expect(links[0]?.querySelector('img')?.getAttribute('src')).toBe('/img/crest/1.svg');
  });
});

describe('LeagueTable stars', () => {
  it('offers a star for each club with a key, saving the club by its key', async () => {
    server.use(
      http.get('/api/leagues/serie-a/table', () =>
        HttpResponse.json({
          table: [
            row(1, 'AC Milan', 'milan'),
            row(2, 'Inter', 'inter'),
            row(3, 'Napoli', undefined),
          ],
        }),
      ),
    );
    queryClient = createQueryClient();
    const router = createMemoryRouter([{ path: '/', element: <LeagueTable slug="serie-a" /> }]);
    render(
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );

    const table = await screen.findByRole('table');
    expect(within(table).getByRole('columnheader', { name: 'My clubs' })).toBeTruthy();
    const stars = within(table).getAllByRole('button');
    // A club without a key (a provider's own table) has nothing to be remembered by.
    expect(stars.map((star) => star.getAttribute('aria-label'))).toEqual([
      'Add AC Milan to my clubs',
      'Add Inter to my clubs',
    ]);
    await userEvent.click(stars[1] as HTMLElement);
    expect(stars[1]?.getAttribute('aria-pressed')).toBe('true');
    expect(JSON.parse(window.localStorage.getItem(FAVOURITES_STORAGE_KEY) ?? '')).toEqual([
      { key: 'inter', name: 'Inter' },
    ]);
  });
});
