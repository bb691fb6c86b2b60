import * as z from 'zod/mini';

import { findCountryCode } from './countries.ts';

export const LeagueSchema = z.object({
  id: z.int(),
  name: z.string(),
  slug: z.string(),
  order_index: z.int(),
  country: z.string(),
  logo_url: z.optional(z.nullable(z.string())),
});
export type League = z.infer<typeof LeagueSchema>;

/** A news feed that writes about one league. */
export type LeagueFeed = { name: string; url: string };

/**
 * The places a league's final table decides in one season. Champions League places count every
 * place awarded by league position, direct (group stage or league phase) and qualifying round
 * alike; places won through a cup or a European final are not counted.
 */
export type LeaguePlaces = {
  championsLeague: number;
  /** Relegated directly. */
  relegation: number;
  /** Sent to a relegation play-off against a club of the division below. */
  relegationPlayoff: number;
};

/** A league's places from `from` (a season, "2023-2024") until the next era's season. */
export type LeaguePlacesEra = LeaguePlaces & { from: string };

/**
 * One league Touchline covers: its names, its flag and its key in every source. The site, each
 * adapter, the replay and the scripts read this registry; a new league is one more entry (and
 * its data in data/).
 */
export type LeagueEntry = {
  slug: string;
  name: string;
  country: string;
  /** flag-icons code of the country (ISO 3166-1 alpha-2, or gb-eng and its siblings). */
  flag: string;
  /** Division code of football-data.co.uk's results and odds files (the replay's history). */
  division: string;
  /** football-data.org competition code. */
  footballDataCode: string;
  /** API-Football league id. */
  apiFootballId: number;
  /** BeSoccer category id (`league=`) and the `competition_name` of its match items. */
  besoccer: { id: number; name: string };
  /** The Odds API sport key. */
  oddsApiSportKey: string;
  /** Place of the league's market widgets on the home page (the specification's order). */
  marketOrder: number;
  /** How news writes the league's name; `=` marks words that count only with this capitalisation. */
  newsNames: readonly string[];
  /** Real news feeds about the league (see docs/news-feeds.md). */
  newsFeeds: readonly LeagueFeed[];
  /**
   * The places of each season, as eras oldest first: an era holds until the next one starts,
   * and the first also covers every earlier season.
   */
  places: readonly LeaguePlacesEra[];
};

/** The leagues Touchline covers, in the order the site lists them. */
export const LEAGUES: readonly LeagueEntry[] = [
  {
    slug: 'premier-league',
    name: 'Premier League',
    country: 'England',
    flag: 'gb-eng',
    division: 'E0',
    footballDataCode: 'PL',
    apiFootballId: 39,
    besoccer: { id: 10, name: 'Premier League' },
    oddsApiSportKey: 'soccer_epl',
    marketOrder: 3,
    newsNames: ['Premier League', 'EPL', '=Prem'],
    newsFeeds: [
      { name: 'BBC Sport', url: 'https://feeds.bbci.co.uk/sport/football/premier-league/rss.xml' },
      { name: 'The Guardian', url: 'https://www.theguardian.com/football/premierleague/rss' },
    ],
    // The European performance spot gave England a fifth Champions League place in 2024-25;
    // a season's spot is only known at its end, so 2025-26 holds the four it has for sure.
    places: [
      { from: '2005-2006', championsLeague: 4, relegation: 3, relegationPlayoff: 0 },
      { from: '2024-2025', championsLeague: 5, relegation: 3, relegationPlayoff: 0 },
      { from: '2025-2026', championsLeague: 4, relegation: 3, relegationPlayoff: 0 },
    ],
  },
  {
    slug: 'la-liga',
    name: 'La Liga',
    country: 'Spain',
    flag: 'es',
    division: 'SP1',
    footballDataCode: 'PD',
    apiFootballId: 140,
    besoccer: { id: 1, name: 'Primera División' },
    oddsApiSportKey: 'soccer_spain_la_liga',
    marketOrder: 2,
    // Accents are folded when matching: 'Clásico' also finds 'Clasico'.
    newsNames: ['LaLiga', 'Primera División', 'El Clásico', 'Clásico'],
    newsFeeds: [
      { name: 'The Guardian', url: 'https://www.theguardian.com/football/laligafootball/rss' },
      { name: 'Football España', url: 'https://www.football-espana.net/feed' },
    ],
    // The European performance spot gave Spain a fifth Champions League place in 2024-25;
    // 2025-26 holds the four it has for sure.
    places: [
      { from: '2005-2006', championsLeague: 4, relegation: 3, relegationPlayoff: 0 },
      { from: '2024-2025', championsLeague: 5, relegation: 3, relegationPlayoff: 0 },
      { from: '2025-2026', championsLeague: 4, relegation: 3, relegationPlayoff: 0 },
    ],
  },
  {
    slug: 'serie-a',
    name: 'Serie A',
    country: 'Italy',
    flag: 'it',
    division: 'I1',
    footballDataCode: 'SA',
    apiFootballId: 135,
    besoccer: { id: 7, name: 'Serie A' },
    oddsApiSportKey: 'soccer_italy_serie_a',
    marketOrder: 1,
    newsNames: ['Scudetto', 'Calcio'],
    newsFeeds: [
      { name: 'The Guardian', url: 'https://www.theguardian.com/football/serieafootball/rss' },
      { name: 'Football Italia', url: 'https://football-italia.net/feed/' },
    ],
    // Italy had three Champions League places from 2011-12 to 2016-17, and the European
    // performance spot gave it a fifth in 2023-24.
    places: [
      { from: '2005-2006', championsLeague: 4, relegation: 3, relegationPlayoff: 0 },
      { from: '2011-2012', championsLeague: 3, relegation: 3, relegationPlayoff: 0 },
      { from: '2017-2018', championsLeague: 4, relegation: 3, relegationPlayoff: 0 },
      { from: '2023-2024', championsLeague: 5, relegation: 3, relegationPlayoff: 0 },
      { from: '2024-2025', championsLeague: 4, relegation: 3, relegationPlayoff: 0 },
    ],
  },
  {
    slug: 'bundesliga',
    name: 'Bundesliga',
    country: 'Germany',
    flag: 'de',
    division: 'D1',
    footballDataCode: 'BL1',
    apiFootballId: 78,
    besoccer: { id: 8, name: 'Bundesliga' },
    oddsApiSportKey: 'soccer_germany_bundesliga',
    marketOrder: 4,
    newsNames: ['Der Klassiker'],
    newsFeeds: [
      { name: 'The Guardian', url: 'https://www.theguardian.com/football/bundesligafootball/rss' },
      { name: 'kicker', url: 'https://newsfeed.kicker.de/news/bundesliga' },
    ],
    // 16th plays the 2. Bundesliga's third since 2008-09; Germany has had four Champions League
    // places since 2011-12, and the European performance spot gave it a fifth in 2023-24.
    places: [
      { from: '2005-2006', championsLeague: 3, relegation: 3, relegationPlayoff: 0 },
      { from: '2008-2009', championsLeague: 3, relegation: 2, relegationPlayoff: 1 },
      { from: '2011-2012', championsLeague: 4, relegation: 2, relegationPlayoff: 1 },
      { from: '2023-2024', championsLeague: 5, relegation: 2, relegationPlayoff: 1 },
      { from: '2024-2025', championsLeague: 4, relegation: 2, relegationPlayoff: 1 },
    ],
  },
  {
    slug: 'ligue-1',
    name: 'Ligue 1',
    country: 'France',
    flag: 'fr',
    division: 'F1',
    footballDataCode: 'FL1',
    apiFootballId: 61,
    besoccer: { id: 16, name: 'Ligue 1' },
    oddsApiSportKey: 'soccer_france_ligue_one',
    marketOrder: 5,
    newsNames: ['Ligue Un'],
    newsFeeds: [
      { name: 'The Guardian', url: 'https://www.theguardian.com/football/ligue1football/rss' },
      { name: 'Get French Football News', url: 'https://www.getfootballnewsfrance.com/feed/' },
    ],
    // 18th went to a play-off from 2016-17 (cancelled when 2019-20 was stopped); four went
    // down in 2022-23 to cut the league to 18 clubs, whose 16th has gone to a play-off since.
    // From 2023-24 France's fifth association place gives three league-phase places and one
    // in the third qualifying round (two direct and one qualifying before).
    places: [
      { from: '2005-2006', championsLeague: 3, relegation: 3, relegationPlayoff: 0 },
      { from: '2016-2017', championsLeague: 3, relegation: 2, relegationPlayoff: 1 },
      { from: '2022-2023', championsLeague: 3, relegation: 4, relegationPlayoff: 0 },
      { from: '2023-2024', championsLeague: 4, relegation: 2, relegationPlayoff: 1 },
    ],
  },
];

/**
 * A league's slug. Any text: the registry is data, so code never spells out which leagues
 * exist, and a new entry needs no change of type.
 */
export type LeagueSlug = string;

/** A league filter: one league's slug, or 'all' for every league. */
export type LeagueFilter = 'all' | LeagueSlug;

/** The filter matching a slug from outside (a URL), or 'all' for anything unknown. */
export function parseLeagueFilter(value: string | null | undefined): LeagueFilter {
  return LEAGUES.find((league) => league.slug === value)?.slug ?? 'all';
}

/** The registry entry of a slug in `leagues`, or null. */
export function findLeagueEntry(
  slug: string,
  leagues: readonly LeagueEntry[] = LEAGUES,
): LeagueEntry | null {
  return leagues.find((league) => league.slug === slug) ?? null;
}

const SEASON = /^(\d{4})-(\d{4})$/;

/**
 * A league's places in a season ("2023-2024"): those of the latest era starting at or before
 * it, or of the first era for an earlier season.
 */
export function getLeaguePlaces(league: LeagueEntry, season: string): LeaguePlaces {
  const years = SEASON.exec(season);
  if (years === null || Number(years[2]) !== Number(years[1]) + 1) {
    throw new RangeError(`places: season must read like 2023-2024, not "${season}"`);
  }
  const era = league.places.findLast((e) => e.from <= season) ?? league.places[0];
  if (era === undefined) throw new RangeError(`places: ${league.slug} has no places`);
  const { championsLeague, relegation, relegationPlayoff } = era;
  return { championsLeague, relegation, relegationPlayoff };
}

/** The leagues in the order of the home page's market widgets. */
export function listMarketLeagues(leagues: readonly LeagueEntry[] = LEAGUES): LeagueEntry[] {
  return [...leagues].sort((a, b) => a.marketOrder - b.marketOrder);
}

/**
 * The flag-icons code of a league's country: the registry's flag for a league's country, else
 * the flag of the country the name stands for; '' when the name is no country ("World").
 */
export function getCountryFlagCode(
  country: string | null | undefined,
  leagues: readonly LeagueEntry[] = LEAGUES,
): string {
  const name = (country ?? '').trim().toLowerCase();
  const entry = leagues.find((league) => league.country.toLowerCase() === name);
  return entry?.flag ?? findCountryCode(name);
}

/** The league whose chip is active for a path: only an exact /league/{slug} match counts. */
export function findActiveLeagueSlug(pathname: string, slugs: readonly string[]): string | null {
  const match = /^\/league\/([^/]+)$/.exec(pathname);
  if (match === null) return null;
  const slug = decodeURIComponent(match[1] ?? '');
  return slugs.includes(slug) ? slug : null;
}
