// The affiliate click limits (SECURITY §6) shared by several instances through Redis: two
// limiters, each on a connection and in-memory counts of its own, count one address together.
// Against the local Redis.
import { randomBytes } from 'node:crypto';
import net from 'node:net';

import { Redis } from 'ioredis';
import { afterAll, describe, expect, it, vi } from 'vitest';

import { createClickLimiter, type ClickLimiter } from '../../src/server/http/click-limiter.ts';

const REDIS_URL = 'redis://127.0.0.1:6379';
const PREFIX = `touchline-test:${randomBytes(6).toString('hex')}:`;

const connections: Redis[] = [];
const admin = connect();
function connect(): Redis {
  const redis = new Redis(REDIS_URL, { maxRetriesPerRequest: 1 });
  connections.push(redis);
  return redis;
}

async function listKeys(pattern: string): Promise<string[]> {
  const keys: string[] = [];
  let cursor = '0';
  do {
    const [next, found] = await admin.scan(cursor, 'MATCH', pattern, 'COUNT', 1000);
    cursor = next;
    keys.push(...found);
  } while (cursor !== '0');
  return keys;
}

afterAll(async () => {
  const keys = await listKeys(`${PREFIX}*`);
  if (keys.length > 0) await admin.del(...keys);
  expect(await listKeys(`${PREFIX}*`)).toEqual([]);
  await Promise.all(connections.map((redis) => redis.quit()));
});

const onError = vi.fn();
/** One instance's limiter. */
const startInstance = (): ClickLimiter =>
  createClickLimiter({
    // A first command on a fresh connection may wait for it to open.
    redis: { redis: connect(), prefix: PREFIX, timeoutMs: 2000, onError },
  });

const offer = (event: string) => JSON.stringify(['bet365', event, 'home']);

describe('click limits shared through Redis', () => {
  const a = startInstance();
  const b = startInstance();

  it('counts 30 clicks a minute from one address across two instances', async () => {
    for (let i = 0; i < 30; i++) {
      // Each instance alone sees 15: under its local limit, but not under the shared one.
      expect(await (i % 2 === 0 ? a : b).check('198.51.100.1', offer(`e${i}`))).toBe('record');
    }
    expect(await a.check('198.51.100.1', offer('e30'))).toBe('over-limit');
    expect(await b.check('198.51.100.1', offer('e31'))).toBe('over-limit');
    // Another address is counted on its own.
    expect(await b.check('198.51.100.2', offer('e30'))).toBe('record');
    expect(onError).not.toHaveBeenCalled();
  });

  it('counts clicks sent at once to both instances as if one after another', async () => {
    const verdicts = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        (i % 2 === 0 ? a : b).check('198.51.100.4', offer(`e${i}`)),
      ),
    );
    expect(verdicts.filter((v) => v === 'record')).toHaveLength(30);
    expect(verdicts.filter((v) => v === 'over-limit')).toHaveLength(10);
    expect(onError).not.toHaveBeenCalled();
  });

  it('counts the same offer from one address once within 10 s on any instance', async () => {
    expect(await a.check('198.51.100.3', offer('e1'))).toBe('record');
    // New to b, yet a duplicate: the count is Redis's.
    expect(await b.check('198.51.100.3', offer('e1'))).toBe('duplicate');
    expect(await a.check('198.51.100.3', offer('e2'))).toBe('record');
    expect(onError).not.toHaveBeenCalled();
  });

  it('keeps no raw address in Redis, and every key expires with its window', async () => {
    const keys = await listKeys(`${PREFIX}*`);
    expect(keys.length).toBeGreaterThan(0);
    expect(keys.join()).not.toContain('198.51.100');
    // The windows themselves are Redis's expiry: a minute per address, 10 s per offer.
    for (const key of keys.filter((k) => k.startsWith(`${PREFIX}clicks:`))) {
      const ttl = await admin.pttl(key);
      expect(ttl).toBeGreaterThan(0);
      expect(ttl).toBeLessThanOrEqual(60_000);
    }
    for (const key of keys.filter((k) => k.startsWith(`${PREFIX}click-offer:`))) {
      const ttl = await admin.pttl(key);
      expect(ttl).toBeGreaterThan(0);
      expect(ttl).toBeLessThanOrEqual(10_000);
    }
    expect(keys.every((k) => /^[^:]+:[^:]+:(clicks|click-offer):[\w-]{22}$/.test(k))).toBe(true);
  });
});

describe('click limits with Redis unreachable', () => {
  it('are kept in each process', async () => {
    const server = net.createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as net.AddressInfo;
    await new Promise<void>((resolve) => server.close(() => resolve()));
    const dead = new Redis({
      host: '127.0.0.1',
      port,
      lazyConnect: true,
      maxRetriesPerRequest: 0,
      enableOfflineQueue: false,
      retryStrategy: () => null,
    });
    dead.on('error', () => {});
    const failed = vi.fn();
    const limiter = createClickLimiter({ redis: { redis: dead, prefix: PREFIX, onError: failed } });
    try {
      for (let i = 0; i < 30; i++)
        expect(await limiter.check('192.0.2.1', offer(`e${i}`))).toBe('record');
      expect(await limiter.check('192.0.2.1', offer('e30'))).toBe('over-limit');
      expect(await limiter.check('192.0.2.2', offer('e0'))).toBe('record');
      expect(await limiter.check('192.0.2.2', offer('e0'))).toBe('duplicate');
      expect(failed).toHaveBeenCalled();
    } finally {
      dead.disconnect();
    }
  });
});
