import { sql } from 'drizzle-orm';

import type { Db } from './client.ts';

/**
 * Runs `fn` while holding a Postgres advisory lock shared by every instance on the database.
 * The lock lives in a transaction kept open meanwhile (so it is released however `fn` ends,
 * even if the process dies); `fn` does its own work outside it. Without `wait`, answers
 * `{ acquired: false }` at once when another session holds the lock.
 *
 * Not for PGlite: its single connection would wait on the open transaction forever.
 */
export async function withAdvisoryLock<T>(
  db: Db,
  key: number,
  options: { wait: boolean },
  fn: () => Promise<T>,
): Promise<{ acquired: true; value: T } | { acquired: false }> {
  return db.transaction(async (tx) => {
    if (options.wait) {
      await tx.execute(sql`select pg_advisory_xact_lock(${key})`);
    } else {
      const result = await tx.execute(sql`select pg_try_advisory_xact_lock(${key}) as locked`);
      const rows = (result as unknown as { rows: { locked: boolean }[] }).rows;
      if (rows[0]?.locked !== true) return { acquired: false as const };
    }
    return { acquired: true as const, value: await fn() };
  });
}
