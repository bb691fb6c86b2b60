import { z } from 'zod';

import { LEAGUES, type LeagueEntry } from '../../../domain/league.ts';
import { getZonedInstant } from '../../../domain/time-zone.ts';
import type { MatchPhase } from '../provider.ts';
import { findHttpsUrl } from '../upstream/https-url.ts';
import type {
  UpstreamMatch,
  UpstreamPlayerStat,
  UpstreamStanding,
} from '../upstream/live-source.ts';
import { requireShape } from '../upstream/require-shape.ts';
import {
  badBody,
  describeType,
  emptyToNull,
  findBodyError,
  GoalsSchema,
  IdSchema,
  IntSchema,
  isRecord,
  OptionalTextSchema,
  PROVIDER,
  readFlagCode,
  requireList,
  toTeam,
} from './answer.ts';

// Pure readers for BeSoccer's matches, tables and league stats (facts: NOTES.md beside this
// file). Each league's BeSoccer category id and competition name come from the registry.

/**
 * The zone sent as `tz=`: BeSoccer writes `date`/`hour`/`minute` in it, and the parser turns
 * them back into instants. One fixed zone, as NOTES.md §7 recommends.
 */
export const BESOCCER_TIME_ZONE = 'Europe/London';

// ---------------------------------------------------------------------------------------------
// Matches

/**
 * Board phase and minute text for a BeSoccer `status` and `live_minute`. Confirmed upstream:
 * -1 scheduled, 0 live (half-time when `live_minute` is "Des"), 1 finished. From the product
 * spec only (unverified): 2 postponed, 3 extra time, 4 penalties, 5 half-time. Null for any
 * other code.
 */
export function mapStatus(
  status: number,
  liveMinute: string,
): { phase: MatchPhase; minute: string } | null {
  switch (status) {
    case -1:
      return { phase: 'scheduled', minute: '' };
    case 0:
      return isHalfTimeClock(liveMinute)
        ? { phase: 'halftime', minute: '' }
        : { phase: 'live', minute: readClock(liveMinute) };
    case 1:
      return { phase: 'finished', minute: '' };
    case 2:
      return { phase: 'postponed', minute: '' };
    case 3:
      return { phase: 'extratime', minute: readClock(liveMinute) };
    case 4:
      return { phase: 'penalties', minute: readClock(liveMinute) };
    case 5:
      return { phase: 'halftime', minute: '' };
    default:
      return null;
  }
}

/** "Des" (descanso) is BeSoccer's half-time clock; the other spellings are tolerated. */
function isHalfTimeClock(liveMinute: string): boolean {
  return /^(des|descanso|ht|half[ -]?time)$/i.test(liveMinute.trim());
}

/**
 * The board's minute text from the live clock: the leading minute number, plus added time
 * when given ("90+2"; a format never observed but cheap to keep); "" when there is no number.
 */
function readClock(liveMinute: string): string {
  const match = /^(\d{1,3})(?:\s*\+\s*(\d{1,2}))?/.exec(liveMinute.trim());
  if (match === null) return '';
  const minute = String(Number(match[1]));
  return match[2] === undefined ? minute : `${minute}+${String(Number(match[2]))}`;
}

const ClockSchema = z
  .union([z.string(), z.number().int().nonnegative()])
  .nullish()
  .transform((value) => (value === null || value === undefined ? '' : String(value)));

/** What every item must carry to be sorted into a league (also items of other competitions). */
const MatchProbeSchema = z.object({
  competition_name: z.string(),
  competition_id: z.union([z.string(), z.number()]).nullish(),
});

const HourOrMinuteSchema = z.union([IntSchema, z.literal('')]);

const MatchItemSchema = z.object({
  id: IdSchema,
  team1: IdSchema,
  team2: IdSchema,
  local: z.string().trim().min(1),
  visitor: z.string().trim().min(1),
  local_abbr: OptionalTextSchema,
  visitor_abbr: OptionalTextSchema,
  local_shield: OptionalTextSchema,
  visitor_shield: OptionalTextSchema,
  date: z.string().regex(/^\d{4}[/-]\d{1,2}[/-]\d{1,2}$/, 'expected YYYY/MM/DD'),
  hour: HourOrMinuteSchema,
  minute: HourOrMinuteSchema,
  no_hour: z.union([z.boolean(), z.number(), z.string()]).nullish(),
  result: OptionalTextSchema,
  local_goals: GoalsSchema,
  visitor_goals: GoalsSchema,
  live_minute: ClockSchema,
  // Only BeSoccer's internal app API sends this; tolerated as a fallback (NOTES.md §4.2).
  liveMinute: ClockSchema,
  status: IntSchema,
});
type MatchItem = z.infer<typeof MatchItemSchema>;

export type ParsedMatches = {
  matches: UpstreamMatch[];
  /** Items of the leagues left out, with the reason (an unknown status code). */
  skipped: { id: string; reason: string }[];
};

function findLeague(probe: z.infer<typeof MatchProbeSchema>, leagues: readonly LeagueEntry[]) {
  const name = probe.competition_name.trim();
  const league = leagues.find((l) => l.besoccer.name === name);
  if (league === undefined) return undefined;
  // Other countries reuse these names (Brazil's "Serie A", Austria's "Bundesliga"): when the
  // item carries its category id (`matchs` items do), it must agree with the name.
  const id = probe.competition_id;
  if (
    id !== null &&
    id !== undefined &&
    String(id).trim() !== '' &&
    Number(id) !== league.besoccer.id
  ) {
    return undefined;
  }
  return league;
}

function readScore(
  goals: number | null | undefined,
  result: string | null | undefined,
  side: 0 | 1,
) {
  if (goals !== undefined) return goals;
  const match = /^\s*(\d+)\s*-\s*(\d+)\s*$/.exec(result ?? '');
  return match === null ? null : Number(match[side + 1]);
}

function readKickoff(item: MatchItem, path: string, timeZone: string): Date {
  const [year, month, day] = item.date.split(/[/-]/).map(Number) as [number, number, number];
  const noHour = item.no_hour === true || item.no_hour === 1 || item.no_hour === '1';
  if ((item.hour === '' || item.minute === '') && !noHour) {
    throw badBody(`${path}.hour: empty kick-off time without no_hour`);
  }
  const hour = item.hour === '' ? 0 : item.hour;
  const minute = item.minute === '' ? 0 : item.minute;
  if (
    month < 1 ||
    month > 12 ||
    day < 1 ||
    day > 31 ||
    hour < 0 ||
    hour > 23 ||
    minute < 0 ||
    minute > 59
  ) {
    throw badBody(`${path}.date: no such kick-off ${item.date} ${hour}:${minute}`);
  }
  return new Date(getZonedInstant({ year, month, day, hour, minute }, timeZone));
}

/**
 * The matches of `options.leagues` (default: the registry's) in a `livescore`/`matchsday`
 * (`envelope: 'matches'`) or `matchs` (`envelope: 'match'`) answer. Items of other competitions are only checked for a
 * `competition_name`; an item of ours with an unknown status code is skipped (and reported),
 * since the rest of the list is still trustworthy.
 */
export function parseMatches(
  body: unknown,
  options: {
    envelope: 'matches' | 'match';
    timeZone: string;
    leagues?: readonly LeagueEntry[] | undefined;
  },
): ParsedMatches {
  const leagues = options.leagues ?? LEAGUES;
  const items = requireList(body, options.envelope);
  const matches: UpstreamMatch[] = [];
  const skipped: ParsedMatches['skipped'] = [];
  items.forEach((raw, index) => {
    const path = `${options.envelope}[${index}]`;
    const league = findLeague(requireShape(PROVIDER, MatchProbeSchema, raw, path), leagues);
    if (league === undefined) return;
    const item = requireShape(PROVIDER, MatchItemSchema, raw, path);
    const clock = item.live_minute !== '' ? item.live_minute : item.liveMinute;
    const state = mapStatus(item.status, clock);
    if (state === null) {
      skipped.push({ id: item.id, reason: `unknown status ${item.status}` });
      return;
    }
    const scheduled = state.phase === 'scheduled';
    matches.push({
      externalId: `${PROVIDER}:${item.id}`,
      leagueSlug: league.slug,
      home: toTeam(item.team1, item.local, item.local_abbr, item.local_shield),
      away: toTeam(item.team2, item.visitor, item.visitor_abbr, item.visitor_shield),
      kickoff: readKickoff(item, path, options.timeZone),
      phase: state.phase,
      minute: state.minute,
      homeScore: scheduled ? null : readScore(item.local_goals, item.result, 0),
      awayScore: scheduled ? null : readScore(item.visitor_goals, item.result, 1),
      // BeSoccer's match items carry no half-time score.
      htHomeScore: null,
      htAwayScore: null,
    });
  });
  return { matches, skipped };
}

// ---------------------------------------------------------------------------------------------
// Standings

const TableRowSchema = z.object({
  id: IdSchema,
  team: z.string().trim().min(1),
  abbr: OptionalTextSchema,
  shield: OptionalTextSchema,
  pos: IntSchema,
  points: IntSchema,
  wins: IntSchema,
  draws: IntSchema,
  losses: IntSchema,
  gf: IntSchema,
  ga: IntSchema,
});

/** The rows of a `req=tables` answer, by position. */
export function parseStandings(body: unknown): UpstreamStanding[] {
  const rows = requireList(body, 'table');
  return rows
    .map((raw, index) => {
      const row = requireShape(PROVIDER, TableRowSchema, raw, `table[${index}]`);
      return {
        team: toTeam(row.id, row.team, row.abbr, row.shield),
        pos: row.pos,
        wins: row.wins,
        draws: row.draws,
        losses: row.losses,
        goalsFor: row.gf,
        goalsAgainst: row.ga,
        points: row.points,
      };
    })
    .sort((a, b) => a.pos - b.pos);
}

// ---------------------------------------------------------------------------------------------
// League stats

const StatEntrySchema = z.object({
  player_id: IdSchema,
  nick: z.string().trim().min(1),
  player_image: OptionalTextSchema,
  flag: OptionalTextSchema,
  cc: OptionalTextSchema,
  team_id: IdSchema.nullish(),
  team_name: OptionalTextSchema,
  team_shield: OptionalTextSchema,
  total: IntSchema,
});

function parseStatList(value: unknown, path: string): UpstreamPlayerStat[] {
  if (!Array.isArray(value)) {
    throw badBody(
      `${path}: expected an array, got ${value === undefined ? 'nothing' : describeType(value)}`,
    );
  }
  return value
    .map((raw, index) => {
      const entry = requireShape(PROVIDER, StatEntrySchema, raw, `${path}[${index}]`);
      const teamName = emptyToNull(entry.team_name);
      return {
        playerId: entry.player_id,
        nick: entry.nick,
        imageUrl: findHttpsUrl(entry.player_image),
        flag: readFlagCode(entry.flag, entry.cc),
        team:
          entry.team_id === null || entry.team_id === undefined || teamName === null
            ? null
            : {
                id: entry.team_id,
                name: teamName,
                shortName: null,
                logoUrl: findHttpsUrl(entry.team_shield),
              },
        total: entry.total,
      };
    })
    .sort((a, b) => b.total - a.total);
}

/** Top scorers and assisters of a `req=league_stats` answer (`asists` is BeSoccer's spelling). */
export function parseTopPlayers(body: unknown): {
  goals: UpstreamPlayerStat[];
  assists: UpstreamPlayerStat[];
} {
  if (!isRecord(body)) throw badBody(`answer is ${describeType(body)}, not a JSON object`);
  const stats = body.stats;
  if (!isRecord(stats)) {
    const refusal = findBodyError(body);
    if (refusal !== undefined) throw refusal;
    throw badBody(
      `stats: expected an object, got ${stats === undefined ? 'nothing' : describeType(stats)}` +
        ' (a league outside the plan answers without it)',
    );
  }
  const assistsKey =
    stats.asists === undefined && stats.assists !== undefined ? 'assists' : 'asists';
  return {
    goals: parseStatList(stats.goals, 'stats.goals'),
    assists: parseStatList(stats[assistsKey], `stats.${assistsKey}`),
  };
}
