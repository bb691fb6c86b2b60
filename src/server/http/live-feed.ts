import { setTimeout as delay } from 'node:timers/promises';

import type { Redis } from 'ioredis';

import {
  compareLiveEventIds,
  formatLiveEventId,
  LiveEventNames,
  parseLiveEventId,
  type LiveEventId,
  type LiveMatchesEvent,
} from '../../domain/api/live.ts';
import type { LiveMatch } from '../../domain/live-match.ts';

type Log = {
  info: (obj: object, msg: string) => void;
  warn: (obj: object, msg: string) => void;
};

/** One event as the streams send it: its id and its Server-Sent Events bytes, made once. */
export type LiveEvent = { id: string; frame: Buffer };

export type LiveFeed = {
  /** Reads what other instances publish (with Redis); call once before serving. */
  start: () => Promise<void>;
  /** The leader's changed board items: every instance's streams get them. */
  publish: (matches: LiveMatch[]) => void;
  /** Called with every event as it arrives; returns the unsubscribe function. */
  subscribe: (listener: (event: LiveEvent) => void) => () => void;
  /**
   * What a stream resuming after `lastId` missed, oldest first; 'reload' when the feed cannot
   * say (an id that is garbage, older than what it holds, or newer than anything it sent).
   */
  readSince: (lastId: string) => LiveEvent[] | 'reload';
  /** The id of the newest event, or the feed's starting mark before any. */
  getNewestId: () => string;
  stop: () => Promise<void>;
};

/** Events kept for streams that resume: at one a second (a sped-up replay), a quarter hour. */
const DEFAULT_BUFFER_SIZE = 1000;

/** The Server-Sent Events bytes of a `matches` event. */
function formatMatchesFrame(id: string, json: string): Buffer {
  return Buffer.from(`id: ${id}\nevent: ${LiveEventNames.matches}\ndata: ${json}\n\n`);
}

/**
 * The live updates every instance pushes to its browsers. Alone, an event goes from the
 * leader's publish straight to this process's streams. With Redis, the leader appends it to a
 * capped Redis stream (XADD) and every instance, the leader too, reads that stream (XREAD), so
 * each gets every event once, in order, under the same id: a browser resuming on another
 * instance names an id that instance knows, and an instance whose connection blinked reads on
 * from where it was. While Redis cannot be written, the leader delivers its own events here
 * (logged once) and goes back to Redis when it answers again.
 */
export function createLiveFeed(options: {
  redis?: { main: Redis; reader: Redis; prefix: string };
  log: Log;
  clock?: () => number;
  bufferSize?: number;
}): LiveFeed {
  const clock = options.clock ?? Date.now;
  const bufferSize = options.bufferSize ?? DEFAULT_BUFFER_SIZE;
  const listeners = new Set<(event: LiveEvent) => void>();
  /** Recent events, oldest first, with their parsed ids. */
  const buffer: { id: LiveEventId; event: LiveEvent }[] = [];
  const { redis } = options;
  /**
   * Ids older than this cannot be vouched for: alone, what came before this process started;
   * with Redis, what the capped stream no longer holds (all of it is there until it is trimmed).
   */
  let floor: LiveEventId = redis === undefined ? { ms: clock(), seq: 0 } : { ms: 0, seq: 0 };
  /** The last event delivered (the stream's order is the order of events). */
  let newest: LiveEventId = floor;
  let stopped = false;
  let reading: Promise<void> | undefined;
  /** Whether Redis is failing (logged once per outage). */
  let redisFailing = false;

  const deliver = (idText: string, json: string) => {
    const id = parseLiveEventId(idText);
    if (id === null) return;
    const event = { id: idText, frame: formatMatchesFrame(idText, json) };
    buffer.push({ id, event });
    if (buffer.length > bufferSize) {
      buffer.shift();
      floor = buffer[0]?.id ?? floor;
    }
    newest = id;
    for (const listener of listeners) listener(event);
  };

  /** An id after every one delivered: this process's clock, or one more than the newest. */
  const nextLocalId = (): string => {
    const ms = clock();
    newest = ms > newest.ms ? { ms, seq: 0 } : { ms: newest.ms, seq: newest.seq + 1 };
    return formatLiveEventId(newest);
  };

  const noteRedisFailure = (error: unknown, doing: string) => {
    if (redisFailing) return;
    redisFailing = true;
    options.log.warn(
      { err: error instanceof Error ? error.message : String(error) },
      `live updates: Redis failed while ${doing}; each instance pushes only its own changes until it answers again`,
    );
  };
  const noteRedisBack = () => {
    if (!redisFailing) return;
    redisFailing = false;
    options.log.info({}, 'live updates: Redis answers again; every instance gets every change');
  };

  const key = redis === undefined ? '' : `${redis.prefix}live`;
  /** The last stream entry read, so each XREAD goes on from there ('0-0': from the start). */
  let lastRead = '0-0';

  const readLoop = async (reader: Redis) => {
    while (!stopped) {
      try {
        const answer = await reader.xread('COUNT', 1000, 'BLOCK', 5000, 'STREAMS', key, lastRead);
        noteRedisBack();
        for (const [, entries] of answer ?? []) {
          for (const [id, fields] of entries) {
            lastRead = id;
            const json = fields[1];
            if (json !== undefined) deliver(id, json);
          }
        }
      } catch (error) {
        if (stopped) return;
        noteRedisFailure(error, 'reading');
        await delay(1000);
      }
    }
  };

  return {
    async start() {
      if (redis === undefined) return;
      // The newest entries fill the buffer, so streams resuming here find what they missed.
      const recent = await redis.main.xrevrange(key, '+', '-', 'COUNT', bufferSize);
      for (const [id, fields] of recent.reverse()) {
        const json = fields[1];
        if (json !== undefined) deliver(id, json);
      }
      const oldest = buffer[0];
      const latest = buffer.at(-1);
      if (oldest !== undefined && latest !== undefined) {
        floor = oldest.id;
        lastRead = latest.event.id;
      }
      reading = readLoop(redis.reader);
    },
    publish(matches) {
      if (matches.length === 0) return;
      const json = JSON.stringify({ at: clock(), matches } satisfies LiveMatchesEvent);
      if (redis === undefined) {
        deliver(nextLocalId(), json);
        return;
      }
      redis.main
        .xadd(key, 'MAXLEN', '~', String(bufferSize), '*', 'event', json)
        .then(noteRedisBack)
        .catch((error: unknown) => {
          noteRedisFailure(error, 'publishing');
          deliver(nextLocalId(), json);
        });
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    readSince(lastId) {
      const id = parseLiveEventId(lastId);
      if (id === null) return 'reload';
      if (compareLiveEventIds(id, floor) < 0 || compareLiveEventIds(id, newest) > 0)
        return 'reload';
      // The exact event when the feed holds it; otherwise whatever came after that moment.
      const exact = buffer.findIndex((entry) => entry.event.id === lastId);
      const after =
        exact >= 0
          ? buffer.slice(exact + 1)
          : buffer.filter((entry) => compareLiveEventIds(entry.id, id) > 0);
      return after.map((entry) => entry.event);
    },
    getNewestId: () => formatLiveEventId(newest),
    async stop() {
      stopped = true;
      listeners.clear();
      // A blocked XREAD ends when its connection does.
      redis?.reader.disconnect();
      await reading;
    },
  };
}
