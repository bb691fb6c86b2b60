import * as z from 'zod/mini';

export const LeagueSchema = z.object({
  id: z.int(),
  name: z.string(),
  slug: z.string(),
  order_index: z.int(),
  country: z.string(),
  logo_url: z.optional(z.nullable(z.string())),
});
export type League = z.infer<typeof LeagueSchema>;

/** The five leagues Touchline covers, in the order the site lists them. */
export const LEAGUES = [
  { name: 'Premier League', slug: 'premier-league', country: 'England', code: 'E0' },
  { name: 'La Liga', slug: 'la-liga', country: 'Spain', code: 'SP1' },
  { name: 'Serie A', slug: 'serie-a', country: 'Italy', code: 'I1' },
  { name: 'Bundesliga', slug: 'bundesliga', country: 'Germany', code: 'D1' },
  { name: 'Ligue 1', slug: 'ligue-1', country: 'France', code: 'F1' },
] as const;

export type LeagueSlug = (typeof LEAGUES)[number]['slug'];

const COUNTRY_FLAGS: Record<string, string> = {
  england: '🏴󠁧󠁢󠁥󠁮󠁧󠁿',
  spain: '🇪🇸',
  italy: '🇮🇹',
  germany: '🇩🇪',
  france: '🇫🇷',
  portugal: '🇵🇹',
  netherlands: '🇳🇱',
  belgium: '🇧🇪',
  brazil: '🇧🇷',
};

/** Flag emoji of a league's country; a globe for any country outside the table. */
export function getCountryFlag(country: string | null | undefined): string {
  return COUNTRY_FLAGS[(country ?? '').trim().toLowerCase()] ?? '🌍';
}

/** The league whose chip is active for a path: only an exact /league/{slug} match counts. */
export function findActiveLeagueSlug(pathname: string, slugs: readonly string[]): string | null {
  const match = /^\/league\/([^/]+)$/.exec(pathname);
  if (match === null) return null;
  const slug = decodeURIComponent(match[1] ?? '');
  return slugs.includes(slug) ? slug : null;
}
