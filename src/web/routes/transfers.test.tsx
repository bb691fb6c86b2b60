import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { http, HttpResponse } from 'msw/http';
import { createMemoryRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { server } from '../../../tests/helpers/msw-server.ts';
import {
  createTransferPlayer,
  transferTeams,
  transfersHandler,
} from '../../../tests/mocks/touchline-api.ts';
import type { TransferTeam } from '../../domain/transfers.ts';
import { createQueryClient } from '../api/query-client.ts';
import { TransfersPage } from './transfers.tsx';

let queryClient: QueryClient | undefined;

function renderTransfers(path = '/transfers?league=all') {
  queryClient = createQueryClient();
  const router = createMemoryRouter([{ path: '/transfers', element: <TransfersPage /> }], {
    initialEntries: [path],
  });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

/** Records the league of each GET /api/transfers, answering from the mock's clubs. */
function recordTransferRequests() {
  const leagues: (string | null)[] = [];
  server.use(
    http.get('/api/transfers', ({ request }) => {
      const league = new URL(request.url).searchParams.get('league');
      leagues.push(league);
      return HttpResponse.json({
        transfers: transferTeams.filter((t) => league === 'all' || t.league_alias === league),
      });
    }),
  );
  return leagues;
}

/** The clubs shown, by the heading of each card. */
const cardNames = () =>
  screen
    .queryAllByRole('article')
    .map((article) => within(article).getByRole('heading').textContent);
const tabLabels = (article: HTMLElement) =>
  within(article)
    .getAllByRole('tab')
    .map((tab) => tab.textContent);
/** The rows of a card's open panel, as their text. */
const panelRows = (article: HTMLElement) =>
  within(within(article).getByRole('tabpanel'))
    .queryAllByRole('listitem')
    .map((row) => row.textContent);

/** Waits for a club's card and opens its moves with its disclosure button. */
async function openCard(name: string): Promise<HTMLElement> {
  const card = await screen.findByRole('article', { name });
  await userEvent.click(within(card).getByRole('button', { expanded: false }));
  return card;
}

/** A club as the transfers answer names it, without a key and with no moves yet. */
function clubWithoutMoves(name: string, league: string): TransferTeam {
  const slug = name.toLowerCase().replace(/\W+/g, '-');
  return {
    id: slug,
    name,
    shield: `/img/crest/${slug}.svg`,
    league_alias: league,
    arrivals: [],
    departures: [],
    rumors: [],
  };
}

afterEach(() => {
  vi.useRealTimers();
  window.localStorage.clear();
  queryClient?.clear();
  queryClient = undefined;
});

describe('TransfersPage', () => {
  it('shows every club with activity across all leagues and hides the others', async () => {
    const leagues = recordTransferRequests();
    renderTransfers();

    expect(screen.getByRole('heading', { level: 1, name: 'Transfer Rumours' })).toBeTruthy();
    expect(screen.getByText('Latest transfer news and rumors from top leagues')).toBeTruthy();
    const chips = within(screen.getByRole('group', { name: 'Filter by league' }));
    expect(chips.getByRole('button', { name: 'All' }).getAttribute('aria-pressed')).toBe('true');

    expect(await screen.findByText('Showing 4 team(s) with transfer activity')).toBeTruthy();
    expect(cardNames()).toEqual(['Chelsea', 'Arsenal', 'Inter', 'Bayern Munich']);
    expect(screen.queryByRole('article', { name: 'Real Madrid' })).toBeNull();
    expect(leagues).toEqual(['all']);
  });

  it('gives each card In, Out and Rumors tabs with their counts, rows highest fee first', async () => {
    renderTransfers();
    const chelsea = await openCard('Chelsea');

    expect(chelsea.querySelector('header img')?.getAttribute('src')).toBe('/img/crest/chelsea.svg');
    expect(within(chelsea).getByRole('tablist', { name: 'Chelsea transfers' })).toBeTruthy();
    expect(tabLabels(chelsea)).toEqual(['In 5', 'Out 1', 'Rumors 1']);
    const inTab = within(chelsea).getByRole('tab', { name: 'In 5' });
    expect(inTab.getAttribute('aria-selected')).toBe('true');
    const panel = within(chelsea).getByRole('tabpanel');
    expect(panel.getAttribute('aria-labelledby')).toBe(inTab.id);
    expect(inTab.getAttribute('aria-controls')).toBe(panel.id);
    expect(panelRows(chelsea)).toEqual([
      'Enzo FernándezBenfica · Transfer€121M',
      'Mykhailo MudrykShakhtar Donetsk · Transfer€70M',
      'Noni MaduekePSV Eindhoven · Transfer€35M',
      'Andrey SantosVasco da Gama · Transfer€12.5M',
      'João FélixAtlético Madrid · Loan',
    ]);

    await userEvent.click(within(chelsea).getByRole('tab', { name: 'Out 1' }));
    expect(within(chelsea).getByRole('tab', { name: 'Out 1' }).getAttribute('aria-selected')).toBe(
      'true',
    );
    expect(inTab.getAttribute('aria-selected')).toBe('false');
    expect(panelRows(chelsea)).toEqual(['JorginhoArsenal · Transfer€12M']);

    await userEvent.click(within(chelsea).getByRole('tab', { name: 'Rumors 1' }));
    expect(panelRows(chelsea)).toEqual(['Moisés Caicedo ↗Source: BBC Sport · Rumour']);
  });

  it("links each card's crest and name to the club's team page by its key", async () => {
    const milan = {
      ...clubWithoutMoves('AC Milan', 'serie-a'),
      key: 'ac-milan',
      departures: [createTransferPlayer({ name: 'Franck Kessié', team: 'Barcelona' })],
    };
    // An answer from before clubs carried their key: the name stands in for it.
    const oldAnswer = {
      ...clubWithoutMoves('Bayern Munich', 'bundesliga'),
      arrivals: [createTransferPlayer({ name: 'Sadio Mané', team: 'Liverpool' })],
    };
    server.use(transfersHandler([milan, oldAnswer]));
    renderTransfers();

    const card = await screen.findByRole('article', { name: 'AC Milan' });
    const link = within(card).getByRole('link', { name: 'AC Milan' });
    expect(link.getAttribute('href')).toBe('/team/ac-milan');
    expect(link.querySelector('img')?.getAttribute('src')).toBe('/img/crest/ac-milan.svg');
    const bayern = screen.getByRole('article', { name: 'Bayern Munich' });
    expect(within(bayern).getByRole('link', { name: 'Bayern Munich' }).getAttribute('href')).toBe(
      '/team/bayern-munich',
    );
  });

  it('links a rumour to its source in a new tab and names the source', async () => {
    renderTransfers();
    const inter = await openCard('Inter');
    // A club with rumours only opens on them.
    expect(tabLabels(inter)).toEqual(['In 0', 'Out 0', 'Rumors 2']);
    expect(within(inter).getByRole('tab', { name: 'Rumors 2' }).getAttribute('aria-selected')).toBe(
      'true',
    );
    const link = within(inter).getByRole('link', { name: 'Marcus Thuram' });
    expect(link.getAttribute('href')).toBe('https://news.example/rumours/9');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer nofollow');
    expect(within(inter).getByText('Football Italia')).toBeTruthy();
    // Newest first, as the server sent them.
    expect(panelRows(inter).map((row) => row?.split(' ↗')[0])).toEqual([
      'Marcus Thuram',
      'Davide Frattesi',
    ]);

    await userEvent.click(within(inter).getByRole('tab', { name: 'In 0' }));
    expect(within(within(inter).getByRole('tabpanel')).getByText('No arrivals')).toBeTruthy();
  });

  it('links a rumour of Touchline’s own feed to its page on this site, never elsewhere', async () => {
    const link = (name: string, to: string) =>
      createTransferPlayer({ name, type: 'rumour', source: 'Touchline', link: to });
    server.use(
      transfersHandler([
        {
          ...transferTeams.find((t) => t.name === 'Inter')!,
          rumors: [
            link('Marcus Thuram', '/transfers?league=serie-a&rumour=9'),
            link('Davide Frattesi', '//wire.example/rumours/8'),
          ],
        },
      ]),
    );
    renderTransfers();
    const card = await openCard('Inter');
    const thuram = within(card).getByRole('link', { name: 'Marcus Thuram' });
    expect(thuram.getAttribute('href')).toBe('/transfers?league=serie-a&rumour=9');
    expect(within(card).queryByRole('link', { name: 'Davide Frattesi' })).toBeNull();
  });

  it('names the selling club and the fee of a rumour whose story names them', async () => {
    server.use(
      transfersHandler([
        {
          ...transferTeams.find((t) => t.name === 'Inter')!,
          rumors: [
            createTransferPlayer({
              name: 'Enzo Fernández',
              type: 'rumour',
              team: 'Benfica',
              valor: '121',
              source: 'Touchline',
              link: '/news/rumour-serie-a-6962',
            }),
          ],
        },
      ]),
    );
    renderTransfers();
    const card = await openCard('Inter');
    expect(panelRows(card)).toEqual(['Enzo Fernández ↗From Benfica · Rumour€121M']);
  });

  it('moves between tabs with the arrow keys, Home and End', async () => {
    renderTransfers();
    const chelsea = await openCard('Chelsea');
    const [inTab, outTab, rumorsTab] = within(chelsea).getAllByRole('tab');
    expect(inTab?.tabIndex).toBe(0);
    expect(outTab?.tabIndex).toBe(-1);

    await userEvent.click(inTab as HTMLElement);
    await userEvent.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(outTab);
    expect(outTab?.getAttribute('aria-selected')).toBe('true');
    expect(outTab?.tabIndex).toBe(0);
    expect(inTab?.tabIndex).toBe(-1);

    await userEvent.keyboard('{ArrowRight}{ArrowRight}');
    expect(document.activeElement).toBe(inTab);
    await userEvent.keyboard('{ArrowLeft}');
    expect(document.activeElement).toBe(rumorsTab);
    expect(panelRows(chelsea)).toHaveLength(1);
    await userEvent.keyboard('{Home}');
    expect(document.activeElement).toBe(inTab);
    await userEvent.keyboard('{End}');
    expect(rumorsTab?.getAttribute('aria-selected')).toBe('true');
  });

  it('filters by league and says which league in the summary line', async () => {
    const leagues = recordTransferRequests();
    const router = renderTransfers();
    await screen.findByText('Showing 4 team(s) with transfer activity');

    await userEvent.click(screen.getByRole('button', { name: 'Serie A' }));
    expect(
      await screen.findByText('Showing 1 team(s) with transfer activity in Serie A'),
    ).toBeTruthy();
    expect(cardNames()).toEqual(['Inter']);
    expect(screen.getByRole('button', { name: 'Serie A' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    expect(router.state.location.search).toBe('?league=serie-a');

    await userEvent.click(screen.getByRole('button', { name: 'Premier League' }));
    expect(
      await screen.findByText('Showing 2 team(s) with transfer activity in Premier League'),
    ).toBeTruthy();
    expect(cardNames()).toEqual(['Chelsea', 'Arsenal']);
    expect(leagues).toEqual(['all', 'serie-a', 'premier-league']);
  });

  it('starts on the league in the address', async () => {
    const leagues = recordTransferRequests();
    renderTransfers('/transfers?league=bundesliga');
    expect(
      await screen.findByText('Showing 1 team(s) with transfer activity in Bundesliga'),
    ).toBeTruthy();
    expect(leagues).toEqual(['bundesliga']);
  });

  it('says there is no activity in a league without any', async () => {
    renderTransfers('/transfers?league=la-liga');
    // Real Madrid is in the answer, but with nothing to show.
    expect(await screen.findByRole('heading', { name: 'No Transfer Activity' })).toBeTruthy();
    expect(screen.getByText('No transfer activity found for La Liga')).toBeTruthy();
    expect(screen.queryByText(/^Showing/)).toBeNull();
    expect(screen.queryAllByRole('article')).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: 'Ligue 1' }));
    expect(await screen.findByText('No transfer activity found for Ligue 1')).toBeTruthy();
  });

  it('says there is no activity in any league when no club has any', async () => {
    server.use(transfersHandler([]));
    renderTransfers();
    expect(await screen.findByRole('heading', { name: 'No Transfer Activity' })).toBeTruthy();
    expect(screen.getByText('No transfer activity found for any league')).toBeTruthy();
  });

  it('shows a fee as €{amount}M, and none for an empty or "0" fee; a flag only with a code', async () => {
    server.use(
      transfersHandler([
        {
          ...transferTeams[0]!,
          arrivals: [
            createTransferPlayer({ name: 'Fee Small', valor: '0.5', flag: 'pt' }),
            createTransferPlayer({ name: 'Fee Zero', valor: '0' }),
            createTransferPlayer({ name: 'Fee Empty', valor: '' }),
            createTransferPlayer({ name: 'Fee Round', valor: '121' }),
            createTransferPlayer({ name: 'Fee Tenths', valor: '52.2' }),
          ],
        },
      ]),
    );
    renderTransfers();
    const chelsea = await openCard('Chelsea');
    expect(panelRows(chelsea)).toEqual([
      'Fee RoundElsewhere FC · Transfer€121M',
      'Fee TenthsElsewhere FC · Transfer€52.2M',
      'Fee SmallElsewhere FC · Transfer€0.5M',
      'Fee ZeroElsewhere FC · Transfer',
      'Fee EmptyElsewhere FC · Transfer',
    ]);
    const rows = within(within(chelsea).getByRole('tabpanel')).getAllByRole('listitem');
    expect(within(rows[2]!).getByRole('img', { name: 'Portugal' })).toBeTruthy();
    expect(rows[0]!.querySelector('[data-flag]')).toBeNull();
  });

  it('replaces a broken player photo with a placeholder', async () => {
    renderTransfers('/transfers?league=bundesliga');
    const bayern = await openCard('Bayern Munich');
    const row = within(within(bayern).getByRole('tabpanel')).getByRole('listitem');
    const photo = row.querySelector('img');
    expect(photo?.getAttribute('src')).toBe('/img/player/marcel-sabitzer.svg');
    fireEvent.error(photo as HTMLImageElement);
    expect(row.querySelector('img')).toBeNull();
    expect(row.querySelector('span[aria-hidden="true"]')).toBeTruthy();
  });

  it('lists a long list in full in the page, with no scroll box inside the card', async () => {
    server.use(
      transfersHandler([
        {
          ...transferTeams[0]!,
          arrivals: Array.from({ length: 40 }, (_, i) =>
            createTransferPlayer({ name: `Player Number${i}`, valor: String(40 - i) }),
          ),
        },
      ]),
    );
    renderTransfers();
    const chelsea = await openCard('Chelsea');
    expect(panelRows(chelsea)).toHaveLength(40);
    for (const box of [chelsea, ...chelsea.querySelectorAll('*')]) {
      expect(box.className.toString()).not.toMatch(/\bmax-h-|\boverflow-(y-)?(auto|scroll)\b/);
    }
  });

  it('shows each club collapsed to its counts, and opens and closes it with the keyboard', async () => {
    renderTransfers();
    const chelsea = await screen.findByRole('article', { name: 'Chelsea' });
    expect(within(chelsea).queryByRole('tabpanel')).toBeNull();
    const toggle = within(chelsea).getByRole('button', { expanded: false });
    expect(toggle.textContent).toMatch(/In\s*5.*Out\s*1.*Rumors\s*1/);
    expect(toggle.getAttribute('aria-controls')).toBeTruthy();

    toggle.focus();
    await userEvent.keyboard('{Enter}');
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const moves = document.getElementById(toggle.getAttribute('aria-controls') ?? '');
    expect(moves?.contains(within(chelsea).getByRole('tabpanel'))).toBe(true);
    expect(panelRows(chelsea)).toHaveLength(5);

    await userEvent.keyboard(' ');
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(within(chelsea).queryByRole('tabpanel')).toBeNull();
  });

  it('opens on the first league, then on the league the fan chose last', async () => {
    const leagues = recordTransferRequests();
    renderTransfers('/transfers');
    expect(
      await screen.findByText('Showing 2 team(s) with transfer activity in Premier League'),
    ).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Serie A' }));
    await screen.findByText('Showing 1 team(s) with transfer activity in Serie A');
    cleanup();
    queryClient?.clear();

    renderTransfers('/transfers');
    expect(
      await screen.findByText('Showing 1 team(s) with transfer activity in Serie A'),
    ).toBeTruthy();
    expect(leagues).toEqual(['premier-league', 'serie-a', 'serie-a']);
  });

  it('finds a club by name in any league, fetching every league only for the search', async () => {
    const leagues = recordTransferRequests();
    renderTransfers('/transfers?league=premier-league');
    await screen.findByText('Showing 2 team(s) with transfer activity in Premier League');
    expect(leagues).toEqual(['premier-league']);

    await userEvent.type(screen.getByRole('searchbox', { name: /find a club/i }), 'bayern');
    expect(await screen.findByText('1 club(s) matching “bayern” in all leagues')).toBeTruthy();
    expect(cardNames()).toEqual(['Bayern Munich']);
    expect(leagues).toEqual(['premier-league', 'all']);

    await userEvent.clear(screen.getByRole('searchbox', { name: /find a club/i }));
    await userEvent.type(screen.getByRole('searchbox', { name: /find a club/i }), 'nobody');
    expect(await screen.findByText('No club with transfer activity matches “nobody”')).toBeTruthy();
    expect(cardNames()).toEqual([]);
  });

  it('shows skeleton cards while loading', async () => {
    renderTransfers();
    expect(screen.getByLabelText('Loading transfers').getAttribute('aria-busy')).toBe('true');
    await screen.findByText('Showing 4 team(s) with transfer activity');
    expect(screen.queryByLabelText('Loading transfers')).toBeNull();
  });

  it('alerts "Failed to load transfer data. Please try again later." once 3 retries have failed', async () => {
    // Fake timers rather than retry: false, so the client's own policy runs: 1 + 3 attempts,
    // 1 s, 2 s and 4 s apart; the clock is moved on instead of waited for.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    let requests = 0;
    server.use(
      http.get('/api/transfers', () => {
        requests++;
        return HttpResponse.json({ error: 'Internal Server Error' }, { status: 500 });
      }),
    );
    renderTransfers();
    const failures = () => queryClient?.getQueryState(['transfers', 'all'])?.fetchFailureCount;
    // Poll with real turns of the event loop (vi.waitFor would move the fake clock on).
    const failed = async (times: number) => {
      for (let turn = 0; turn < 1000 && failures() !== times; turn++) {
        await new Promise((resolve) => setImmediate(resolve));
      }
      expect(failures()).toBe(times);
    };
    for (const [attempt, delay] of [
      [1, 1000],
      [2, 2000],
      [3, 4000],
    ] as const) {
      await failed(attempt);
      expect(screen.queryByRole('alert')).toBeNull();
      await act(() => vi.advanceTimersByTimeAsync(delay));
    }
    await failed(4);
    // The page hears of it on (fake) timers of its own: move the clock on a little at a time.
    for (let ms = 0; ms < 1000 && screen.queryByRole('alert') === null; ms += 10) {
      await act(() => vi.advanceTimersByTimeAsync(10));
    }
    expect(requests).toBe(4);
    expect(screen.getByRole('alert').textContent).toBe(
      'Failed to load transfer data. Please try again later.',
    );
    expect(screen.queryAllByRole('article')).toHaveLength(0);
  });

  it('keeps the data five minutes and does not refetch when the window regains focus', async () => {
    const leagues = recordTransferRequests();
    renderTransfers();
    await screen.findByText('Showing 4 team(s) with transfer activity');
    act(() => {
      window.dispatchEvent(new Event('focus'));
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(leagues).toEqual(['all']);
    await waitFor(() =>
      expect(queryClient?.getQueryState(['transfers', 'all'])?.status).toBe('success'),
    );
  });
});
