import { describe, expect, it } from 'vitest';

import { createLiveMatch } from '../../../tests/mocks/touchline-api.ts';
import type { LiveMatch } from '../../domain/live-match.ts';
import { createLiveFeed, type LiveEvent } from './live-feed.ts';

const quiet = { info: () => {}, warn: () => {} };

/** A live match's board item with this id and score. */
const item = (id: number, result: string) =>
  createLiveMatch({ id, result, status: 0, minute: '12' });

/** A feed on a clock the test moves, and every event it delivered. */
function createTestFeed(options: { bufferSize?: number } = {}) {
  let ms = 1_000_000;
  const feed = createLiveFeed({ log: quiet, clock: () => ms, ...options });
  const events: LiveEvent[] = [];
  feed.subscribe((event) => events.push(event));
  return {
    feed,
    events,
    tick: (by = 1) => {
      ms += by;
    },
  };
}

describe('the live feed of one instance', () => {
  it('delivers each publish once to every subscriber as one Server-Sent Events frame', () => {
    const { feed, events } = createTestFeed();
    const other: LiveEvent[] = [];
    feed.subscribe((event) => other.push(event));
    feed.publish([item(7, '1-0')]);
    expect(events).toHaveLength(1);
    expect(other).toEqual(events);
    const frame = events[0]?.frame.toString() ?? '';
    expect(frame).toMatch(/^id: 1000000-1\nevent: matches\ndata: \{.*\}\n\n$/);
    const data = JSON.parse(frame.split('data: ')[1] ?? '') as { at: number; matches: LiveMatch[] };
    expect(data).toEqual({ at: 1_000_000, matches: [item(7, '1-0')] });
  });

  it('publishes nothing for an empty change', () => {
    const { feed, events } = createTestFeed();
    feed.publish([]);
    expect(events).toEqual([]);
  });

  it('gives ids that grow, within one millisecond and across them', () => {
    const { feed, events, tick } = createTestFeed();
    feed.publish([item(1, '1-0')]);
    feed.publish([item(1, '2-0')]);
    tick(5);
    feed.publish([item(1, '3-0')]);
    expect(events.map((e) => e.id)).toEqual(['1000000-1', '1000000-2', '1000005-0']);
    expect(feed.getNewestId()).toBe('1000005-0');
  });

  it('tells a resuming stream what it missed, and nothing when it missed nothing', () => {
    const { feed, events, tick } = createTestFeed();
    const start = feed.getNewestId();
    feed.publish([item(1, '1-0')]);
    tick();
    feed.publish([item(2, '0-1')]);
    tick();
    feed.publish([item(1, '2-0')]);
    expect(feed.readSince(start)).toEqual(events);
    expect(feed.readSince(events[0]?.id ?? '')).toEqual(events.slice(1));
    expect(feed.readSince(feed.getNewestId())).toEqual([]);
  });

  it('asks for a reload when the id is garbage, from the future or from before it started', () => {
    const { feed, tick } = createTestFeed();
    feed.publish([item(1, '1-0')]);
    tick();
    for (const id of ['', 'abc', '12', '1-2-3', '-1-0', '99999999999999999999-0', '1e6-0'])
      expect(feed.readSince(id)).toBe('reload');
    expect(feed.readSince('2000000-0')).toBe('reload');
    expect(feed.readSince('1000000-9')).toBe('reload');
    expect(feed.readSince('999999-5')).toBe('reload');
  });

  it('asks for a reload once the events after the id have left its buffer', () => {
    const { feed, events, tick } = createTestFeed({ bufferSize: 3 });
    for (let i = 0; i < 5; i++) {
      feed.publish([item(1, `${String(i)}-0`)]);
      tick();
    }
    // Holds events 2, 3 and 4: a stream that saw event 2 resumes, one that saw only 0 cannot.
    expect(feed.readSince(events[2]?.id ?? '')).toEqual(events.slice(3));
    expect(feed.readSince(events[0]?.id ?? '')).toBe('reload');
  });

  it('stops delivering to a subscriber that left', () => {
    const { feed } = createTestFeed();
    const seen: LiveEvent[] = [];
    const leave = feed.subscribe((event) => seen.push(event));
    feed.publish([item(1, '1-0')]);
    leave();
    feed.publish([item(1, '2-0')]);
    expect(seen).toHaveLength(1);
  });
});
