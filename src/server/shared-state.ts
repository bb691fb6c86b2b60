import { createHash } from 'node:crypto';

import type { Redis } from 'ioredis';

import { createClickLimiter, type ClickLimiter } from './http/click-limiter.ts';
import type { RedisOptions } from './http/counters.ts';
import { createInvalidation, type Invalidation } from './http/invalidation.ts';
import { createLiveFeed, type LiveFeed } from './http/live-feed.ts';
import { createLoginThrottle, type LoginThrottle } from './http/login-throttle.ts';
import type { RateLimitOptions } from './http/rate-limit.ts';
import {
  createResponseCache,
  type ResponseCache,
  type SharedCacheStore,
} from './http/response-cache.ts';
import { createLeadership, type Leadership } from './jobs/leadership.ts';

type Log = {
  info: (obj: object, msg: string) => void;
  warn: (obj: object, msg: string) => void;
  error: (obj: object, msg: string) => void;
};

/** What the instances of one site share, each kept in Redis (or Postgres) or in this process. */
export type SharedState = {
  /** Short cache of serialised answers; the scheduler clears it after each write. */
  cache: ResponseCache;
  /** Tells every instance that the data changed. */
  invalidation: Invalidation;
  /** The board's changes, pushed to the browsers streaming from every instance. */
  live: LiveFeed;
  /** Site password attempts. */
  throttle: LoginThrottle;
  /** Admin password attempts, in a key space of their own. */
  adminThrottle: LoginThrottle;
  clickLimiter: ClickLimiter;
  /** Where the per-address request counts live; undefined: in this process. */
  rateLimitStore: RateLimitOptions['redis'];
  /** Elects the instance that runs the scheduler; the hooks start and stop it. */
  createLeadership: (hooks: {
    onAcquire: () => Promise<void>;
    onLose: () => Promise<void>;
  }) => Leadership;
  /** Stops listening to the other instances and closes the connections to Redis. */
  close: () => Promise<void>;
};

/** Where each shared thing lives when several instances run: undefined ones stay in-process. */
type Stores = {
  cache?: SharedCacheStore;
  fanOut?: { publisher: Redis; subscriber: Redis; prefix: string };
  /** The live updates' stream: commands, and a connection of its own for blocking reads. */
  live?: { main: Redis; reader: Redis; prefix: string };
  counts?: RedisOptions;
  rateLimit?: RateLimitOptions['redis'];
};

/**
 * The one place that decides where shared state lives. With REDIS_URL the counts, the response
 * cache and the news of changes go through Redis, so every instance sees the same; without it
 * this process keeps its own. With DATABASE_URL the scheduler's leader is elected by a Postgres
 * lock; with the embedded database this process leads. Throws when Redis cannot be reached.
 */
export async function createSharedState(options: {
  redisUrl: string | undefined;
  databaseUrl: string | undefined;
  /** What names the site (its database), so two sites on one Redis never read each other's keys. */
  site: string;
  log: Log;
}): Promise<SharedState> {
  const { log } = options;
  const redis =
    options.redisUrl === undefined ? undefined : await connectRedis(options.redisUrl, log);
  const prefix = getRedisPrefix(options.site);
  const onError = (error: unknown) =>
    log.warn({ err: error instanceof Error ? error.message : String(error) }, 'redis: failed');
  const stores: Stores =
    redis === undefined
      ? {}
      : {
          cache: { redis: redis.main, prefix, ttlMs: 15_000, onError },
          fanOut: { publisher: redis.main, subscriber: redis.sub, prefix },
          live: { main: redis.main, reader: redis.reader, prefix },
          // Each instance keeps in-memory counts to fall back on while Redis fails.
          counts: { redis: redis.main, prefix, onError },
          rateLimit: { client: redis.main, prefix },
        };

  const cache = createResponseCache({
    ttlMs: 2000,
    onStale: (key, error) =>
      log.warn(
        { key, err: error instanceof Error ? error.message : String(error) },
        'serving the last good answer: a fresh one failed',
      ),
    shared: stores.cache,
  });
  const invalidation = createInvalidation({ cache, redis: stores.fanOut, log });
  await invalidation.start();
  const live = createLiveFeed({ redis: stores.live, log });
  await live.start();

  return {
    cache,
    invalidation,
    live,
    throttle: createLoginThrottle({ name: 'login', redis: stores.counts }),
    adminThrottle: createLoginThrottle({ name: 'admin', redis: stores.counts }),
    clickLimiter: createClickLimiter({ redis: stores.counts }),
    rateLimitStore: stores.rateLimit,
    createLeadership: (hooks) =>
      createLeadership({ databaseUrl: options.databaseUrl, log, ...hooks }),
    close: async () => {
      await invalidation.stop();
      await live.stop();
      await Promise.all([redis?.main.quit(), redis?.sub.quit()]);
    },
  };
}

/** Keys in Redis are named after the database the instances share. */
function getRedisPrefix(site: string): string {
  return `touchline:${createHash('sha256').update(site).digest('hex').slice(0, 12)}:`;
}

/**
 * Connects to Redis (one connection for commands, one for subscribing, one for the live
 * updates' blocking reads), or throws saying why not.
 */
async function connectRedis(
  url: string,
  log: Log,
): Promise<{ main: Redis; sub: Redis; reader: Redis }> {
  // Read only here: the embedded default never loads a Redis client.
  const { Redis } = await import('ioredis');
  const options = { lazyConnect: true, maxRetriesPerRequest: 1, connectTimeout: 5000 };
  const main = new Redis(url, options);
  const sub = new Redis(url, options);
  const reader = new Redis(url, options);
  for (const client of [main, sub, reader]) {
    client.on('error', (error: Error) =>
      log.warn({ err: error.message }, 'redis: connection problem'),
    );
  }
  try {
    await Promise.all([main.connect(), sub.connect(), reader.connect()]);
  } catch (error) {
    main.disconnect();
    sub.disconnect();
    reader.disconnect();
    throw new Error(
      `REDIS_URL: cannot connect (${error instanceof Error ? error.message : String(error)})`,
      { cause: error },
    );
  }
  return { main, sub, reader };
}
