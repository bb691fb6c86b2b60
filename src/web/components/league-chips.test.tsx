import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw/http';
import { createMemoryRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { afterEach, expect, it, vi } from 'vitest';

import { server } from '../../../tests/helpers/msw-server.ts';
import { leagues } from '../../../tests/mocks/touchline-api.ts';
import { createQueryClient } from '../api/query-client.ts';
import { LeagueChips } from './league-chips.tsx';

function renderChipsAt(path: string) {
  const router = createMemoryRouter([{ path: '*', element: <LeagueChips /> }], {
    initialEntries: [path],
  });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

const chips = [
  ['Premier League', '/league/premier-league'],
  ['La Liga', '/league/la-liga'],
  ['Serie A', '/league/serie-a'],
  ['Bundesliga', '/league/bundesliga'],
  ['Ligue 1', '/league/ligue-1'],
] as const;

it('links to the five leagues in order, each to its own page', async () => {
  renderChipsAt('/league/serie-a');

  const nav = screen.getByRole('navigation', { name: 'Leagues' });
  await within(nav).findByRole('link', { name: 'Premier League' });
  const links = within(nav).getAllByRole('link');

  expect(links).toHaveLength(chips.length);
  chips.forEach(([name, href], index) => {
    const link = within(nav).getByRole('link', { name });
    expect(link).toBe(links[index]);
    expect(link.getAttribute('href')).toBe(href);
  });
});

it('marks only the league of the current page as current', async () => {
  renderChipsAt('/league/serie-a');

  const current = await screen.findByRole('link', { name: 'Serie A' });

  expect(current.getAttribute('aria-current')).toBe('page');
  const others = screen.getAllByRole('link').filter((link) => link !== current);
  expect(others.map((link) => link.getAttribute('aria-current'))).toEqual([null, null, null, null]);
});

it('draws a chip, with its flag, for a league the site does not ship with', async () => {
  const eredivisie = {
    id: 6,
    name: 'Eredivisie',
    slug: 'eredivisie',
    order_index: 6,
    country: 'Netherlands',
    logo_url: null,
  };
  server.use(
    http.get('/api/leagues', () => HttpResponse.json({ leagues: [...leagues, eredivisie] })),
  );
  renderChipsAt('/league/eredivisie');

  const chip = await screen.findByRole('link', { name: 'Eredivisie' });

  expect(chip.getAttribute('href')).toBe('/league/eredivisie');
  expect(chip.getAttribute('aria-current')).toBe('page');
  expect(chip.querySelector('img[data-flag="nl"]')).not.toBeNull();
  expect(screen.getAllByRole('link')).toHaveLength(6);
});

it('draws every chip flag as an SVG flag named by its league, never as emoji', async () => {
  const world = { id: 7, name: 'Club Friendlies', slug: 'friendlies', order_index: 7 };
  server.use(
    http.get('/api/leagues', () =>
      HttpResponse.json({ leagues: [...leagues, { ...world, country: 'World', logo_url: null }] }),
    ),
  );
  renderChipsAt('/');

  const nav = screen.getByRole('navigation', { name: 'Leagues' });
  await within(nav).findByRole('link', { name: 'Premier League' });
  for (const [name, code] of [
    ['Premier League', 'gb-eng'],
    ['La Liga', 'es'],
    ['Serie A', 'it'],
    ['Bundesliga', 'de'],
    ['Ligue 1', 'fr'],
  ] as const) {
    const flag = within(within(nav).getByRole('link', { name })).getByRole('img', { name });
    expect(flag.tagName).toBe('IMG');
    expect(flag.getAttribute('data-flag')).toBe(code);
    expect(flag.getAttribute('src')).toBe(`/assets/flags-7.5.0/${code}.svg`);
  }
  // A league of no country gets a drawn globe under its name.
  const globe = within(within(nav).getByRole('link', { name: world.name })).getByRole('img', {
    name: world.name,
  });
  expect(globe.tagName.toLowerCase()).toBe('svg');
  expect(nav.textContent ?? '').not.toMatch(/[\u{1F1E6}-\u{1F1FF}\u{1F3F4}\u{1F30D}]/u);
});

it('shows the flag in place of a league logo that fails to load', async () => {
  server.use(
    http.get('/api/leagues', () =>
      HttpResponse.json({
        leagues: leagues.map((league) => ({ ...league, logo_url: `/logos/${league.slug}.png` })),
      }),
    ),
  );
  renderChipsAt('/');

  const chip = await screen.findByRole('link', { name: 'Serie A' });
  const logo = chip.querySelector('img[src="/logos/serie-a.png"]');
  expect(logo).not.toBeNull();
  fireEvent.error(logo as HTMLImageElement);
  expect(chip.querySelector('img[src="/logos/serie-a.png"]')).toBeNull();
  expect(within(chip).getAllByRole('img', { name: /Italy|Serie A/ }).length).toBeGreaterThan(0);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

it('names a flag-only chip in a tooltip on a phone, once the tooltip has loaded', async () => {
  // A phone: every media query of the mobile layout matches.
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: true,
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
  // jsdom has no ResizeObserver; Radix's positioning only needs one to exist.
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
  renderChipsAt('/');

  await screen.findByRole('link', { name: 'La Liga' });
  // Radix marks its trigger with data-state once the tooltip's script has arrived.
  await vi.waitFor(() => {
    expect(screen.getByRole('link', { name: 'La Liga' }).getAttribute('data-state')).toBe('closed');
  });
  fireEvent.focus(screen.getByRole('link', { name: 'La Liga' }));
  expect(await screen.findByRole('tooltip')).toHaveProperty('textContent', 'La Liga');
});
