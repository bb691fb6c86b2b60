import type { Redis } from 'ioredis';

import { entityTag } from '../entity-tag.ts';
import type { CachedBody } from './caching.ts';

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
  return { body, etag: entityTag(body) };
}

/** How long the last good answer may stand in for one that fails (HTTP's stale-if-error). */
export const STALE_IF_ERROR_MS = 24 * 60 * 60 * 1000;

/**
 * Serialised JSON answers kept for a short time, so a burst of fans costs one database read.
 * `clear()` retires everything when the scheduler writes new data. The last good answer per
 * key stays behind (at most `maxEntries` keys) and is served when computing a fresh one fails,
 * so a database outage leaves the site answering with the data it last had (stale-if-error).
 * With a shared store, answers also live in Redis under the current data generation, so N
 * instances cost one read between them; `useGeneration()` moves an instance to the generation
 * a writer announced.
 */
export function createResponseCache(options: {
  ttlMs: number;
  now?: () => number;
  maxEntries?: number;
  staleIfErrorMs?: number;
  shared?: SharedCacheStore;
  /** Told each time a failed computation is answered with the last good answer instead. */
  onStale?: (key: string, error: unknown) => void;
}) {
  const now = options.now ?? Date.now;
  const maxEntries = options.maxEntries ?? 500;
  const staleIfErrorMs = options.staleIfErrorMs ?? STALE_IF_ERROR_MS;
  /** Fresh while `generation` is the current one and `expiresAt` is ahead; stale otherwise. */
  const entries = new Map<
    string,
    { value: CachedBody; expiresAt: number; storedAt: number; generation: number }
  >();
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

  // Entries of older generations are not dropped: they wait as the answer of last resort.
  const clear = () => {
    generation++;
    pending.clear();
  };

  const keep = (key: string, value: CachedBody, computedIn: number) => {
    const held = entries.get(key);
    if (held !== undefined && held.generation > computedIn) return;
    // Delete first so a rewritten key moves to the back: the front is the least recently stored.
    entries.delete(key);
    if (entries.size >= maxEntries) entries.delete(entries.keys().next().value as string);
    const storedAt = now();
    entries.set(key, {
      value,
      expiresAt: storedAt + options.ttlMs,
      storedAt,
      generation: computedIn,
    });
  };

  /**
   * The last good answer, if young enough; it then counts as fresh for one more TTL, so a
   * failing database is asked again once per TTL rather than by every request.
   */
  const findStale = (key: string, computedIn: number) => {
    const held = entries.get(key);
    if (held === undefined || now() - held.storedAt > staleIfErrorMs) return undefined;
    if (computedIn === generation)
      entries.set(key, { ...held, expiresAt: now() + options.ttlMs, generation: computedIn });
    return held.value;
  };

  return {
    async get(key: string, compute: () => Promise<unknown>): Promise<CachedBody> {
      const hit = entries.get(key);
      if (hit !== undefined && hit.generation === generation && hit.expiresAt > now())
        return hit.value;
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
          // An answer computed before a clear() may hold old data: it is kept only as stale.
          keep(key, value, startedIn);
          return value;
        })
        .catch((error: unknown) => {
          const stale = findStale(key, startedIn);
          if (stale === undefined) throw error;
          options.onStale?.(key, error);
          return stale;
        })
        .finally(() => {
          if (pending.get(key) === promise) pending.delete(key);
        });
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
