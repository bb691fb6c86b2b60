import {
  CLUB_FIRST,
  CLUB_GAP,
  FILLERS,
  NOT_NAMES,
  NOUN_FILLERS,
  NOUN_VERBS,
  NOUNS,
  PARTICLES,
  PLAYER_FIRST,
  PLAYER_GAP,
  ROLES,
  STAFF,
  STAYING,
} from './rumour-words.ts';
import type { TransferPlayer } from './transfers.ts';

// Rumour extraction. Headlines are read as tokens in clauses (split at punctuation): a rumour
// needs a club from the list, a rumour phrase and a player's name (two or three capitalised
// words) right next to the phrase, all in one clause. Anything less is not a rumour.

export type RumourClub = { name: string; aliases?: readonly string[] };
export type Rumour = { player: string; club: string };

type Token = { text: string; lower: string; capitalised: boolean; possessive: boolean };
type Span = { start: number; end: number };
type ClubSpan = Span & { club: string };
type Cue = Span & { kind: 'club-first' | 'player-first' | 'noun' };

const WORD =
  /\p{L}[\p{L}\p{M}\p{N}'’-]*|[£€$]\s?\d+(?:[.,]\d+)?\s?(?:m|bn|k)?\b|\d+(?:[.,]\d+)?|[,;:.!?|()[\]]|\s[-–—]\s/gu;
const BOUNDARY = /^(?:[,;:.!?|()[\]]|\s[-–—]\s)$/u;

function foldText(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

function tokenise(text: string): Token[][] {
  const clauses: Token[][] = [[]];
  for (const [raw] of text.replace(/[‘“”"]/g, ' ').matchAll(WORD)) {
    if (BOUNDARY.test(raw)) {
      clauses.push([]);
      continue;
    }
    let word = raw.replace(/['’-]+$/, '');
    const possessive = /['’]s$/i.test(word);
    if (possessive) word = word.slice(0, -2);
    if (word === '') continue;
    clauses.at(-1)?.push({
      text: word,
      lower: foldText(word),
      capitalised: /^\p{Lu}/u.test(word) && /\p{Ll}/u.test(word),
      possessive,
    });
  }
  return clauses.filter((c) => c.length > 0);
}

function matchAt(tokens: readonly Token[], at: number, words: readonly string[]): boolean {
  return words.every((w, i) => tokens[at + i]?.lower === w);
}

type ClubName = { club: string; words: string[] };

// Club names tokenised once per list (callers pass the same list for many articles), indexed by
// their first word, longest name first.
const compiledClubs = new WeakMap<readonly RumourClub[], Map<string, ClubName[]>>();

function compileClubs(clubs: readonly RumourClub[]): Map<string, ClubName[]> {
  const known = compiledClubs.get(clubs);
  if (known !== undefined) return known;
  const byFirstWord = new Map<string, ClubName[]>();
  for (const club of clubs) {
    for (const alias of [club.name, ...(club.aliases ?? [])]) {
      const words = tokenise(alias)
        .flat()
        .map((t) => t.lower);
      const first = words[0];
      if (first === undefined) continue;
      byFirstWord.set(first, [...(byFirstWord.get(first) ?? []), { club: club.name, words }]);
    }
  }
  for (const names of byFirstWord.values()) names.sort((a, b) => b.words.length - a.words.length);
  compiledClubs.set(clubs, byFirstWord);
  return byFirstWord;
}

function findClubs(tokens: readonly Token[], clubs: readonly RumourClub[]): ClubSpan[] {
  const names = compileClubs(clubs);
  const spans: ClubSpan[] = [];
  for (let i = 0; i < tokens.length;) {
    const token = tokens[i] as Token;
    const found = token.capitalised
      ? names.get(token.lower)?.find((n) => {
          if (!matchAt(tokens, i, n.words)) return false;
          // Only the last word of a club name may carry the possessive.
          return n.words.slice(0, -1).every((_, k) => tokens[i + k]?.possessive !== true);
        })
      : undefined;
    if (found === undefined) {
      i++;
      continue;
    }
    spans.push({ start: i, end: i + found.words.length, club: found.club });
    i += found.words.length;
  }
  return spans;
}

function findCues(tokens: readonly Token[]): Cue[] {
  const cues: Cue[] = [];
  const add = (list: string[][], kind: Cue['kind']) => {
    for (let i = 0; i < tokens.length; i++) {
      for (const words of list) {
        if (matchAt(tokens, i, words)) cues.push({ start: i, end: i + words.length, kind });
      }
    }
  };
  add(CLUB_FIRST, 'club-first');
  add(PLAYER_FIRST, 'player-first');
  add(NOUNS, 'noun');
  return cues.sort((a, b) => a.start - b.start || b.end - a.end);
}

/**
 * Runs of capitalised words that are neither a club nor a phrase word; a possessive ends a run.
 * Particles (de, van…) may stand inside a run.
 */
function findNameRuns(
  tokens: readonly Token[],
  taken: readonly boolean[],
): (Span & { words: number })[] {
  const runs: (Span & { words: number })[] = [];
  let start = -1;
  const close = (end: number) => {
    if (start === -1) return;
    // A particle may not end a run: "Virgil van" is no name.
    let last = end;
    while (last > start && !tokens[last - 1]?.capitalised) last--;
    const words = tokens.slice(start, last).filter((t) => t.capitalised).length;
    runs.push({ start, end: last, words });
    start = -1;
  };
  tokens.forEach((token, i) => {
    const nameLike =
      !taken[i] && token.capitalised && !NOT_NAMES.has(token.lower) && !/^[£€$\d]/.test(token.text);
    const particle = !taken[i] && start !== -1 && PARTICLES.has(token.text);
    if (nameLike || particle) {
      if (start === -1) start = i;
      if (token.possessive) close(i + 1);
    } else {
      close(i);
    }
  });
  close(tokens.length);
  return runs;
}

function readClause(tokens: readonly Token[], clubs: readonly RumourClub[]): Rumour | null {
  // Most clauses have no rumour wording: look for it first, it is the cheaper search.
  const cues = findCues(tokens);
  if (cues.length === 0) return null;
  const clubSpans = findClubs(tokens, clubs);
  if (clubSpans.length === 0) return null;
  const taken = tokens.map(
    (_, i) =>
      clubSpans.some((s) => i >= s.start && i < s.end) ||
      cues.some((c) => i >= c.start && i < c.end && c.kind !== 'noun'),
  );
  const runs = findNameRuns(tokens, taken);
  const runAt = (i: number) => runs.find((r) => r.start === i);
  const runEndingAt = (i: number) => runs.find((r) => r.end === i);
  const clubAt = (i: number) => clubSpans.find((s) => s.start === i);
  const isName = (run: (Span & { words: number }) | undefined) =>
    run !== undefined &&
    run.words >= 2 &&
    run.words <= 3 &&
    tokens[run.end - 1]?.possessive !== true &&
    !tokens.slice(run.end, run.end + 3).some((t) => STAYING.has(t.lower));
  const nameOf = (run: Span) =>
    tokens
      .slice(run.start, run.end)
      .map((t) => t.text)
      .join(' ');

  /** The player after a phrase, past fillers and a description; null when something else comes. */
  const playerAfter = (from: number): string | null => {
    let i = from;
    let fillers = 0;
    while (i < tokens.length) {
      const token = tokens[i] as Token;
      // "in talks with Shakhtar Donetsk over Mykhailo Mudryk": the other party is skipped.
      if (token.lower === 'with') {
        const party = clubAt(i + 1) ?? runAt(i + 1);
        if (
          party !== undefined &&
          ['over', 'for', 'about'].includes(tokens[party.end]?.lower ?? '')
        ) {
          i = party.end + 1;
          continue;
        }
      }
      const group = clubAt(i) ?? runAt(i);
      if (group !== undefined) {
        const next = tokens[group.end];
        if (next !== undefined && STAFF.has(next.lower)) return null;
        if (next !== undefined && ROLES.has(next.lower)) {
          i = group.end + 1;
          continue;
        }
        if (tokens[group.end - 1]?.possessive) {
          i = group.end;
          continue;
        }
        const run = runAt(i);
        return run !== undefined && isName(run) ? nameOf(run) : null;
      }
      if (ROLES.has(token.lower)) {
        i++;
        continue;
      }
      if (!(FILLERS.has(token.lower) || /^[£€$\d]/.test(token.text)) || ++fillers > 4) return null;
      i++;
    }
    return null;
  };

  /** The nearest club ending at most `gap` words before `at`. */
  const clubBefore = (at: number, gap: number) =>
    clubSpans.filter((s) => s.end <= at && at - s.end <= gap).at(-1);

  for (const cue of cues) {
    if (cue.kind === 'club-first') {
      const club = clubBefore(cue.start, 4);
      const player = club === undefined ? null : playerAfter(cue.end);
      if (club !== undefined && player !== null) return { player, club: club.club };
    } else if (cue.kind === 'player-first') {
      let end = cue.start;
      while (end > 0 && PLAYER_GAP.has(tokens[end - 1]?.lower ?? '')) end--;
      const run = runEndingAt(end);
      let i = cue.end;
      while (i < tokens.length && CLUB_GAP.has(tokens[i]?.lower ?? '') && i - cue.end < 4) i++;
      const club = clubAt(i);
      if (isName(run) && run !== undefined && club !== undefined) {
        return { player: nameOf(run), club: club.club };
      }
    } else {
      const run = runEndingAt(cue.start);
      if (!isName(run) || run === undefined) continue;
      let i = run.start;
      let verb = false;
      while (
        i > 0 &&
        (NOUN_VERBS.has(tokens[i - 1]?.lower ?? '') ||
          NOUN_FILLERS.has(tokens[i - 1]?.lower ?? '') ||
          /^[£€$\d]/.test(tokens[i - 1]?.text ?? '')) &&
        run.start - i < 4
      ) {
        if (NOUN_VERBS.has(tokens[i - 1]?.lower ?? '')) verb = true;
        i--;
      }
      const club = clubSpans.find((s) => s.end === i);
      if (verb && club !== undefined) return { player: nameOf(run), club: club.club };
    }
  }
  return null;
}

/**
 * The player and club a rumour-style headline (or, failing that, its summary) links: a club from
 * the list, rumour wording (linked with, eyes, target, set to sign, in talks, bid for, wants…) and
 * a player named by two or three capitalised words next to the wording. Null when any is missing.
 */
export function extractRumour(
  text: { title: string; summary: string },
  clubs: readonly RumourClub[],
): Rumour | null {
  for (const part of [text.title, text.summary]) {
    if (typeof part !== 'string' || part.trim() === '') continue;
    for (const clause of tokenise(part.slice(0, 2000))) {
      const found = readClause(clause, clubs);
      if (found !== null) return found;
    }
  }
  return null;
}

export type RumourArticle = {
  id: number;
  title: string;
  summary: string | null;
  sourceName: string;
  link: string;
  publishedAt: Date;
};

/**
 * Rumour entries by club name from news articles: newest first, one per player and club (the
 * newest telling). `clubsFor` gives the clubs an article may be about (those of its league).
 */
export function collectRumours<A extends RumourArticle>(
  articles: readonly A[],
  clubsFor: (article: A) => readonly RumourClub[],
): Map<string, TransferPlayer[]> {
  const newestFirst = [...articles].sort(
    (a, b) => b.publishedAt.getTime() - a.publishedAt.getTime() || b.id - a.id,
  );
  const byClub = new Map<string, TransferPlayer[]>();
  const seen = new Set<string>();
  for (const article of newestFirst) {
    const found = extractRumour(
      { title: article.title, summary: article.summary ?? '' },
      clubsFor(article),
    );
    if (found === null) continue;
    const key = `${foldText(found.club)}\n${foldText(found.player)}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const entries = byClub.get(found.club) ?? [];
    entries.push({
      id: `news-${article.id}`,
      name: found.player,
      image: `/img/player/news-${article.id}.svg`,
      flag: '',
      team: article.sourceName,
      type: 'rumour',
      valor: '',
      source: article.sourceName,
      link: article.link,
    });
    byClub.set(found.club, entries);
  }
  return byClub;
}
