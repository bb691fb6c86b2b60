import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw/http';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';

import { server } from '../../../tests/helpers/msw-server.ts';
import type { MarketKey, OddsEvent } from '../../domain/odds.ts';
import { createQueryClient } from '../api/query-client.ts';
import { MarketWidget } from './market-widget.tsx';

let queryClient: QueryClient | undefined;

function renderWidget(
  market: MarketKey,
  league = { slug: 'serie-a', name: 'Serie A' },
  path = '/',
) {
  queryClient = createQueryClient();
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        <MarketWidget league={league} market={market} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

/** Answers GET /api/odds with `events`, keeping each request's query for the test to check. */
function answer(events: unknown) {
  const requests: URLSearchParams[] = [];
  server.use(
    http.get('/api/odds', ({ request }) => {
      requests.push(new URL(request.url).searchParams);
      return HttpResponse.json({ events });
    }),
  );
  return requests;
}

const event = (fields: Partial<OddsEvent> & { id: string }): OddsEvent => ({
  sport_key: 'soccer_italy_serie_a',
  commence_time: '2026-11-22T17:00:00Z',
  home_team: 'Inter',
  away_team: 'AC Milan',
  bookmakers: [],
  ...fields,
});

const bookmaker = (
  key: string,
  title: string,
  markets: OddsEvent['bookmakers'][number]['markets'],
) => ({
  key,
  title,
  link: `https://${key}.example`,
  markets,
});

/** Matches an element whose whole text is `text`, however it is split into inner elements. */
const wholeText = (text: string) => (_: string, element: Element | null) =>
  element?.textContent === text &&
  Array.from(element.children).every((child) => child.textContent !== text);

afterEach(() => {
  cleanup();
  queryClient?.clear();
  queryClient = undefined;
});

describe('a market with prices', () => {
  it('shows the league, the market, the first event, its first outcome and price, and the bookmaker', async () => {
    const requests = answer([
      event({
        id: 'evt-1',
        bookmakers: [
          bookmaker('pinnacle', 'Pinnacle', [
            {
              key: 'totals',
              outcomes: [
                { name: 'Over', price: 2, point: 2.5 },
                { name: 'Under', price: 1.85, point: 2.5 },
              ],
            },
          ]),
        ],
      }),
      event({ id: 'evt-2', home_team: 'Juventus', away_team: 'Napoli' }),
    ]);
    renderWidget('totals');

    const card = screen.getByRole('article', { name: 'Serie A Total Goals 2.5' });
    expect(await within(card).findByText(wholeText('Inter vs AC Milan'))).toBeTruthy();
    expect(within(card).getByRole('heading', { name: 'Serie A' })).toBeTruthy();
    expect(within(card).getByText('Total Goals 2.5')).toBeTruthy();
    expect(within(card).getByText('Over 2.5')).toBeTruthy();
    expect(within(card).getByText('2.00')).toBeTruthy();
    expect(within(card).getByText('Pinnacle')).toBeTruthy();
    expect(within(card).queryByText(/Juventus/)).toBeNull();
    expect(requests.map((q) => Object.fromEntries(q))).toEqual([
      { league: 'serie-a', market: 'totals' },
    ]);
  });

  it('links Bet now through /go/ to the bookmaker, in a new tab, sponsored and without opener or referrer', async () => {
    answer([
      event({
        id: 'fake:E0:2026-11-22:brighton:arsenal',
        home_team: 'Brighton & Hove Albion',
        away_team: 'Arsenal',
        bookmakers: [
          bookmaker('williamhill', 'William Hill', [
            {
              key: 'h2h',
              outcomes: [
                { name: 'Brighton & Hove Albion', price: 3.1 },
                { name: 'Draw', price: 3.5 },
                { name: 'Arsenal', price: 2.25 },
              ],
            },
          ]),
        ],
      }),
    ]);
    renderWidget('h2h', { slug: 'premier-league', name: 'Premier League' });

    const link = await screen.findByRole('link', { name: 'Bet now' });
    const href = new URL(link.getAttribute('href') ?? '', 'https://touchline.example');

    expect(href.pathname).toBe('/go/williamhill');
    expect(Object.fromEntries(href.searchParams)).toEqual({
      event: 'fake:E0:2026-11-22:brighton:arsenal',
      outcome: 'Brighton & Hove Albion',
      league: 'premier-league',
      page: 'home',
    });
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')?.split(/\s+/)).toEqual(
      expect.arrayContaining(['sponsored', 'noopener', 'noreferrer']),
    );
    const card = screen.getByRole('article', { name: 'Premier League Match Result' });
    expect(within(card).getByText('Match Result')).toBeTruthy();
    expect(within(card).getByText('Brighton & Hove Albion')).toBeTruthy();
    expect(within(card).getByText('3.10')).toBeTruthy();
    expect(within(card).getByText('William Hill')).toBeTruthy();
  });

  it('skips events without bookmakers, or whose bookmakers do not price this market', async () => {
    answer([
      event({ id: 'no-bookmakers', home_team: 'Roma', away_team: 'Lazio' }),
      event({
        id: 'other-market',
        home_team: 'Atalanta',
        away_team: 'Bologna',
        bookmakers: [
          bookmaker('bet365', 'Bet365', [
            { key: 'h2h', outcomes: [{ name: 'Atalanta', price: 1.7 }] },
          ]),
        ],
      }),
      event({
        id: 'priced',
        home_team: 'Torino',
        away_team: 'Genoa',
        bookmakers: [
          bookmaker('bet365', 'Bet365', [
            { key: 'h2h', outcomes: [{ name: 'Torino', price: 2.4 }] },
          ]),
          bookmaker('bwin', 'Bwin', [
            { key: 'totals', outcomes: [{ name: 'Under', price: 1.955, point: 2.5 }] },
          ]),
        ],
      }),
    ]);
    renderWidget('totals');

    expect(await screen.findByText(wholeText('Torino vs Genoa'))).toBeTruthy();
    expect(screen.getByText('Under 2.5')).toBeTruthy();
    expect(screen.getByText('Bwin')).toBeTruthy();
    expect(screen.getByText(/^1\.9[56]$/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Bet now' }).getAttribute('href')).toMatch(
      /^\/go\/bwin\?/,
    );
  });

  it.each([
    ['/', 'home'],
    ['/league/serie-a', 'league'],
    ['/match/12-inter-v-milan', 'match'],
    ['/team/inter', 'team'],
    ['/somewhere/else', 'other'],
  ])('on %s, tells /go/ the click came from a %s page', async (path, page) => {
    answer([
      event({
        id: 'priced',
        bookmakers: [
          bookmaker('bet365', 'Bet365', [{ key: 'h2h', outcomes: [{ name: 'Inter', price: 2 }] }]),
        ],
      }),
    ]);
    renderWidget('h2h', undefined, path);
    const link = await screen.findByRole('link', { name: 'Bet now' });
    const href = new URL(link.getAttribute('href') ?? '', 'https://touchline.example');
    expect(href.searchParams.get('page')).toBe(page);
    expect(href.searchParams.get('league')).toBe('serie-a');
  });
});

describe('no odds', () => {
  it.each([
    ['no event has bookmakers', [event({ id: 'a' }), event({ id: 'b', home_team: 'Roma' })]],
    ['the list is empty', []],
    ['the answer has no list', undefined],
  ])('says "No odds available" when %s', async (_, events) => {
    answer(events);
    renderWidget('h2h');

    const card = screen.getByRole('article', { name: 'Serie A Match Result' });
    expect(await within(card).findByText('No odds available')).toBeTruthy();
    expect(within(card).getByRole('heading', { name: 'Serie A' })).toBeTruthy();
    expect(within(card).queryByRole('link')).toBeNull();
  });
});
