import { eq } from 'drizzle-orm';

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
