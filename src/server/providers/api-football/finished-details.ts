import type { LeagueEntry } from '../../../domain/league.ts';
import { carryListGaps, QuotaDeferral } from '../provider.ts';
import { UpstreamError, type UpstreamClient } from '../upstream/http.ts';
import type { UpstreamMatch } from '../upstream/live-source.ts';
import { accountsForScore } from '../upstream/match-details.ts';
import { PROVIDER } from './errors.ts';
import type { Drop } from './items.ts';
import { parseMatches } from './parse.ts';
import { readDailyQuota } from './transfer-budget.ts';

// The goals and figures of a finished match (NOTES.md §13). The day's list (`date=`) carries
// neither, and `/fixtures/statistics` would cost a request per match; one `/fixtures?ids=`
// request carries `events` and `statistics` for up to 20 matches. So each match of the day is
// read once, when the list first says it is finished, the matches finished since the last poll
// together, and what was read is remembered and given with the match on every later poll.

/** Fixture ids per `/fixtures?ids=` request (the API's limit; not in NOTES.md). */
export const IDS_PER_REQUEST = 20;
/** Share of the day's requests the reads of finished matches leave for the polls of the day. */
const FLOOR_SHARE = 0.1;
/** A read that failed, or found goals that do not add up to the score yet, is tried again… */
const RETRY_MS = 30 * 60 * 1000;
/** …this many times in all. */
const MAX_ATTEMPTS = 3;
/** What was read of a match is forgotten this long after its kick-off. */
const KEEP_MS = 2 * 24 * 60 * 60 * 1000;

type Details = Pick<UpstreamMatch, 'events' | 'facts'>;

type Entry = {
  kickoffMs: number;
  /** What the last read gave, when one did. */
  details?: Details;
  attempts: number;
  /** When to read it again; null when done. */
  retryAtMs: number | null;
};

/** The next 00:00 UTC, when the day's quota resets (§1). */
function nextUtcMidnight(nowMs: number): Date {
  const day = new Date(nowMs);
  day.setUTCHours(24, 0, 0, 0);
  return day;
}

export type FinishedDetails = {
  /**
   * `matches` (the note of what the list left out kept) with the goals and facts of each
   * finished one: read now when due and the day's quota allows, else as remembered. A finished
   * match whose details were never read carries neither, so what is stored for it stays.
   */
  complete: (matches: UpstreamMatch[]) => Promise<UpstreamMatch[]>;
};

/**
 * The reads of finished matches of one adapter. A read that fails is noted on the client (it
 * is the upstream's failure) and tried again later; it never fails the day's list.
 */
export function createFinishedDetails(options: {
  client: UpstreamClient;
  leagues: readonly LeagueEntry[];
  now: () => number;
  drop?: Drop;
}): FinishedDetails {
  const { client, leagues, now, drop } = options;
  const known = new Map<string, Entry>();
  let lastDeferral = '';

  const isDue = (match: UpstreamMatch, nowMs: number) => {
    if (match.phase !== 'finished' || match.events !== undefined) return false;
    const entry = known.get(match.externalId);
    return entry === undefined || (entry.retryAtMs !== null && entry.retryAtMs <= nowMs);
  };

  /** Whether one more request leaves the floor of the day's quota; else notes the deferral. */
  const mayRead = (waiting: number): boolean => {
    const nowMs = now();
    const { limit, remaining } = readDailyQuota(client.stats(), nowMs);
    const floor = Math.ceil(limit * FLOOR_SHARE);
    if (remaining - 1 >= floor) return true;
    const until = nextUtcMidnight(nowMs);
    const message =
      `goals and figures of ${waiting} finished matches wait until ${until.toISOString()}: ` +
      `${remaining} requests left today, ${floor} kept for the day's matches`;
    // Once per day and number waiting, not once per poll: the status page counts deferrals.
    const situation = `${until.toISOString()} ${waiting}`;
    if (situation !== lastDeferral) {
      lastDeferral = situation;
      client.noteDeferral(new QuotaDeferral(PROVIDER, message, until));
    }
    return false;
  };

  const noteAttempt = (match: UpstreamMatch, details: Details | undefined, nowMs: number) => {
    const entry = known.get(match.externalId) ?? {
      kickoffMs: match.kickoff.getTime(),
      attempts: 0,
      retryAtMs: null,
    };
    entry.attempts++;
    if (details !== undefined) entry.details = details;
    const complete =
      details?.events !== undefined &&
      accountsForScore(details.events, match.homeScore, match.awayScore);
    entry.retryAtMs = complete || entry.attempts >= MAX_ATTEMPTS ? null : nowMs + RETRY_MS;
    known.set(match.externalId, entry);
  };

  /** Reads one chunk; false when the reads should stop for this poll. */
  const readChunk = async (chunk: UpstreamMatch[]): Promise<boolean> => {
    const ids = chunk.map((match) => match.externalId.slice(PROVIDER.length + 1));
    let read: UpstreamMatch[];
    try {
      const { body } = await client.getJson('fixtures', { ids: ids.join('-') });
      read = parseMatches(body, { leagues, drop });
    } catch (error) {
      if (!(error instanceof UpstreamError)) throw error;
      client.noteFailure(error);
      for (const match of chunk) noteAttempt(match, undefined, now());
      // Only an answer of its own refused leaves the next chunk worth asking.
      return error.kind === 'bad-body';
    }
    const byId = new Map(read.map((match) => [match.externalId, match]));
    for (const match of chunk) {
      const found = byId.get(match.externalId);
      const details =
        found?.events === undefined ? undefined : { events: found.events, facts: found.facts };
      noteAttempt(match, details, now());
    }
    return true;
  };

  const attach = (match: UpstreamMatch): UpstreamMatch => {
    if (match.phase !== 'finished' || match.events !== undefined) return match;
    const { events: _events, facts: _facts, ...rest } = match;
    const details = known.get(match.externalId)?.details;
    if (details?.events === undefined || details.facts === undefined) return rest;
    return {
      ...rest,
      events: details.events,
      // The list's score is the later word: the goals read must still add up to it.
      facts: {
        ...details.facts,
        goalsRecorded: accountsForScore(details.events, match.homeScore, match.awayScore),
      },
    };
  };

  return {
    async complete(matches) {
      const nowMs = now();
      for (const [id, entry] of known) {
        if (entry.kickoffMs < nowMs - KEEP_MS) known.delete(id);
      }
      const due = matches.filter((match) => isDue(match, nowMs));
      for (let i = 0; i < due.length; i += IDS_PER_REQUEST) {
        if (!mayRead(due.length - i)) break;
        if (!(await readChunk(due.slice(i, i + IDS_PER_REQUEST)))) break;
      }
      return carryListGaps(matches, matches.map(attach));
    },
  };
}
