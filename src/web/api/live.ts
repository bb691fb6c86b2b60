import type { QueryClient } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import * as z from 'zod/mini';

import { LiveEventNames, LiveMatchesEventSchema } from '../../domain/api/live.ts';
import type { MatchCentre } from '../../domain/api/match-centre.ts';
import type { LiveMatch } from '../../domain/live-match.ts';
import type { TodayMatches } from './matches.ts';

/**
 * The live stream's state: 'open' while it pushes changes (polling rests), 'connecting' while it
 * (re)connects, 'down' when closed (failed, or the tab is hidden), 'unsupported' without
 * EventSource. Polling carries on in every state but 'open'.
 */
export type LiveStatus = 'connecting' | 'open' | 'down' | 'unsupported';

/** An event of the stream: a MessageEvent for the server's events, a plain Event for `error`. */
export type LiveSourceEvent = Event & { readonly data?: unknown; readonly lastEventId?: string };

/** What the page needs of an EventSource (the browser's, or a test's stand-in). */
export type LiveSource = {
  readonly readyState: number;
  addEventListener(type: string, listener: (event: LiveSourceEvent) => void): void;
  close(): void;
};
export type LiveSourceConstructor = new (url: string) => LiveSource;

/** What the page needs of the document: whether the tab is shown, and when that changes. */
export type LiveDocument = {
  readonly visibilityState: DocumentVisibilityState;
  addEventListener(type: 'visibilitychange', listener: () => void): void;
  removeEventListener(type: 'visibilitychange', listener: () => void): void;
};

export type LiveUpdatesDeps = {
  queryClient: QueryClient;
  /** The browser's EventSource, or undefined where there is none. */
  EventSource: LiveSourceConstructor | undefined;
  document: LiveDocument;
  /** A number in [0, 1), for the jitter of reconnections and refetches. */
  random: () => number;
};

const LIVE_PATH = '/api/live';
// EventSource.readyState values (a stand-in may not carry the static constants).
const CONNECTING = 0;
const CLOSED = 2;
// The key prefixes of todayMatchesQueryOptions and matchCentreQueryOptions. Written out here
// because those modules read this one's status (importing them back would be a cycle); the
// tests seed the cache through the options themselves, so a drift fails them.
const BOARD_KEY = ['matches', 'today'] as const;
const MATCH_KEY = 'match';
// After a goal the page refetches the match, a few seconds on, so its timeline fills in; the
// jitter spreads the fans' requests.
const MATCH_REFRESH_MIN_MS = 3000;
const MATCH_REFRESH_SPREAD_MS = 7000;
/**
 * Changes pushed this recently are written again over an answer that arrives after them: a
 * refetch under way when a goal was pushed answers with the score from before it.
 */
const RECENT_MS = 30_000;
const RECONNECT_MIN_MS = 2000;
const RECONNECT_MAX_MS = 10_000;
const RECONNECT_CAP_MS = 60_000;

const listeners = new Set<() => void>();
let status: LiveStatus = 'down';

function setStatus(next: LiveStatus) {
  if (next === status) return;
  status = next;
  for (const listener of listeners) listener();
}

/** The live stream's state, for useSyncExternalStore. */
export const liveStatusStore = {
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
  getStatus: (): LiveStatus => status,
};

export function useLiveStatus(): LiveStatus {
  return useSyncExternalStore(
    liveStatusStore.subscribe,
    liveStatusStore.getStatus,
    (): LiveStatus => 'down',
  );
}

/**
 * How long to wait before reopening a stream that closed after `failures` failures in a row:
 * 2–10 s the first time, the range doubling with each further failure up to 60 s.
 * `random` is in [0, 1).
 */
export function getReconnectDelayMs(failures: number, random: number): number {
  const growth = 2 ** Math.max(0, failures - 1);
  const low = Math.min(RECONNECT_MIN_MS * growth, RECONNECT_CAP_MS);
  const high = Math.min(RECONNECT_MAX_MS * growth, RECONNECT_CAP_MS);
  return Math.round(low + random * (high - low));
}

function readId(value: unknown): string | null {
  return typeof value === 'string' || typeof value === 'number' ? String(value) : null;
}

/** The changed items of a `matches` event's data, by id; null when the event cannot be read. */
function readChangedMatches(data: unknown): Map<string, LiveMatch> | null {
  if (typeof data !== 'string') return null;
  let json: unknown;
  try {
    json = JSON.parse(data);
  } catch {
    return null;
  }
  const read = z.safeParse(LiveMatchesEventSchema, json);
  if (!read.success) return null;
  return new Map(read.data.matches.map((match) => [String(match.id), match]));
}

let stopActive: (() => void) | null = null;

/**
 * Opens the site's one live stream (`GET /api/live`) and writes what it pushes into the query
 * cache; returns the function that closes it for good. Starting again closes the previous one.
 */
export function startLiveUpdates(deps: LiveUpdatesDeps): () => void {
  stopActive?.();
  const { queryClient, document: page, random } = deps;
  if (deps.EventSource === undefined) {
    setStatus('unsupported');
    const stopUnsupported = () => {
      if (stopActive !== stopUnsupported) return;
      stopActive = null;
      setStatus('down');
    };
    stopActive = stopUnsupported;
    return stopUnsupported;
  }
  const Source: LiveSourceConstructor = deps.EventSource;

  let source: LiveSource | null = null;
  let lastEventId: string | undefined;
  let failures = 0;
  let reopenTimer: ReturnType<typeof setTimeout> | undefined;
  const matchRefreshTimers = new Map<string, ReturnType<typeof setTimeout>>();

  function invalidateShown() {
    void queryClient.invalidateQueries({ queryKey: BOARD_KEY });
    void queryClient.invalidateQueries({ queryKey: [MATCH_KEY] });
  }

  function scheduleMatchRefresh(id: string) {
    if (matchRefreshTimers.has(id)) return;
    const delay = MATCH_REFRESH_MIN_MS + random() * MATCH_REFRESH_SPREAD_MS;
    const timer = setTimeout(() => {
      matchRefreshTimers.delete(id);
      void queryClient.invalidateQueries({ queryKey: [MATCH_KEY, id], exact: true });
    }, delay);
    matchRefreshTimers.set(id, timer);
  }

  /** The items pushed in the last RECENT_MS, newest state of each match, with when they came. */
  const recent = new Map<string, { item: LiveMatch; at: number }>();

  function writeBoards(changed: Map<string, LiveMatch>, filters: { queryKey: readonly unknown[] }) {
    queryClient.setQueriesData<TodayMatches>(filters, (board) =>
      board === undefined
        ? undefined
        : {
            ...board,
            matches: board.matches.map((item) => changed.get(readId(item.id) ?? '') ?? item),
            updatedAtMs: Date.now(),
          },
    );
  }

  /** Writes the pushed fields into a shown match page; true when its score changed. */
  function writeMatchPage(id: string, item: LiveMatch): boolean {
    const key = [MATCH_KEY, id];
    const shown = queryClient.getQueryData<MatchCentre>(key);
    if (shown === undefined) return false;
    const { status: itemStatus, result, minute } = item;
    queryClient.setQueryData<MatchCentre>(key, {
      ...shown,
      match: { ...shown.match, status: itemStatus, result, minute },
    });
    return shown.match.result !== result;
  }

  function applyMatches(data: unknown) {
    const changed = readChangedMatches(data);
    if (changed === null || changed.size === 0) return;
    const nowMs = Date.now();
    for (const [id, item] of changed) recent.set(id, { item, at: nowMs });
    writeBoards(changed, { queryKey: BOARD_KEY });
    for (const [id, item] of changed) if (writeMatchPage(id, item)) scheduleMatchRefresh(id);
  }

  /** After an answer arrives, the changes pushed meanwhile are written over it again. */
  const unsubscribeCache = queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'success' || event.action.manual) return;
    // Only while the stream is open: otherwise a polled answer is the newest there is.
    if (status !== 'open') return;
    const nowMs = Date.now();
    for (const [id, entry] of recent) if (nowMs - entry.at > RECENT_MS) recent.delete(id);
    if (recent.size === 0) return;
    const [scope, kind, ...rest] = event.query.queryKey as unknown[];
    if (scope === BOARD_KEY[0] && kind === BOARD_KEY[1]) {
      const latest = new Map([...recent].map(([id, entry]) => [id, entry.item]));
      writeBoards(latest, { queryKey: [scope, kind, ...rest] });
    } else if (scope === MATCH_KEY && typeof kind === 'string') {
      const entry = recent.get(kind);
      if (entry !== undefined) writeMatchPage(kind, entry.item);
    }
  });

  function close() {
    source?.close();
    source = null;
    recent.clear();
  }

  function open() {
    const resumeFrom = lastEventId;
    const url =
      resumeFrom === undefined
        ? LIVE_PATH
        : `${LIVE_PATH}?last_event_id=${encodeURIComponent(resumeFrom)}`;
    const current = new Source(url);
    source = current;
    setStatus('connecting');
    let readySeen = false;
    // A closed stream's late events are not this stream's.
    const on = (type: string, handle: (event: LiveSourceEvent) => void) =>
      current.addEventListener(type, (event) => {
        if (source !== current) return;
        if (typeof event.lastEventId === 'string' && event.lastEventId !== '') {
          lastEventId = event.lastEventId;
        }
        handle(event);
      });

    on(LiveEventNames.ready, () => {
      failures = 0;
      setStatus('open');
      // A fresh stream starts after the page's first fetches: refetch once to close the gap.
      // A resumed stream (the browser's own reconnect, or ours with an id) sends what was missed.
      if (!readySeen && resumeFrom === undefined) invalidateShown();
      readySeen = true;
    });
    on(LiveEventNames.matches, (event) => applyMatches(event.data));
    on(LiveEventNames.reload, invalidateShown);
    on('error', () => {
      if (current.readyState === CLOSED) {
        // Refused (429, 503) or gone: the browser will not retry, so the page does, later.
        close();
        setStatus('down');
        failures += 1;
        reopenTimer = setTimeout(
          () => {
            reopenTimer = undefined;
            open();
          },
          getReconnectDelayMs(failures, random()),
        );
      } else if (current.readyState === CONNECTING) {
        setStatus('connecting');
      }
    });
  }

  function onVisibilityChange() {
    if (page.visibilityState === 'hidden') {
      clearTimeout(reopenTimer);
      reopenTimer = undefined;
      close();
      setStatus('down');
    } else if (source === null && reopenTimer === undefined) {
      invalidateShown();
      open();
    }
  }

  page.addEventListener('visibilitychange', onVisibilityChange);
  if (page.visibilityState === 'hidden') setStatus('down');
  else open();

  let stopped = false;
  const stop = () => {
    if (stopped) return;
    stopped = true;
    page.removeEventListener('visibilitychange', onVisibilityChange);
    unsubscribeCache();
    clearTimeout(reopenTimer);
    for (const timer of matchRefreshTimers.values()) clearTimeout(timer);
    matchRefreshTimers.clear();
    close();
    setStatus('down');
    if (stopActive === stop) stopActive = null;
  };
  stopActive = stop;
  return stop;
}
