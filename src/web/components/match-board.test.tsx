import { focusManager, QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { http, HttpResponse } from 'msw/http';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { server } from '../../../tests/helpers/msw-server.ts';
import { createBoardMatch, todayMatchesHandler } from '../../../tests/mocks/touchline-api.ts';
import { startLiveUpdates } from '../api/live.ts';
import { createQueryClient } from '../api/query-client.ts';
import { FAVOURITES_STORAGE_KEY, favouritesStore } from '../hooks/use-favourites.ts';
import { FavouriteButton } from './favourite-button.tsx';
import { MatchBoard } from './match-board.tsx';

// The browser's clock: 17:30 on Saturday 21 November 2026 in GMT+2.
const NOW = Date.parse('2026-11-21T15:30:00Z');
const ago = (minutes: number) => new Date(NOW - minutes * 60_000).toISOString();

let queryClient: QueryClient | undefined;

function renderBoard(props: { pageSize?: number; onlyFavourites?: boolean } = {}) {
  queryClient = createQueryClient();
  render(
    <MemoryRouter>
      <QueryClientProvider client={queryClient}>
        <MatchBoard {...props} />
      </QueryClientProvider>
    </MemoryRouter>,
  );
}

/**
 * Answers the board with `matches`. The server's clock is the browser's unless `serverNow` says
 * otherwise; the data was updated at `updatedAt`, or 5 s before each answer.
 */
function answer(matches: unknown, options: { serverNow?: () => number; updatedAt?: number } = {}) {
  const serverNow = options.serverNow ?? (() => Date.now());
  server.use(
    todayMatchesHandler(matches, {
      serverNow: () => new Date(serverNow()),
      ...(options.updatedAt === undefined ? {} : { updatedAt: new Date(options.updatedAt) }),
    }),
  );
}

/** An EventSource stand-in the test speaks through for the server. */
class FakeEventSource extends EventTarget {
  static last: FakeEventSource | undefined;
  readyState = 0;

  readonly url: string;

  constructor(url: string) {
    super();
    this.url = url;
    FakeEventSource.last = this;
  }

  close() {
    this.readyState = 2;
  }

  emit(type: string, data: unknown, id = '') {
    this.dispatchEvent(new MessageEvent(type, { data: JSON.stringify(data), lastEventId: id }));
  }
}

let stopLive: (() => void) | undefined;

/** Opens the live stream (as the site does past the gate) and returns it, once ready. */
function openLiveStream(): FakeEventSource {
  if (queryClient === undefined) throw new Error('render the board first');
  stopLive = startLiveUpdates({
    queryClient,
    EventSource: FakeEventSource,
    document,
    random: () => 0,
  });
  const stream = FakeEventSource.last as FakeEventSource;
  act(() => {
    stream.readyState = 1;
    stream.emit('ready', {}, '1764150000000-1');
  });
  return stream;
}

/** The board's match rows, once loaded (skeleton and placeholder rows are hidden from roles). */
const findRows = () => screen.findAllByRole('listitem');

function describeRow(row: HTMLElement) {
  return {
    label: row.getAttribute('aria-label'),
    badge: within(row).getByTestId('badge').textContent,
    score: within(row).getByTestId('score').textContent,
    minute: within(row).queryByTestId('minute')?.textContent ?? null,
  };
}

async function findOnlyRow() {
  const rows = await findRows();
  expect(rows).toHaveLength(1);
  return describeRow(rows[0] as HTMLElement);
}

beforeEach(() => {
  // Only Date is faked (and stands still): timers stay real, so Testing Library can wait.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
});

afterEach(() => {
  stopLive?.();
  stopLive = undefined;
  cleanup();
  queryClient?.clear();
  queryClient = undefined;
  vi.useRealTimers();
});

describe('status codes', () => {
  it.each([
    ['-1 (scheduled)', { status: -1, result: 'x-x', hour: '21:00' }, 'VS', '21:00', null],
    ['0 (live)', { status: 0, result: '1-0', minute: '67' }, 'LIVE', '1-0', "67'"],
    [
      '1 (full time)',
      { status: 1, result: '2-1', minute: '90', date: ago(110) },
      'FT',
      '2-1',
      null,
    ],
    ['2 (postponed)', { status: 2, result: 'x-x' }, 'POSTPONED', '0-0', null],
    ['3 (extra time)', { status: 3, result: '1-1', minute: '105' }, 'ET', '1-1', "105'"],
    ['4 (penalties)', { status: 4, result: '2-2', minute: '120+3' }, 'PENS', '2-2', "120+3'"],
    ['5 (half-time)', { status: 5, result: '1-0', minute: 'HT' }, 'HT', '1-0', null],
    ['9 (unknown)', { status: 9, result: 'x-x', minute: '67' }, 'VS', '0-0', null],
    ["'weird' (unknown)", { status: 'weird', result: '3-0', minute: '67' }, 'VS', '3-0', null],
  ])(
    'shows status %s with its badge, score and minute',
    async (_, fields, badge, score, minute) => {
      answer([createBoardMatch({ id: 1, hour: '21:00', ...fields })]);
      renderBoard();

      const row = await findOnlyRow();

      expect(row).toMatchObject({ badge, score, minute });
      expect(row.label).toBe(`Arsenal v Chelsea, ${badge}${minute ? ` ${minute}` : ''}, ${score}`);
    },
  );
});

describe('score area', () => {
  it.each([
    [
      'the kick-off time before the match, even with a result',
      { status: -1, result: '0-0' },
      '21:00',
    ],
    ['the result once the match has started', { status: 0, result: '2-0' }, '2-0'],
    ['0-0 while the result is "x-x"', { status: 0, result: 'x-x' }, '0-0'],
    ['0-0 when the result is missing', { status: 0, result: undefined }, '0-0'],
    ['0-0 for a match to come with no kick-off time', { status: -1, hour: '' }, '0-0'],
  ])('shows %s', async (_, fields, score) => {
    answer([createBoardMatch({ id: 1, hour: '21:00', ...fields })]);
    renderBoard();

    expect((await findOnlyRow()).score).toBe(score);
  });
});

describe('minute display', () => {
  it.each([
    ['67', "67'"],
    ['45+2', "45+2'"],
    ['HT', 'HT'],
    ["90+4'", "90+4'"],
    [67, "67'"],
  ])('shows a live minute of %j as %j', async (minute, shown) => {
    answer([createBoardMatch({ id: 1, status: 0, result: '1-0', minute })]);
    renderBoard();

    expect((await findOnlyRow()).minute).toBe(shown);
  });

  it('shows no minute before kick-off, at full time or at half-time', async () => {
    answer([
      createBoardMatch({ id: 1, status: -1, minute: '0', date: ago(-60) }),
      createBoardMatch({ id: 2, status: 1, minute: '90', result: '1-0', date: ago(110) }),
      createBoardMatch({ id: 3, status: 5, minute: '45', result: '0-0', date: ago(50) }),
    ]);
    renderBoard();

    const rows = (await findRows()).map(describeRow);

    expect(rows.map((r) => [r.badge, r.minute])).toEqual([
      ['HT', null],
      ['VS', null],
      ['FT', null],
    ]);
  });
});

describe('derived half-time', () => {
  it('shows a match reported finished, kicked off 50 minutes ago, at minute HT as half-time', async () => {
    answer([createBoardMatch({ id: 1, status: 1, result: '1-0', minute: 'HT', date: ago(50) })]);
    renderBoard();

    expect(await findOnlyRow()).toMatchObject({ badge: 'HT', score: '1-0', minute: null });
    const strip = screen.getByRole('status');
    expect(within(strip).getByText('HT')).toBeTruthy();
    expect(within(strip).queryByText('LIVE')).toBeNull();
    expect(within(strip).getByText('Updates every 2m')).toBeTruthy();
  });

  it.each([
    ['at minute 45, an hour in', { minute: '45', date: ago(60) }, 'HT'],
    ['at 45+2 under another field name', { minute: '', live_minute: '45+2', date: ago(48) }, 'HT'],
    ['at HT, exactly two hours in', { minute: 'HT', date: ago(120) }, 'HT'],
    ['at HT, more than two hours in', { minute: 'HT', date: ago(121) }, 'FT'],
    ['at HT, not yet kicked off', { minute: 'HT', date: ago(-10) }, 'FT'],
    ['at minute 90, 50 minutes in', { minute: '90', date: ago(50) }, 'FT'],
    ['at HT, without a kick-off date', { minute: 'HT', date: undefined }, 'FT'],
  ])('shows a finished match %s as $2', async (_, fields, badge) => {
    answer([createBoardMatch({ id: 1, status: 1, result: '1-0', ...fields })]);
    renderBoard();

    expect((await findOnlyRow()).badge).toBe(badge);
  });
});

describe('live order', () => {
  it('lists matches in play (half-time, extra time too), then those to come, then finished (latest first), then the rest', async () => {
    const match = (id: string, status: number, kickoffMinutesAgo: number, minute = '') =>
      createBoardMatch({
        id,
        local: id,
        visitor: 'Opponent',
        status,
        minute,
        result: status === -1 ? 'x-x' : '0-0',
        date: ago(kickoffMinutesAgo),
      });
    answer([
      match('finished-early', 1, 180, '90'),
      match('later-tonight', -1, -210),
      match('live-late', 0, 60, '60'),
      match('half-time', 5, 50, 'HT'),
      match('finished-late', 1, 150, '90'),
      match('this-evening', -1, -90),
      match('live-early', 0, 90, '90'),
      match('postponed', 2, 270),
      match('extra-time', 3, 120, '105'),
      match('derived-half-time', 1, 48, 'HT'),
    ]);
    renderBoard({ pageSize: 10 });

    const rows = await findRows();

    expect(rows.map((row) => row.getAttribute('aria-label')?.split(' v ')[0])).toEqual([
      'extra-time',
      'live-early',
      'live-late',
      'half-time',
      'derived-half-time',
      'this-evening',
      'later-tonight',
      'finished-late',
      'finished-early',
      'postponed',
    ]);
  });
});

describe('pages', () => {
  const sixMatches = Array.from({ length: 6 }, (_, i) =>
    createBoardMatch({
      id: i + 1,
      local: `Home ${i + 1}`,
      visitor: `Away ${i + 1}`,
      hour: `1${i}:00`,
      date: ago(-60 * (i + 1)),
    }),
  );

  it('shows 4 matches a page, with placeholder rows filling the last page', async () => {
    const user = userEvent.setup();
    answer(sixMatches);
    renderBoard();

    const nav = screen.getByRole('navigation', { name: 'Board pages' });
    const previous = within(nav).getByRole('button', { name: 'Previous' });
    const next = within(nav).getByRole('button', { name: 'Next' });
    const firstPage = await findRows();
    expect(firstPage.map((r) => describeRow(r).score)).toEqual([
      '10:00',
      '11:00',
      '12:00',
      '13:00',
    ]);
    expect(screen.queryAllByTestId('placeholder-row')).toHaveLength(0);
    expect(within(nav).getByText('1 / 2')).toBeTruthy();
    expect(within(nav).getByText('Showing 1-4 of 6 matches')).toBeTruthy();
    expect(previous).toHaveProperty('disabled', true);
    expect(next).toHaveProperty('disabled', false);

    await user.click(next);

    expect(screen.getAllByRole('listitem').map((r) => describeRow(r).score)).toEqual([
      '14:00',
      '15:00',
    ]);
    expect(screen.getAllByTestId('placeholder-row')).toHaveLength(2);
    expect(within(nav).getByText('2 / 2')).toBeTruthy();
    expect(within(nav).getByText('Showing 5-6 of 6 matches')).toBeTruthy();
    expect(previous).toHaveProperty('disabled', false);
    expect(next).toHaveProperty('disabled', true);

    await user.click(previous);

    expect(screen.getAllByRole('listitem')).toHaveLength(4);
    expect(within(nav).getByText('1 / 2')).toBeTruthy();
    expect(within(nav).getByText('Showing 1-4 of 6 matches')).toBeTruthy();
  });

  it('fills a single short page with placeholders and disables both buttons', async () => {
    answer(sixMatches.slice(0, 3));
    renderBoard();

    expect(await findRows()).toHaveLength(3);
    expect(screen.getAllByTestId('placeholder-row')).toHaveLength(1);
    expect(screen.getByText('1 / 1')).toBeTruthy();
    expect(screen.getByText('Showing 1-3 of 3 matches')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Previous' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Next' })).toHaveProperty('disabled', true);
  });
});

describe('loading, error and empty states', () => {
  it('shows a page of skeleton rows while loading', async () => {
    answer([createBoardMatch({ id: 1 })]);
    renderBoard();

    expect(screen.getAllByTestId('skeleton-row')).toHaveLength(4);
    expect(screen.queryAllByRole('listitem')).toHaveLength(0);

    expect(await findRows()).toHaveLength(1);
    expect(screen.queryAllByTestId('skeleton-row')).toHaveLength(0);
  });

  it('says "Failed to load matches" once the request has failed and been retried 3 times', async () => {
    // Fake timers rather than retry: false, so the client's own policy runs: 1 + 3 attempts,
    // 1 s, 2 s and 4 s apart.
    vi.useFakeTimers({
      toFake: ['Date', 'setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'],
    });
    vi.setSystemTime(NOW);
    let requests = 0;
    server.use(
      http.get('/api/matches/today', () => {
        requests++;
        return HttpResponse.json({ error: 'Internal Server Error' }, { status: 500 });
      }),
    );
    renderBoard();
    const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
    // Each failure is recorded just before the wait for the next attempt starts. Poll with real
    // turns of the event loop (vi.waitFor would move the fake clock on while it polls).
    const failed = async (times: number) => {
      const failures = () =>
        queryClient?.getQueryState(['matches', 'today', 'all'])?.fetchFailureCount;
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
      await advance(delay - 1);
      expect(requests).toBe(attempt);
      expect(screen.getAllByTestId('skeleton-row')).toHaveLength(4);
      expect(screen.queryByText('Failed to load matches')).toBeNull();
      await advance(1);
    }
    await failed(4);
    await advance(0);

    expect(requests).toBe(4);
    expect(screen.getByText('Failed to load matches')).toBeTruthy();
    expect(screen.queryAllByTestId('skeleton-row')).toHaveLength(0);
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('says "No matches today" for an empty list', async () => {
    answer([]);
    renderBoard();

    expect(await screen.findByText('No matches today')).toBeTruthy();
    expect(screen.getByText('No live matches right now')).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
  });
});

describe('status strip', () => {
  beforeEach(() => {
    // useNow ticks on setInterval: fake it too, and advance the clock by hand.
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
    vi.setSystemTime(NOW);
  });

  it('shows the refresh interval, the age of the data ticking each second and a LIVE badge', async () => {
    answer(
      [
        createBoardMatch({ id: 1, status: 0, result: '1-0', minute: '67', date: ago(70) }),
        createBoardMatch({ id: 2, status: -1 }),
      ],
      { updatedAt: NOW - 5000 },
    );
    renderBoard();

    const strip = await screen.findByRole('status');
    expect(within(strip).getByText('LIVE')).toBeTruthy();
    expect(within(strip).queryByText('HT')).toBeNull();
    expect(within(strip).getByText('Updates every 30s')).toBeTruthy();
    expect(within(strip).getByText('Updated 5s ago')).toBeTruthy();

    await act(() => vi.advanceTimersByTimeAsync(1000));

    expect(within(strip).getByText('Updated 6s ago')).toBeTruthy();

    // Refreshed twice meanwhile, but the data itself has not changed since.
    await act(() => vi.advanceTimersByTimeAsync(60_000));

    expect(within(strip).getByText('Updated 1m ago')).toBeTruthy();
  });

  it.each([
    ['extra time', 3],
    ['penalties', 4],
  ])('counts %s as live', async (_, status) => {
    answer([createBoardMatch({ id: 1, status, result: '1-1', minute: '100' })]);
    renderBoard();

    const strip = await screen.findByRole('status');
    expect(within(strip).getByText('LIVE')).toBeTruthy();
    expect(within(strip).getByText('Updates every 30s')).toBeTruthy();
  });

  it('shows an HT badge and "Updates every 2m" when the only match in play is at half-time', async () => {
    answer([
      createBoardMatch({ id: 1, status: 5, result: '0-0', minute: 'HT', date: ago(50) }),
      createBoardMatch({ id: 2, status: 1, result: '2-1', minute: '90', date: ago(200) }),
    ]);
    renderBoard();

    const strip = await screen.findByRole('status');
    expect(within(strip).getByText('HT')).toBeTruthy();
    expect(within(strip).queryByText('LIVE')).toBeNull();
    expect(within(strip).getByText('Updates every 2m')).toBeTruthy();
    expect(within(strip).getByText('Updated 5s ago')).toBeTruthy();
  });

  it('shows both badges and the live interval when one match is live and another at half-time', async () => {
    answer([
      createBoardMatch({ id: 1, status: 0, result: '0-0', minute: '12', date: ago(12) }),
      createBoardMatch({ id: 2, status: 5, result: '0-0', minute: 'HT', date: ago(50) }),
    ]);
    renderBoard();

    const strip = await screen.findByRole('status');
    expect(within(strip).getByText('LIVE')).toBeTruthy();
    expect(within(strip).getByText('HT')).toBeTruthy();
    expect(within(strip).getByText('Updates every 30s')).toBeTruthy();
  });

  it("measures the age on the server's clock (x-server-time), whatever the browser's clock says", async () => {
    // The server's clock is pinned to a replayed afternoon; the browser lives the next morning.
    vi.setSystemTime(Date.parse('2026-11-22T08:00:00Z'));
    answer([createBoardMatch({ id: 1, status: 0, result: '1-0', minute: '67' })], {
      serverNow: () => NOW,
    });
    renderBoard();

    const strip = await screen.findByRole('status');
    expect(within(strip).getByText('Updated 5s ago')).toBeTruthy();

    await act(() => vi.advanceTimersByTimeAsync(1000));

    expect(within(strip).getByText('Updated 6s ago')).toBeTruthy();
  });

  it('shows no strip, only a quiet line, when nothing is being played', async () => {
    answer([
      createBoardMatch({ id: 1, status: -1 }),
      createBoardMatch({ id: 2, status: 1, result: '2-1', minute: '90', date: ago(200) }),
    ]);
    renderBoard();

    expect(await screen.findByText('No live matches right now')).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.queryByText(/^Updates every/)).toBeNull();
  });
});

describe('live stream', () => {
  const liveAnswer = (result: string) => [
    createBoardMatch({ id: 1, status: 0, result, minute: '67', date: ago(70) }),
    createBoardMatch({ id: 2, status: 0, result: '0-0', minute: '20', date: ago(20) }),
  ];

  it('says "Live" while the stream is open, and the refresh interval once it is down', async () => {
    answer(liveAnswer('1-0'), { updatedAt: NOW - 5000 });
    renderBoard();
    const strip = await screen.findByRole('status');
    expect(within(strip).getByText('Updates every 30s')).toBeTruthy();

    const stream = openLiveStream();

    expect(within(strip).getByText('Live')).toBeTruthy();
    expect(within(strip).queryByText(/^Updates every/)).toBeNull();
    expect(within(strip).getByText('LIVE')).toBeTruthy();
    expect(within(strip).getByText(/^Updated \d+s ago$/)).toBeTruthy();

    act(() => {
      stream.readyState = 2;
      stream.dispatchEvent(new Event('error'));
    });

    expect(within(strip).queryByText('Live')).toBeNull();
    expect(within(strip).getByText('Updates every 30s')).toBeTruthy();
  });

  it("highlights a row's score for 2 s when its result changes", async () => {
    answer(liveAnswer('1-0'));
    renderBoard();
    await findRows();
    const stream = openLiveStream();
    // The fresh stream's first ready refetches the board: let that answer land first.
    await waitFor(() => expect(queryClient?.isFetching()).toBe(0));
    const scores = () => screen.getAllByTestId('score');
    expect(scores().map((score) => score.getAttribute('data-flash'))).toEqual([null, null]);

    vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'] });
    vi.setSystemTime(NOW);
    const [goal] = liveAnswer('2-0');
    // The query cache tells the board on a 0 ms timer.
    await act(async () => {
      stream.emit('matches', { at: NOW, matches: [goal] }, '1764150000000-2');
      await vi.advanceTimersByTimeAsync(0);
    });

    expect(scores().map((score) => [score.textContent, score.getAttribute('data-flash')])).toEqual([
      ['2-0', 'true'],
      ['0-0', null],
    ]);

    await act(() => vi.advanceTimersByTimeAsync(1999));
    expect(scores()[0]?.getAttribute('data-flash')).toBe('true');

    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(scores().map((score) => score.getAttribute('data-flash'))).toEqual([null, null]);
    expect(scores()[0]?.textContent).toBe('2-0');
  });
});

describe('refresh', () => {
  const KEY = ['matches', 'today', 'all'];
  const loads = () => queryClient?.getQueryState(KEY)?.dataUpdateCount ?? 0;
  const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
  /** Lets a fetch under way finish (real turns of the event loop), then renders its result. */
  async function settle() {
    for (let turn = 0; turn < 1000 && (queryClient?.isFetching() ?? 0) > 0; turn++) {
      await new Promise((resolve) => setImmediate(resolve));
    }
    await advance(0);
  }

  beforeEach(() => {
    vi.useFakeTimers({
      toFake: ['Date', 'setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'],
    });
    vi.setSystemTime(NOW);
  });

  afterEach(() => {
    focusManager.setFocused(undefined);
  });

  it.each([
    ['a match is being played', { status: 0, minute: '67' }, 30_000],
    ['a match is at half-time', { status: 5, minute: 'HT' }, 120_000],
    ['nothing is being played', { status: -1 }, 300_000],
  ])('refreshes the board every $2 ms when $0', async (_, fields, intervalMs) => {
    answer([createBoardMatch({ id: 1, result: '0-0', ...fields })]);
    renderBoard();
    await settle();
    expect(loads()).toBe(1);

    await advance(intervalMs - 1);
    await settle();
    expect(loads()).toBe(1);

    await advance(1);
    await settle();
    expect(loads()).toBe(2);
  });

  it('does not poll while the live stream is open, and polls again once it is down', async () => {
    answer([createBoardMatch({ id: 1, status: 0, result: '0-0', minute: '67' })]);
    renderBoard();
    await settle();
    expect(loads()).toBe(1);
    const stream = openLiveStream();
    // The fresh stream's first ready refetches once.
    await settle();
    expect(loads()).toBe(2);

    await advance(90_000);
    await settle();
    expect(loads()).toBe(2);

    act(() => {
      stream.readyState = 2;
      stream.dispatchEvent(new Event('error'));
    });
    await advance(30_000);
    await settle();
    expect(loads()).toBe(3);
  });

  it('does not refresh in a hidden tab, and refreshes when the window is focused again', async () => {
    answer([createBoardMatch({ id: 1, status: 0, result: '0-0', minute: '67' })]);
    renderBoard();
    await settle();
    expect(loads()).toBe(1);

    focusManager.setFocused(false);
    await advance(90_000);
    await settle();
    expect(loads()).toBe(1);

    await act(() => focusManager.setFocused(true));
    await settle();
    expect(loads()).toBe(2);
  });
});

describe('bad input', () => {
  it('hides missing, empty or non-text shields and keeps the row', async () => {
    answer([
      createBoardMatch({ id: 1, status: 0, minute: '10', local_shield: undefined }),
      createBoardMatch({ id: 2, status: 0, minute: '20', local_shield: '', visitor_shield: null }),
      createBoardMatch({ id: 3, status: 0, minute: '30', visitor_shield: { src: '/x.svg' } }),
      createBoardMatch({ id: 4, status: 0, minute: '40' }),
    ]);
    renderBoard();

    const rows = await findRows();

    // A crest is decorative (alt ""), so it has no role to query by.
    // Crests only: the competition's flag is a picture too.
    expect(rows.map((row) => row.querySelectorAll('img:not([data-flag])').length)).toEqual([
      1, 0, 1, 2,
    ]);
    expect(rows.map((row) => describeRow(row).badge)).toEqual(['LIVE', 'LIVE', 'LIVE', 'LIVE']);
  });

  it('hides a shield whose image fails to load', async () => {
    answer([
      createBoardMatch({ id: 1, status: 0, minute: '10', local_shield: '/img/missing.svg' }),
    ]);
    renderBoard();
    const [row] = await findRows();
    const broken = row?.querySelector('img[src="/img/missing.svg"]');
    expect(broken).toBeTruthy();

    fireEvent.error(broken as Element);

    expect(row?.querySelector('img[src="/img/missing.svg"]')).toBeNull();
    expect(row?.querySelectorAll('img:not([data-flag])')).toHaveLength(1);
  });

  it.each(['live_minute', 'liveMinute', 'minute_of_play', 'elapsed', 'current_minute', 'time'])(
    'reads a live minute sent as %s',
    async (field) => {
      const { minute: _, ...rest } = createBoardMatch({ id: 1, status: 0, result: '1-0' });
      answer([{ ...rest, [field]: '67' }]);
      renderBoard();

      expect(await findOnlyRow()).toMatchObject({ badge: 'LIVE', minute: "67'" });
    },
  );

  it('reads a live minute under another name when minute is empty', async () => {
    answer([createBoardMatch({ id: 1, status: 0, result: '1-0', minute: '', elapsed: 45 })]);
    renderBoard();

    expect((await findOnlyRow()).minute).toBe("45'");
  });

  it.each([
    ['a code out of range', 9],
    ['a word', 'weird'],
    ['null', null],
    ['an object', { code: 0 }],
    ['nothing', undefined],
  ])('shows VS for a status that is %s', async (_, status) => {
    answer([createBoardMatch({ id: 1, status, result: 'x-x', minute: '67' })]);
    renderBoard();

    expect(await findOnlyRow()).toMatchObject({ badge: 'VS', score: '0-0', minute: null });
  });

  it('shows 0-0 for a live result of "x-x" in any case', async () => {
    answer([
      createBoardMatch({ id: 1, status: 0, result: 'x-x', minute: '5' }),
      createBoardMatch({ id: 2, status: 0, result: 'X-X', minute: '6' }),
    ]);
    renderBoard();

    expect((await findRows()).map((r) => describeRow(r).score)).toEqual(['0-0', '0-0']);
  });

  it('names missing or empty teams Home and Away', async () => {
    answer([
      createBoardMatch({ id: 1, status: 0, minute: '5', local: undefined, visitor: '' }),
      createBoardMatch({ id: 2, status: 0, minute: '6', local: null, visitor: { name: 'X' } }),
    ]);
    renderBoard();

    expect((await findRows()).map((r) => r.getAttribute('aria-label'))).toEqual([
      "Home v Away, LIVE 5', 0-0",
      "Home v Away, LIVE 6', 0-0",
    ]);
  });

  it.each([
    ['an object', { 0: createBoardMatch({ id: 1 }) }],
    ['a string', 'none today'],
    ['null', null],
    ['a number', 3],
  ])('treats matches that are %s as no matches', async (_, matches) => {
    answer(matches);
    renderBoard();

    expect(await screen.findByText('No matches today')).toBeTruthy();
    expect(screen.getByText('Showing 0-0 of 0 matches')).toBeTruthy();
  });

  it('treats an answer without matches as no matches', async () => {
    server.use(http.get('/api/matches/today', () => HttpResponse.json({})));
    renderBoard();

    expect(await screen.findByText('No matches today')).toBeTruthy();
  });

  it('reads numbers sent as strings and strings sent as numbers', async () => {
    answer([
      createBoardMatch({ id: '1', status: '0', result: '1-0', minute: 67, date: ago(70) }),
      createBoardMatch({ id: 2, status: ' -1 ', hour: '21:00', date: ago(-210) }),
      createBoardMatch({ id: '3', status: '1', result: '0-0', minute: 45, date: ago(50) }),
      createBoardMatch({ id: 4, status: '3', result: '2-2', minute: 97, date: ago(110) }),
    ]);
    renderBoard();

    expect((await findRows()).map(describeRow).map((r) => [r.badge, r.minute, r.score])).toEqual([
      ['ET', "97'", '2-2'],
      ['LIVE', "67'", '1-0'],
      ['HT', null, '0-0'],
      ['VS', null, '21:00'],
    ]);
  });

  it('shows every item when ids are repeated or missing', async () => {
    answer([
      createBoardMatch({ id: 1, status: 0, minute: '5', local: 'A' }),
      createBoardMatch({ id: '1', status: 0, minute: '6', local: 'B' }),
      createBoardMatch({ id: 1, status: 0, minute: '7', local: 'C' }),
      { ...createBoardMatch({ id: 4, status: 0, minute: '8', local: 'D' }), id: undefined },
    ]);
    renderBoard();

    expect((await findRows()).map((r) => r.getAttribute('aria-label')?.[0])).toEqual([
      'A',
      'B',
      'C',
      'D',
    ]);
  });

  it('skips items that are not objects and shows the rest', async () => {
    answer([null, 'Arsenal v Chelsea', 7, [], createBoardMatch({ id: 1, status: 0, minute: '5' })]);
    renderBoard();

    expect((await findOnlyRow()).badge).toBe('LIVE');
    expect(screen.getByText('Showing 1-1 of 1 matches')).toBeTruthy();
  });
});

describe('favourite clubs', () => {
  const match = (id: string, keys: [string, string], status: number, kickoffMinutesAgo: number) =>
    createBoardMatch({
      id,
      local: `${id} home`,
      visitor: `${id} away`,
      local_key: keys[0],
      visitor_key: keys[1],
      status,
      minute: status === 0 ? '30' : status === 1 ? '90' : '',
      result: status === -1 ? 'x-x' : '1-0',
      date: ago(kickoffMinutesAgo),
    });
  const board = [
    match('finished-fav', ['arsenal', 'chelsea'], 1, 150),
    match('live-other', ['juventus', 'napoli'], 0, 40),
    match('later-fav', ['inter', 'arsenal'], -1, -120),
    match('soon-other', ['liverpool', 'everton'], -1, -60),
    match('live-fav', ['milan', 'inter'], 0, 30),
  ];
  const star = (...clubs: string[]) =>
    window.localStorage.setItem(
      FAVOURITES_STORAGE_KEY,
      JSON.stringify(clubs.map((key) => ({ key, name: key }))),
    );
  const homeNames = (rows: HTMLElement[]) =>
    rows.map((row) => row.getAttribute('aria-label')?.split(' home v ')[0]);

  it("lists the favourite clubs' matches first, each group in live order, with a marker", async () => {
    star('arsenal', 'inter');
    favouritesStore.reload();
    answer(board);
    renderBoard({ pageSize: 10 });

    const rows = await findRows();
    expect(homeNames(rows)).toEqual([
      'live-fav',
      'later-fav',
      'finished-fav',
      'live-other',
      'soon-other',
    ]);
    expect(rows.map((row) => row.dataset.favourite ?? null)).toEqual([
      'true',
      'true',
      'true',
      null,
      null,
    ]);
    // The marker says which club in words, and shows a star beside that club's crest.
    expect(rows[1]?.getAttribute('aria-label')).toMatch(
      /, my clubs: later-fav home and later-fav away$/,
    );
    expect(rows[2]?.getAttribute('aria-label')).toMatch(/, my club: finished-fav home$/);
    expect(rows[2]?.querySelectorAll('svg')).toHaveLength(1);
    expect(rows[3]?.querySelectorAll('svg')).toHaveLength(0);
  });

  it('keeps the live order when no club is a favourite', async () => {
    answer(board);
    renderBoard({ pageSize: 10 });
    expect(homeNames(await findRows())).toEqual([
      'live-other',
      'live-fav',
      'soon-other',
      'later-fav',
      'finished-fav',
    ]);
  });

  it("shows only the favourite clubs' matches under My clubs, from the first page", async () => {
    star('chelsea');
    favouritesStore.reload();
    answer(board);
    renderBoard({ pageSize: 10, onlyFavourites: true });
    expect(homeNames(await findRows())).toEqual(['finished-fav']);
    expect(screen.getByTestId('showing').textContent).toBe('Showing 1-1 of 1 matches');
  });

  it('says so when none of the favourite clubs plays today', async () => {
    star('bayern');
    favouritesStore.reload();
    answer(board);
    renderBoard({ pageSize: 10, onlyFavourites: true });
    expect(await screen.findByText('None of my clubs play today')).toBeTruthy();
  });

  it('moves a match to the top as soon as a star is pressed elsewhere on the page', async () => {
    answer(board);
    queryClient = createQueryClient();
    render(
      <MemoryRouter>
        <QueryClientProvider client={queryClient}>
          <FavouriteButton club={{ key: 'everton', name: 'Everton' }} />
          <MatchBoard pageSize={10} />
        </QueryClientProvider>
      </MemoryRouter>,
    );
    expect(homeNames(await findRows())[0]).toBe('live-other');
    await userEvent.click(screen.getByRole('button', { name: 'Add Everton to my clubs' }));
    expect(homeNames(await findRows())[0]).toBe('soon-other');
  });
});
