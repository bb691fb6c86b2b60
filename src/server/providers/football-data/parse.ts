import * as z from 'zod';

import { findCountryCode } from '../../../domain/countries.ts';
import { LEAGUES, type LeagueEntry } from '../../../domain/league.ts';
import { markListGaps, type MatchPhase } from '../provider.ts';
import { UpstreamError, type DroppedItem } from '../upstream/http.ts';
import { findHttpsUrl } from '../upstream/https-url.ts';
import type {
  UpstreamMatch,
  UpstreamPlayerStat,
  UpstreamStanding,
  UpstreamTeam,
} from '../upstream/live-source.ts';
import { formatPath, requireShape } from '../upstream/require-shape.ts';
import { readMatchDetails } from './match-details.ts';

export const PROVIDER = 'football-data';

/** Where a parser reports an item it left out of a good answer (the client's noteDropped). */
export type NoteDropped = (item: DroppedItem) => void;

const ignoreDropped: NoteDropped = () => {};

/** The slug of the league in `leagues` with this competition code; undefined for any other. */
export function findLeagueSlug(
  code: string,
  leagues: readonly LeagueEntry[] = LEAGUES,
): string | undefined {
  return leagues.find((league) => league.footballDataCode === code)?.slug;
}

// ---------------------------------------------------------------------------------------------
// Schemas: only the fields Touchline reads; everything else in a payload is ignored.

const TeamSchema = z.object({
  id: z.int(),
  name: z.string(),
  shortName: z.string().nullish(),
  crest: z.string().nullish(),
});

const ScorePairSchema = z.object({ home: z.int().nullable(), away: z.int().nullable() });

/** A club in a match object; its `statistics` (plans that include them) is read apart. */
const MatchTeamSchema = TeamSchema.extend({ statistics: z.unknown().optional() });

const MatchSchema = z.object({
  id: z.int(),
  utcDate: z.iso.datetime({ offset: true }),
  status: z.string(),
  // The only field NOTES.md (§4) calls loose: "67" or 90, and only on some responses.
  minute: z.union([z.int().nonnegative(), z.string()]).nullish(),
  injuryTime: z.int().nonnegative().nullish(),
  competition: z.object({ code: z.string() }),
  homeTeam: MatchTeamSchema,
  awayTeam: MatchTeamSchema,
  // §10: read apart (match-details.ts), so a bad one never costs the match.
  goals: z.unknown().optional(),
  referees: z.unknown().optional(),
  score: z.object({
    duration: z.string().nullish(),
    fullTime: ScorePairSchema,
    halfTime: ScorePairSchema,
    regularTime: ScorePairSchema.nullish(),
    extraTime: ScorePairSchema.nullish(),
  }),
});
type Match = z.infer<typeof MatchSchema>;

/** The envelope of a match list; `resultSet.count` says how many matches the body holds. */
const MatchListSchema = z.object({
  resultSet: z.object({ count: z.int().nonnegative().nullish() }).nullish(),
  matches: z.array(z.unknown()),
});

/** What places a match in a league, read before the rest of it. */
const CompetitionOfSchema = z.object({ competition: z.object({ code: z.string() }) });

const StandingRowSchema = z.object({
  position: z.int(),
  team: TeamSchema,
  won: z.int(),
  draw: z.int(),
  lost: z.int(),
  points: z.int(),
  goalsFor: z.int(),
  goalsAgainst: z.int(),
});

const StandingsSchema = z.object({
  standings: z.array(z.object({ type: z.string(), table: z.array(z.unknown()) })),
});

const ScorerSchema = z.object({
  player: z.object({ id: z.int(), name: z.string(), nationality: z.string().nullish() }),
  team: TeamSchema.nullish(),
  goals: z.int(),
  assists: z.int().nullish(),
});
type Scorer = z.infer<typeof ScorerSchema>;

/** The envelope of the scorers list; `count` says how many scorers the body holds. */
const ScorersSchema = z.object({
  count: z.int().nonnegative().nullish(),
  scorers: z.array(z.unknown()),
});

/** `value` read by `schema`, or why not: the first wrong field's path under `where`. */
function readShape<T>(
  schema: z.ZodType<T>,
  value: unknown,
  where: string,
): { data: T } | { reason: string } {
  const result = schema.safeParse(value);
  if (result.success) return { data: result.data };
  const issue = result.error.issues[0];
  return { reason: `${formatPath(where, issue?.path ?? [])}: ${issue?.message ?? 'unexpected'}` };
}

/** The item's own integer id at `path` ("id", "player.id") as text, or where it stood. */
function findItemId(raw: unknown, path: readonly string[], where: string): string {
  let value: unknown = raw;
  for (const key of path) {
    value = typeof value === 'object' && value !== null ? Reflect.get(value, key) : undefined;
  }
  return Number.isSafeInteger(value) ? String(value) : where;
}

/**
 * Refuses a list holding another number of items than its envelope says (`resultSet.count`,
 * `count`): part of the answer is missing, and what is left must not replace what is stored.
 */
function requireWholeList(count: number | null | undefined, length: number, what: string): void {
  if (count === null || count === undefined || count === length) return;
  throw new UpstreamError(
    PROVIDER,
    'bad-body',
    `${what}: ${length} items, but count says ${count}`,
  );
}

// ---------------------------------------------------------------------------------------------
// Matches

/**
 * Touchline's phase for a v4 status (NOTES.md §5). `score.duration` tells extra time and shoot-outs
 * apart while the status is only IN_PLAY / PAUSED. MatchPhase has no words for suspended,
 * cancelled or unknown, so: SUSPENDED and CANCELLED show as postponed (not being played, no
 * result), and an unknown status as scheduled (the board shows "VS" for both).
 */
export function mapStatus(status: string, duration: string | null | undefined): MatchPhase {
  const stage =
    duration === 'EXTRA_TIME' ? 'extratime' : duration === 'PENALTY_SHOOTOUT' ? 'penalties' : null;
  switch (status) {
    case 'SCHEDULED':
    case 'TIMED':
      return 'scheduled';
    case 'IN_PLAY':
    case 'LIVE': // a filter value that some client mocks show as a status
      return stage ?? 'live';
    case 'PAUSED': // half-time, or a break in extra time / before the shoot-out
      return stage ?? 'halftime';
    case 'EXTRA_TIME':
      return 'extratime';
    case 'PENALTY_SHOOTOUT':
      return 'penalties';
    case 'FINISHED':
    case 'AWARDED':
      return 'finished';
    case 'POSTPONED':
    case 'SUSPENDED':
    case 'CANCELLED':
      return 'postponed';
    default:
      return 'scheduled';
  }
}

const PLAYING = new Set<MatchPhase>(['live', 'extratime', 'penalties']);

/**
 * The board's minute text from `minute` (+ `injuryTime`): "67", "45+2"; "" when the match is
 * not being played or the response has no minute (the free list endpoints carry none; the
 * document says not to compute one from the kick-off time); undefined when it is no minute.
 */
function formatMinute(match: Match, phase: MatchPhase): string | undefined {
  if (!PLAYING.has(phase) || match.minute === null || match.minute === undefined) return '';
  const text = String(match.minute).trim();
  const parts = /^(\d{1,3})(?:\s*\+\s*(\d{1,2}))?$/.exec(text);
  if (parts === null) return undefined;
  const added = parts[2] ?? (match.injuryTime ? String(match.injuryTime) : undefined);
  return added === undefined ? String(Number(parts[1])) : `${Number(parts[1])}+${Number(added)}`;
}

/**
 * Goals on the board. A shoot-out's `fullTime` may count the shoot-out kicks, so for those the
 * score is regular time plus extra time when the API gives them.
 */
function mapScore(match: Match): { home: number | null; away: number | null } {
  const { duration, fullTime, regularTime, extraTime } = match.score;
  if (duration === 'PENALTY_SHOOTOUT' && regularTime?.home != null && regularTime.away != null) {
    return {
      home: regularTime.home + (extraTime?.home ?? 0),
      away: regularTime.away + (extraTime?.away ?? 0),
    };
  }
  return fullTime;
}

function mapTeam(team: z.infer<typeof TeamSchema>): UpstreamTeam {
  return {
    id: String(team.id),
    name: team.name,
    shortName: team.shortName ?? null,
    logoUrl: findHttpsUrl(team.crest),
  };
}

/**
 * One match of `leagueSlug` with its facts and, when the object has them, its goals (§10), or
 * why it cannot be shown. A part of the facts that cannot be read is reported to `noteDropped`
 * and costs only itself.
 */
function readMatch(
  raw: unknown,
  leagueSlug: string,
  where: string,
  noteDropped: NoteDropped,
): { match: UpstreamMatch } | { reason: string } {
  const read = readShape(MatchSchema, raw, where);
  if ('reason' in read) return read;
  const match = read.data;
  const phase = mapStatus(match.status, match.score.duration);
  const minute = formatMinute(match, phase);
  if (minute === undefined) {
    return { reason: `${where}.minute: not a minute: ${String(match.minute).slice(0, 20)}` };
  }
  const score = mapScore(match);
  const details = readMatchDetails(
    {
      goals: match.goals,
      referees: match.referees,
      homeStatistics: match.homeTeam.statistics,
      awayStatistics: match.awayTeam.statistics,
    },
    {
      homeId: match.homeTeam.id,
      awayId: match.awayTeam.id,
      homeScore: score.home,
      awayScore: score.away,
    },
    { id: String(match.id), where },
    noteDropped,
  );
  return {
    match: {
      externalId: `${PROVIDER}:${match.id}`,
      leagueSlug,
      home: mapTeam(match.homeTeam),
      away: mapTeam(match.awayTeam),
      kickoff: new Date(match.utcDate),
      phase,
      minute,
      homeScore: score.home,
      awayScore: score.away,
      htHomeScore: match.score.halfTime.home,
      htAwayScore: match.score.halfTime.away,
      ...details,
    },
  };
}

/**
 * `{matches: [...]}` from `/matches` or `/competitions/{code}/matches` → the matches of
 * `leagues`; other competitions are skipped unread (cup fixtures may carry teams with null ids).
 * A match of these leagues that cannot be read (a null id, a missing team, a mistyped score) is
 * left out and reported to `noteDropped`, and the list says so (markListGaps), so the sync
 * keeps what it stored for it. The whole body is refused when its envelope is wrong, when it
 * holds another number of matches than `resultSet.count` says, or when no match of these
 * leagues is readable.
 */
export function parseMatchList(
  body: unknown,
  leagues: readonly LeagueEntry[] = LEAGUES,
  noteDropped: NoteDropped = ignoreDropped,
): UpstreamMatch[] {
  const list = requireShape(PROVIDER, MatchListSchema, body, '');
  requireWholeList(list.resultSet?.count, list.matches.length, 'matches');
  const kept: UpstreamMatch[] = [];
  const dropped: { item: DroppedItem; externalId: string | undefined }[] = [];
  for (const [index, raw] of list.matches.entries()) {
    const where = `matches[${index}]`;
    const placed = readShape(CompetitionOfSchema, raw, where);
    let read: { match: UpstreamMatch } | { reason: string };
    if ('reason' in placed) {
      read = placed; // no competition code: it may be one of ours
    } else {
      const slug = findLeagueSlug(placed.data.competition.code, leagues);
      if (slug === undefined) continue;
      read = readMatch(raw, slug, where, noteDropped);
    }
    if ('match' in read) {
      kept.push(read.match);
      continue;
    }
    const id = findItemId(raw, ['id'], where);
    dropped.push({
      item: { kind: 'match', id, reason: read.reason },
      externalId: id === where ? undefined : `${PROVIDER}:${id}`,
    });
  }
  if (dropped.length === 0) return kept;
  if (kept.length === 0) {
    throw new UpstreamError(
      PROVIDER,
      'bad-body',
      `no readable match of Touchline's leagues; first: ${dropped[0]?.item.reason ?? ''}`,
    );
  }
  for (const { item } of dropped) noteDropped(item);
  const leftOut = dropped.flatMap((d) => (d.externalId === undefined ? [] : [d.externalId]));
  return markListGaps(kept, { leftOut, partial: leftOut.length < dropped.length });
}

/**
 * `/matches/{id}`: one match object (this is where `minute` / `injuryTime` appear, and the
 * goals on plans that include them).
 */
export function parseMatch(
  body: unknown,
  leagues: readonly LeagueEntry[] = LEAGUES,
  noteDropped: NoteDropped = ignoreDropped,
): UpstreamMatch {
  const placed = requireShape(PROVIDER, CompetitionOfSchema, body, 'match');
  const slug = findLeagueSlug(placed.competition.code, leagues);
  if (slug === undefined) {
    throw new UpstreamError(
      PROVIDER,
      'bad-body',
      `competition.code: ${placed.competition.code} is not one of Touchline's leagues`,
    );
  }
  const read = readMatch(body, slug, 'match', noteDropped);
  if ('reason' in read) throw new UpstreamError(PROVIDER, 'bad-body', read.reason);
  return read.match;
}

// ---------------------------------------------------------------------------------------------
// Standings and scorers

/**
 * `/competitions/{code}/standings` → the TOTAL table (HOME and AWAY tables are ignored). The
 * table is one item: a row that cannot be read, or an empty table, refuses the answer, since a
 * table short of a club would replace the whole stored one.
 */
export function parseStandings(body: unknown): UpstreamStanding[] {
  const { standings } = requireShape(PROVIDER, StandingsSchema, body, '');
  const index = standings.findIndex((s) => s.type === 'TOTAL');
  const total = standings[index];
  if (total === undefined) {
    throw new UpstreamError(PROVIDER, 'bad-body', 'standings: no table of type TOTAL');
  }
  const where = `standings[${index}].table`;
  if (total.table.length === 0) {
    throw new UpstreamError(PROVIDER, 'bad-body', `${where}: the TOTAL table is empty`);
  }
  const rows = requireShape(PROVIDER, z.array(StandingRowSchema), total.table, where);
  return rows.map((row) => ({
    team: mapTeam(row.team),
    pos: row.position,
    wins: row.won,
    draws: row.draw,
    losses: row.lost,
    goalsFor: row.goalsFor,
    goalsAgainst: row.goalsAgainst,
    points: row.points,
  }));
}

function mapPlayer(scorer: Scorer, total: number): UpstreamPlayerStat {
  return {
    playerId: `${PROVIDER}:${scorer.player.id}`,
    nick: scorer.player.name,
    imageUrl: null, // the API has no player photos
    flag: findCountryCode(scorer.player.nationality),
    team: scorer.team ? mapTeam(scorer.team) : null,
    total,
  };
}

/**
 * `/competitions/{code}/scorers` → top scorers (in the API's order) and top assisters. There is
 * no assists endpoint: assisters are the scorers list sorted by `assists` (null or 0 left out),
 * so only players who also scored are covered. Both lists are cut to `limit`. A scorer that
 * cannot be read is left out and reported to `noteDropped` while the top `limit` stays full
 * (more are asked for than shown); when leaving it out would shorten the list, or the body
 * holds fewer scorers than its `count`, the answer is refused.
 */
export function parseScorers(
  body: unknown,
  limit: number,
  noteDropped: NoteDropped = ignoreDropped,
): { goals: UpstreamPlayerStat[]; assists: UpstreamPlayerStat[] } {
  const list = requireShape(PROVIDER, ScorersSchema, body, '');
  requireWholeList(list.count, list.scorers.length, 'scorers');
  const scorers: Scorer[] = [];
  const dropped: DroppedItem[] = [];
  for (const [index, raw] of list.scorers.entries()) {
    const where = `scorers[${index}]`;
    const read = readShape(ScorerSchema, raw, where);
    if ('data' in read) scorers.push(read.data);
    else dropped.push({ kind: 'scorer', id: findItemId(raw, ['player', 'id'], where), ...read });
  }
  const goals = scorers.slice(0, limit).map((s) => mapPlayer(s, s.goals));
  if (goals.length < Math.min(limit, list.scorers.length)) {
    const first = dropped[0]?.reason ?? '';
    const message = `scorers: ${scorers.length} of ${list.scorers.length} readable; ${first}`;
    throw new UpstreamError(PROVIDER, 'bad-body', message);
  }
  for (const item of dropped) noteDropped(item);
  const assists = scorers
    .filter((s) => (s.assists ?? 0) > 0)
    .sort((a, b) => (b.assists ?? 0) - (a.assists ?? 0) || b.goals - a.goals)
    .slice(0, limit)
    .map((s) => mapPlayer(s, s.assists ?? 0));
  return { goals, assists };
}
