import { createHash } from 'node:crypto';

import type { Redis } from 'ioredis';

/** A serialised answer, kept as bytes so sending it needs no encoding. */
export type CachedBody = { body: Buffer; etag: string };

/** Where several instances share their answers (REDIS_URL). */
export type SharedCacheStore = {
  redis: Redis;
  /** Key prefix, e.g. "touchline:". */
  prefix: string;
  /** How long an answer stays in Redis; every write of new data retires it sooner. */
  ttlMs: number;
  onError?: (error: unknown) => void;
};

function toCached(body: Buffer): CachedBody {
  return { body, etag: `"${createHash('sha1').update(body).digest('base64url')}"` };
}

/**
 * Serialised JSON answers kept for a short time, so a burst of fans costs one database read.
 * `clear()` drops everything when the scheduler writes new data. With a shared store, answers
 * also live in Redis under the current data generation, so N instances cost one read between
 * them; `useGeneration()` moves an instance to the generation a writer announced.
 */
export function createResponseCache(options: {
  ttlMs: number;
  now?: () => number;
  maxEntries?: number;
  shared?: SharedCacheStore;
}) {
  const now = options.now ?? Date.now;
  const maxEntries = options.maxEntries ?? 500;
  const entries = new Map<string, { value: CachedBody; expiresAt: number }>();
  const pending = new Map<string, Promise<CachedBody>>();
  let generation = 0;
  /** The data generation shared through Redis; answers are stored under it. */
  let sharedGeneration = '0';
  const shared = options.shared;

  const readShared = async (key: string): Promise<CachedBody | undefined> => {
    if (shared === undefined) return undefined;
    try {
      const body = await shared.redis.getBuffer(`${shared.prefix}cache:${sharedGeneration}:${key}`);
      return body === null ? undefined : toCached(body);
    } catch (error) {
      shared.onError?.(error);
      return undefined;
    }
  };

  const writeShared = (key: string, generationAtStart: string, body: Buffer) => {
    if (shared === undefined || generationAtStart !== sharedGeneration) return;
    shared.redis
      .set(`${shared.prefix}cache:${generationAtStart}:${key}`, body, 'PX', shared.ttlMs)
      .catch((error: unknown) => shared.onError?.(error));
  };

  const clear = () => {
    generation++;
    entries.clear();
    pending.clear();
  };

  return {
    async get(key: string, compute: () => Promise<unknown>): Promise<CachedBody> {
      const hit = entries.get(key);
      if (hit !== undefined && hit.expiresAt > now()) return hit.value;
      const inFlight = pending.get(key);
      if (inFlight !== undefined) return inFlight;
      const startedIn = generation;
      const sharedStartedIn = sharedGeneration;
      const promise = readShared(key)
        .then(async (stored) => {
          if (stored !== undefined) return { value: stored, fresh: false };
          const body = Buffer.from(JSON.stringify(await compute()));
          return { value: toCached(body), fresh: true };
        })
        .then(({ value, fresh }) => {
          if (fresh) writeShared(key, sharedStartedIn, value.body);
          // An answer computed before a clear() may hold old data: use it once, keep it not.
          if (startedIn === generation) {
            if (entries.size >= maxEntries) entries.delete(entries.keys().next().value as string);
            entries.set(key, { value, expiresAt: now() + options.ttlMs });
          }
          return value;
        })
        .finally(() => pending.delete(key));
      pending.set(key, promise);
      return promise;
    },
    clear,
    /** Follows a generation announced by the instance that wrote new data. */
    useGeneration(next: string) {
      if (next === sharedGeneration) return;
      sharedGeneration = next;
      clear();
    },
  };
}

export type ResponseCache = ReturnType<typeof createResponseCache>;
