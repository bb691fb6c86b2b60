// The live updates' feed on Redis: two instances get every event under the same id, and while
// Redis is away the publishing instance pushes its own changes (saying so once), then both go
// back to sharing when it returns. Against the local Redis, behind a proxy the test can cut.
import { randomBytes } from 'node:crypto';

import { Redis } from 'ioredis';
import { afterEach, expect, it, vi } from 'vitest';

import type { LiveMatch } from '../../src/domain/live-match.ts';
import { createLiveFeed, type LiveEvent, type LiveFeed } from '../../src/server/http/live-feed.ts';
import { startTcpProxy, type TcpProxy } from '../helpers/tcp-proxy.ts';
import { createLiveMatch } from '../mocks/touchline-api.ts';

const REDIS_PORT = 6379;

const item = (result: string) => createLiveMatch({ id: 1, result, status: 0, minute: '12' });

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** The local Redis behind a proxy the test can cut, and a key prefix of this test's own. */
async function startRedisBehindProxy(): Promise<{ proxy: TcpProxy; prefix: string }> {
  const proxy = await startTcpProxy(REDIS_PORT);
  cleanups.push(() => proxy.close());
  const prefix = `touchline:test-${randomBytes(6).toString('hex')}:`;
  cleanups.push(async () => {
    const redis = new Redis(REDIS_PORT, '127.0.0.1');
    await redis.del(`${prefix}live`);
    redis.disconnect();
  });
  return { proxy, prefix };
}

/** A feed as an instance makes it (shared-state.ts), through `proxy`, recording what it gets. */
async function startFeed(proxy: TcpProxy, prefix: string) {
  const url = proxy.url.replace('http:', 'redis:');
  const options = { lazyConnect: true, maxRetriesPerRequest: 1, connectTimeout: 2000 };
  const main = new Redis(url, options);
  const reader = new Redis(url, options);
  for (const client of [main, reader]) client.on('error', () => {});
  await Promise.all([main.connect(), reader.connect()]);
  const log = { info: vi.fn(), warn: vi.fn() };
  const feed = createLiveFeed({ redis: { main, reader, prefix }, log });
  await feed.start();
  const events: LiveEvent[] = [];
  feed.subscribe((event) => events.push(event));
  cleanups.push(async () => {
    await feed.stop();
    main.disconnect();
  });
  return { feed, events, log, main, reader };
}

const results = (events: LiveEvent[]) =>
  events.map(
    (e) =>
      (JSON.parse(e.frame.toString().split('data: ')[1] ?? '') as { matches: LiveMatch[] })
        .matches[0]?.result,
  );

async function waitUntil(check: () => boolean, what: string, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

it(
  'shares every event between instances, falls back while Redis is away, and shares again after',
  { timeout: 90_000 },
  async () => {
    const { proxy, prefix } = await startRedisBehindProxy();
    const leader = await startFeed(proxy, prefix);
    const other = await startFeed(proxy, prefix);

    leader.feed.publish([item('1-0')]);
    await waitUntil(
      () => leader.events.length === 1 && other.events.length === 1,
      'the first event',
    );
    expect(other.events[0]?.id).toBe(leader.events[0]?.id);
    const sharedId = leader.events[0]?.id ?? '';

    // Redis goes away: the leader's own streams still get its changes, and it says so once.
    await proxy.cut();
    leader.feed.publish([item('2-0')]);
    leader.feed.publish([item('3-0')]);
    await waitUntil(() => leader.events.length === 3, 'the events published while Redis is away');
    expect(results(leader.events)).toEqual(['1-0', '2-0', '3-0']);
    expect(other.events).toHaveLength(1);
    expect(leader.log.warn).toHaveBeenCalledTimes(1);
    expect(String(leader.log.warn.mock.calls[0]?.[1])).toMatch(/Redis failed/);

    // Redis is back: both share again, and the leader says so.
    await proxy.restore();
    await waitUntil(
      () => leader.main.status === 'ready' && other.reader.status === 'ready',
      'the reconnection',
    );
    const before = { leader: leader.events.length, other: other.events.length };
    leader.feed.publish([item('4-0')]);
    await waitUntil(
      () => leader.events.length > before.leader && other.events.length > before.other,
      'the first event after Redis came back',
    );
    expect(results(other.events)).toEqual(['1-0', '4-0']);
    expect(leader.log.info).toHaveBeenCalledWith({}, expect.stringMatching(/Redis answers again/));
    expect(leader.log.warn).toHaveBeenCalledTimes(1);
    // A browser resuming on the other instance after the shared event gets the new one.
    const missed = other.feed.readSince(sharedId);
    expect(missed).not.toBe('reload');
    expect(results(missed === 'reload' ? [] : missed)).toEqual(['4-0']);
  },
);

it('fills a starting instance with the recent events, so streams resume there', async () => {
  const { proxy, prefix } = await startRedisBehindProxy();
  const first = await startFeed(proxy, prefix);
  for (const result of ['1-0', '2-0', '3-0']) first.feed.publish([item(result)]);
  await waitUntil(() => first.events.length === 3, 'three events');

  const late: { feed: LiveFeed } = await startFeed(proxy, prefix);
  const missed = late.feed.readSince(first.events[0]?.id ?? '');
  expect(missed).not.toBe('reload');
  expect(results(missed === 'reload' ? [] : missed)).toEqual(['2-0', '3-0']);
  expect(late.feed.getNewestId()).toBe(first.events[2]?.id);
});
