import { createHash } from 'node:crypto';

/** A serialised answer, kept as bytes so sending it needs no encoding. */
export type CachedBody = { body: Buffer; etag: string };

/**
 * Serialised JSON answers kept for a short time, so a burst of fans costs one database read.
 * `clear()` drops everything when the scheduler writes new data.
 */
export function createResponseCache(options: {
  ttlMs: number;
  now?: () => number;
  maxEntries?: number;
}) {
  const now = options.now ?? Date.now;
  const maxEntries = options.maxEntries ?? 500;
  const entries = new Map<string, { value: CachedBody; expiresAt: number }>();
  const pending = new Map<string, Promise<CachedBody>>();
  let generation = 0;

  return {
    async get(key: string, compute: () => Promise<unknown>): Promise<CachedBody> {
      const hit = entries.get(key);
      if (hit !== undefined && hit.expiresAt > now()) return hit.value;
      const inFlight = pending.get(key);
      if (inFlight !== undefined) return inFlight;
      const startedIn = generation;
      const promise = compute()
        .then((data) => {
          const body = Buffer.from(JSON.stringify(data));
          const value = { body, etag: `"${createHash('sha1').update(body).digest('base64url')}"` };
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
    clear() {
      generation++;
      entries.clear();
      pending.clear();
    },
  };
}

export type ResponseCache = ReturnType<typeof createResponseCache>;
