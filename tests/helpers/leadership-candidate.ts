import { vi } from 'vitest';

import { createLeadership } from '../../src/server/jobs/leadership.ts';

/** How often a candidate that does not lead tries the lock again, in the tests. */
export const RETRY_MS = 200;

/** A leadership whose log and hand-over callbacks are mocks the test can inspect. */
export function createCandidate(databaseUrl: string | undefined, lockKey: number) {
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
