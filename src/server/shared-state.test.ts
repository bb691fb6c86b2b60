import { describe, expect, it, vi } from 'vitest';

import { createSharedState } from './shared-state.ts';

const log = { info: () => {}, warn: () => {}, error: () => {} };

describe('createSharedState', () => {
  it('keeps everything in this process without Redis and Postgres, and leads alone', async () => {
    const shared = await createSharedState({
      redisUrl: undefined,
      databaseUrl: undefined,
      site: './data',
      log,
    });
    expect(shared.rateLimitStore).toBeUndefined();

    let computed = 0;
    const compute = async () => ({ n: ++computed });
    await shared.cache.get('/api/x', compute);
    await shared.cache.get('/api/x', compute);
    expect(computed).toBe(1);
    shared.invalidation.changed();
    await shared.cache.get('/api/x', compute);
    expect(computed).toBe(2);

    const onAcquire = vi.fn(async () => {});
    const leadership = shared.createLeadership({ onAcquire, onLose: async () => {} });
    await leadership.start();
    expect(leadership.isLeader()).toBe(true);
    expect(onAcquire).toHaveBeenCalledOnce();
    await leadership.stop();
    await shared.close();
  });

  it('stops the start with a line naming REDIS_URL when Redis cannot be reached', async () => {
    await expect(
      createSharedState({
        redisUrl: 'redis://127.0.0.1:1',
        databaseUrl: undefined,
        site: './data',
        log,
      }),
    ).rejects.toThrow(/^REDIS_URL: cannot connect \(/);
  });
});
