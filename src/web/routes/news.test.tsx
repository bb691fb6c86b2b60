import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { http, HttpResponse } from 'msw/http';
import { createMemoryRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import {
  FakeIntersectionObserver,
  scrollNearBottom,
} from '../../../tests/helpers/fake-intersection-observer.ts';
import { server } from '../../../tests/helpers/msw-server.ts';
import {
  createNewsItem,
  newsHandler,
  newsItems,
  pageNews,
} from '../../../tests/mocks/touchline-api.ts';
import { createQueryClient } from '../api/query-client.ts';
import { FAVOURITES_STORAGE_KEY, favouritesStore } from '../hooks/use-favourites.ts';
import { NewsPage } from './news.tsx';

let queryClient: QueryClient | undefined;

function renderNews(path = '/news') {
  queryClient = createQueryClient();
  const router = createMemoryRouter([{ path: '/news', element: <NewsPage /> }], {
    initialEntries: [path],
  });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

/** Records the query of each GET /api/news, answering from the mock's 25 items. */
function recordNewsRequests(items = newsItems) {
  const requests: Record<string, string>[] = [];
  server.use(
    http.get('/api/news', ({ request }) => {
      const url = new URL(request.url);
      requests.push(Object.fromEntries(url.searchParams));
      return HttpResponse.json(pageNews(url, items));
    }),
  );
  return requests;
}

const titles = () =>
  screen.queryAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);

beforeEach(() => {
  FakeIntersectionObserver.instances = [];
  vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  queryClient?.clear();
  queryClient = undefined;
});

describe('NewsPage', () => {
  it('starts on All with the first page of 10 items, newest first', async () => {
    const requests = recordNewsRequests();
    renderNews();

    expect(screen.getByRole('heading', { level: 1, name: 'Football News' })).toBeTruthy();
    expect(screen.getByText('Latest football news from top sources')).toBeTruthy();
    const chips = within(screen.getByRole('group', { name: 'Filter by league' }));
    expect(chips.getAllByRole('button').map((b) => b.textContent)).toEqual([
      'All',
      'Premier League',
      'La Liga',
      'Serie A',
      'Bundesliga',
      'Ligue 1',
    ]);
    expect(chips.getByRole('button', { name: 'All' }).getAttribute('aria-pressed')).toBe('true');

    expect(await screen.findAllByRole('article')).toHaveLength(10);
    expect(titles()).toEqual(Array.from({ length: 10 }, (_, i) => `Headline ${i}`));
    expect(requests).toEqual([{ league: 'all', page: '1', page_size: '10' }]);
  });

  it('shows skeleton cards while the first page loads', async () => {
    renderNews();

    expect(screen.getAllByTestId('news-card-skeleton').length).toBeGreaterThan(0);
    await screen.findAllByRole('article');
    expect(screen.queryAllByTestId('news-card-skeleton')).toHaveLength(0);
  });

  it('refetches for the league of the chip chosen', async () => {
    const user = userEvent.setup();
    const requests = recordNewsRequests();
    const router = renderNews();
    await screen.findAllByRole('article');

    await user.click(screen.getByRole('button', { name: 'La Liga' }));

    await waitFor(() =>
      expect(titles()).toEqual([
        'Headline 1',
        'Headline 6',
        'Headline 11',
        'Headline 16',
        'Headline 21',
      ]),
    );
    expect(requests.at(-1)).toEqual({ league: 'la-liga', page: '1', page_size: '10' });
    expect(screen.getByRole('button', { name: 'La Liga' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    expect(screen.getByRole('button', { name: 'All' }).getAttribute('aria-pressed')).toBe('false');
    expect(router.state.location.search).toBe('?league=la-liga');
  });

  it('opens on the league named in the address', async () => {
    const requests = recordNewsRequests();
    renderNews('/news?league=serie-a');

    await screen.findAllByRole('article');
    expect(requests).toEqual([{ league: 'serie-a', page: '1', page_size: '10' }]);
  });

  it('loads the next page when the end of the list comes within 1000 px of the viewport', async () => {
    const requests = recordNewsRequests();
    renderNews();
    await screen.findAllByRole('article');
    const observer = FakeIntersectionObserver.instances.at(-1);
    expect(observer?.rootMargin).toBe('0px 0px 1000px 0px');
    expect([...(observer?.targets ?? [])]).toEqual([screen.getByTestId('news-feed-end')]);

    scrollNearBottom();

    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(20));
    expect(titles()).toEqual(Array.from({ length: 20 }, (_, i) => `Headline ${i}`));
    expect(requests.map((r) => r.page)).toEqual(['1', '2']);

    scrollNearBottom();

    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(25));
    expect(requests.map((r) => r.page)).toEqual(['1', '2', '3']);
  });

  it('asks for no further page after a page shorter than 10', async () => {
    const requests = recordNewsRequests(newsItems.slice(0, 7));
    renderNews();
    expect(await screen.findAllByRole('article')).toHaveLength(7);

    scrollNearBottom();

    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(requests.map((r) => r.page)).toEqual(['1']);
    expect(screen.getAllByRole('article')).toHaveLength(7);
  });

  it('says "No news available" when there is none', async () => {
    server.use(newsHandler([]));
    renderNews();

    expect(await screen.findByText('No news available')).toBeTruthy();
    expect(screen.queryAllByRole('article')).toHaveLength(0);
  });

  it('shows time in GMT+2, source, title, summary, picture and a Read at Source link', async () => {
    server.use(
      newsHandler([
        createNewsItem(0, {
          title: 'Arsenal <b>win</b> again',
          summary: 'A late goal settles it.',
          source: 'Football Wire',
          published_at: '2026-11-21T15:30:00.000Z',
          link: 'https://wire.example/arsenal-win',
          image_url: 'https://wire.example/arsenal.jpg',
        }),
      ]),
    );
    renderNews();

    const card = await screen.findByRole('article', { name: 'Arsenal <b>win</b> again' });
    const time = within(card).getByText('Nov 21, 17:30');
    expect(time.tagName).toBe('TIME');
    expect(time.getAttribute('datetime')).toBe('2026-11-21T15:30:00.000Z');
    expect(within(card).getByText('Football Wire')).toBeTruthy();
    const title = within(card).getByRole('heading', { name: 'Arsenal <b>win</b> again' });
    // Plain text, never markup.
    expect(title.querySelector('b')).toBeNull();
    expect(title.className).toContain('line-clamp-2');
    expect(within(card).getByText('A late goal settles it.').className).toContain('line-clamp-3');
    const image = card.querySelector('img');
    expect(image?.getAttribute('src')).toBe('https://wire.example/arsenal.jpg');
    expect(image?.className).toContain('aspect-video');
    const link = within(card).getByRole('link', { name: 'Read at Source' });
    expect(link.getAttribute('href')).toBe('https://wire.example/arsenal-win');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer nofollow');
  });

  it('shows a story without a picture as a compact card, and a broken one as a placeholder', async () => {
    server.use(
      newsHandler([
        createNewsItem(0, { title: 'No picture', image_url: null, summary: 'Words only.' }),
        createNewsItem(1, { title: 'Broken picture' }),
        createNewsItem(2, { title: 'Empty picture', image_url: '  ' }),
      ]),
    );
    renderNews();

    // No half-card of grey: the headline leads, and the summary has the room.
    for (const name of ['No picture', 'Empty picture']) {
      const missing = await screen.findByRole('article', { name });
      expect(missing.querySelector('img')).toBeNull();
      expect(within(missing).queryByTestId('news-image-placeholder')).toBeNull();
      expect(missing.querySelector('.aspect-video')).toBeNull();
    }
    const compact = screen.getByRole('article', { name: 'No picture' });
    expect(within(compact).getByText('Words only.').className).toContain('line-clamp-6');
    const broken = screen.getByRole('article', { name: 'Broken picture' });
    fireEvent.error(broken.querySelector('img') as HTMLImageElement);
    expect(broken.querySelector('img')).toBeNull();
    expect(within(broken).getByTestId('news-image-placeholder')).toBeTruthy();
  });

  it("shows a match report's card drawn by the server", async () => {
    server.use(
      newsHandler([
        createNewsItem(0, {
          title: 'Arsenal edge Chelsea 2-1',
          link: '/match/7',
          image_url: '/img/report/arsenal/chelsea/2-1.svg',
        }),
      ]),
    );
    renderNews();

    const card = await screen.findByRole('article', { name: 'Arsenal edge Chelsea 2-1' });
    expect(card.querySelector('img')?.getAttribute('src')).toBe(
      '/img/report/arsenal/chelsea/2-1.svg',
    );
    expect(within(card).queryByTestId('news-image-placeholder')).toBeNull();
  });

  it('strips a CDATA wrapper from the link before opening it', async () => {
    server.use(
      newsHandler([
        createNewsItem(0, {
          title: 'Wrapped',
          link: '<![CDATA[ https://wire.example/wrapped?a=1&b=2 ]]>',
          url: '<![CDATA[ https://wire.example/wrapped?a=1&b=2 ]]>',
        }),
      ]),
    );
    renderNews();

    const card = await screen.findByRole('article', { name: 'Wrapped' });
    expect(within(card).getByRole('link', { name: 'Read at Source' }).getAttribute('href')).toBe(
      'https://wire.example/wrapped?a=1&b=2',
    );
  });

  it('never turns a javascript: link into a link', async () => {
    server.use(
      newsHandler([
        createNewsItem(0, {
          title: 'Hostile',
          link: 'javascript:alert(1)',
          url: '<![CDATA[javascript:alert(1)]]>',
        }),
      ]),
    );
    renderNews();

    const card = await screen.findByRole('article', { name: 'Hostile' });
    expect(within(card).queryByRole('link')).toBeNull();
    const button = within(card).getByRole('button', { name: 'Read at Source' });
    expect((button as HTMLButtonElement).disabled).toBe(true);
  });
});

describe('NewsPage: My clubs', () => {
  const items = [
    createNewsItem(0, { title: 'Arsenal edge Chelsea 2-1', league_slug: 'premier-league' }),
    createNewsItem(1, { title: 'Liverpool see off Everton', summary: 'Arsenal stay top.' }),
    createNewsItem(2, { title: 'Köln beat Mainz late on', league_slug: 'bundesliga' }),
    createNewsItem(3, { title: 'Internacional sign a striker', league_slug: 'bundesliga' }),
    createNewsItem(4, { title: "Arsenal's keeper out for a month" }),
  ];
  const star = (clubs: { key: string; name: string }[]) => {
    window.localStorage.setItem(FAVOURITES_STORAGE_KEY, JSON.stringify(clubs));
    favouritesStore.reload();
  };

  it('offers no My clubs chip before a club has a star', async () => {
    recordNewsRequests(items);
    renderNews();
    await screen.findAllByRole('article');
    expect(screen.queryByRole('button', { name: 'My clubs' })).toBeNull();
  });

  it('shows only the items whose title names a favourite club, and all of them again after', async () => {
    const user = userEvent.setup();
    star([
      { key: 'arsenal', name: 'Arsenal' },
      { key: 'koln', name: '1. FC Köln' },
    ]);
    recordNewsRequests(items);
    const router = renderNews('/news?league=all');
    await screen.findAllByRole('article');
    const chip = screen.getByRole('button', { name: 'My clubs' });
    expect(chip.getAttribute('aria-pressed')).toBe('false');

    await user.click(chip);

    expect(titles()).toEqual([
      'Arsenal edge Chelsea 2-1',
      'Köln beat Mainz late on',
      "Arsenal's keeper out for a month",
    ]);
    expect(chip.getAttribute('aria-pressed')).toBe('true');
    expect(new URLSearchParams(router.state.location.search).get('clubs')).toBe('mine');

    // Choosing a league keeps the clubs filter.
    await user.click(screen.getByRole('button', { name: 'Bundesliga' }));
    await waitFor(() => expect(titles()).toEqual(['Köln beat Mainz late on']));
    expect(new URLSearchParams(router.state.location.search).get('clubs')).toBe('mine');

    await user.click(screen.getByRole('button', { name: 'My clubs' }));
    await waitFor(() =>
      expect(titles()).toEqual(['Köln beat Mainz late on', 'Internacional sign a striker']),
    );
    await user.click(screen.getByRole('button', { name: 'All' }));
    await waitFor(() => expect(titles()).toHaveLength(5));
  });

  it('says so when no loaded news names a favourite club', async () => {
    star([{ key: 'bayern', name: 'Bayern München' }]);
    recordNewsRequests(items);
    renderNews('/news?clubs=mine');
    expect(await screen.findByText('No news about my clubs')).toBeTruthy();
    expect(screen.queryAllByRole('article')).toHaveLength(0);
  });

  it('ignores ?clubs=mine in the address when there are no favourites', async () => {
    recordNewsRequests(items);
    renderNews('/news?clubs=mine');
    expect(await screen.findAllByRole('article')).toHaveLength(5);
  });
});
