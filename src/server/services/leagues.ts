import type { League } from '../../domain/league.ts';
import type { Db } from '../db/client.ts';
import { listLeagues } from '../db/leagues-queries.ts';
import { HttpError } from '../http/errors.ts';

export type LeagueDirectory = {
  /** The leagues, read once (they are seeded and never change while running). */
  all(): Promise<League[]>;
  /**
   * The league a request names by slug or by name (any case); undefined when it names none
   * (or 'all'); a 404 "League not found" when it names an unknown one.
   */
  resolve(value: string | undefined): Promise<League | undefined>;
  /** As resolve, but a league must be named. */
  require(value: string): Promise<League>;
  /** The league with exactly this slug, or null. */
  findBySlug(slug: string): Promise<League | null>;
};

/** The site's leagues on one database, held by the app that created it. */
export function createLeagueDirectory(db: Db): LeagueDirectory {
  let leagues: Promise<League[]> | undefined;
  const all = () => {
    if (leagues === undefined) {
      const read = listLeagues(db);
      leagues = read;
      // A read that failed (the database was down) is not kept: the next request asks again.
      read.catch(() => {
        if (leagues === read) leagues = undefined;
      });
    }
    return leagues;
  };
  const resolve = async (value: string | undefined) => {
    if (value === undefined || value === '' || value.toLowerCase() === 'all') return undefined;
    const wanted = value.trim().toLowerCase();
    const league = (await all()).find((l) => l.slug === wanted || l.name.toLowerCase() === wanted);
    if (league === undefined) throw new HttpError(404, 'League not found');
    return league;
  };
  return {
    all,
    resolve,
    async require(value) {
      const league = await resolve(value);
      if (league === undefined) throw new HttpError(404, 'League not found');
      return league;
    },
    async findBySlug(slug) {
      return (await all()).find((l) => l.slug === slug) ?? null;
    },
  };
}
