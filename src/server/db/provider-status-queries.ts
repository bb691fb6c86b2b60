import { asc, sql } from 'drizzle-orm';

import type { Db } from './client.ts';
import { providerStatus } from './schema.ts';

/** An upstream's counters as its client keeps them (see providers/upstream/http.ts). */
export type ProviderStatusStats = {
  provider: string;
  callsToday: number;
  day: string;
  requests: number;
  retries: number;
  failures: number;
  lastSuccessAt: string | null;
  lastErrorAt: string | null;
  lastError: string | null;
  creditsLeft: number | null;
  creditsUsed: number | null;
  breaker: string;
  /** Absent in rows stored before it was counted. */
  itemsDropped?: number;
  planLimit?: string | null;
  /** Reads Touchline's own quota planning put off; absent in rows stored before they were. */
  deferred?: number;
  lastDeferral?: string | null;
};

export async function saveProviderStatus(
  db: Db,
  stats: ProviderStatusStats[],
  now: Date,
): Promise<void> {
  if (stats.length === 0) return;
  await db
    .insert(providerStatus)
    .values(stats.map((s) => ({ provider: s.provider, stats: s, updatedAt: now })))
    .onConflictDoUpdate({
      target: providerStatus.provider,
      set: { stats: sql`excluded.stats`, updatedAt: sql`excluded.updated_at` },
    });
}

export async function listProviderStatus(
  db: Db,
): Promise<{ stats: ProviderStatusStats; updatedAt: Date }[]> {
  const rows = await db.select().from(providerStatus).orderBy(asc(providerStatus.provider));
  return rows.map((r) => ({ stats: r.stats as ProviderStatusStats, updatedAt: r.updatedAt }));
}
