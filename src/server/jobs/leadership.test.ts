import { describe, expect, it, vi } from 'vitest';

import { createLeadership } from './leadership.ts';

const RETRY_MS = 200;

function createCandidate(databaseUrl: string | undefined, lockKey: number) {
  const log = { info: vi.fn(), warn: vi.fn(), error: vi.fn() };
  const onAcquire = vi.fn(async () => {});
  const onLose = vi.fn(async () => {});
  const leadership = createLeadership({
    databaseUrl,
    log,
    onAcquire,
    onLose,
    retryMs: RETRY_MS,
    lockKey,
  });
  return { leadership, log, onAcquire, onLose };
}

describe('leadership without Postgres', () => {
  it('leads at once and steps down when stopped', async () => {
    const one = createCandidate(undefined, 1);
    expect(one.leadership.isLeader()).toBe(false);
    await one.leadership.start();
    expect(one.leadership.isLeader()).toBe(true);
    expect(one.onAcquire).toHaveBeenCalledTimes(1);
    expect(one.onLose).not.toHaveBeenCalled();

    await one.leadership.stop();
    expect(one.leadership.isLeader()).toBe(false);
    expect(one.onLose).toHaveBeenCalledTimes(1);
    expect(one.onAcquire).toHaveBeenCalledTimes(1);
  });
});

// With Postgres, the lock itself is tested in tests/cluster/leadership.test.ts.
