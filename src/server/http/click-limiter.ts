import { createHash, randomBytes } from 'node:crypto';

import type { Redis } from 'ioredis';

const MINUTE_MS = 60_000;
/** Clicks an address may have recorded in a minute (SECURITY §6); past it, redirect only. */
const PER_MINUTE = 30;
/** The same address clicking the same offer again within this long is counted once. */
const SAME_OFFER_MS = 10_000;
/** Addresses (and address + offer pairs) kept in memory at most; the oldest go first. */
const MAX_ENTRIES = 50_000;
/** How long a click waits on Redis before it is decided locally. */
const REDIS_TIMEOUT_MS = 50;
/** After Redis failed or was slow, clicks are decided locally for this long. */
const REDIS_PAUSE_MS = 1000;

/** `record`: count and store the click; otherwise redirect without storing it. */
export type ClickVerdict = 'record' | 'duplicate' | 'over-limit';

/**
 * Decides whether an affiliate click is stored: at most 30 a minute per client address, and one
 * per address and offer (bookmaker + event + outcome) in 10 s. Asking counts the click.
 */
export type ClickLimiter = {
  check: (address: string, offer: string) => ClickVerdict | Promise<ClickVerdict>;
};

/** The in-memory limiter answers at once. */
export type LocalClickLimiter = {
  check: (address: string, offer: string) => ClickVerdict;
};

// Addresses and offers are kept as short hashes: bounded in size, and no raw address in Redis.
const hashOf = (...parts: string[]) =>
  createHash('sha256').update(JSON.stringify(parts)).digest('base64url').slice(0, 22);

/** Counts in this process only, in bounded memory, on `now` (milliseconds; Date.now). */
export function createClickLimiter(
  options: { now?: () => number; maxEntries?: number } = {},
): LocalClickLimiter {
  const now = options.now ?? Date.now;
  const maxEntries = options.maxEntries ?? MAX_ENTRIES;
  /** Address → times of its recorded clicks in the last minute; least recently recorded first. */
  const recorded = new Map<string, number[]>();
  /** Address + offer → when its 10 s end; soonest first. */
  const offers = new Map<string, number>();

  const sweep = (nowMs: number) => {
    for (const [key, until] of offers) {
      if (until > nowMs) break;
      offers.delete(key);
    }
    for (const [key, times] of recorded) {
      if ((times[times.length - 1] ?? 0) > nowMs - MINUTE_MS) break;
      recorded.delete(key);
    }
  };
  const bound = (map: Map<string, unknown>) => {
    while (map.size > maxEntries) map.delete(map.keys().next().value ?? '');
  };

  return {
    check(address, offer) {
      const nowMs = now();
      sweep(nowMs);
      const offerKey = hashOf(address, offer);
      if ((offers.get(offerKey) ?? -Infinity) > nowMs) return 'duplicate';
      const addressKey = hashOf(address);
      const times = (recorded.get(addressKey) ?? []).filter((t) => t > nowMs - MINUTE_MS);
      if (times.length >= PER_MINUTE) {
        recorded.set(addressKey, times);
        return 'over-limit';
      }
      times.push(nowMs);
      // Deleted first, so each map stays in the order the sweep relies on.
      recorded.delete(addressKey);
      recorded.set(addressKey, times);
      offers.delete(offerKey);
      offers.set(offerKey, nowMs + SAME_OFFER_MS);
      bound(recorded);
      bound(offers);
      return 'record';
    },
  };
}

// One round trip, atomic across instances. KEYS: the address's recorded clicks (sorted by
// time), the address + offer's end of 10 s. ARGV: now, limit, a unique member, the windows.
const CHECK_SCRIPT = `
local now = tonumber(ARGV[1])
local ends = tonumber(redis.call('GET', KEYS[2]) or '0')
if ends > now then return 0 end
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - tonumber(ARGV[4]))
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[2]) then return -1 end
redis.call('ZADD', KEYS[1], now, ARGV[3])
redis.call('PEXPIRE', KEYS[1], ARGV[4])
redis.call('SET', KEYS[2], now + tonumber(ARGV[5]), 'PX', ARGV[5])
return 1
`;

const VERDICTS: Record<string, ClickVerdict> = {
  '1': 'record',
  '0': 'duplicate',
  '-1': 'over-limit',
};

/**
 * The same counts in Redis, shared by every instance. `fallback` counts every click too, and
 * decides when Redis fails or takes over 50 ms (then Redis is left alone for a second), so a
 * click never waits long on Redis.
 */
export function createRedisClickLimiter(options: {
  redis: Redis;
  prefix: string;
  fallback: LocalClickLimiter;
  now?: () => number;
  timeoutMs?: number;
  onError?: (error: unknown) => void;
}): ClickLimiter {
  const { redis, prefix, fallback } = options;
  const now = options.now ?? Date.now;
  const timeoutMs = options.timeoutMs ?? REDIS_TIMEOUT_MS;
  let pausedUntil = -Infinity;

  return {
    check(address, offer) {
      const local = fallback.check(address, offer);
      const nowMs = now();
      if (nowMs < pausedUntil) return local;
      return new Promise<ClickVerdict>((resolve) => {
        const failed = (error: unknown) => {
          pausedUntil = now() + REDIS_PAUSE_MS;
          options.onError?.(error);
          resolve(local);
        };
        const timer = setTimeout(
          () => failed(new Error(`redis: click count took over ${timeoutMs} ms`)),
          timeoutMs,
        );
        timer.unref();
        redis
          .eval(
            CHECK_SCRIPT,
            2,
            `${prefix}clicks:${hashOf(address)}`,
            `${prefix}click-offer:${hashOf(address, offer)}`,
            nowMs,
            PER_MINUTE,
            `${nowMs}:${randomBytes(6).toString('base64url')}`,
            MINUTE_MS,
            SAME_OFFER_MS,
          )
          .then(
            (reply) => {
              clearTimeout(timer);
              const verdict = VERDICTS[String(reply)];
              if (verdict === undefined)
                failed(new Error(`redis: unexpected reply ${String(reply)}`));
              else resolve(verdict);
            },
            (error: unknown) => {
              clearTimeout(timer);
              failed(error);
            },
          );
      });
    },
  };
}
