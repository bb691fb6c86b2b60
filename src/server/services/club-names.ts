import { createClubNamer } from '../../domain/team-names.ts';
import type { Db } from '../db/client.ts';
import { listKnownClubs } from '../db/teams-queries.ts';

/**
 * Names any spelling of a club the site knows ("Man City", "Bor. M'gladbach") as its club
 * table does ("Manchester City", "Borussia Mönchengladbach"), from the spellings stored with
 * each club (data/clubs.csv, imported with the history); other clubs keep their spelling.
 */
export async function getClubNamer(db: Db): Promise<(spelling: string) => string> {
  const clubs = await listKnownClubs(db);
  return createClubNamer(clubs);
}
