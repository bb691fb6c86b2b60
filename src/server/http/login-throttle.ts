import type { Redis } from 'ioredis';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
/** Failures an address may make in a minute before it must wait. */
const PER_MINUTE = 5;
/** Failures an address may make in an hour before it is blocked for an hour. */
const PER_HOUR = 20;
/**
 * Failures across all addresses in an hour (ASVS 2.2.1: one shared password is one account).
 * Past it every attempt is slowed down, not refused, so guessers cannot lock the fans out.
 */
const ALL_PER_HOUR = 100;
const SLOW_DOWN_MS = 1000;

export type LoginVerdict = {
  /** Seconds the address must wait before trying again, or 0 when it may try now. */
  retryAfter: number;
  /** Milliseconds to hold this attempt before answering it. */
  delayMs: number;
  /** True for the first slowed-down attempt in an hour: the moment to raise the alert. */
  alert: boolean;
};

/**
 * Counts failed logins: per client address (5 a minute, then wait; 20 an hour, then blocked for
 * an hour) and across all addresses (100 an hour, then every attempt is slowed down).
 */
export type LoginThrottle = {
  check: (address: string, now: Date) => LoginVerdict | Promise<LoginVerdict>;
  recordFailure: (address: string, now: Date) => void | Promise<void>;
};

/** The wait owed by an address with these failure times (oldest first) and block end. */
function getRetryAfter(times: number[], blockedUntil: number, nowMs: number): number {
  const lastMinute = times.filter((t) => t > nowMs - MINUTE_MS);
  const minuteEnds =
    lastMinute.length < PER_MINUTE
      ? 0
      : (lastMinute[lastMinute.length - PER_MINUTE] ?? nowMs) + MINUTE_MS;
  const until = Math.max(minuteEnds, blockedUntil);
  return until > nowMs ? Math.max(1, Math.ceil((until - nowMs) / 1000)) : 0;
}

// Failures across addresses are counted per minute: the last hour is the current minute and
// the 59 before it, in bounded memory however many addresses take part.
const minuteOf = (ms: number) => Math.floor(ms / MINUTE_MS);
const isSpent = (failuresLastHour: number) => failuresLastHour >= ALL_PER_HOUR;

export function createLoginThrottle(): LoginThrottle {
  const addresses = new Map<string, { times: number[]; blockedUntil: number }>();
  const perMinute = new Map<number, number>();
  let alertedAt = -Infinity;

  const find = (address: string, nowMs: number) => {
    const entry = addresses.get(address);
    if (entry === undefined) return undefined;
    entry.times = entry.times.filter((t) => t > nowMs - HOUR_MS);
    if (entry.times.length > 0 || entry.blockedUntil > nowMs) return entry;
    addresses.delete(address);
    return undefined;
  };
  const countAll = (nowMs: number) => {
    const current = minuteOf(nowMs);
    let total = 0;
    for (const [minute, count] of perMinute) {
      if (minute <= current - 60) perMinute.delete(minute);
      else total += count;
    }
    return total;
  };

  return {
    check(address, now) {
      const nowMs = now.getTime();
      const entry = find(address, nowMs);
      const slow = isSpent(countAll(nowMs));
      const alert = slow && nowMs - alertedAt >= HOUR_MS;
      if (alert) alertedAt = nowMs;
      return {
        retryAfter: entry === undefined ? 0 : getRetryAfter(entry.times, entry.blockedUntil, nowMs),
        delayMs: slow ? SLOW_DOWN_MS : 0,
        alert,
      };
    },
    recordFailure(address, now) {
      const nowMs = now.getTime();
      const entry = find(address, nowMs) ?? { times: [], blockedUntil: 0 };
      entry.times.push(nowMs);
      if (entry.times.length > PER_HOUR) entry.times.shift();
      if (entry.times.length >= PER_HOUR) entry.blockedUntil = nowMs + HOUR_MS;
      addresses.set(address, entry);
      if (addresses.size > 100_000) addresses.delete(addresses.keys().next().value ?? address);
      const minute = minuteOf(nowMs);
      perMinute.set(minute, (perMinute.get(minute) ?? 0) + 1);
    },
  };
}

/** The replies of a MULTI, or an error when it or one of its commands failed. */
function readReplies(result: [Error | null, unknown][] | null): unknown[] {
  if (result === null) throw new Error('redis: transaction aborted');
  return result.map(([error, reply]) => {
    if (error !== null) throw error;
    return reply;
  });
}

/**
 * The same counts kept in Redis, so every instance counts failures together. While Redis cannot
 * be reached, each instance counts on its own (`fallback`) rather than letting guesses through
 * unthrottled.
 */
export function createRedisLoginThrottle(options: {
  redis: Redis;
  prefix: string;
  fallback: LoginThrottle;
  onError?: (error: unknown) => void;
}): LoginThrottle {
  const { redis, prefix } = options;
  const failuresKey = (address: string) => `${prefix}login-failures:${address}`;
  const blockKey = (address: string) => `${prefix}login-block:${address}`;
  const allKey = (minute: number) => `${prefix}login-failures-all:${minute}`;
  const alertKey = `${prefix}login-alert`;
  const failed = (error: unknown) => options.onError?.(error);

  return {
    async check(address, now) {
      try {
        const nowMs = now.getTime();
        const current = minuteOf(nowMs);
        const minutes = Array.from({ length: 60 }, (_, i) => allKey(current - i));
        const [blockedUntil, , entries, counts] = readReplies(
          await redis
            .multi()
            .get(blockKey(address))
            .zremrangebyscore(failuresKey(address), '-inf', String(nowMs - HOUR_MS))
            .zrange(failuresKey(address), '0', '-1', 'WITHSCORES')
            .mget(...minutes)
            .exec(),
        ) as [string | null, unknown, string[], (string | null)[]];
        const times = entries.filter((_, i) => i % 2 === 1).map(Number);
        const slow = isSpent(counts.reduce((sum, count) => sum + Number(count ?? 0), 0));
        // One alert an hour across all instances: whichever sets the key raises it.
        const alert =
          slow && (await redis.set(alertKey, String(nowMs), 'PX', HOUR_MS, 'NX')) === 'OK';
        return {
          retryAfter: getRetryAfter(times, Number(blockedUntil ?? 0), nowMs),
          delayMs: slow ? SLOW_DOWN_MS : 0,
          alert,
        };
      } catch (error) {
        failed(error);
        return options.fallback.check(address, now);
      }
    },
    async recordFailure(address, now) {
      await options.fallback.recordFailure(address, now);
      try {
        const key = failuresKey(address);
        const t = now.getTime();
        const [, , inLastHour] = readReplies(
          await redis
            .multi()
            .zadd(key, t, `${t}:${Math.random().toString(36).slice(2)}`)
            .zremrangebyscore(key, '-inf', String(t - HOUR_MS))
            .zcard(key)
            .pexpire(key, HOUR_MS)
            .incr(allKey(minuteOf(t)))
            .pexpire(allKey(minuteOf(t)), HOUR_MS + MINUTE_MS)
            .exec(),
        );
        if (Number(inLastHour) >= PER_HOUR) {
          await redis.set(blockKey(address), String(t + HOUR_MS), 'PX', HOUR_MS);
        }
      } catch (error) {
        failed(error);
      }
    },
  };
}
