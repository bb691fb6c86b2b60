import * as z from 'zod/mini';

import { normalizeTeamName } from './team-names.ts';

/** More than any fan follows: a stored list longer than this was not written by Touchline. */
export const MAX_FAVOURITES = 100;

/**
 * A favourite club: its stable key (the one `/team/<key>` and the API use) and the name it had
 * when it was starred, kept to say it aloud and to find it in news titles.
 */
export const FavouriteClubSchema = z.object({
  key: z.string().check(z.trim(), z.minLength(1), z.maxLength(100)),
  name: z.string().check(z.trim(), z.minLength(1), z.maxLength(100)),
});
export type FavouriteClub = z.infer<typeof FavouriteClubSchema>;

/**
 * The favourite clubs stored as text: a JSON list of clubs. Anything else (no value, broken
 * JSON, another shape) reads as no favourites; a bad entry is dropped and the good ones kept,
 * each key once.
 */
export function parseFavourites(text: string | null | undefined): FavouriteClub[] {
  if (typeof text !== 'string' || text === '') return [];
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return [];
  }
  if (!Array.isArray(value)) return [];
  const clubs: FavouriteClub[] = [];
  const seen = new Set<string>();
  for (const entry of value.slice(0, MAX_FAVOURITES)) {
    const parsed = z.safeParse(FavouriteClubSchema, entry);
    if (!parsed.success || seen.has(parsed.data.key)) continue;
    seen.add(parsed.data.key);
    clubs.push(parsed.data);
  }
  return clubs;
}

/** The clubs of a board item by key (`local_key`, `visitor_key`); a missing key is skipped. */
export function listMatchClubKeys(item: Record<string, unknown>): string[] {
  return [item.local_key, item.visitor_key].filter(
    (key): key is string => typeof key === 'string' && key !== '',
  );
}

/** Whether one of the item's clubs is a favourite. */
export function isFavouriteMatch(
  item: Record<string, unknown>,
  favourites: ReadonlySet<string>,
): boolean {
  return listMatchClubKeys(item).some((key) => favourites.has(key));
}

/**
 * Favourite clubs' matches first, every other match after them; each group keeps the order it
 * came in (the live order), so this runs after the board's own sort.
 */
export function rankFavouriteMatches<T extends Record<string, unknown>>(
  items: readonly T[],
  favourites: ReadonlySet<string>,
): T[] {
  if (favourites.size === 0) return [...items];
  const mine = items.filter((item) => isFavouriteMatch(item, favourites));
  const others = items.filter((item) => !isFavouriteMatch(item, favourites));
  return [...mine, ...others];
}

/**
 * Whether a text names the club as whole words, whatever the accents, case, punctuation or noise
 * words ("FC", "1."): "Köln beat Mainz" names "1. FC Köln", "Arsenal's" names "Arsenal", but
 * "Internacional" does not name "Inter".
 */
export function mentionsClub(text: string, clubName: string): boolean {
  const name = normalizeTeamName(clubName);
  if (name === '') return false;
  const words = ` ${normalizeTeamName(text)} `;
  return words.includes(` ${name} `);
}

/**
 * Whether a news item is about one of the clubs: a club named in its title. The summary is not
 * read: a report's summary names the clubs around them in the table as well.
 */
export function isAboutClubs(
  item: { title: string },
  clubs: readonly Pick<FavouriteClub, 'name'>[],
): boolean {
  return clubs.some((club) => mentionsClub(item.title, club.name));
}
