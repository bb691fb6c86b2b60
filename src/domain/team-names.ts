/**
 * Upstreams spell clubs their own way ("Manchester United FC", "Man United", "Manchester
 * United"). Touchline keys a club once; these functions find that key from any spelling.
 */

/** Words that tell nothing about which club is meant. */
const NOISE = new Set([
  'fc',
  'afc',
  'cf',
  'sc',
  'ssc',
  'ac',
  'as',
  'us',
  'ss',
  'sv',
  'vfb',
  'vfl',
  'tsg',
  'rc',
  'rcd',
  'ud',
  'cd',
  'sd',
  'ca',
  'club',
  'calcio',
  'de',
  'del',
  'la',
  'the',
  'and',
  '1',
  '04',
  '05',
  '1846',
  '1899',
  '1900',
  '1907',
  '1909',
  '1910',
  '1913',
]);

/** Lower case, no accents, no punctuation, no noise words: "1. FC Köln" → "koln". */
export function normalizeTeamName(name: string): string {
  const plain = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/ß/g, 'ss')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
  const words = plain.split(' ').filter((w) => w !== '');
  const kept = words.filter((w) => !NOISE.has(w));
  // A name made only of noise ("AC", "AS") keeps its words.
  return (kept.length > 0 ? kept : words).join(' ');
}

/** A key for a club Touchline does not know yet: "Real Oviedo" → "real-oviedo". */
export function slugifyTeamName(name: string): string {
  const slug = normalizeTeamName(name).replace(/ /g, '-');
  return slug === '' ? 'unknown' : slug;
}

export type KnownClub = { key: string; leagueSlug: string; names: string[] };

/**
 * Finds a club's key from a spelling: an exact normalised match in the same league first,
 * then anywhere, then a unique club whose spelling starts with or contains the name as whole
 * words ("Man United" → "Manchester United" only through a listed alias). Null when unsure.
 */
export function createTeamNameIndex(clubs: KnownClub[]) {
  const byName = new Map<string, KnownClub[]>();
  for (const club of clubs) {
    for (const name of new Set(club.names.map(normalizeTeamName))) {
      if (name === '') continue;
      const list = byName.get(name) ?? [];
      list.push(club);
      byName.set(name, list);
    }
  }
  const entries = [...byName.entries()];

  const pick = (found: KnownClub[], leagueSlug: string): string | null => {
    const inLeague = found.filter((c) => c.leagueSlug === leagueSlug);
    if (inLeague.length === 1) return (inLeague[0] as KnownClub).key;
    const keys = new Set(found.map((c) => c.key));
    return keys.size === 1 ? (found[0] as KnownClub).key : null;
  };

  return {
    resolve(name: string, leagueSlug: string): string | null {
      const wanted = normalizeTeamName(name);
      if (wanted === '') return null;
      const exact = byName.get(wanted);
      if (exact !== undefined) return pick(exact, leagueSlug);
      // "Wolverhampton Wanderers" vs "Wolves" needs an alias; "Brighton and Hove Albion" vs
      // "Brighton" is a whole-word prefix, taken when one club of the league fits.
      const wordMatch = (a: string, b: string) => a.startsWith(`${b} `) || b.startsWith(`${a} `);
      const near = entries.filter(([known]) => wordMatch(known, wanted)).flatMap(([, c]) => c);
      return near.length === 0 ? null : pick(near, leagueSlug);
    },
  };
}

export type TeamNameIndex = ReturnType<typeof createTeamNameIndex>;

/** A club as the site names it, with every other spelling the data and the upstreams use. */
export type ClubSpellings = { name: string; names: readonly string[] };

/**
 * The site's name for a club from any of its spellings ("Man City", "Bor. M'gladbach" →
 * "Manchester City", "Borussia Mönchengladbach"); any other name comes back as it is. Only a
 * whole spelling counts (normalised as normalizeTeamName does): "Man City U23" is another team,
 * and a spelling two clubs share is left alone.
 */
export function createClubNamer(clubs: readonly ClubSpellings[]): (spelling: string) => string {
  const byName = new Map<string, string | null>();
  for (const club of clubs) {
    for (const spelling of new Set([club.name, ...club.names].map(normalizeTeamName))) {
      if (spelling === '') continue;
      const known = byName.get(spelling);
      byName.set(spelling, known === undefined || known === club.name ? club.name : null);
    }
  }
  return (spelling) => byName.get(normalizeTeamName(spelling)) ?? spelling;
}
