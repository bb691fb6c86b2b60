import type { Db } from './client.ts';
import { affiliateClicks } from './schema.ts';

export async function createAffiliateClick(
  db: Db,
  click: {
    bookmaker: string;
    eventId: string | null;
    outcome: string | null;
    leagueSlug: string | null;
    targetUrl: string;
    clientHash: string | null;
  },
): Promise<void> {
  await db.insert(affiliateClicks).values(click);
}
