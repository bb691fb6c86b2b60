// The state several instances share through Redis (REDIS_URL): cached answers, the data
// generation that retires them, and failed logins per address. Against the local Redis.
import { randomBytes } from 'node:crypto';
import net from 'node:net';

import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

import { createInvalidation, type Invalidation } from '../../src/server/http/invalidation.ts';
import {
  createLoginThrottle,
  createRedisLoginThrottle,
} from '../../src/server/http/login-throttle.ts';
import { createResponseCache, type ResponseCache } from '../../src/server/http/response-cache.ts';

const REDIS_URL = 'redis://127.0.0.1:6379';
const PREFIX = `touchline-test:${randomBytes(6).toString('hex')}:`;

const connections: Redis[] = [];
function connect(): Redis {
  const redis = new Redis(REDIS_URL, { maxRetriesPerRequest: 1 });
  connections.push(redis);
  return redis;
}

/** A port nothing listens on: one the system gave out and took back. */
async function findUnusedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

async function listKeys(redis: Redis, pattern: string): Promise<string[]> {
  const keys: string[] = [];
  let cursor = '0';
  do {
    const [next, found] = await redis.scan(cursor, 'MATCH', pattern, 'COUNT', 1000);
    cursor = next;
    keys.push(...found);
  } while (cursor !== '0');
  return keys;
}

type Instance = {
  cache: ResponseCache;
  invalidation: Invalidation;
  onError: ReturnType<typeof vi.fn>;
};

/** One instance's cache and invalidation, on two connections of its own (one subscribes). */
async function startInstance(): Promise<Instance> {
  const publisher = connect();
  const subscriber = connect();
  const onError = vi.fn();
  const cache = createResponseCache({
    ttlMs: 60_000,
    shared: { redis: publisher, prefix: PREFIX, ttlMs: 60_000, onError },
  });
  const invalidation = createInvalidation({
    cache,
    redis: { publisher, subscriber, prefix: PREFIX },
    log: { warn: onError },
  });
  await invalidation.start();
  return { cache, invalidation, onError };
}

const json = (body: Buffer) => JSON.parse(body.toString('utf8')) as unknown;

let admin: Redis;

beforeAll(async () => {
  admin = connect();
  expect(await admin.ping()).toBe('PONG');
});

afterAll(async () => {
  const keys = await listKeys(admin, `${PREFIX}*`);
  if (keys.length > 0) await admin.del(...keys);
  expect(await listKeys(admin, `${PREFIX}*`)).toEqual([]);
  await Promise.all(connections.map((c) => c.quit()));
});

describe('the shared response cache', () => {
  let a: Instance;
  let b: Instance;

  beforeAll(async () => {
    a = await startInstance();
    b = await startInstance();
  });
  afterAll(async () => {
    await a.invalidation.stop();
    await b.invalidation.stop();
  });

  it("serves one instance's answer to another without computing it again", async () => {
    const computeA = vi.fn(async () => ({ score: '1-0', by: 'a' }));
    const fromA = await a.cache.get('matches:today', computeA);
    expect(computeA).toHaveBeenCalledTimes(1);
    expect(json(fromA.body)).toEqual({ score: '1-0', by: 'a' });
    // The write to Redis is not awaited by get(): wait until it has landed.
    await vi.waitFor(
      async () => expect(await listKeys(admin, `${PREFIX}cache:*:matches:today`)).toHaveLength(1),
      { timeout: 2000, interval: 10 },
    );

    const computeB = vi.fn(async () => ({ score: '1-0', by: 'b' }));
    const fromB = await b.cache.get('matches:today', computeB);
    expect(computeB).not.toHaveBeenCalled();
    expect(json(fromB.body)).toEqual({ score: '1-0', by: 'a' });
    expect(fromB.etag).toBe(fromA.etag);
    expect(a.onError).not.toHaveBeenCalled();
    expect(b.onError).not.toHaveBeenCalled();
  });

  it('makes the other instance drop its answer and compute anew within 2 s of a change', async () => {
    const stale = vi.fn(async () => ({ score: 'stale' }));
    // B holds the answer locally now: asking again computes nothing.
    const held = await b.cache.get('matches:today', stale);
    expect(json(held.body)).toEqual({ score: '1-0', by: 'a' });
    expect(stale).not.toHaveBeenCalled();

    const computeB = vi.fn(async () => ({ score: '2-0', by: 'b' }));
    const changedAt = Date.now();
    a.invalidation.changed();
    await vi.waitFor(
      async () => {
        const answer = await b.cache.get('matches:today', computeB);
        expect(json(answer.body)).toEqual({ score: '2-0', by: 'b' });
      },
      { timeout: 2000, interval: 10 },
    );
    const tookMs = Date.now() - changedAt;
    expect(tookMs).toBeLessThan(2000);
    expect(computeB).toHaveBeenCalledTimes(1);

    // Both are on the new generation: A reads B's fresh answer instead of computing.
    await vi.waitFor(
      async () => expect(await listKeys(admin, `${PREFIX}cache:*:matches:today`)).toHaveLength(2),
      { timeout: 2000, interval: 10 },
    );
    const computeA = vi.fn(async () => ({ score: '2-0', by: 'a' }));
    const fromA = await a.cache.get('matches:today', computeA);
    expect(computeA).not.toHaveBeenCalled();
    expect(json(fromA.body)).toEqual({ score: '2-0', by: 'b' });
    expect(await admin.get(`${PREFIX}generation`)).toBe('1');
    expect(a.onError).not.toHaveBeenCalled();
    expect(b.onError).not.toHaveBeenCalled();
  });
});

describe('the Redis login throttle', () => {
  it('counts the failures of one address across instances', async () => {
    const onError = vi.fn();
    const throttle = (redis: Redis) =>
      createRedisLoginThrottle({
        redis,
        prefix: PREFIX,
        fallback: createLoginThrottle(),
        onError,
      });
    const first = throttle(connect());
    const second = throttle(connect());
    const address = '203.0.113.9';
    const now = new Date();

    for (const [i, instance] of [first, second, first, second].entries()) {
      await instance.recordFailure(address, new Date(now.getTime() + i));
    }
    // Four failures between them, fewer than five on each: still allowed on both.
    expect((await first.check(address, now)).retryAfter).toBe(0);
    expect((await second.check(address, now)).retryAfter).toBe(0);

    await first.recordFailure(address, new Date(now.getTime() + 4));
    const { retryAfter: wait } = await second.check(address, new Date(now.getTime() + 5));
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(60);
    expect((await second.check('198.51.100.7', now)).retryAfter).toBe(0);
    // Past the window the address may try again.
    expect((await second.check(address, new Date(now.getTime() + 60_005))).retryAfter).toBe(0);
    expect(onError).not.toHaveBeenCalled();
  });

  it('blocks an address for an hour after 20 failures between instances', async () => {
    const onError = vi.fn();
    const throttle = (redis: Redis) =>
      createRedisLoginThrottle({
        redis,
        prefix: `${PREFIX}hour:`,
        fallback: createLoginThrottle(),
        onError,
      });
    const [first, second] = [throttle(connect()), throttle(connect())];
    const address = '203.0.113.20';
    const start = Date.now();
    // Four failures a minute stay under the minute's limit: only the hour's count stops them.
    for (let i = 0; i < 20; i++) {
      const at = new Date(start + Math.floor(i / 4) * 61_000 + (i % 4));
      await (i % 2 === 0 ? first : second).recordFailure(address, at);
    }
    // A minute after the last failure the minute's limit is long over; the block is not.
    const { retryAfter } = await second.check(address, new Date(start + 5 * 61_000));
    expect(retryAfter).toBeGreaterThan(3500);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    const blockOver = new Date(start + 4 * 61_000 + 3 + 3_600_001);
    expect((await first.check(address, blockOver)).retryAfter).toBe(0);
    expect(onError).not.toHaveBeenCalled();
  });

  it('slows every attempt once 100 failures an hour were spent across instances', async () => {
    const onError = vi.fn();
    const throttle = (redis: Redis) =>
      createRedisLoginThrottle({
        redis,
        prefix: `${PREFIX}global:`,
        fallback: createLoginThrottle(),
        onError,
      });
    const [first, second] = [throttle(connect()), throttle(connect())];
    const now = new Date();
    for (let i = 0; i < 99; i++) {
      await (i % 2 === 0 ? first : second).recordFailure(`198.51.100.${i}`, now);
    }
    expect(await first.check('192.0.2.200', now)).toEqual({
      retryAfter: 0,
      delayMs: 0,
      alert: false,
    });
    await second.recordFailure('198.51.100.99', now);

    const verdicts = [
      await first.check('192.0.2.201', now),
      await second.check('192.0.2.202', now),
      await first.check('192.0.2.203', now),
    ];
    expect(verdicts.map((v) => v.delayMs)).toEqual([1000, 1000, 1000]);
    // One alert between the instances, not one each.
    expect(verdicts.map((v) => v.alert)).toEqual([true, false, false]);
    expect(verdicts.map((v) => v.retryAfter)).toEqual([0, 0, 0]);
    expect(onError).not.toHaveBeenCalled();
  });
});

describe('with Redis unreachable', () => {
  let dead: Redis;

  beforeAll(async () => {
    dead = new Redis({
      host: '127.0.0.1',
      port: await findUnusedPort(),
      lazyConnect: true,
      maxRetriesPerRequest: 0,
      enableOfflineQueue: false,
      retryStrategy: () => null,
    });
    // Without a listener ioredis reports connection errors on the console.
    dead.on('error', () => {});
  });
  afterAll(() => {
    dead.disconnect();
  });

  it('throttles on local counts', async () => {
    const onError = vi.fn();
    const throttle = createRedisLoginThrottle({
      redis: dead,
      prefix: PREFIX,
      fallback: createLoginThrottle(),
      onError,
    });
    const now = new Date();
    for (let i = 0; i < 4; i++) await throttle.recordFailure('192.0.2.1', now);
    expect((await throttle.check('192.0.2.1', now)).retryAfter).toBe(0);
    await throttle.recordFailure('192.0.2.1', now);
    expect((await throttle.check('192.0.2.1', now)).retryAfter).toBe(60);
    expect((await throttle.check('192.0.2.2', now)).retryAfter).toBe(0);
    expect(onError).toHaveBeenCalled();
  });

  it('computes answers itself and still clears them on a change', async () => {
    const onError = vi.fn();
    const cache = createResponseCache({
      ttlMs: 60_000,
      shared: { redis: dead, prefix: PREFIX, ttlMs: 60_000, onError },
    });
    const warn = vi.fn();
    const invalidation = createInvalidation({
      cache,
      redis: { publisher: dead, subscriber: dead, prefix: PREFIX },
      log: { warn },
    });
    const compute = vi.fn(async () => ({ score: '0-0' }));

    const answer = await cache.get('matches:today', compute);
    expect(json(answer.body)).toEqual({ score: '0-0' });
    expect(compute).toHaveBeenCalledTimes(1);
    await cache.get('matches:today', compute);
    expect(compute).toHaveBeenCalledTimes(1);
    expect(onError).toHaveBeenCalled();

    expect(() => invalidation.changed()).not.toThrow();
    await cache.get('matches:today', compute);
    expect(compute).toHaveBeenCalledTimes(2);
    await vi.waitFor(() =>
      expect(warn).toHaveBeenCalledWith(
        { err: expect.any(String) },
        'could not announce new data to the other instances',
      ),
    );
  });
});
