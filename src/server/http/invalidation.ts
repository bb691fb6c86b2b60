import type { Redis } from 'ioredis';

import type { ResponseCache } from './response-cache.ts';

type Log = { warn: (obj: object, msg: string) => void };

export type Invalidation = {
  /** Subscribes to other instances' announcements (no-op without Redis). */
  start: () => Promise<void>;
  /** Called by the writer after new data is stored: every instance drops its cached answers. */
  changed: () => void;
  stop: () => Promise<void>;
};

/**
 * Tells every instance that the data changed. Alone, it clears this instance's cache. With
 * Redis, the writer bumps a shared generation counter and publishes it; each instance,
 * subscribed, moves its cache to that generation within milliseconds.
 */
export function createInvalidation(options: {
  cache: ResponseCache;
  redis?: { publisher: Redis; subscriber: Redis; prefix: string };
  log: Log;
}): Invalidation {
  const { cache, redis } = options;
  if (redis === undefined) {
    return { start: async () => {}, changed: () => cache.clear(), stop: async () => {} };
  }
  const channel = `${redis.prefix}changed`;
  const counter = `${redis.prefix}generation`;
  const onMessage = (from: string, generation: string) => {
    if (from === channel) cache.useGeneration(generation);
  };

  return {
    async start() {
      redis.subscriber.on('message', onMessage);
      await redis.subscriber.subscribe(channel);
      const current = await redis.publisher.get(counter);
      if (current !== null) cache.useGeneration(current);
    },
    changed() {
      cache.clear();
      redis.publisher
        .incr(counter)
        .then(async (generation) => {
          cache.useGeneration(String(generation));
          await redis.publisher.publish(channel, String(generation));
        })
        .catch((error: unknown) => {
          options.log.warn(
            { err: error instanceof Error ? error.message : String(error) },
            'could not announce new data to the other instances',
          );
        });
    },
    async stop() {
      redis.subscriber.off('message', onMessage);
      await redis.subscriber.unsubscribe(channel).catch(() => {});
    },
  };
}
