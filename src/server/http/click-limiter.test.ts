import type { Redis } from 'ioredis';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { createClickLimiter } from './click-limiter.ts';

beforeEach(() => {
  // rate-limiter-flexible reads Date.now: only the clock is faked, timers run for real.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(Date.parse('2026-11-21T15:00:00Z'));
});
afterEach(() => {
  vi.useRealTimers();
});

const advance = (ms: number) => vi.setSystemTime(Date.now() + ms);

const offer = (event: string, outcome = 'home') => JSON.stringify(['bet365', event, outcome]);

describe('createClickLimiter', () => {
  it('records 30 clicks a minute from one address, not the 31st', async () => {
    const limiter = createClickLimiter();
    for (let i = 0; i < 30; i++) {
      expect(await limiter.check('1.2.3.4', offer(`e${i}`))).toBe('record');
      advance(1000);
    }
    expect(await limiter.check('1.2.3.4', offer('e30'))).toBe('over-limit');
    expect(await limiter.check('1.2.3.4', offer('e31'))).toBe('over-limit');
  });

  it('records again once the first click of the minute is a minute old', async () => {
    const limiter = createClickLimiter();
    for (let i = 0; i < 30; i++) await limiter.check('1.2.3.4', offer(`e${i}`));
    advance(59_999);
    expect(await limiter.check('1.2.3.4', offer('late'))).toBe('over-limit');
    advance(1);
    expect(await limiter.check('1.2.3.4', offer('later'))).toBe('record');
  });

  it('counts the same offer from one address once within 10 s, and again after', async () => {
    const limiter = createClickLimiter();
    expect(await limiter.check('1.2.3.4', offer('e1'))).toBe('record');
    advance(9_999);
    expect(await limiter.check('1.2.3.4', offer('e1'))).toBe('duplicate');
    advance(1);
    expect(await limiter.check('1.2.3.4', offer('e1'))).toBe('record');
  });

  it('tells offers apart by bookmaker, event and outcome', async () => {
    const limiter = createClickLimiter();
    expect(await limiter.check('1.2.3.4', offer('e1', 'home'))).toBe('record');
    expect(await limiter.check('1.2.3.4', offer('e1', 'away'))).toBe('record');
    expect(await limiter.check('1.2.3.4', offer('e2', 'home'))).toBe('record');
    expect(await limiter.check('1.2.3.4', JSON.stringify(['pinnacle', 'e1', 'home']))).toBe(
      'record',
    );
    expect(await limiter.check('1.2.3.4', offer('e1', 'home'))).toBe('duplicate');
  });

  it('does not count duplicates towards the minute', async () => {
    const limiter = createClickLimiter();
    for (let i = 0; i < 29; i++) await limiter.check('1.2.3.4', offer(`e${i}`));
    for (let i = 0; i < 10; i++)
      expect(await limiter.check('1.2.3.4', offer('e0'))).toBe('duplicate');
    expect(await limiter.check('1.2.3.4', offer('e29'))).toBe('record');
  });

  it('counts each address on its own', async () => {
    const limiter = createClickLimiter();
    for (let i = 0; i < 30; i++) await limiter.check('1.2.3.4', offer(`e${i}`));
    expect(await limiter.check('1.2.3.4', offer('e30'))).toBe('over-limit');
    expect(await limiter.check('5.6.7.8', offer('e0'))).toBe('record');
    expect(await limiter.check('5.6.7.8', offer('e0'))).toBe('duplicate');
    expect(await limiter.check('1.2.3.4', offer('e0'))).toBe('duplicate');
  });

  it('answers clicks sent at once as if one after another', async () => {
    const limiter = createClickLimiter();
    const verdicts = await Promise.all([
      ...Array.from({ length: 40 }, (_, i) => limiter.check('1.2.3.4', offer(`e${i}`))),
      ...Array.from({ length: 5 }, () => limiter.check('5.6.7.8', offer('e0'))),
    ]);
    expect(verdicts.slice(0, 40)).toEqual([
      ...Array(30).fill('record'),
      ...Array(10).fill('over-limit'),
    ]);
    expect(verdicts.slice(40)).toEqual(['record', ...Array(4).fill('duplicate')]);
  });
});

describe('createClickLimiter on Redis', () => {
  /** An ioredis stand-in for the library's one counting command. */
  const fakeRedis = (incr: () => Promise<unknown>) =>
    ({ defineCommand: () => {}, rlflxIncr: vi.fn(incr) }) as unknown as Redis & {
      rlflxIncr: ReturnType<typeof vi.fn>;
    };

  it("takes Redis's count when it answers in time", async () => {
    // Redis says 31 clicks this minute, 50 s of it left.
    const redis = fakeRedis(() => Promise.resolve([31, 50_000]));
    const limiter = createClickLimiter({ redis: { redis, prefix: 'p:' } });
    // The offer is new (its count is 31 too, over 1): Redis's count decides, not this process's.
    expect(await limiter.check('1.2.3.4', offer('e1'))).toBe('duplicate');
    expect(redis.rlflxIncr).toHaveBeenCalledTimes(1);
    expect(redis.rlflxIncr.mock.calls[0]?.[0]?.[0]).toMatch(/^p:click-offer:[\w-]{22}$/);
  });

  it('counts in this process when Redis fails, and says so', async () => {
    const onError = vi.fn();
    const redis = fakeRedis(() => Promise.reject(new Error('connection refused')));
    const limiter = createClickLimiter({ redis: { redis, prefix: 'p:', onError } });
    expect(await limiter.check('1.2.3.4', offer('e1'))).toBe('record');
    expect(onError).toHaveBeenCalledWith(
      expect.objectContaining({ message: 'redis: click-offer counted in this process only' }),
    );
    // The local count goes on: a duplicate is still one, and the minute's limit holds.
    expect(await limiter.check('1.2.3.4', offer('e1'))).toBe('duplicate');
    for (let i = 2; i <= 30; i++) await limiter.check('1.2.3.4', offer(`e${i}`));
    expect(await limiter.check('1.2.3.4', offer('e31'))).toBe('over-limit');
  });

  it('counts in this process after 50 ms when Redis hangs', async () => {
    const limiter = createClickLimiter({
      redis: { redis: fakeRedis(() => new Promise(() => {})), prefix: 'p:' },
    });
    const started = performance.now();
    expect(await limiter.check('1.2.3.4', offer('e1'))).toBe('record');
    // Two counts (the offer's, the minute's), 50 ms each at most.
    expect(performance.now() - started).toBeLessThan(500);
  });
});
