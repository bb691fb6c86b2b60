import { z } from 'zod';

import { LEAGUES, type LeagueEntry } from '../../../domain/league.ts';
import { getZonedInstant } from '../../../domain/time-zone.ts';
import type { MatchPhase } from '../provider.ts';
import type { DroppedItem } from '../upstream/http.ts';
import type { UpstreamMatch } from '../upstream/live-source.ts';
import {
  describeIssue,
  GoalsSchema,
  IdSchema,
  IntSchema,
  isRecord,
  OptionalTextSchema,
  PROVIDER,
  requireList,
  toTeam,
} from './answer.ts';

// Pure readers for BeSoccer's match items (facts: NOTES.md beside this file). Each league's
// BeSoccer category id and competition name come from the registry.

/**
 * The zone BeSoccer writes `date`/`hour`/`minute` in. `matchsday` documents no `tz`, and its
 * documented example answer and a recorded `matchs` answer both give kick-offs in Madrid time
 * (NOTES.md §4.1), so they are read back in it.
 */
export const BESOCCER_TIME_ZONE = 'Europe/Madrid';

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

/** A category id as items write it (`"1"`, `1`); anything else counts as absent. */
const CategorySchema = z
  .union([z.string(), z.number()])
  .nullish()
  .catch(null)
  .transform((value) => {
    const text = value === null || value === undefined ? '' : String(value).trim();
    return /^\d+$/.test(text) ? Number(text) : null;
  });

/** What sorts an item into a league: `matchsday` items carry `category_id`, `matchs` items `competition_id`. */
const ProbeSchema = z.object({
  competition_name: z.string().nullish().catch(null),
  category_id: CategorySchema,
  competition_id: CategorySchema,
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

/** A match item's own id, or null when it has none usable. */
export function readItemId(raw: unknown): string | null {
  if (!isRecord(raw)) return null;
  const id = IdSchema.safeParse(raw.id);
  return id.success ? id.data : null;
}

/**
 * The league of an item: by its category id when it carries one (names are reused: Brazil's
 * "Serie A", Austria's "Bundesliga"), else by `competition_name`. `other` for a competition
 * Touchline does not follow; `unknown` when the item names no competition at all.
 */
function findLeague(
  raw: unknown,
  leagues: readonly LeagueEntry[],
): LeagueEntry | 'other' | 'unknown' {
  // Every field of the probe falls back to null, so any object passes it.
  const probe = ProbeSchema.parse(isRecord(raw) ? raw : {});
  const id = probe.category_id ?? probe.competition_id;
  if (id !== null) return leagues.find((l) => l.besoccer.id === id) ?? 'other';
  const name = (probe.competition_name ?? '').trim();
  if (name === '') return 'unknown';
  return leagues.find((l) => l.besoccer.name === name) ?? 'other';
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

/** The kick-off instant of an item, or why it has none (an empty time without `no_hour`…). */
function readKickoff(item: MatchItem, timeZone: string): Date | string {
  const [year, month, day] = item.date.split(/[/-]/).map(Number) as [number, number, number];
  const noHour = item.no_hour === true || item.no_hour === 1 || item.no_hour === '1';
  if ((item.hour === '' || item.minute === '') && !noHour) {
    return 'empty kick-off time without no_hour';
  }
  const hour = item.hour === '' ? 0 : item.hour;
  const minute = item.minute === '' ? 0 : item.minute;
  const outside = (value: number, min: number, max: number) => value < min || value > max;
  if (
    outside(month, 1, 12) ||
    outside(day, 1, 31) ||
    outside(hour, 0, 23) ||
    outside(minute, 0, 59)
  ) {
    return `no such kick-off ${item.date} ${hour}:${minute}`;
  }
  return new Date(getZonedInstant({ year, month, day, hour, minute }, timeZone));
}

/** One item of ours as a match, or why it was left out. */
function readMatch(
  raw: unknown,
  league: LeagueEntry,
  path: string,
  timeZone: string,
): UpstreamMatch | string {
  const parsed = MatchItemSchema.safeParse(raw);
  if (!parsed.success) return describeIssue(parsed.error, path);
  const item = parsed.data;
  const clock = item.live_minute !== '' ? item.live_minute : item.liveMinute;
  const state = mapStatus(item.status, clock);
  if (state === null) return `${path}.status: unknown status ${item.status}`;
  const kickoff = readKickoff(item, timeZone);
  if (typeof kickoff === 'string') return `${path}.date: ${kickoff}`;
  const scheduled = state.phase === 'scheduled';
  return {
    externalId: `${PROVIDER}:${item.id}`,
    leagueSlug: league.slug,
    home: toTeam(item.team1, item.local, item.local_abbr, item.local_shield),
    away: toTeam(item.team2, item.visitor, item.visitor_abbr, item.visitor_shield),
    kickoff,
    phase: state.phase,
    minute: state.minute,
    homeScore: scheduled ? null : readScore(item.local_goals, item.result, 0),
    awayScore: scheduled ? null : readScore(item.visitor_goals, item.result, 1),
    // BeSoccer's match items carry no half-time score.
    htHomeScore: null,
    htAwayScore: null,
  };
}

export type ParsedMatches = {
  matches: UpstreamMatch[];
  /** Ids (`besoccer:<id>`) of items left out for bad data that may be Touchline's matches. */
  leftOut: string[];
  /** An item left out had no usable id: the list cannot vouch for every stored match. */
  partial: boolean;
};

export type MatchParseOptions = {
  /** The zone the items' kick-offs are written in; default BeSoccer's (Madrid). */
  timeZone?: string;
  leagues?: readonly LeagueEntry[] | undefined;
  /** Told about each item left out (UpstreamClient.noteDropped); items are dropped either way. */
  drop?: (item: DroppedItem) => void;
  /** Path of the list in messages: "matches", "matchsday 2026-10-18". */
  root?: string;
};

/**
 * The matches of `options.leagues` (default: the registry's) among match items. Items of other
 * competitions are passed over; an item that is ours (or might be: it names no competition)
 * but lacks what Touchline needs is left out and reported, never the whole list.
 */
export function parseMatchItems(items: unknown[], options: MatchParseOptions = {}): ParsedMatches {
  const leagues = options.leagues ?? LEAGUES;
  const timeZone = options.timeZone ?? BESOCCER_TIME_ZONE;
  const root = options.root ?? 'matches';
  const result: ParsedMatches = { matches: [], leftOut: [], partial: false };
  items.forEach((raw, index) => {
    const path = `${root}[${index}]`;
    const league = findLeague(raw, leagues);
    if (league === 'other') return;
    const match =
      league === 'unknown'
        ? `${path}: names no competition`
        : readMatch(raw, league, path, timeZone);
    if (typeof match !== 'string') {
      result.matches.push(match);
      return;
    }
    const id = readItemId(raw);
    if (id === null) result.partial = true;
    else result.leftOut.push(`${PROVIDER}:${id}`);
    options.drop?.({ kind: 'match', id: id ?? path, reason: match });
  });
  return result;
}

/**
 * The matches in a `livescore`/`matchsday` (`envelope: 'matches'`) or `matchs`
 * (`envelope: 'match'`) answer. A body without the envelope's array is refused whole.
 */
export function parseMatches(
  body: unknown,
  options: MatchParseOptions & { envelope: 'matches' | 'match' },
): ParsedMatches {
  return parseMatchItems(requireList(body, options.envelope), {
    root: options.envelope,
    ...options,
  });
}
