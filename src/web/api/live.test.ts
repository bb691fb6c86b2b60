import { QueryClient, QueryClientProvider, QueryObserver } from '@tanstack/react-query';
import { act, cleanup, renderHook } from '@testing-library/react';
import { http, HttpResponse } from 'msw/http';
import { createElement, type ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { server } from '../../../tests/helpers/msw-server.ts';
import { createBoardMatch } from '../../../tests/mocks/touchline-api.ts';
import type { MatchCentre } from '../../domain/api/match-centre.ts';
import type { LiveMatch } from '../../domain/live-match.ts';
import {
  getReconnectDelayMs,
  liveStatusStore,
  startLiveUpdates,
  useLiveStatus,
  type LiveUpdatesDeps,
} from './live.ts';
import { matchCentreQueryOptions, useMatchCentre } from './match-centre.ts';
import { todayMatchesQueryOptions, type TodayMatches } from './matches.ts';

const CONNECTING = 0;
const OPEN = 1;
const CLOSED = 2;

/** An EventSource stand-in: records every stream opened, and lets a test speak for the server. */
class FakeEventSource extends EventTarget {
  static instances: FakeEventSource[] = [];
  readyState = CONNECTING;
  closed = false;

  readonly url: string;

  constructor(url: string) {
    super();
    this.url = url;
    FakeEventSource.instances.push(this);
  }

  close() {
    this.closed = true;
    this.readyState = CLOSED;
  }

  emit(type: string, data: unknown, id = '') {
    const text = typeof data === 'string' ? data : JSON.stringify(data);
    this.dispatchEvent(new MessageEvent(type, { data: text, lastEventId: id }));
  }

  ready(id: string) {
    this.readyState = OPEN;
    this.emit('ready', {}, id);
  }

  fail(readyState: number) {
    this.readyState = readyState;
    this.dispatchEvent(new Event('error'));
  }
}

class FakeDocument extends EventTarget {
  visibilityState: DocumentVisibilityState = 'visible';

  show(state: DocumentVisibilityState) {
    this.visibilityState = state;
    this.dispatchEvent(new Event('visibilitychange'));
  }
}

const NOW = Date.parse('2026-11-21T15:30:00Z');
const BOARD_KEY = todayMatchesQueryOptions().queryKey;
const LEAGUE_BOARD_KEY = todayMatchesQueryOptions('serie-a').queryKey;
const MATCH_KEY = matchCentreQueryOptions('7').queryKey;

const liveMatch = (fields: Partial<LiveMatch> & { id: string | number }): LiveMatch => ({
  competition_name: 'Premier League',
  league_slug: 'premier-league',
  local: 'Arsenal',
  visitor: 'Chelsea',
  status: 0,
  result: '1-0',
  hour: '16:00',
  minute: '60',
  date: '2026-11-21T14:00:00.000Z',
  ...fields,
});

const boardMatches = [
  createBoardMatch({ id: 7, status: 0, result: '1-0', minute: '60' }),
  createBoardMatch({ id: '8', local: 'Liverpool', status: 0, result: '0-0', minute: '12' }),
  createBoardMatch({ id: 9, local: 'Leeds', status: -1 }),
];

const board: TodayMatches = {
  matches: boardMatches,
  updated_at: new Date(NOW - 60_000).toISOString(),
  updatedAtMs: NOW - 60_000,
};

const centre: MatchCentre = {
  match: {
    ...liveMatch({ id: 7 }),
    id: 7,
    home: { name: 'Arsenal', slug: 'arsenal', shield: '/img/crest/arsenal.svg' },
    away: { name: 'Chelsea', slug: 'chelsea', shield: '/img/crest/chelsea.svg' },
    ht_result: '1-0',
    kickoff_label: 'Nov 21, 16:00',
  },
  timeline: [],
  facts: {
    goals_recorded: true,
    assist_kind: 'assist',
    statistics: [],
    at_full_time: [],
    referee: null,
    shots: null,
    sources: [],
  },
  odds: null,
  market: null,
  predictions: [],
  form: { home: [], away: [] },
  head_to_head: {
    meetings: [],
    home_wins: 0,
    draws: 0,
    away_wins: 0,
    home_goals: 0,
    away_goals: 0,
  },
  standing: [],
  report: null,
};

let queryClient: QueryClient;
let page: FakeDocument;
let stop: (() => void) | undefined;
let requests: { board: number; match: number };

function start(overrides: Partial<LiveUpdatesDeps> = {}) {
  stop = startLiveUpdates({
    queryClient,
    EventSource: FakeEventSource,
    document: page,
    random: () => 0.5,
    ...overrides,
  });
}

const stream = (index = -1) => {
  const instance = FakeEventSource.instances.at(index);
  if (instance === undefined) throw new Error('no stream was opened');
  return instance;
};

/** The board and the match page on screen: their queries have observers, so they can refetch. */
async function showBoardAndMatch() {
  server.use(
    http.get('/api/matches/today', () => {
      requests.board++;
      return HttpResponse.json({ matches: boardMatches, updated_at: board.updated_at });
    }),
    http.get('/api/matches/7', () => {
      requests.match++;
      return HttpResponse.json(centre);
    }),
  );
  const observers = [
    new QueryObserver(queryClient, todayMatchesQueryOptions(undefined, true)),
    new QueryObserver(queryClient, matchCentreQueryOptions('7', true)),
  ];
  for (const observer of observers) onCleanup.push(observer.subscribe(() => {}));
  await vi.waitFor(() => expect(requests).toEqual({ board: 1, match: 1 }));
  await settle();
}

/** Waits for the refetches under way, if any, to finish. */
async function settle() {
  await vi.waitFor(() => expect(queryClient.isFetching()).toBe(0));
}

const onCleanup: (() => void)[] = [];

beforeEach(() => {
  FakeEventSource.instances = [];
  queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  page = new FakeDocument();
  requests = { board: 0, match: 0 };
});

afterEach(() => {
  // Unmounted first: a mounted query would fetch again once the cache is cleared.
  cleanup();
  stop?.();
  stop = undefined;
  for (const cleanup of onCleanup.splice(0)) cleanup();
  queryClient.clear();
  vi.useRealTimers();
});

describe('matches events', () => {
  it('updates the cached boards and match page in place, without a request', async () => {
    await showBoardAndMatch();
    queryClient.setQueryData(LEAGUE_BOARD_KEY, { ...board, matches: boardMatches.slice(1) });
    start();
    stream().ready('1764150000000-3');
    await settle();
    const before = { ...requests };
    const goal = liveMatch({ id: '7', result: '2-0', minute: '61' });
    const kickOff = liveMatch({ id: 9, local: 'Leeds', status: 0, result: '0-0', minute: '1' });
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);

    stream().emit('matches', { at: NOW, matches: [goal, kickOff] }, '1764150000000-4');

    expect(queryClient.isFetching()).toBe(0);
    const all = queryClient.getQueryData<TodayMatches>(BOARD_KEY);
    expect(all?.matches).toEqual([goal, boardMatches[1], kickOff]);
    expect(all?.updatedAtMs).toBe(NOW);
    const league = queryClient.getQueryData<TodayMatches>(LEAGUE_BOARD_KEY);
    expect(league?.matches).toEqual([boardMatches[1], kickOff]);
    expect(queryClient.getQueryData<MatchCentre>(MATCH_KEY)?.match).toEqual({
      ...centre.match,
      result: '2-0',
      minute: '61',
      status: 0,
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(requests).toEqual(before);
  });

  it('writes a pushed change again over an answer that was on its way when it came', async () => {
    await showBoardAndMatch();
    start();
    stream().ready('1764150000000-3');
    await settle();
    // The next answers are slow and still hold the score from before the goal.
    let answer: () => void = () => {};
    const answered = new Promise<void>((resolve) => {
      answer = resolve;
    });
    server.use(
      http.get('/api/matches/today', async () => {
        await answered;
        return HttpResponse.json({ matches: boardMatches, updated_at: board.updated_at });
      }),
      http.get('/api/matches/7', async () => {
        await answered;
        return HttpResponse.json(centre);
      }),
    );
    void queryClient.refetchQueries({ queryKey: BOARD_KEY });
    void queryClient.refetchQueries({ queryKey: MATCH_KEY });
    const goal = liveMatch({ id: '7', result: '2-0', minute: '61' });
    stream().emit('matches', { at: NOW, matches: [goal] }, '1764150000000-4');
    answer();
    await settle();

    expect(queryClient.getQueryData<TodayMatches>(BOARD_KEY)?.matches[0]).toEqual(goal);
    expect(queryClient.getQueryData<MatchCentre>(MATCH_KEY)?.match.result).toBe('2-0');
  });

  it('leaves a polled answer alone while the stream is down', async () => {
    await showBoardAndMatch();
    start();
    stream().ready('1764150000000-3');
    await settle();
    stream().emit(
      'matches',
      { at: NOW, matches: [liveMatch({ id: '7', result: '2-0' })] },
      '1764150000000-4',
    );
    stream().fail(CONNECTING);
    // While it reconnects the page polls, and the answer (say, a disallowed goal) is the truth.
    await queryClient.refetchQueries({ queryKey: BOARD_KEY });

    expect(queryClient.getQueryData<TodayMatches>(BOARD_KEY)?.matches[0]).toEqual(boardMatches[0]);
  });

  it('keeps a board item whose id only looks like another one', () => {
    queryClient.setQueryData(BOARD_KEY, board);
    start();

    stream().emit('matches', { at: NOW, matches: [liveMatch({ id: 70, result: '5-5' })] });

    expect(queryClient.getQueryData<TodayMatches>(BOARD_KEY)?.matches).toEqual(boardMatches);
  });

  it.each([
    ['not JSON', '{"at": 1, "matches": ['],
    ['without matches', { at: NOW }],
    [
      'with an item missing its result',
      { at: NOW, matches: [{ ...liveMatch({ id: 7 }), result: undefined }] },
    ],
    ['with a status as text', { at: NOW, matches: [{ ...liveMatch({ id: 7 }), status: '0' }] }],
    ['null', 'null'],
  ])('ignores an event that is %s', (_, data) => {
    queryClient.setQueryData(BOARD_KEY, board);
    queryClient.setQueryData(MATCH_KEY, centre);
    start();

    stream().emit('matches', data);

    expect(queryClient.getQueryData(BOARD_KEY)).toEqual(board);
    expect(queryClient.getQueryData(MATCH_KEY)).toEqual(centre);
  });
});

describe('match page refresh after a goal', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    vi.setSystemTime(NOW);
  });

  it('invalidates the match page once, 3 to 10 s after its score changed', async () => {
    queryClient.setQueryData(MATCH_KEY, centre);
    start({ random: () => 0.5 });
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    const matchRefreshes = () =>
      invalidate.mock.calls.filter(([filters]) => filters?.queryKey?.[0] === 'match').length;

    stream().emit('matches', { at: NOW, matches: [liveMatch({ id: 7, result: '2-0' })] });
    stream().emit('matches', { at: NOW, matches: [liveMatch({ id: 7, result: '2-1' })] });
    // 3 s + 0.5 of the 7 s spread.
    await vi.advanceTimersByTimeAsync(6499);
    expect(matchRefreshes()).toBe(0);
    expect(queryClient.getQueryState(MATCH_KEY)?.isInvalidated).toBe(false);

    await vi.advanceTimersByTimeAsync(1);
    expect(matchRefreshes()).toBe(1);
    expect(queryClient.getQueryState(MATCH_KEY)?.isInvalidated).toBe(true);

    await vi.advanceTimersByTimeAsync(10_000);
    expect(matchRefreshes()).toBe(1);
  });

  it('does not refresh the match page when only the minute or status changed', async () => {
    queryClient.setQueryData(MATCH_KEY, centre);
    start();

    stream().emit('matches', { at: NOW, matches: [liveMatch({ id: 7, minute: '62', status: 5 })] });
    await vi.advanceTimersByTimeAsync(20_000);

    expect(queryClient.getQueryData<MatchCentre>(MATCH_KEY)?.match).toMatchObject({
      minute: '62',
      status: 5,
    });
    expect(queryClient.getQueryState(MATCH_KEY)?.isInvalidated).toBe(false);
  });
});

describe('reload, ready and reconnection', () => {
  it('refetches the board and the match page on reload', async () => {
    await showBoardAndMatch();
    start();
    stream().ready('1764150000000-3');
    await vi.waitFor(() => expect(requests).toEqual({ board: 2, match: 2 }));
    await settle();

    stream().emit('reload', {}, '1764150000000-9');

    await vi.waitFor(() => expect(requests).toEqual({ board: 3, match: 3 }));
  });

  it("refetches once on a fresh stream's first ready, not after the browser reconnects it", async () => {
    await showBoardAndMatch();
    start();
    expect(stream().url).toBe('/api/live');

    stream().ready('1764150000000-3');
    await vi.waitFor(() => expect(requests).toEqual({ board: 2, match: 2 }));
    await settle();

    stream().fail(CONNECTING);
    stream().ready('1764150000000-5');
    await new Promise((resolve) => setTimeout(resolve, 50));

    expect(requests).toEqual({ board: 2, match: 2 });
    expect(FakeEventSource.instances).toHaveLength(1);
  });

  it('reopens a closed stream after a growing, jittered delay, from the last event seen', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    start({ random: () => 0 });
    stream().ready('1764150000000-3');
    stream().emit('matches', { at: NOW, matches: [] }, '1764150000000-4');

    stream().fail(CLOSED);

    expect(stream(0).closed).toBe(true);
    expect(liveStatusStore.getStatus()).toBe('down');
    await vi.advanceTimersByTimeAsync(1999);
    expect(FakeEventSource.instances).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(FakeEventSource.instances).toHaveLength(2);
    expect(stream().url).toBe('/api/live?last_event_id=1764150000000-4');
    expect(liveStatusStore.getStatus()).toBe('connecting');

    // Refused again: the wait doubles.
    stream().fail(CLOSED);
    await vi.advanceTimersByTimeAsync(3999);
    expect(FakeEventSource.instances).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(FakeEventSource.instances).toHaveLength(3);

    // A resumed stream's ready does not refetch: the server sends what was missed.
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    stream().ready('1764150000000-4');
    expect(invalidate).not.toHaveBeenCalled();
    expect(liveStatusStore.getStatus()).toBe('open');

    // Once open again, the next failure waits the shortest time again.
    stream().fail(CLOSED);
    await vi.advanceTimersByTimeAsync(2000);
    expect(FakeEventSource.instances).toHaveLength(4);
  });

  it('reopens a stream that closed before any event without an id', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    start({ random: () => 0 });

    stream().fail(CLOSED);
    await vi.advanceTimersByTimeAsync(2000);

    expect(stream().url).toBe('/api/live');
  });

  it.each([
    [1, 0, 2000],
    [1, 0.5, 6000],
    [1, 0.999_999, 10_000],
    [2, 0, 4000],
    [2, 0.999_999, 20_000],
    [3, 0.5, 24_000],
    [4, 0.999_999, 60_000],
    [4, 0, 16_000],
    [12, 0, 60_000],
  ])('waits %i failure(s) with jitter %d as %i ms', (failures, random, ms) => {
    expect(getReconnectDelayMs(failures, random)).toBe(ms);
  });
});

describe('hidden tab', () => {
  it('closes the stream while the tab is hidden, then reopens it and refetches', async () => {
    await showBoardAndMatch();
    start();
    stream().ready('1764150000000-3');
    await vi.waitFor(() => expect(requests).toEqual({ board: 2, match: 2 }));
    await settle();

    page.show('hidden');

    expect(stream().closed).toBe(true);
    expect(liveStatusStore.getStatus()).toBe('down');

    page.show('visible');

    expect(FakeEventSource.instances).toHaveLength(2);
    expect(stream().url).toBe('/api/live?last_event_id=1764150000000-3');
    await vi.waitFor(() => expect(requests).toEqual({ board: 3, match: 3 }));
    await settle();
    stream().ready('1764150000000-3');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(requests).toEqual({ board: 3, match: 3 });
  });

  it('does not reopen on the way back while a reopening is already planned', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    start({ random: () => 0 });
    stream().fail(CLOSED);

    page.show('visible');
    expect(FakeEventSource.instances).toHaveLength(1);

    page.show('hidden');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(FakeEventSource.instances).toHaveLength(1);

    page.show('visible');
    expect(FakeEventSource.instances).toHaveLength(2);
  });

  it('waits for the tab to be shown before opening the stream', () => {
    page.visibilityState = 'hidden';
    start();
    expect(FakeEventSource.instances).toHaveLength(0);

    page.show('visible');
    expect(FakeEventSource.instances).toHaveLength(1);
  });
});

describe('polling', () => {
  it('rests on the match page while the stream is open, and comes back once it is down', async () => {
    vi.useFakeTimers({
      toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'],
    });
    vi.setSystemTime(NOW);
    server.use(
      http.get('/api/matches/7', () => {
        requests.match++;
        return HttpResponse.json(centre);
      }),
    );
    const wrapper = ({ children }: { children: ReactNode }) =>
      createElement(QueryClientProvider, { client: queryClient }, children);
    const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
    /** Lets a request under way finish (real turns of the event loop), then renders its answer. */
    const settleFake = async () => {
      for (let turn = 0; turn < 1000 && queryClient.isFetching() > 0; turn++) {
        await new Promise((resolve) => setImmediate(resolve));
      }
      await advance(0);
    };
    renderHook(() => useMatchCentre('7'), { wrapper });
    await settleFake();
    expect(requests.match).toBe(1);
    act(() => start());
    act(() => stream().ready('1764150000000-3'));
    await settleFake();
    expect(requests.match).toBe(2);

    // A live match is polled every 30 s, but not while the stream is open.
    await advance(90_000);
    await settleFake();
    expect(requests.match).toBe(2);

    act(() => stream().fail(CONNECTING));
    await advance(30_000);
    await settleFake();
    expect(requests.match).toBe(3);
  });
});

describe('status', () => {
  it('follows the stream through useLiveStatus', () => {
    const { result } = renderHook(() => useLiveStatus());
    expect(result.current).toBe('down');

    act(() => start());
    expect(result.current).toBe('connecting');

    act(() => stream().ready('1764150000000-3'));
    expect(result.current).toBe('open');

    act(() => stream().fail(CONNECTING));
    expect(result.current).toBe('connecting');

    act(() => stream().ready('1764150000000-3'));
    expect(result.current).toBe('open');

    act(() => stream().fail(CLOSED));
    expect(result.current).toBe('down');

    act(() => stop?.());
    expect(result.current).toBe('down');
  });

  it('is unsupported without EventSource, and opens nothing', () => {
    const { result } = renderHook(() => useLiveStatus());

    act(() => start({ EventSource: undefined }));

    expect(result.current).toBe('unsupported');
    expect(FakeEventSource.instances).toHaveLength(0);
    page.show('hidden');
    page.show('visible');
    expect(result.current).toBe('unsupported');
    expect(FakeEventSource.instances).toHaveLength(0);
  });

  it('keeps one stream for the whole site: starting again closes the previous one', () => {
    start();
    const first = stream();

    start();

    expect(first.closed).toBe(true);
    expect(FakeEventSource.instances).toHaveLength(2);
    first.ready('1764150000000-3');
    expect(liveStatusStore.getStatus()).toBe('connecting');
  });

  it('closes the stream and stops reopening it when stopped', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    start({ random: () => 0 });
    stream().fail(CLOSED);

    stop?.();
    await vi.advanceTimersByTimeAsync(60_000);
    page.show('hidden');
    page.show('visible');

    expect(FakeEventSource.instances).toHaveLength(1);
  });
});
