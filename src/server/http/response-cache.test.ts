import { describe, expect, it } from 'vitest';

import { createResponseCache } from './response-cache.ts';

function setup(options: { maxEntries?: number; staleIfErrorMs?: number } = {}) {
  let clock = 0;
  const stale: string[] = [];
  const cache = createResponseCache({
    ttlMs: 2000,
    now: () => clock,
    onStale: (key) => stale.push(key),
    ...options,
  });
  return { cache, stale, advance: (ms: number) => (clock += ms) };
}

const fails = async () => {
  throw new Error('database down');
};

describe('createResponseCache', () => {
  it('serves the last good answer when computing a fresh one fails after the TTL', async () => {
    const { cache, stale, advance } = setup();
    const good = await cache.get('k', async () => ({ n: 1 }));
    advance(5000);
    const served = await cache.get('k', fails);
    expect(served.body.toString()).toBe('{"n":1}');
    expect(served.etag).toBe(good.etag);
    expect(stale).toEqual(['k']);
  });

  it('rethrows when there is no earlier answer for the key', async () => {
    const { cache } = setup();
    await cache.get('other', async () => ({ n: 1 }));
    await expect(cache.get('k', fails)).rejects.toThrow('database down');
  });

  it('recomputes after clear() but keeps the old answer as the fallback', async () => {
    const { cache } = setup();
    await cache.get('k', async () => ({ n: 1 }));
    cache.clear();
    expect((await cache.get('k', async () => ({ n: 2 }))).body.toString()).toBe('{"n":2}');
    cache.clear();
    expect((await cache.get('k', fails)).body.toString()).toBe('{"n":2}');
  });

  it('asks a failing source again once per TTL, then goes back to fresh answers', async () => {
    const { cache, advance } = setup();
    await cache.get('k', async () => ({ n: 1 }));
    advance(3000);
    let attempts = 0;
    const failsCounting = async () => {
      attempts++;
      throw new Error('database down');
    };
    await cache.get('k', failsCounting);
    await cache.get('k', failsCounting);
    advance(1999);
    await cache.get('k', failsCounting);
    expect(attempts).toBe(1);
    advance(1);
    expect((await cache.get('k', async () => ({ n: 2 }))).body.toString()).toBe('{"n":2}');
  });

  it('keeps at most maxEntries keys, dropping the least recently stored', async () => {
    const { cache, advance } = setup({ maxEntries: 2 });
    await cache.get('a', async () => 'a');
    await cache.get('b', async () => 'b');
    advance(3000);
    await cache.get('a', async () => 'a2');
    await cache.get('c', async () => 'c');
    advance(3000);
    await expect(cache.get('b', fails)).rejects.toThrow();
    expect((await cache.get('a', fails)).body.toString()).toBe('"a2"');
    expect((await cache.get('c', fails)).body.toString()).toBe('"c"');
  });

  it('does not serve an answer older than staleIfErrorMs', async () => {
    const { cache, advance } = setup({ staleIfErrorMs: 60_000 });
    await cache.get('k', async () => 1);
    advance(60_001);
    await expect(cache.get('k', fails)).rejects.toThrow('database down');
  });
});
