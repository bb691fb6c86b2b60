import { createHash } from 'node:crypto';

import { createCounter, take, type RedisOptions } from './counters.ts';

/** Clicks an address may have recorded in a minute (SECURITY §6); past it, redirect only. */
const PER_MINUTE = 30;
/** The same address clicking the same offer again within this long is counted once. */
const SAME_OFFER_S = 10;
/** How long a click waits on Redis before this process's own counts decide. */
const REDIS_TIMEOUT_MS = 50;

/** `record`: count and store the click; otherwise redirect without storing it. */
export type ClickVerdict = 'record' | 'duplicate' | 'over-limit';

/**
 * Decides whether an affiliate click is stored: at most 30 a minute per client address, and one
 * per address and offer (bookmaker + event + outcome) in 10 s. Asking counts the click.
 */
export type ClickLimiter = {
  check: (address: string, offer: string) => Promise<ClickVerdict>;
};

// Addresses and offers are kept as short hashes: bounded in size, and no raw address in Redis.
const hashOf = (...parts: string[]) =>
  createHash('sha256').update(JSON.stringify(parts)).digest('base64url').slice(0, 22);

/**
 * Counts in this process, or with `redis` in Redis shared by every instance. A count that fails
 * or takes over 50 ms is decided by this process's own counts, so a click never waits long on
 * Redis.
 */
export function createClickLimiter(options: { redis?: RedisOptions } = {}): ClickLimiter {
  const { redis } = options;
  const store = redis && { ...redis, timeoutMs: redis.timeoutMs ?? REDIS_TIMEOUT_MS };
  const perMinute = createCounter({ name: 'clicks', points: PER_MINUTE, durationS: 60 }, store);
  const sameOffer = createCounter(
    { name: 'click-offer', points: 1, durationS: SAME_OFFER_S },
    store,
  );

  return {
    async check(address, offer) {
      // A repeat is settled first, so it never counts towards the minute.
      if (!(await take(sameOffer, hashOf(address, offer))).allowed) return 'duplicate';
      if (!(await take(perMinute, hashOf(address))).allowed) return 'over-limit';
      return 'record';
    },
  };
}
