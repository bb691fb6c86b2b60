import * as z from 'zod';

import { findCountryCode } from '../../../domain/countries.ts';
import { LEAGUES, type LeagueEntry } from '../../../domain/league.ts';
import type { MatchPhase } from '../provider.ts';
import { UpstreamError } from '../upstream/http.ts';
import { findHttpsUrl } from '../upstream/https-url.ts';
import type {
  UpstreamMatch,
  UpstreamPlayerStat,
  UpstreamStanding,
  UpstreamTeam,
} from '../upstream/live-source.ts';
import { requireShape } from '../upstream/require-shape.ts';

export const PROVIDER = 'football-data';

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

const MatchSchema = z.object({
  id: z.int(),
  utcDate: z.iso.datetime({ offset: true }),
  status: z.string(),
  // The only field NOTES.md (§4) calls loose: "67" or 90, and only on some responses.
  minute: z.union([z.int().nonnegative(), z.string()]).nullish(),
  injuryTime: z.int().nonnegative().nullish(),
  competition: z.object({ code: z.string() }),
  homeTeam: TeamSchema,
  awayTeam: TeamSchema,
  score: z.object({
    duration: z.string().nullish(),
    fullTime: ScorePairSchema,
    halfTime: ScorePairSchema,
    regularTime: ScorePairSchema.nullish(),
    extraTime: ScorePairSchema.nullish(),
  }),
});
type Match = z.infer<typeof MatchSchema>;

const MatchListSchema = z.object({
  matches: z.array(z.object({ competition: z.object({ code: z.string() }) }).loose()),
});

const StandingsSchema = z.object({
  standings: z.array(
    z.object({
      type: z.string(),
      table: z.array(
        z.object({
          position: z.int(),
          team: TeamSchema,
          won: z.int(),
          draw: z.int(),
          lost: z.int(),
          points: z.int(),
          goalsFor: z.int(),
          goalsAgainst: z.int(),
        }),
      ),
    }),
  ),
});

const ScorersSchema = z.object({
  scorers: z.array(
    z.object({
      player: z.object({ id: z.int(), name: z.string(), nationality: z.string().nullish() }),
      team: TeamSchema.nullish(),
      goals: z.int(),
      assists: z.int().nullish(),
    }),
  ),
});

const ErrorBodySchema = z.object({ message: z.string(), errorCode: z.int() });

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
 * document says not to compute one from the kick-off time).
 */
function formatMinute(match: Match, phase: MatchPhase, where: string): string {
  if (!PLAYING.has(phase) || match.minute === null || match.minute === undefined) return '';
  const text = String(match.minute).trim();
  const parts = /^(\d{1,3})(?:\s*\+\s*(\d{1,2}))?$/.exec(text);
  if (parts === null) {
    throw new UpstreamError(
      PROVIDER,
      'bad-body',
      `${where}.minute: not a minute: ${text.slice(0, 20)}`,
    );
  }
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

function mapMatch(match: Match, leagueSlug: string, where: string): UpstreamMatch {
  const phase = mapStatus(match.status, match.score.duration);
  const score = mapScore(match);
  return {
    externalId: `${PROVIDER}:${match.id}`,
    leagueSlug,
    home: mapTeam(match.homeTeam),
    away: mapTeam(match.awayTeam),
    kickoff: new Date(match.utcDate),
    phase,
    minute: formatMinute(match, phase, where),
    homeScore: score.home,
    awayScore: score.away,
    htHomeScore: match.score.halfTime.home,
    htAwayScore: match.score.halfTime.away,
  };
}

/**
 * `{matches: [...]}` from `/matches` or `/competitions/{code}/matches` → the matches of
 * `leagues`. Items of other competitions are dropped before validation (cup fixtures may carry
 * teams with null ids and names); any malformed item of these leagues fails the whole body.
 */
export function parseMatchList(
  body: unknown,
  leagues: readonly LeagueEntry[] = LEAGUES,
): UpstreamMatch[] {
  const list = requireShape(PROVIDER, MatchListSchema, body, '');
  return list.matches.flatMap((raw, index) => {
    const slug = findLeagueSlug(raw.competition.code, leagues);
    if (slug === undefined) return [];
    const where = `matches[${index}]`;
    return [mapMatch(requireShape(PROVIDER, MatchSchema, raw, where), slug, where)];
  });
}

/** `/matches/{id}`: one match object (this is where `minute` / `injuryTime` appear). */
export function parseMatch(
  body: unknown,
  leagues: readonly LeagueEntry[] = LEAGUES,
): UpstreamMatch {
  const match = requireShape(PROVIDER, MatchSchema, body, '');
  const slug = findLeagueSlug(match.competition.code, leagues);
  if (slug === undefined) {
    throw new UpstreamError(
      PROVIDER,
      'bad-body',
      `competition.code: ${match.competition.code} is not one of Touchline's leagues`,
    );
  }
  return mapMatch(match, slug, 'match');
}

// ---------------------------------------------------------------------------------------------
// Standings and scorers

/** `/competitions/{code}/standings` → the TOTAL table (HOME and AWAY tables are ignored). */
export function parseStandings(body: unknown): UpstreamStanding[] {
  const { standings } = requireShape(PROVIDER, StandingsSchema, body, '');
  const total = standings.find((s) => s.type === 'TOTAL');
  if (total === undefined) {
    throw new UpstreamError(PROVIDER, 'bad-body', 'standings: no table of type TOTAL');
  }
  return total.table.map((row) => ({
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

type Scorer = z.infer<typeof ScorersSchema>['scorers'][number];

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
 * so only players who also scored are covered. Both lists are cut to `limit`.
 */
export function parseScorers(
  body: unknown,
  limit: number,
): { goals: UpstreamPlayerStat[]; assists: UpstreamPlayerStat[] } {
  const { scorers } = requireShape(PROVIDER, ScorersSchema, body, '');
  const goals = scorers.slice(0, limit).map((s) => mapPlayer(s, s.goals));
  const assists = scorers
    .filter((s) => (s.assists ?? 0) > 0)
    .sort((a, b) => (b.assists ?? 0) - (a.assists ?? 0) || b.goals - a.goals)
    .slice(0, limit)
    .map((s) => mapPlayer(s, s.assists ?? 0));
  return { goals, assists };
}

// ---------------------------------------------------------------------------------------------
// Errors and rate-limit hints

/** `{message, errorCode}` when `body` is football-data's error shape, else undefined. */
export function findErrorBody(body: unknown): { message: string; errorCode: number } | undefined {
  const result = ErrorBodySchema.safeParse(body);
  return result.success ? result.data : undefined;
}

/**
 * The error an `{message, errorCode}` body stands for. 400 "Your API token is invalid." is a bad
 * key; 403 "restricted … check your subscription" is a resource outside the plan (we always
 * send a token, and a wrong one gets the 400).
 */
export function classifyError(
  status: number,
  message: string,
): 'auth' | 'plan' | 'rate-limit' | 'not-found' | 'bad-request' | 'server' {
  if (status === 401 || (status === 400 && /token/i.test(message))) return 'auth';
  if (status === 403) return /subscription|permission|restricted/i.test(message) ? 'plan' : 'auth';
  if (status === 429) return 'rate-limit';
  if (status === 404) return 'not-found';
  if (status >= 500) return 'server';
  return 'bad-request';
}

/**
 * Seconds to wait after a 429: `X-RequestCounter-Reset`, else the number in "Wait 41 seconds.".
 */
export function parseWaitSeconds(resetHeader: string | null, bodyText: string): number | undefined {
  const header = Number(resetHeader?.trim() ?? '');
  if (resetHeader !== null && resetHeader.trim() !== '' && Number.isFinite(header) && header >= 0) {
    return Math.ceil(header);
  }
  let message = bodyText;
  try {
    message = findErrorBody(JSON.parse(bodyText))?.message ?? bodyText;
  } catch {
    // not JSON: look in the raw text
  }
  const match = /wait\s+(\d{1,5})\s+sec/i.exec(message);
  return match?.[1] === undefined ? undefined : Number(match[1]);
}
