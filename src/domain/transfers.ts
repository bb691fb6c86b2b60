import * as z from 'zod/mini';

export const TransferPlayerSchema = z.object({
  id: z.union([z.string(), z.number()]),
  name: z.string(),
  image: z.string(),
  flag: z.string(),
  /** The club on the other side of the move. */
  team: z.string(),
  /** transfer | loan | free | end of loan | rumour */
  type: z.string(),
  /** Fee in millions of euros as text; '' when unknown, '0' when none. */
  valor: z.string(),
  source: z.optional(z.string()),
  link: z.optional(z.string()),
});
export type TransferPlayer = z.infer<typeof TransferPlayerSchema>;

export const TransferTeamSchema = z.object({
  id: z.union([z.string(), z.number()]),
  name: z.string(),
  shield: z.string(),
  league_alias: z.string(),
  arrivals: z.array(TransferPlayerSchema),
  departures: z.array(TransferPlayerSchema),
  rumors: z.array(TransferPlayerSchema),
});
export type TransferTeam = z.infer<typeof TransferTeamSchema>;

/** Reads the kind of move from Transfermarkt's fee text: transfer, loan, free or end of loan. */
export function classifyTransfer(feeRaw: string): string {
  const text = feeRaw.toLowerCase();
  if (text.includes('end of loan')) return 'end of loan';
  if (text.includes('loan')) return 'loan';
  if (text.includes('free')) return 'free';
  return 'transfer';
}

const FEE_PATTERN = /^\d+(?:\.\d+)?$/;

function parseFee(valor: string): number | null {
  const text = typeof valor === 'string' ? valor.trim() : '';
  if (!FEE_PATTERN.test(text)) return null;
  const amount = Number(text);
  return Number.isFinite(amount) && amount > 0 ? amount : null;
}

/** "€52.2M" for '52.2'; null (no fee shown) for '', '0' or anything that is not an amount. */
export function formatFee(valor: string): string | null {
  const amount = parseFee(valor);
  if (amount === null) return null;
  return `€${String(Math.round(amount * 100) / 100)}M`;
}

/** False for a club with no arrivals, departures or rumours: such clubs are hidden. */
export function hasTransferActivity(
  team: Pick<TransferTeam, 'arrivals' | 'departures' | 'rumors'>,
): boolean {
  return team.arrivals.length > 0 || team.departures.length > 0 || team.rumors.length > 0;
}

/** A copy with the highest fee first and moves without a fee last; equal fees keep their order. */
export function sortByFee<T extends Pick<TransferPlayer, 'valor'>>(players: readonly T[]): T[] {
  return players
    .map((player, index) => ({ player, index, fee: parseFee(player.valor) ?? -1 }))
    .sort((a, b) => b.fee - a.fee || a.index - b.index)
    .map((entry) => entry.player);
}

/** The transfer window after one the replay shows ("Summer 2022" → Winter of 2022-2023). */
export function findNextTransferWindow(
  label: string,
): { season: string; window: 'Summer' | 'Winter'; label: string } | null {
  const match = /^(Summer|Winter) (\d{4})$/.exec(label.trim());
  if (match === null) return null;
  const year = Number(match[2]);
  // Summer Y belongs to season Y-(Y+1), whose winter window is in January Y+1; Winter Y belongs to
  // season (Y-1)-Y, and the next summer opens season Y-(Y+1).
  return match[1] === 'Summer'
    ? { season: `${year}-${year + 1}`, window: 'Winter', label: `Winter ${year + 1}` }
    : { season: `${year}-${year + 1}`, window: 'Summer', label: `Summer ${year}` };
}

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

const phrases = (list: string[]) => list.map((p) => p.split(' '));

/** The club, then the phrase, then the player: "Chelsea close to signing Enzo Fernández". */
const CLUB_FIRST = phrases([
  'linked with',
  'eye',
  'eyes',
  'eyeing',
  'target',
  'targets',
  'targeting',
  'set to sign',
  'close to signing',
  'closing in on',
  'close in on',
  'closes in on',
  'in talks',
  'bid for',
  'want',
  'wants',
  'interested in',
  'keen on',
  'move for',
  'swoop for',
  'offer for',
]);
/** The player, then the phrase, then the club: "Enzo Fernández linked with Chelsea move". */
const PLAYER_FIRST = phrases([
  'linked with',
  'linked to',
  'could join',
  'could move to',
  'set to join',
  'set for',
  'close to',
  'close to joining',
  'closing in on',
  'nears',
  'edges closer to',
  'in talks with',
  'wanted by',
  'targeted by',
  'eyed by',
  'a target for',
  'rumoured',
  'rumored',
  'rumoured to join',
]);
/** The club, a verb, the player, the noun: "Chelsea to make Enzo Fernández bid". */
const NOUNS = phrases(['bid', 'move', 'swoop', 'offer', 'approach']);
const NOUN_VERBS = new Set(
  (
    'make makes making launch launches plot plots plotting plan plans planning consider considers ' +
    'considering prepare prepares preparing table tables submit submits lodge lodges mull mulls ' +
    'weigh weighs step steps up ready readies open opens'
  ).split(' '),
);
const NOUN_FILLERS = new Set(['to', 'a', 'an', 'fresh', 'new', 'second', 'improved', 'record']);
/** Words that may stand between the phrase and the player ("eye move for …"). */
const FILLERS = new Set(
  (
    'a an the move for to sign signing deal swoop bid of over with on about shock surprise ' +
    'january summer loan new fresh late possible permanent potential record reported are is'
  ).split(' '),
);
/** Words between a player and a phrase after him: "Enzo Fernández has been linked with …". */
const PLAYER_GAP = new Set(
  'has have been is being was reportedly now also strongly heavily'.split(' '),
);
/** Words between a phrase and the club after it: "… linked with a move to Chelsea". */
const CLUB_GAP = new Set(
  'a an the move to with be joining join switch possible january summer'.split(' '),
);
/** What a capitalised group before a player says he is: "Benfica midfielder Enzo Fernández". */
const ROLES = new Set(
  (
    'midfielder winger striker forward attacker defender full-back centre-back center-back ' +
    'wing-back goalkeeper keeper playmaker star youngster teenager talent wonderkid international ' +
    'captain ace hitman prodigy sensation'
  ).split(' '),
);
/** A coach or an official is not a player: "Chelsea want Brighton boss Graham Potter". */
const STAFF = new Set('boss manager coach head director chairman owner president'.split(' '));
/** Said of a player a club keeps, not one it buys. */
const STAYING = new Set('stay remain extension renew renewal'.split(' '));
const PARTICLES = new Set(
  'de da di do dos das del della van von der den ter ten le la el bin ben al'.split(' '),
);
const NOT_NAMES = new Set(
  (
    'the a an transfer transfers news gossip rumour rumours rumor rumors live latest football ' +
    'premier league liga serie bundesliga ligue champions europa conference cup fa title ' +
    'january february march april may june july august september october november december ' +
    'summer winter window deadline day monday tuesday wednesday thursday friday saturday sunday ' +
    'exclusive report reports breaking update official confirmed sources sport why how what who ' +
    'when where is are will could would should can did does do has have after before as in on ' +
    'at for with from to and but or not no he she they his her their it i you my our your we ' +
    'here go done deal player players club clubs fans side ' +
    [...ROLES, ...STAFF, ...FILLERS, ...NOUN_VERBS, ...PLAYER_GAP, ...CLUB_GAP].join(' ') +
    ' ' +
    [...CLUB_FIRST, ...PLAYER_FIRST, ...NOUNS].flat().join(' ')
  ).split(' '),
);

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
