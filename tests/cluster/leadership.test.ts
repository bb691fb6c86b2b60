// The scheduler's leader election on the local Postgres (advisory locks need no tables).
import { randomInt } from 'node:crypto';

import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

import type { Leadership } from '../../src/server/jobs/leadership.ts';
import { POSTGRES_ADMIN_URL } from '../helpers/global-db-setup.ts';
import { createCandidate, RETRY_MS } from '../helpers/leadership-candidate.ts';

/**
 * How long a hand-over may take here: a few retries, and more on a loaded machine. The tests
 * check that it happens, not how fast (a timed assertion fails on a busy shared machine).
 */
const TAKEOVER_MS = 10_000;

describe('leadership on Postgres', () => {
  const url = POSTGRES_ADMIN_URL;
  let admin: pg.Client;
  let running: Leadership[] = [];

  beforeAll(async () => {
    admin = new pg.Client({ connectionString: url });
    await admin.connect();
  });
  afterEach(async () => {
    await Promise.all(running.map((l) => l.stop()));
    running = [];
  });
  afterAll(async () => {
    await admin.end();
  });

  /** A key above 2^32, so both halves of the bigint lock key matter. */
  const uniqueKey = () => 2 ** 32 * randomInt(1, 1 << 16) + randomInt(1, 2 ** 31);

  const startPair = async () => {
    const lockKey = uniqueKey();
    const a = createCandidate(url, lockKey);
    const b = createCandidate(url, lockKey);
    running.push(a.leadership, b.leadership);
    await Promise.all([a.leadership.start(), b.leadership.start()]);
    const [holder, other] = a.leadership.isLeader() ? [a, b] : [b, a];
    return { lockKey, holder, other };
  };

  /**
   * The backend holding a session advisory lock on a bigint key: Postgres shows the key's high
   * 32 bits as classid and its low 32 bits as objid, with objsubid 1.
   */
  const findHolderPid = async (lockKey: number) => {
    const result = await admin.query<{ pid: number }>(
      `SELECT pid FROM pg_locks
       WHERE locktype = 'advisory' AND granted AND objsubid = 1
         AND classid = $1 AND objid = $2
         AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`,
      [Math.floor(lockKey / 2 ** 32), lockKey % 2 ** 32],
    );
    return result.rows.map((r) => r.pid);
  };

  it('makes exactly one of two instances the leader', async () => {
    const { lockKey, holder, other } = await startPair();
    // A few more rounds of the other trying: still one leader.
    await new Promise((resolve) => setTimeout(resolve, RETRY_MS * 3));
    expect(holder.leadership.isLeader()).toBe(true);
    expect(other.leadership.isLeader()).toBe(false);
    expect(holder.onAcquire).toHaveBeenCalledTimes(1);
    expect(other.onAcquire).not.toHaveBeenCalled();
    expect(await findHolderPid(lockKey)).toHaveLength(1);
  });

  it('hands over to the other instance when the leader stops', async () => {
    const { lockKey, holder, other } = await startPair();
    const [before] = await findHolderPid(lockKey);

    await holder.leadership.stop();
    expect(holder.leadership.isLeader()).toBe(false);
    expect(holder.onLose).toHaveBeenCalledTimes(1);

    await vi.waitFor(() => expect(other.leadership.isLeader()).toBe(true), {
      timeout: TAKEOVER_MS,
      interval: 20,
    });
    expect(other.onAcquire).toHaveBeenCalledTimes(1);
    const after = await findHolderPid(lockKey);
    expect(after).toHaveLength(1);
    expect(after[0]).not.toBe(before);
  });

  it('steps down when its connection is killed, and the other takes over', async () => {
    const { lockKey, holder, other } = await startPair();
    const [pid] = await findHolderPid(lockKey);
    expect(pid).toBeDefined();

    await admin.query('SELECT pg_terminate_backend($1)', [pid]);

    await vi.waitFor(() => expect(holder.onLose).toHaveBeenCalledTimes(1), {
      timeout: TAKEOVER_MS,
      interval: 20,
    });
    expect(holder.leadership.isLeader()).toBe(false);
    expect(holder.log.warn).toHaveBeenCalledWith(
      { reason: expect.stringMatching(/^lock (connection|check)/) },
      'this instance no longer runs the scheduler',
    );
    await vi.waitFor(() => expect(other.leadership.isLeader()).toBe(true), {
      timeout: TAKEOVER_MS,
      interval: 20,
    });
    // The old leader keeps trying, but the lock is taken: one leader.
    await new Promise((resolve) => setTimeout(resolve, RETRY_MS * 3));
    expect(holder.leadership.isLeader()).toBe(false);
    expect(holder.onAcquire).toHaveBeenCalledTimes(1);
    expect(other.onAcquire).toHaveBeenCalledTimes(1);
    expect(await findHolderPid(lockKey)).toHaveLength(1);
  });
});
