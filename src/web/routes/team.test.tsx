import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw/http';
import { createMemoryRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { afterEach, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';

import { server } from '../../../tests/helpers/msw-server.ts';
import { TeamPageSchema, type TeamPage as TeamPageAnswer } from '../../domain/api/team-page.ts';
import { createQueryClient } from '../api/query-client.ts';
import { TeamPage } from './team.tsx';

/** A club the server knows nothing about yet: no table, matches, players or moves. */
const emptySeason: TeamPageAnswer = {
  team: {
    id: 9,
    key: 'ac-milan',
    name: 'AC Milan',
    short_name: 'MIL',
    shield: '/img/crest/ac-milan.svg',
    league: { slug: 'serie-a', name: 'Serie A' },
  },
  standing: null,
  form: [],
  results: [],
  fixtures: [],
  positions: [],
  table_size: 20,
  scorers: [],
  assisters: [],
  transfers: { window: null, arrivals: [], departures: [] },
  xg: { matches: [], scorers: [] },
};

/** Each section's title and what it says when it has nothing. */
const EMPTY_STATES = [
  ['Form', 'No league results yet'],
  ['League Position by Matchday', 'No league position yet'],
  ['Fixtures', 'No fixtures stored'],
  ['Results', 'No results this season'],
  ['Expected Goals (xG)', 'Expected goals are not recorded for this season.'],
  ['Top Scorers', 'No top scorers data available'],
  ['Top Assists', 'No top assists data available'],
  ['Transfers In', 'No arrivals this window'],
  ['Transfers Out', 'No departures this window'],
];

let queryClient: QueryClient | undefined;

/** GET /api/teams/:slug answering `page` for its key or name, and 404 for anything else. */
function answerTeam(page: TeamPageAnswer) {
  const requested: string[] = [];
  server.use(
    http.get('/api/teams/:slug', ({ params }) => {
      const slug = String(params.slug);
      requested.push(slug);
      if (slug !== page.team.key && slug !== page.team.name) {
        return HttpResponse.json({ error: 'Team not found' }, { status: 404 });
      }
      return HttpResponse.json(z.parse(TeamPageSchema, page));
    }),
  );
  return requested;
}

function renderTeam(path: string) {
  queryClient = createQueryClient();
  const router = createMemoryRouter([{ path: '/team/:slug', element: <TeamPage /> }], {
    initialEntries: [path],
  });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

afterEach(() => {
  queryClient?.clear();
  queryClient = undefined;
});

describe('TeamPage', () => {
  it('keeps every section, saying what it lacks, for a club with no season yet', async () => {
    answerTeam(emptySeason);
    renderTeam('/team/ac-milan');

    await screen.findByRole('heading', { level: 1, name: 'AC Milan' });
    expect(screen.getByText("Not in today's table")).toBeTruthy();
    expect(screen.queryByRole('img', { name: /League position by matchday/ })).toBeNull();
    for (const [title, empty] of EMPTY_STATES) {
      const section = screen.getByRole('region', { name: title });
      expect(within(section).getByText(empty as string)).toBeTruthy();
      expect(within(section).queryByRole('list')).toBeNull();
    }
  });

  it('shows a section with content and leaves the others empty', async () => {
    answerTeam({
      ...emptySeason,
      standing: {
        pos: 4,
        played: 1,
        wins: 1,
        draws: 0,
        losses: 0,
        goals_for: 2,
        goals_against: 0,
        points: 3,
      },
      positions: [{ matchday: 1, pos: 4 }],
    });
    renderTeam('/team/ac-milan');

    const [position] = await screen.findAllByRole('definition');
    expect(position?.closest('dl')?.textContent).toBe('Position4thPoints3Played1');
    const line = screen.getByRole('region', { name: 'League Position by Matchday' });
    expect(within(line).getByRole('img', { name: /matchday 1, position 4/ })).toBeTruthy();
    expect(within(line).queryByText('No league position yet')).toBeNull();
    const form = screen.getByRole('region', { name: 'Form' });
    expect(within(form).getByText('No league results yet')).toBeTruthy();
  });

  it('moves a link by the club name to the address of its key', async () => {
    const requested = answerTeam(emptySeason);
    const router = renderTeam('/team/AC%20Milan');

    await screen.findByRole('heading', { level: 1, name: 'AC Milan' });
    // The page moves itself after it renders, in an effect.
    await waitFor(() => expect(router.state.location.pathname).toBe('/team/ac-milan'));
    expect(requested[0]).toBe('AC Milan');
  });

  it('says "Team not found" with a link home for a slug that names no club', async () => {
    answerTeam(emptySeason);
    renderTeam('/team/no-such-club');

    await screen.findByRole('heading', { level: 1, name: 'Team not found' });
    expect(screen.getByRole('link', { name: 'Return to Home' }).getAttribute('href')).toBe('/');
  });
});
