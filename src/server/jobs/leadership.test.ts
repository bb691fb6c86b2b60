import { describe, expect, it } from 'vitest';

import { createCandidate } from '../../../tests/helpers/leadership-candidate.ts';

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
