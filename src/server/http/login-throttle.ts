import type { Redis } from 'ioredis';

/** Counts failed logins per client address in a sliding window. */
export type LoginThrottle = {
  /** Seconds the address must wait before trying again, or 0 when it may try now. */
  retryAfter: (address: string, now: Date) => number | Promise<number>;
  recordFailure: (address: string, now: Date) => void | Promise<void>;
};

export function createLoginThrottle(options: { limit: number; windowMs: number }): LoginThrottle {
  const failures = new Map<string, number[]>();

  const recent = (address: string, now: Date): number[] => {
    const since = now.getTime() - options.windowMs;
    const kept = (failures.get(address) ?? []).filter((t) => t > since);
    if (kept.length === 0) failures.delete(address);
    else failures.set(address, kept);
    return kept;
  };

  return {
    retryAfter(address, now) {
      const kept = recent(address, now);
      if (kept.length < options.limit) return 0;
      const oldest = kept[kept.length - options.limit] ?? now.getTime();
      return Math.max(1, Math.ceil((oldest + options.windowMs - now.getTime()) / 1000));
    },
    recordFailure(address, now) {
      const kept = recent(address, now);
      kept.push(now.getTime());
      failures.set(address, kept);
      if (failures.size > 100_000) failures.delete(failures.keys().next().value ?? address);
    },
  };
}

/**
 * The same sliding window kept in Redis, so every instance counts an address's failures
 * together. While Redis cannot be reached, each instance counts on its own (`fallback`) rather
 * than letting guesses through unthrottled.
 */
export function createRedisLoginThrottle(options: {
  redis: Redis;
  prefix: string;
  limit: number;
  windowMs: number;
  fallback: LoginThrottle;
  onError?: (error: unknown) => void;
}): LoginThrottle {
  const keyOf = (address: string) => `${options.prefix}login-failures:${address}`;
  const failed = (error: unknown) => options.onError?.(error);

  return {
    async retryAfter(address, now) {
      try {
        const key = keyOf(address);
        const since = now.getTime() - options.windowMs;
        const result = await options.redis
          .multi()
          .zremrangebyscore(key, '-inf', String(since))
          .zrange(key, '0', '-1', 'WITHSCORES')
          .exec();
        const entries = (result?.[1]?.[1] ?? []) as string[];
        const times = entries.filter((_, i) => i % 2 === 1).map(Number);
        if (times.length < options.limit) return 0;
        const oldest = times[times.length - options.limit] ?? now.getTime();
        return Math.max(1, Math.ceil((oldest + options.windowMs - now.getTime()) / 1000));
      } catch (error) {
        failed(error);
        return options.fallback.retryAfter(address, now);
      }
    },
    async recordFailure(address, now) {
      await options.fallback.recordFailure(address, now);
      try {
        const key = keyOf(address);
        const t = now.getTime();
        await options.redis
          .multi()
          .zadd(key, t, `${t}:${Math.random().toString(36).slice(2)}`)
          .zremrangebyscore(key, '-inf', String(t - options.windowMs))
          .pexpire(key, options.windowMs)
          .exec();
      } catch (error) {
        failed(error);
      }
    },
  };
}
