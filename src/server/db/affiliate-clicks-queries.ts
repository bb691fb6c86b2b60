import { and, gte, lt, sql } from 'drizzle-orm';

import type { ClickCount } from '../../domain/affiliate-clicks.ts';
import type { Db } from './client.ts';
import { affiliateClicks } from './schema.ts';

export async function createAffiliateClick(
  db: Db,
  click: {
    bookmaker: string;
    eventId: string | null;
    outcome: string | null;
    leagueSlug: string | null;
    sourcePage: string | null;
    targetUrl: string;
    clientHash: string | null;
    /** When it was made; the database's clock when absent. */
    createdAt?: Date;
  },
): Promise<void> {
  await db.insert(affiliateClicks).values(click);
}

/**
 * Clicks made in [from, to), counted by calendar day in `timeZone` (YYYY-MM-DD), bookmaker,
 * league and page.
 */
export async function listClickCounts(
  db: Db,
  options: { from: Date; to: Date; timeZone: string },
): Promise<ClickCount[]> {
  const day = sql<string>`to_char(${affiliateClicks.createdAt} AT TIME ZONE ${options.timeZone}, 'YYYY-MM-DD')`;
  const rows = await db
    .select({
      day,
      bookmaker: affiliateClicks.bookmaker,
      league: affiliateClicks.leagueSlug,
      page: affiliateClicks.sourcePage,
      clicks: sql<number>`count(*)::int`,
    })
    .from(affiliateClicks)
    .where(
      and(gte(affiliateClicks.createdAt, options.from), lt(affiliateClicks.createdAt, options.to)),
    )
    // By position: the day's expression holds a parameter, which GROUP BY could not match.
    .groupBy(sql`1`, sql`2`, sql`3`, sql`4`);
  return rows.map((row) => ({ ...row, clicks: Number(row.clicks) }));
}
