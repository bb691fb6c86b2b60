import type { Redis } from 'ioredis';
import { RateLimiterMemory } from 'rate-limiter-flexible';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { createLoginThrottle, type LoginAttempt, type LoginThrottle } from './login-throttle.ts';

const T0 = Date.parse('2026-11-21T15:00:00Z');

beforeEach(() => {
  // rate-limiter-flexible reads Date.now: only the clock is faked, timers run for real.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(T0);
});
afterEach(() => {
  vi.useRealTimers();
});

const at = (seconds: number) => vi.setSystemTime(T0 + seconds * 1000);
const advance = (ms: number) => vi.setSystemTime(Date.now() + ms);
const wrong = () => Promise.resolve(false);
const right = () => Promise.resolve(true);
const retryAfterOf = (attempt: LoginAttempt) =>
  attempt.outcome === 'throttled' ? attempt.retryAfter : 0;

/** A sleep that moves the faked clock on, and records each wait. */
function createSleep() {
  const waits: number[] = [];
  return {
    waits,
    sleep: async (ms: number) => {
      waits.push(ms);
      advance(ms);
      // A real pause, so attempts that are not held one at a time would overlap.
      await new Promise((resolve) => setTimeout(resolve, 2));
    },
  };
}

/** Four failures a minute for five minutes: under the minute's limit, at the hour's. */
async function failTwentyTimes(throttle: LoginThrottle, address: string) {
  for (let i = 0; i < 20; i++) {
    at(Math.floor(i / 4) * 60 + (i % 4));
    expect((await throttle.attempt(address, wrong)).outcome).toBe('wrong');
  }
}

describe('createLoginThrottle per address', () => {
  it('lets an address fail five times a minute, then asks it to wait', async () => {
    const throttle = createLoginThrottle();
    for (let i = 0; i < 5; i++) {
      at(i);
      expect(await throttle.attempt('1.2.3.4', wrong)).toEqual({ outcome: 'wrong', alert: false });
    }
    at(5);
    const check = vi.fn(right);
    expect(await throttle.attempt('1.2.3.4', check)).toEqual({
      outcome: 'throttled',
      retryAfter: 55,
      alert: false,
    });
    // Refused before the password is looked at.
    expect(check).not.toHaveBeenCalled();
  });

  it('counts each address on its own', async () => {
    const throttle = createLoginThrottle();
    for (let i = 0; i < 5; i++) await throttle.attempt('1.2.3.4', wrong);
    expect((await throttle.attempt('5.6.7.8', right)).outcome).toBe('right');
  });

  it('forgets failures once the minute is over', async () => {
    const throttle = createLoginThrottle();
    for (let i = 0; i < 5; i++) await throttle.attempt('1.2.3.4', wrong);
    at(60);
    expect((await throttle.attempt('1.2.3.4', right)).outcome).toBe('right');
  });

  it('counts attempts before they are checked: of 30 at once, five are checked', async () => {
    const throttle = createLoginThrottle();
    let checks = 0;
    const slowWrong = async () => {
      checks++;
      await new Promise((resolve) => setTimeout(resolve, 5));
      return false;
    };
    const attempts = await Promise.all(
      Array.from({ length: 30 }, () => throttle.attempt('1.2.3.4', slowWrong)),
    );
    expect(checks).toBe(5);
    expect(attempts.filter((a) => a.outcome === 'wrong')).toHaveLength(5);
    expect(attempts.filter((a) => a.outcome === 'throttled')).toHaveLength(25);
  });

  it('lets a crowd of right passwords sent at once from one address in, however slow the check', async () => {
    const throttle = createLoginThrottle();
    // A slow check (scrypt, or a busy machine): attempts overlap unless they are taken in turn.
    const slowRight = async () => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      return true;
    };
    const attempts = await Promise.all(
      Array.from({ length: 40 }, () => throttle.attempt('198.51.100.20', slowRight)),
    );
    expect(attempts.map((a) => a.outcome)).toEqual(Array(40).fill('right'));
    // The address's bound on wrong ones is unchanged.
    for (let i = 0; i < 5; i++)
      expect((await throttle.attempt('198.51.100.20', wrong)).outcome).toBe('wrong');
    expect((await throttle.attempt('198.51.100.20', right)).outcome).toBe('throttled');
  });

  it('gives a right password its count back', async () => {
    const throttle = createLoginThrottle();
    for (let i = 0; i < 4; i++) await throttle.attempt('1.2.3.4', wrong);
    for (let i = 0; i < 3; i++)
      expect((await throttle.attempt('1.2.3.4', right)).outcome).toBe('right');
    expect((await throttle.attempt('1.2.3.4', wrong)).outcome).toBe('wrong');
    expect((await throttle.attempt('1.2.3.4', right)).outcome).toBe('throttled');
  });

  it('gives the count back when the check fails, and passes the error on', async () => {
    const throttle = createLoginThrottle();
    for (let i = 0; i < 4; i++) await throttle.attempt('1.2.3.4', wrong);
    const broken = () => Promise.reject(new Error('scrypt: out of memory'));
    await expect(throttle.attempt('1.2.3.4', broken)).rejects.toThrow('out of memory');
    expect((await throttle.attempt('1.2.3.4', wrong)).outcome).toBe('wrong');
  });

  it('blocks an address for an hour from its 20th failure in an hour', async () => {
    const throttle = createLoginThrottle();
    await failTwentyTimes(throttle, '1.2.3.4');
    const last = 4 * 60 + 3;
    at(last + 1);
    expect(retryAfterOf(await throttle.attempt('1.2.3.4', right))).toBe(3599);
    // Well past the minute's window: still blocked, and refusals do not lengthen the block.
    at(last + 600);
    expect(retryAfterOf(await throttle.attempt('1.2.3.4', right))).toBe(3000);
    expect((await throttle.attempt('5.6.7.8', right)).outcome).toBe('right');
    at(last + 3600);
    expect((await throttle.attempt('1.2.3.4', right)).outcome).toBe('right');
  });

  it('tells an address refused for the minute of the hour it is blocked for', async () => {
    const throttle = createLoginThrottle();
    await failTwentyTimes(throttle, '1.2.3.4');
    // Refusals count towards the minute: past five of them, the minute refuses first.
    for (let i = 0; i < 6; i++) await throttle.attempt('1.2.3.4', right);
    const attempt = await throttle.attempt('1.2.3.4', right);
    expect(retryAfterOf(attempt)).toBeGreaterThan(3500);
  });

  it('lets 19 failures an hour through', async () => {
    const throttle = createLoginThrottle();
    for (let i = 0; i < 19; i++) {
      at(Math.floor(i / 4) * 60 + (i % 4));
      await throttle.attempt('1.2.3.4', wrong);
    }
    at(10 * 60);
    expect((await throttle.attempt('1.2.3.4', right)).outcome).toBe('right');
  });
});

describe('createLoginThrottle across addresses', () => {
  /** 100 failures from as many addresses, a second apart. */
  async function spendTheHour(throttle: LoginThrottle) {
    for (let i = 0; i < 100; i++) {
      at(i);
      expect((await throttle.attempt(`10.0.${i}.1`, wrong)).outcome).toBe('wrong');
    }
  }

  it('holds every attempt a second once 100 failures an hour were spent', async () => {
    const { sleep, waits } = createSleep();
    const throttle = createLoginThrottle({ sleep });
    for (let i = 0; i < 99; i++) await throttle.attempt(`10.0.${i}.1`, wrong);
    expect(await throttle.attempt('192.0.2.1', right)).toEqual({ outcome: 'right', alert: false });
    await throttle.attempt('10.0.99.1', wrong);
    expect(waits).toEqual([]);

    expect(await throttle.attempt('192.0.2.2', right)).toEqual({ outcome: 'right', alert: true });
    expect(await throttle.attempt('192.0.2.3', wrong)).toEqual({ outcome: 'wrong', alert: false });
    expect(waits).toEqual([1000, 1000]);
  });

  it('checks attempts at once one at a time', async () => {
    const { sleep, waits } = createSleep();
    const throttle = createLoginThrottle({ sleep });
    await spendTheHour(throttle);
    let inFlight = 0;
    let most = 0;
    const check = async () => {
      most = Math.max(most, ++inFlight);
      await new Promise((resolve) => setTimeout(resolve, 5));
      inFlight--;
      return false;
    };
    const attempts = await Promise.all(
      Array.from({ length: 6 }, (_, i) => throttle.attempt(`192.0.2.${i}`, check)),
    );
    expect(attempts.map((a) => a.outcome)).toEqual(Array(6).fill('wrong'));
    expect(attempts.filter((a) => a.alert)).toHaveLength(1);
    expect(most).toBe(1);
    expect(waits).toEqual(Array(6).fill(1000));
  });

  it('refuses attempts past five waiting, without counting them as failures', async () => {
    const { sleep } = createSleep();
    const throttle = createLoginThrottle({ sleep });
    await spendTheHour(throttle);
    const attempts = await Promise.all(
      Array.from({ length: 10 }, () => throttle.attempt('192.0.2.1', wrong)),
    );
    // Five counted for the address; of those one is checked at once and four wait in line.
    expect(attempts.map((a) => a.outcome)).toEqual([
      ...Array(5).fill('wrong'),
      ...Array(5).fill('throttled'),
    ]);

    const crowd = await Promise.all(
      Array.from({ length: 10 }, (_, i) => throttle.attempt(`198.51.100.${i}`, wrong)),
    );
    // One is checked while five wait: the other four are turned away, with a wait to respect.
    const refused = crowd.filter((a) => a.outcome === 'throttled');
    expect(refused).toHaveLength(4);
    for (const attempt of refused) expect(retryAfterOf(attempt)).toBe(6);
    // They were never checked, so their addresses may still fail five times.
    const address = crowd.findIndex((a) => a.outcome === 'throttled');
    for (let i = 0; i < 5; i++) {
      expect((await throttle.attempt(`198.51.100.${address}`, wrong)).outcome).toBe('wrong');
    }
  });

  it('refuses at once, counting nothing, while the line is full', async () => {
    const { sleep } = createSleep();
    const throttle = createLoginThrottle({ sleep });
    await spendTheHour(throttle);
    let release = () => {};
    const held = new Promise<boolean>((resolve) => (release = () => resolve(false)));
    // One checked (and held) while five wait: the line is full.
    const inLine = Array.from({ length: 6 }, (_, i) =>
      throttle.attempt(`192.0.2.${i}`, () => held),
    );
    await new Promise((resolve) => setTimeout(resolve, 50));

    const consume = vi.spyOn(RateLimiterMemory.prototype, 'consume');
    const flood = await Promise.all(
      Array.from({ length: 20 }, (_, i) => throttle.attempt(`198.51.100.${i}`, right)),
    );
    expect(flood.every((a) => a.outcome === 'throttled' && a.retryAfter === 6)).toBe(true);
    expect(consume).not.toHaveBeenCalled();
    consume.mockRestore();

    release();
    expect((await Promise.all(inLine)).map((a) => a.outcome)).toEqual(Array(6).fill('wrong'));
  });

  it('raises the alert once an hour, and stops slowing down when the hour is over', async () => {
    const { sleep, waits } = createSleep();
    const throttle = createLoginThrottle({ sleep });
    await spendTheHour(throttle);
    expect((await throttle.attempt('192.0.2.1', wrong)).alert).toBe(true);
    expect((await throttle.attempt('192.0.2.2', wrong)).alert).toBe(false);
    at(3599);
    expect((await throttle.attempt('192.0.2.3', wrong)).alert).toBe(false);
    expect(waits).toHaveLength(3);
    // The hour counted from the first failure (at 0 s) is over.
    at(3600 + 5);
    expect(await throttle.attempt('192.0.2.4', right)).toEqual({ outcome: 'right', alert: false });
    expect(waits).toHaveLength(3);
  });
});

describe('createLoginThrottle on Redis', () => {
  /** An ioredis stand-in whose every command fails, as when the server is down. */
  const downRedis = () =>
    ({
      defineCommand: () => {},
      rlflxIncr: () => Promise.reject(new Error('connect ECONNREFUSED')),
      multi: () => {
        throw new Error('connect ECONNREFUSED');
      },
      del: () => Promise.reject(new Error('connect ECONNREFUSED')),
    }) as unknown as Redis;

  it('counts in this process while Redis is down, and says so', async () => {
    const onError = vi.fn();
    const throttle = createLoginThrottle({
      redis: { redis: downRedis(), prefix: 'p:', onError },
    });
    for (let i = 0; i < 5; i++)
      expect((await throttle.attempt('1.2.3.4', wrong)).outcome).toBe('wrong');
    expect((await throttle.attempt('1.2.3.4', right)).outcome).toBe('throttled');
    expect((await throttle.attempt('5.6.7.8', right)).outcome).toBe('right');
    expect(onError).toHaveBeenCalledWith(
      expect.objectContaining({ message: 'redis: login:minute counted in this process only' }),
    );
  });

  it('counts in this process when Redis does not answer within a second', async () => {
    const hung = {
      defineCommand: () => {},
      rlflxIncr: () => new Promise(() => {}),
    } as unknown as Redis;
    const throttle = createLoginThrottle({ redis: { redis: hung, prefix: 'p:', timeoutMs: 20 } });
    const started = performance.now();
    expect((await throttle.attempt('1.2.3.4', right)).outcome).toBe('right');
    expect(performance.now() - started).toBeLessThan(1000);
  });
});
