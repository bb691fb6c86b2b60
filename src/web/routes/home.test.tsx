import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw/http';
import { createMemoryRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { server } from '../../../tests/helpers/msw-server.ts';
import { createNewsItem, newsHandler, predictions } from '../../../tests/mocks/touchline-api.ts';
import { LATEST_NEWS_COUNT, latestNewsQueryOptions } from '../api/news.ts';
import { createQueryClient } from '../api/query-client.ts';
import { HomePage } from './home.tsx';

let queryClient: QueryClient | undefined;

/** Renders the home page at / (with a stand-in /news page); `prepare` may tune the client. */
function renderHome(prepare?: (client: QueryClient) => void) {
  queryClient = createQueryClient();
  prepare?.(queryClient);
  const router = createMemoryRouter(
    [
      { path: '/', element: <HomePage /> },
      { path: '/news', element: <h1>News page</h1> },
    ],
    { initialEntries: ['/'] },
  );
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

const latestNews = () => screen.getByRole('region', { name: 'Latest News' });

/** The column under a column heading (the heading's parent). */
function column(title: string) {
  const heading = screen.getByRole('heading', { level: 3, name: title });
  return heading.parentElement as HTMLElement;
}

const MARKET_ORDER = ['Serie A', 'La Liga', 'Premier League', 'Bundesliga', 'Ligue 1'];
const MARKET_SLUGS = ['serie-a', 'la-liga', 'premier-league', 'bundesliga', 'ligue-1'];

/** The league a 'Bet now' link reports its click under. */
const leagueOf = (link: HTMLElement) =>
  new URL(link.getAttribute('href') ?? '', 'https://touchline.example').searchParams.get('league');

afterEach(() => {
  cleanup();
  queryClient?.clear();
  queryClient = undefined;
});

describe('HomePage', () => {
  it("heads the page with today's matches in GMT+2, above the match board", async () => {
    renderHome();

    expect(
      screen.getByRole('heading', { level: 1, name: "Today's Main Football Matches" }),
    ).toBeTruthy();
    expect(screen.getByText('All times displayed are in GMT+2 timezone')).toBeTruthy();
    const board = screen.getByRole('region', { name: 'Match board' });
    expect(await within(board).findAllByRole('listitem')).toHaveLength(3);
    expect(within(board).getByText('Showing 1-3 of 3 matches')).toBeTruthy();
  });

  it("states the site time zone's own offset, not a fixed GMT+2", () => {
    const meta = document.createElement('meta');
    meta.name = 'touchline:time-zone';
    meta.content = 'Europe/London';
    document.head.append(meta);
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.parse('2026-07-15T12:00:00Z'));
      renderHome();
      expect(screen.getByText('All times displayed are in GMT+1 timezone')).toBeTruthy();
      cleanup();
      vi.setSystemTime(Date.parse('2026-11-21T12:00:00Z'));
      renderHome();
      expect(screen.getByText('All times displayed are in GMT timezone')).toBeTruthy();
    } finally {
      vi.useRealTimers();
      meta.remove();
    }
  });

  it('shows the Totals Market and Match Markets columns, one card per league in order', async () => {
    renderHome();

    expect(
      screen.getByRole('heading', { level: 2, name: 'Markets & AI Predictions' }),
    ).toBeTruthy();
    for (const [title, market] of [
      ['Totals Market', 'Total Goals 2.5'],
      ['Match Markets', 'Match Result'],
    ] as const) {
      const cards = within(column(title)).getAllByRole('article');
      expect(cards.map((card) => card.getAttribute('aria-label'))).toEqual(
        MARKET_ORDER.map((league) => `${league} ${market}`),
      );
      // Each card shows its own league's prices once they arrive.
      await waitFor(() =>
        expect(within(column(title)).getAllByRole('link', { name: 'Bet now' })).toHaveLength(5),
      );
      const links = within(column(title)).getAllByRole('link', { name: 'Bet now' });
      expect(links.map((link) => leagueOf(link))).toEqual(MARKET_SLUGS);
    }
    const totals = within(column('Totals Market')).getByRole('article', {
      name: 'Serie A Total Goals 2.5',
    });
    expect(within(totals).getByText('Over 2.5')).toBeTruthy();
    expect(within(totals).getByText('1.80')).toBeTruthy();
    const h2h = within(column('Match Markets')).getByRole('article', {
      name: 'La Liga Match Result',
    });
    expect(within(h2h).getByText('Real Madrid')).toBeTruthy();
    expect(within(h2h).getByText('2.00')).toBeTruthy();
  });

  it('asks for the 6 latest predictions and shows the first 4', async () => {
    const urls: URL[] = [];
    server.use(
      http.get('/api/predictions', ({ request }) => {
        urls.push(new URL(request.url));
        return HttpResponse.json({ predictions });
      }),
    );
    renderHome();

    const ai = column('AI Predictions');
    const meters = await within(ai).findAllByRole('meter');

    expect(meters).toHaveLength(4);
    expect(
      within(ai)
        .getAllByRole('heading', { level: 3 })
        .slice(1)
        .map((h) => h.textContent),
    ).toEqual(predictions.slice(0, 4).map((p) => p.pick));
    expect(within(ai).queryByText(predictions[4]?.pick ?? '')).toBeNull();
    expect(urls.map((url) => url.searchParams.get('limit'))).toEqual(['6']);
  });

  it("links the AI Predictions column to the models' track record", () => {
    renderHome();

    const link = within(column('AI Predictions')).getByRole('link', { name: 'Track record' });
    expect(link.getAttribute('href')).toBe('/predictions');
  });

  it('says "No predictions available" when there are none', async () => {
    server.use(http.get('/api/predictions', () => HttpResponse.json({ predictions: [] })));
    renderHome();

    const ai = column('AI Predictions');
    expect(await within(ai).findByText('No predictions available')).toBeTruthy();
    expect(within(ai).queryAllByRole('meter')).toHaveLength(0);
  });

  it('shows the 6 latest news items of every league below the markets', async () => {
    const urls: URL[] = [];
    server.use(
      http.get('/api/news', ({ request }) => {
        urls.push(new URL(request.url));
        const items = Array.from({ length: 8 }, (_, i) => createNewsItem(i));
        return HttpResponse.json({ items });
      }),
    );
    renderHome();

    const section = latestNews();
    expect(within(section).getByRole('heading', { level: 2, name: 'Latest News' })).toBeTruthy();
    const markets = screen.getByRole('region', { name: 'Markets & AI Predictions' });
    expect(
      markets.compareDocumentPosition(section) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
    const cards = await within(section).findAllByRole('article');
    expect(cards).toHaveLength(LATEST_NEWS_COUNT);
    expect(
      within(section)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(Array.from({ length: 6 }, (_, i) => `Headline ${i}`));
    expect(urls.map((url) => Object.fromEntries(url.searchParams))).toEqual([
      { league: 'all', page: '1', page_size: '6' },
    ]);
  });

  it('shows six skeleton cards while the news loads', async () => {
    let answer: (() => void) | undefined;
    server.use(
      http.get('/api/news', async () => {
        await new Promise<void>((resolve) => (answer = resolve));
        return HttpResponse.json({ items: [createNewsItem(0)] });
      }),
    );
    renderHome();

    const section = latestNews();
    expect(within(section).getAllByTestId('news-card-skeleton')).toHaveLength(6);
    expect(within(section).queryAllByRole('article')).toHaveLength(0);
    await waitFor(() => expect(answer).toBeDefined());
    answer?.();
    expect(await within(section).findByRole('article', { name: 'Headline 0' })).toBeTruthy();
    expect(within(section).queryAllByTestId('news-card-skeleton')).toHaveLength(0);
  });

  it('says "Failed to load news" when the news cannot be loaded', async () => {
    server.use(http.get('/api/news', () => HttpResponse.json({ error: 'Boom' }, { status: 500 })));
    renderHome((client) =>
      client.setQueryDefaults(latestNewsQueryOptions(LATEST_NEWS_COUNT).queryKey, {
        retry: false,
      }),
    );

    const section = latestNews();
    expect(await within(section).findByText('Failed to load news')).toBeTruthy();
    expect(within(section).queryAllByRole('article')).toHaveLength(0);
  });

  it('says "No news available" when there is none', async () => {
    server.use(newsHandler([]));
    renderHome();

    expect(await within(latestNews()).findByText('No news available')).toBeTruthy();
  });

  it('links to all the news with View All News', async () => {
    renderHome();

    const link = within(latestNews()).getByRole('link', { name: 'View All News' });
    expect(link.getAttribute('href')).toBe('/news');
    link.click();
    expect(await screen.findByRole('heading', { level: 1, name: 'News page' })).toBeTruthy();
  });
});
