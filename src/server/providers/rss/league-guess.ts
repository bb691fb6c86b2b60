import { LEAGUES, type LeagueEntry } from '../../../domain/league.ts';

/** A club as the database knows it: its league and every way news may write it. */
export type NewsClub = { leagueSlug: string; names: readonly string[] };

type Term = { text: string; weight: number; exactCase: boolean };

/** Each league's terms, compiled once per ingestion run by compileLeagueTerms. */
export type LeagueTerms = ReadonlyArray<{ slug: string; terms: readonly Term[] }>;

const LEAGUE_WEIGHT = 1;
const CLUB_WEIGHT = 2;
/** Text looked at: a title and the start of its summary are plenty. */
const MAX_TEXT_CHARS = 20_000;

/** Names that contain a club's name but belong elsewhere. */
const FALSE_FRIENDS = ['Inter Miami'];
const FOLDED_FALSE_FRIENDS = FALSE_FRIENDS.map((t) => foldWords(t).toLowerCase());

/** Accents folded, punctuation to single spaces, padded so terms match whole words only. */
function foldWords(text: string): string {
  return ` ${text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()} `;
}

function compileTerm(raw: string, weight: number, exactCase: boolean): Term | null {
  const folded = foldWords(raw);
  if (folded.trim() === '') return null;
  return { text: exactCase ? folded : folded.toLowerCase(), weight, exactCase };
}

/**
 * The terms each league is recognised by: its name and the registry's news names (`=` marks a
 * word that counts only with that capitalisation, like "Prem"), and every spelling of its clubs.
 * A club's spellings count only as the club is written (names, codes, nicknames are proper
 * nouns), so "a nice day" is not Nice and "NEW" is Newcastle only in capitals.
 */
export function compileLeagueTerms(
  clubs: readonly NewsClub[],
  leagues: readonly LeagueEntry[] = LEAGUES,
): LeagueTerms {
  return leagues.map((league) => {
    const terms = new Map<string, Term>();
    const add = (term: Term | null) => {
      if (term !== null && !terms.has(`${term.exactCase}${term.text}`)) {
        terms.set(`${term.exactCase}${term.text}`, term);
      }
    };
    for (const name of [league.name, ...league.newsNames]) {
      const exactCase = name.startsWith('=');
      add(compileTerm(exactCase ? name.slice(1) : name, LEAGUE_WEIGHT, exactCase));
    }
    for (const club of clubs) {
      if (club.leagueSlug !== league.slug) continue;
      for (const name of club.names) add(compileTerm(name, CLUB_WEIGHT, true));
    }
    return { slug: league.slug, terms: [...terms.values()] };
  });
}

/**
 * The league a general news item is about, from club and league names (and nicknames) in its
 * text: clubs count twice as much as a league's name. Null when nothing matches or two leagues
 * score the same.
 */
export function guessLeagueSlug(text: string, leagueTerms: LeagueTerms): string | null {
  if (typeof text !== 'string' || text.trim() === '') return null;
  let cased = foldWords(text.slice(0, MAX_TEXT_CHARS));
  for (const name of FOLDED_FALSE_FRIENDS) {
    const at = cased.toLowerCase().indexOf(name);
    if (at !== -1) cased = `${cased.slice(0, at)} ${cased.slice(at + name.length)}`;
  }
  const lower = cased.toLowerCase();
  let best: string | null = null;
  let bestScore = 0;
  let tied = false;
  for (const { slug, terms } of leagueTerms) {
    let score = 0;
    for (const term of terms) {
      if ((term.exactCase ? cased : lower).includes(term.text)) score += term.weight;
    }
    if (score > bestScore) {
      best = slug;
      bestScore = score;
      tied = false;
    } else if (score === bestScore && score > 0) {
      tied = true;
    }
  }
  return tied ? null : best;
}
