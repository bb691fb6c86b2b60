import { eq, lte, sql } from 'drizzle-orm';

import type { Db } from './client.ts';
import { settings } from './schema.ts';

/** Returns the stored value, storing `create()` first when there is none (first writer wins). */
export async function getOrCreateSetting(
  db: Db,
  key: string,
  create: () => string,
): Promise<string> {
  await db.insert(settings).values({ key, value: create() }).onConflictDoNothing();
  const rows = await db
    .select({ value: settings.value })
    .from(settings)
    .where(eq(settings.key, key));
  const value = rows[0]?.value;
  if (value === undefined) throw new Error(`setting ${key} could not be stored`);
  return value;
}

/** The stored value and when it was written, or null. */
export async function findSetting(
  db: Db,
  key: string,
): Promise<{ value: string; updatedAt: Date } | null> {
  const rows = await db
    .select({ value: settings.value, updatedAt: settings.updatedAt })
    .from(settings)
    .where(eq(settings.key, key));
  return rows[0] ?? null;
}

/**
 * Stores `value` at `now` unless the setting was written less than `minAgeMs` before: one
 * atomic statement, so of several instances racing only one wins. True when it was stored.
 */
export async function updateSettingUnlessRecent(
  db: Db,
  key: string,
  value: string,
  options: { now: Date; minAgeMs: number },
): Promise<boolean> {
  const cutoff = new Date(options.now.getTime() - options.minAgeMs);
  const rows = await db
    .insert(settings)
    .values({ key, value, updatedAt: options.now })
    .onConflictDoUpdate({
      target: settings.key,
      set: { value: sql`excluded.value`, updatedAt: sql`excluded.updated_at` },
      setWhere: lte(settings.updatedAt, cutoff),
    })
    .returning({ key: settings.key });
  return rows.length > 0;
}
