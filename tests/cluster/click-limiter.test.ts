// The affiliate click limits (SECURITY §6) shared by several instances through Redis: two
// limiters, each on a connection and a local fallback of its own, count one address together.
// Against the local Redis.
import { randomBytes } from 'node:crypto';

import { Redis } from 'ioredis';
import { afterAll, describe, expect, it, vi } from 'vitest';

import {
  createClickLimiter,
  createRedisClickLimiter,
  type ClickLimiter,
} from '../../src/server/http/click-limiter.ts';

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

let nowMs = Date.now();
const onError = vi.fn();
/** One instance's limiter, on a shared clock the test moves. */
const startInstance = (): ClickLimiter =>
  createRedisClickLimiter({
    redis: connect(),
    prefix: PREFIX,
    fallback: createClickLimiter({ now: () => nowMs }),
    now: () => nowMs,
    // A first command on a fresh connection may wait for it to open.
    timeoutMs: 2000,
    onError,
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
    // A minute on, the address may click again.
    nowMs += 60_000;
    expect(await a.check('198.51.100.1', offer('e32'))).toBe('record');
    expect(onError).not.toHaveBeenCalled();
  });

  it('counts the same offer from one address once within 10 s on any instance', async () => {
    expect(await a.check('198.51.100.3', offer('e1'))).toBe('record');
    // New to b's local count, yet a duplicate: the answer is Redis's.
    expect(await b.check('198.51.100.3', offer('e1'))).toBe('duplicate');
    nowMs += 9_999;
    expect(await b.check('198.51.100.3', offer('e1'))).toBe('duplicate');
    nowMs += 1;
    expect(await b.check('198.51.100.3', offer('e1'))).toBe('record');
    expect(await a.check('198.51.100.3', offer('e1'))).toBe('duplicate');
    expect(onError).not.toHaveBeenCalled();
  });

  it('keeps no raw address in Redis, and every key expires', async () => {
    const keys = await listKeys(`${PREFIX}*`);
    expect(keys.length).toBeGreaterThan(0);
    expect(keys.join()).not.toContain('198.51.100');
    for (const key of keys) expect(await admin.pttl(key)).toBeGreaterThan(0);
  });
});
