import type { Redis } from 'ioredis';
import { describe, expect, it, vi } from 'vitest';

import { createClickLimiter, createRedisClickLimiter } from './click-limiter.ts';

/** A clock the test moves by hand, in milliseconds. */
function createClock() {
  let nowMs = Date.parse('2026-11-21T15:00:00Z');
  return { now: () => nowMs, advance: (ms: number) => (nowMs += ms) };
}

const offer = (event: string, outcome = 'home') => JSON.stringify(['bet365', event, outcome]);

describe('createClickLimiter', () => {
  it('records 30 clicks a minute from one address, not the 31st', () => {
    const clock = createClock();
    const limiter = createClickLimiter({ now: clock.now });
    for (let i = 0; i < 30; i++) {
      expect(limiter.check('1.2.3.4', offer(`e${i}`))).toBe('record');
      clock.advance(1000);
    }
    expect(limiter.check('1.2.3.4', offer('e30'))).toBe('over-limit');
    expect(limiter.check('1.2.3.4', offer('e31'))).toBe('over-limit');
  });

  it('records again once the first click of the minute is a minute old', () => {
    const clock = createClock();
    const limiter = createClickLimiter({ now: clock.now });
    for (let i = 0; i < 30; i++) limiter.check('1.2.3.4', offer(`e${i}`));
    clock.advance(59_999);
    expect(limiter.check('1.2.3.4', offer('late'))).toBe('over-limit');
    clock.advance(1);
    expect(limiter.check('1.2.3.4', offer('later'))).toBe('record');
  });

  it('counts the same offer from one address once within 10 s, and again after', () => {
    const clock = createClock();
    const limiter = createClickLimiter({ now: clock.now });
    expect(limiter.check('1.2.3.4', offer('e1'))).toBe('record');
    clock.advance(9_999);
    expect(limiter.check('1.2.3.4', offer('e1'))).toBe('duplicate');
    clock.advance(1);
    expect(limiter.check('1.2.3.4', offer('e1'))).toBe('record');
  });

  it('tells offers apart by bookmaker, event and outcome', () => {
    const limiter = createClickLimiter({ now: createClock().now });
    expect(limiter.check('1.2.3.4', offer('e1', 'home'))).toBe('record');
    expect(limiter.check('1.2.3.4', offer('e1', 'away'))).toBe('record');
    expect(limiter.check('1.2.3.4', offer('e2', 'home'))).toBe('record');
    expect(limiter.check('1.2.3.4', JSON.stringify(['pinnacle', 'e1', 'home']))).toBe('record');
    expect(limiter.check('1.2.3.4', offer('e1', 'home'))).toBe('duplicate');
  });

  it('does not count duplicates towards the minute', () => {
    const limiter = createClickLimiter({ now: createClock().now });
    for (let i = 0; i < 29; i++) limiter.check('1.2.3.4', offer(`e${i}`));
    for (let i = 0; i < 10; i++) expect(limiter.check('1.2.3.4', offer('e0'))).toBe('duplicate');
    expect(limiter.check('1.2.3.4', offer('e29'))).toBe('record');
  });

  it('counts each address on its own', () => {
    const limiter = createClickLimiter({ now: createClock().now });
    for (let i = 0; i < 30; i++) limiter.check('1.2.3.4', offer(`e${i}`));
    expect(limiter.check('1.2.3.4', offer('e30'))).toBe('over-limit');
    expect(limiter.check('5.6.7.8', offer('e0'))).toBe('record');
    expect(limiter.check('5.6.7.8', offer('e0'))).toBe('duplicate');
    expect(limiter.check('1.2.3.4', offer('e0'))).toBe('duplicate');
  });

  it('keeps at most maxEntries addresses, forgetting the oldest', () => {
    const limiter = createClickLimiter({ now: createClock().now, maxEntries: 100 });
    for (let i = 0; i < 30; i++) limiter.check('1.2.3.4', offer(`e${i}`));
    for (let i = 0; i < 100; i++) limiter.check(`10.0.0.${i}`, offer('e'));
    // The first address was forgotten to keep the memory bounded: it starts afresh.
    expect(limiter.check('1.2.3.4', offer('e30'))).toBe('record');
  });
});

describe('createRedisClickLimiter', () => {
  const fakeRedis = (evalImpl: () => Promise<unknown>) =>
    ({ eval: vi.fn(evalImpl) }) as unknown as Redis & { eval: ReturnType<typeof vi.fn> };

  it("takes Redis's verdict when it answers in time", async () => {
    const redis = fakeRedis(() => Promise.resolve(-1));
    const limiter = createRedisClickLimiter({
      redis,
      prefix: 'p:',
      fallback: createClickLimiter(),
    });
    expect(await limiter.check('1.2.3.4', offer('e1'))).toBe('over-limit');
    expect(redis.eval).toHaveBeenCalledTimes(1);
  });

  it('decides locally when Redis fails, then leaves it alone for a second', async () => {
    const clock = createClock();
    const onError = vi.fn();
    const redis = fakeRedis(() => Promise.reject(new Error('connection refused')));
    const limiter = createRedisClickLimiter({
      redis,
      prefix: 'p:',
      fallback: createClickLimiter({ now: clock.now }),
      now: clock.now,
      onError,
    });
    expect(await limiter.check('1.2.3.4', offer('e1'))).toBe('record');
    expect(onError).toHaveBeenCalledTimes(1);
    // The local count goes on: a duplicate is still one.
    expect(await limiter.check('1.2.3.4', offer('e1'))).toBe('duplicate');
    expect(redis.eval).toHaveBeenCalledTimes(1);
    clock.advance(1000);
    await limiter.check('1.2.3.4', offer('e2'));
    expect(redis.eval).toHaveBeenCalledTimes(2);
  });

  it('decides locally after 50 ms when Redis hangs', async () => {
    const onError = vi.fn();
    const limiter = createRedisClickLimiter({
      redis: fakeRedis(() => new Promise(() => {})),
      prefix: 'p:',
      fallback: createClickLimiter(),
      onError,
    });
    const started = performance.now();
    expect(await limiter.check('1.2.3.4', offer('e1'))).toBe('record');
    expect(performance.now() - started).toBeLessThan(500);
    expect(onError).toHaveBeenCalledWith(
      expect.objectContaining({ message: expect.stringMatching(/50 ms/) }),
    );
  });
});
