import { z } from 'zod';

import type { LeagueSlug } from '../../../domain/league.ts';
import { getZonedInstant } from '../../../domain/time-zone.ts';
import type { MatchPhase } from '../provider.ts';
import { UpstreamError } from '../upstream/http.ts';
import type {
  UpstreamMatch,
  UpstreamPlayerStat,
  UpstreamStanding,
  UpstreamTeam,
  UpstreamTransfer,
} from '../upstream/live-source.ts';

// Pure readers for BeSoccer's api.php answers (reference: /work/shared/upstream/besoccer.md).
// BeSoccer types loosely: ids, scores and table numbers arrive as strings or numbers, so those
// are coerced; everything else is validated strictly and a mismatch is a `bad-body` error.

const PROVIDER = 'besoccer';

/** The five leagues: BeSoccer category id (`league=`) and the `competition_name` of match items. */
export const BESOCCER_LEAGUES: readonly { slug: LeagueSlug; id: number; name: string }[] = [
  { slug: 'la-liga', id: 1, name: 'Primera División' },
  { slug: 'premier-league', id: 10, name: 'Premier League' },
  { slug: 'serie-a', id: 7, name: 'Serie A' },
  { slug: 'bundesliga', id: 8, name: 'Bundesliga' },
  { slug: 'ligue-1', id: 16, name: 'Ligue 1' },
];

/**
 * The zone sent as `tz=`: BeSoccer writes `date`/`hour`/`minute` in it, and the parser turns
 * them back into instants. One fixed zone, as the reference's checklist recommends.
 */
export const BESOCCER_TIME_ZONE = 'Europe/London';

/** Envelope keys of the requests Touchline makes (and of `matchs`/`transfer_leagues`). */
const ENVELOPE_KEYS = ['matches', 'match', 'table', 'stats', 'transfers', 'leagues'] as const;

// ---------------------------------------------------------------------------------------------
// Errors

function badBody(message: string): UpstreamError {
  return new UpstreamError(PROVIDER, 'bad-body', message);
}

/**
 * The error a plain-text 200 body stands for: plan refusals
 * (`info-not-allowed-request-for-api-account-type`, `no-version`) are `plan`; any other text
 * is left to the caller (a `bad-body`).
 */
export function parseErrorText(text: string): UpstreamError | undefined {
  const trimmed = text.trim();
  const lower = trimmed.toLowerCase();
  if (
    lower.startsWith('info-not-allowed-request-for-api-account-type') ||
    lower.startsWith('no-version')
  ) {
    return new UpstreamError(
      PROVIDER,
      'plan',
      `refused for this key's plan: ${trimmed.slice(0, 120)}`,
    );
  }
  return undefined;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A PHP-style error flag: `"error": false` or `0` next to data is not an error. */
function readErrorFlag(value: unknown): string | null {
  if (value === undefined || value === null || value === false || value === 0) return null;
  if (typeof value === 'string') return value.trim() === '' || value.trim() === '0' ? null : value;
  return JSON.stringify(value) ?? 'error';
}

/**
 * The error a JSON 200 body reports instead of data: an `error` field at the top or inside the
 * envelope (`{"match":{"error":…}}`, which a client checks for leagues outside the plan) when no
 * envelope carries data. BeSoccer documents no other in-body error, so this is read as `plan`.
 */
export function findBodyError(body: unknown): UpstreamError | undefined {
  if (!isRecord(body)) return undefined;
  let error = readErrorFlag(body.error);
  for (const key of ENVELOPE_KEYS) {
    const value = body[key];
    if (Array.isArray(value)) return undefined;
    if (isRecord(value)) {
      const inner = readErrorFlag(value.error);
      if (inner === null) return undefined;
      error ??= inner;
    }
  }
  if (error === null) return undefined;
  return new UpstreamError(PROVIDER, 'plan', `answered with an error: ${error.slice(0, 120)}`);
}

/** `matches[3].local` style path of a zod issue under `root`. */
function formatPath(root: string, path: readonly PropertyKey[]): string {
  let text = root;
  for (const segment of path) {
    text += typeof segment === 'number' ? `[${segment}]` : `.${String(segment)}`;
  }
  return text;
}

function requireShape<T>(schema: z.ZodType<T>, value: unknown, root: string): T {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const where = formatPath(root, issue?.path ?? []);
  throw badBody(`${where}: ${issue?.message ?? 'invalid'}`);
}

function describeType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object' : typeof value;
}

/**
 * The array under `key`. A body without it is an error, never an empty list: the reference
 * says a league outside the plan answers JSON without the array, so an `error` field makes it
 * `plan` and anything else `bad-body`.
 */
function requireList(body: unknown, key: string, root = key): unknown[] {
  if (!isRecord(body)) throw badBody(`answer is ${describeType(body)}, not a JSON object`);
  const value = body[key];
  if (Array.isArray(value)) return value;
  const refusal = findBodyError(body);
  if (refusal !== undefined) throw refusal;
  throw badBody(
    `${root}: expected an array, got ${value === undefined ? 'nothing' : describeType(value)}` +
      ' (a league outside the plan answers without it)',
  );
}

// ---------------------------------------------------------------------------------------------
// Loose scalars

const IdSchema = z
  .union([z.string().trim().min(1), z.number().int().nonnegative()])
  .transform((value) => String(value));

const IntSchema = z
  .union([
    z.number().int(),
    z
      .string()
      .trim()
      .regex(/^[-+]?\d+$/, 'expected an integer'),
  ])
  .transform((value) => Number(value));

/** `"2"`, `2` → 2; `"x"`, `""`, null → null (not started / no score). */
const GoalsSchema = z
  .union([
    z.number().int().nonnegative(),
    z
      .string()
      .trim()
      .regex(/^(\d+|x|)$/i, 'expected goals or "x"'),
  ])
  .nullish()
  .transform((value) => {
    if (value === null || value === undefined) return value;
    return typeof value === 'number' ? value : /^\d+$/.test(value) ? Number(value) : null;
  });

const OptionalTextSchema = z.string().nullish();

/** A https URL as given; anything else (http, relative, garbage) is no image. */
function readHttpsUrl(value: string | null | undefined): string | null {
  if (typeof value !== 'string') return null;
  try {
    const url = new URL(value.trim());
    return url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/** `"es"`, `"gb-eng"` or a flag image URL (`…/flags/round/es.png`) → lower-case code, else "". */
function readFlagCode(...values: (string | null | undefined)[]): string {
  for (const value of values) {
    const text = (value ?? '').trim().toLowerCase();
    if (/^[a-z]{2}(-[a-z]{3})?$/.test(text)) return text;
    const fromUrl = /\/([a-z]{2}(?:-[a-z]{3})?)\.(?:png|svg|jpe?g|gif|webp)(?:[?#].*)?$/.exec(text);
    if (fromUrl?.[1] !== undefined) return fromUrl[1];
  }
  return '';
}

function emptyToNull(value: string | null | undefined): string | null {
  const text = (value ?? '').trim();
  return text === '' ? null : text;
}

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
  // Only BeSoccer's internal app API sends this; tolerated as a fallback (reference §4.2).
  liveMinute: ClockSchema,
  status: IntSchema,
});
type MatchItem = z.infer<typeof MatchItemSchema>;

export type ParsedMatches = {
  matches: UpstreamMatch[];
  /** Items of the five leagues left out, with the reason (an unknown status code). */
  skipped: { id: string; reason: string }[];
};

function findLeague(probe: z.infer<typeof MatchProbeSchema>) {
  const league = BESOCCER_LEAGUES.find((l) => l.name === probe.competition_name.trim());
  if (league === undefined) return undefined;
  // Other countries reuse these names (Brazil's "Serie A", Austria's "Bundesliga"): when the
  // item carries its category id (`matchs` items do), it must agree with the name.
  const id = probe.competition_id;
  if (id !== null && id !== undefined && String(id).trim() !== '' && Number(id) !== league.id) {
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

function toTeam(
  id: string,
  name: string,
  abbr: string | null | undefined,
  shield: string | null | undefined,
): UpstreamTeam {
  return { id, name: name.trim(), shortName: emptyToNull(abbr), logoUrl: readHttpsUrl(shield) };
}

/**
 * The five leagues' matches of a `livescore`/`matchsday` (`envelope: 'matches'`) or `matchs`
 * (`envelope: 'match'`) answer. Items of other competitions are only checked for a
 * `competition_name`; an item of ours with an unknown status code is skipped (and reported),
 * since the rest of the list is still trustworthy.
 */
export function parseMatches(
  body: unknown,
  options: { envelope: 'matches' | 'match'; timeZone: string },
): ParsedMatches {
  const items = requireList(body, options.envelope);
  const matches: UpstreamMatch[] = [];
  const skipped: ParsedMatches['skipped'] = [];
  items.forEach((raw, index) => {
    const path = `${options.envelope}[${index}]`;
    const league = findLeague(requireShape(MatchProbeSchema, raw, path));
    if (league === undefined) return;
    const item = requireShape(MatchItemSchema, raw, path);
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
      const row = requireShape(TableRowSchema, raw, `table[${index}]`);
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
      const entry = requireShape(StatEntrySchema, raw, `${path}[${index}]`);
      const teamName = emptyToNull(entry.team_name);
      return {
        playerId: entry.player_id,
        nick: entry.nick,
        imageUrl: readHttpsUrl(entry.player_image),
        flag: readFlagCode(entry.flag, entry.cc),
        team:
          entry.team_id === null || entry.team_id === undefined || teamName === null
            ? null
            : {
                id: entry.team_id,
                name: teamName,
                shortName: null,
                logoUrl: readHttpsUrl(entry.team_shield),
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

// ---------------------------------------------------------------------------------------------
// Transfers (shape from the product spec only; not confirmed upstream)

const TransferPlayerSchema = z.object({
  id: IdSchema,
  name: z.string().trim().min(1),
  image: OptionalTextSchema,
  flag: OptionalTextSchema,
  team: OptionalTextSchema,
  type: OptionalTextSchema,
  valor: z.union([z.string(), z.number()]).nullish(),
});

/** A missing list (or PHP's null/false) is an empty one, as the reference recommends. */
const TransferListSchema = z
  .preprocess((value) => (value === false ? null : value), z.array(TransferPlayerSchema).nullish())
  .transform((value) => value ?? []);

const TransferTeamSchema = z.object({
  team_id: IdSchema,
  team: z.string().trim().min(1),
  abbr: OptionalTextSchema,
  shield: OptionalTextSchema,
  arrivals: TransferListSchema,
  departures: TransferListSchema,
});

/** Touchline's move kinds (transfer, loan, free, end of loan) from BeSoccer's (Spanish) text. */
function normaliseTransferType(raw: string | null | undefined): string {
  const text = (raw ?? '').trim().toLowerCase();
  if (/fin de cesi|end of loan|vuelta de cesi/.test(text)) return 'end of loan';
  if (/cesi|loan|préstamo|prestamo/.test(text)) return 'loan';
  if (/libre|free/.test(text)) return 'free';
  if (/traspaso|fichaje|transfer/.test(text)) return 'transfer';
  return text;
}

/**
 * The transfer window a list fetched at `nowMs` belongs to, in the site's words ("Summer 2026",
 * "Winter 2027"): Summer from June until halfway to January, then Winter until the next June.
 */
export function pickTransferWindow(nowMs: number): string {
  const now = new Date(nowMs);
  const year = now.getUTCFullYear();
  if (now.getUTCMonth() < 5) return `Winter ${year}`;
  const summerEnds = Date.UTC(year, 8, 1);
  const winterOpens = Date.UTC(year + 1, 0, 1);
  return Math.max(0, nowMs - summerEnds) <= Math.max(0, winterOpens - nowMs)
    ? `Summer ${year}`
    : `Winter ${year + 1}`;
}

/**
 * Arrivals and departures per club of a transfers answer shaped as the product spec describes
 * (`{"transfers":[{team_id, team, shield, arrivals, departures, rumors}]}`). Rumours are left
 * out: Touchline takes rumours from the news. Unknown keys are ignored.
 */
export function parseTransfers(body: unknown, window: string): UpstreamTransfer[] {
  const teams = requireList(body, 'transfers');
  const result: UpstreamTransfer[] = [];
  teams.forEach((raw, index) => {
    const entry = requireShape(TransferTeamSchema, raw, `transfers[${index}]`);
    const team = toTeam(entry.team_id, entry.team, entry.abbr, entry.shield);
    const moves = [
      ...entry.arrivals.map((player) => ({ player, direction: 'in' as const })),
      ...entry.departures.map((player) => ({ player, direction: 'out' as const })),
    ];
    for (const { player, direction } of moves) {
      result.push({
        team,
        direction,
        playerId: player.id,
        playerName: player.name,
        imageUrl: readHttpsUrl(player.image),
        flag: readFlagCode(player.flag),
        otherClub: (player.team ?? '').trim(),
        type: normaliseTransferType(player.type),
        valor:
          player.valor === null || player.valor === undefined ? '' : String(player.valor).trim(),
        window,
      });
    }
  });
  return result;
}
