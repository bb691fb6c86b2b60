import type { Redis } from 'ioredis';
import {
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
  RLWrapperTimeouts,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';

/**
 * Where counts are kept when every instance must share them: Redis, under `prefix` (the site's
 * key space). A count that fails or takes longer than `timeoutMs` is kept in this process
 * instead, and `onError` is told.
 */
export type CounterStore = {
  redis: Redis;
  prefix: string;
  timeoutMs: number;
  onError?: (error: unknown) => void;
};

/** A CounterStore as callers give it: each user of the counts has its own default wait. */
export type RedisOptions = Omit<CounterStore, 'timeoutMs'> & { timeoutMs?: number };

const REPORT_EVERY_MS = 10_000;

/** Up to `points` events per key in a window of `durationS` seconds from the key's first one. */
export type CounterRule = { name: string; points: number; durationS: number };

/** A rate-limiter-flexible limiter: in memory, or in Redis with an in-memory insurance. */
export type Counter = RateLimiterAbstract;

/**
 * The in-memory limiter standing in for Redis: the library turns to it only when a Redis
 * command failed or timed out, so its use is reported.
 */
class InsuranceLimiter extends RateLimiterMemory {
  private readonly report: () => void;

  constructor(options: ConstructorParameters<typeof RateLimiterMemory>[0], report: () => void) {
    super(options);
    this.report = report;
  }

  override consume(...args: Parameters<RateLimiterMemory['consume']>) {
    this.report();
    return super.consume(...args);
  }
  override penalty(...args: Parameters<RateLimiterMemory['penalty']>) {
    this.report();
    return super.penalty(...args);
  }
  override reward(...args: Parameters<RateLimiterMemory['reward']>) {
    this.report();
    return super.reward(...args);
  }
  override get(...args: Parameters<RateLimiterMemory['get']>) {
    this.report();
    return super.get(...args);
  }
  override set(...args: Parameters<RateLimiterMemory['set']>) {
    this.report();
    return super.set(...args);
  }
  override block(...args: Parameters<RateLimiterMemory['block']>) {
    this.report();
    return super.block(...args);
  }
  override delete(...args: Parameters<RateLimiterMemory['delete']>) {
    this.report();
    return super.delete(...args);
  }
}

/**
 * A counter for `rule`: in this process, or in `store` with an in-memory insurance limiter, so
 * that while Redis is down each instance still counts on its own rather than not at all, and no
 * request fails for it.
 */
export function createCounter(rule: CounterRule, store?: CounterStore): Counter {
  const limits = { points: rule.points, duration: rule.durationS };
  if (store === undefined) return new RateLimiterMemory({ ...limits, keyPrefix: rule.name });
  const keyPrefix = `${store.prefix}${rule.name}`;
  // Once every 10 s at most, so an outage does not write a log line per request.
  let reportedAt = -Infinity;
  const insuranceLimiter = new InsuranceLimiter({ ...limits, keyPrefix }, () => {
    if (performance.now() - reportedAt < REPORT_EVERY_MS) return;
    reportedAt = performance.now();
    store.onError?.(new Error(`redis: ${rule.name} counted in this process only`));
  });
  return new RLWrapperTimeouts({
    limiter: new RateLimiterRedis({
      ...limits,
      keyPrefix,
      storeClient: store.redis,
      insuranceLimiter,
    }),
    timeoutMs: store.timeoutMs,
  });
}

/**
 * Counts one event for `key`. `allowed` is false when the key is past its points (the event is
 * counted all the same); `res` tells how far and for how long. A store error with no insurance
 * to take over is thrown.
 */
export async function take(
  counter: Counter,
  key: string,
): Promise<{ allowed: boolean; res: RateLimiterRes }> {
  try {
    return { allowed: true, res: await counter.consume(key) };
  } catch (error) {
    if (error instanceof RateLimiterRes) return { allowed: false, res: error };
    throw error;
  }
}

/**
 * Takes back an event counted by `take`. When the window ended meanwhile, the library would
 * start the next one below zero (a free event): the key is then dropped instead.
 */
export async function giveBack(counter: Counter, key: string): Promise<void> {
  const res = await counter.reward(key);
  if (res.consumedPoints < 0) await counter.delete(key);
}

/** Seconds to wait, rounded up and at least 1, for a Retry-After header. */
export const toRetryAfter = (ms: number) => Math.max(1, Math.ceil(ms / 1000));
