import type { League } from '../../domain/league.ts';
import type { Db } from '../db/client.ts';
import { listLeagues } from '../db/leagues-queries.ts';
import { HttpError } from '../http/errors.ts';

let cached: { db: Db; leagues: Promise<League[]> } | undefined;

/** The five leagues, read once per database (they are seeded and never change while running). */
export function getLeaguesOnce(db: Db): Promise<League[]> {
  if (cached === undefined || cached.db !== db) {
    const leagues = listLeagues(db);
    cached = { db, leagues };
    // A read that failed (the database was down) is not kept: the next request asks again.
    leagues.catch(() => {
      if (cached?.leagues === leagues) cached = undefined;
    });
  }
  return cached.leagues;
}

/**
 * The league a request names by slug or by name (any case); undefined when it names none
 * (or 'all'); a 404 "League not found" when it names an unknown one.
 */
export async function resolveLeague(
  db: Db,
  value: string | undefined,
): Promise<League | undefined> {
  if (value === undefined || value === '' || value.toLowerCase() === 'all') return undefined;
  const wanted = value.trim().toLowerCase();
  const league = (await getLeaguesOnce(db)).find(
    (l) => l.slug === wanted || l.name.toLowerCase() === wanted,
  );
  if (league === undefined) throw new HttpError(404, 'League not found');
  return league;
}
