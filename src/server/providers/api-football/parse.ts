import * as z from 'zod';

import { findCountryCode } from '../../../domain/countries.ts';
import { LEAGUES, type LeagueEntry } from '../../../domain/league.ts';
import type { MatchPhase } from '../provider.ts';
import { findHttpsUrl } from '../upstream/https-url.ts';
import type {
  UpstreamMatch,
  UpstreamPlayerStat,
  UpstreamStanding,
  UpstreamTeam,
} from '../upstream/live-source.ts';
import { requireShape } from '../upstream/require-shape.ts';
import { PROVIDER, requireData } from './errors.ts';

// Pure mapping of API-Football v3 fixtures, tables and top players into Touchline's upstream
// types. The sections cited (§n) are those of NOTES.md beside this file.

/**
 * §3: `season` is the start year of the season. Seasons start in July/August, so from 1 July
 * (UTC) on a date belongs to the season starting that year, before it to the one before.
 */
export function getSeason(date: Date): number {
  const year = date.getUTCFullYear();
  return date.getUTCMonth() >= 6 ? year : year - 1;
}

// ---------------------------------------------------------------------------------------------
// Validation helpers

export const IsoDateTimeSchema = z
  .string()
  .refine((text) => !Number.isNaN(Date.parse(text)), 'not a date-time');

export const TeamSchema = z.object({
  id: z.int(),
  name: z.string(),
  logo: z.nullable(z.string()),
});
export type ApiTeam = z.infer<typeof TeamSchema>;

export function toTeam(team: ApiTeam): UpstreamTeam {
  return {
    id: String(team.id),
    name: team.name,
    shortName: null,
    logoUrl: findHttpsUrl(team.logo),
  };
}

// ---------------------------------------------------------------------------------------------
// Fixtures (§5, §6)

export const STATUS_CODES = [
  'TBD',
  'NS',
  '1H',
  'HT',
  '2H',
  'ET',
  'BT',
  'P',
  'SUSP',
  'INT',
  'LIVE',
  'FT',
  'AET',
  'PEN',
  'PST',
  'CANC',
  'ABD',
  'AWD',
  'WO',
] as const;
export type StatusCode = (typeof STATUS_CODES)[number];

/**
 * §6 status codes → MatchPhase, and whether the clock is running (then the board shows the
 * minute). MatchPhase has no suspended/cancelled/abandoned: a match that stopped and will not
 * go on today (SUSP, CANC, ABD) reads as postponed; INT (interrupted, doc: "live") stays live
 * with its minute frozen; BT (break in extra time) is extra time with no minute; AWD and WO
 * (awarded) are finished.
 */
export const STATUS_PHASES: Record<StatusCode, { phase: MatchPhase; clock: boolean }> = {
  TBD: { phase: 'scheduled', clock: false },
  NS: { phase: 'scheduled', clock: false },
  '1H': { phase: 'live', clock: true },
  HT: { phase: 'halftime', clock: false },
  '2H': { phase: 'live', clock: true },
  ET: { phase: 'extratime', clock: true },
  BT: { phase: 'extratime', clock: false },
  P: { phase: 'penalties', clock: true },
  SUSP: { phase: 'postponed', clock: false },
  INT: { phase: 'live', clock: true },
  LIVE: { phase: 'live', clock: true },
  FT: { phase: 'finished', clock: false },
  AET: { phase: 'finished', clock: false },
  PEN: { phase: 'finished', clock: false },
  PST: { phase: 'postponed', clock: false },
  CANC: { phase: 'postponed', clock: false },
  ABD: { phase: 'postponed', clock: false },
  AWD: { phase: 'finished', clock: false },
  WO: { phase: 'finished', clock: false },
};

const ScoreSchema = z.object({ home: z.nullable(z.int()), away: z.nullable(z.int()) });

const FixtureItemSchema = z.object({
  fixture: z.object({
    id: z.int(),
    date: IsoDateTimeSchema,
    status: z.object({
      short: z.enum(STATUS_CODES),
      elapsed: z.nullable(z.int()),
      // §5: a newer field, so it may be missing as well as null.
      extra: z.optional(z.nullable(z.int())),
    }),
  }),
  league: z.object({ id: z.int() }),
  teams: z.object({ home: TeamSchema, away: TeamSchema }),
  goals: ScoreSchema,
  score: z.object({ halftime: ScoreSchema }),
});

const LeagueProbeSchema = z.object({ league: z.object({ id: z.int() }) });
const ListBodySchema = z.object({ response: z.array(z.unknown()) });

/** The board's minute: `elapsed` plus `+extra` when the API gives added time ("45+2"). */
export function formatMinute(elapsed: number | null, extra: number | null | undefined): string {
  if (elapsed === null) return '';
  return extra !== null && extra !== undefined && extra > 0
    ? `${elapsed}+${extra}`
    : String(elapsed);
}

/**
 * Matches of `options.leagues` (default: the registry's) in a `/fixtures` body, optionally only
 * those kicking off in [from, to). A `date=` body lists every competition in the world: items of other leagues are
 * skipped after reading only their `league.id`, so a malformed item in a league we do not show
 * cannot break ours; an item of our leagues (or one whose league id is unreadable) must be whole,
 * or the body is `bad-body`.
 */
export function parseMatches(
  body: unknown,
  options: { range?: { from: Date; to: Date }; leagues?: readonly LeagueEntry[] } = {},
): UpstreamMatch[] {
  const { range, leagues = LEAGUES } = options;
  const { response } = requireData(ListBodySchema, body);
  const matches: UpstreamMatch[] = [];
  response.forEach((raw, index) => {
    const where = `response[${index}]`;
    const probe = requireShape(PROVIDER, LeagueProbeSchema, raw, where);
    const leagueSlug = leagues.find((league) => league.apiFootballId === probe.league.id)?.slug;
    if (leagueSlug === undefined) return;
    const item = requireShape(PROVIDER, FixtureItemSchema, raw, where);
    const kickoff = new Date(item.fixture.date);
    if (range !== undefined && (kickoff < range.from || kickoff >= range.to)) return;
    const { phase, clock } = STATUS_PHASES[item.fixture.status.short];
    matches.push({
      externalId: `${PROVIDER}:${item.fixture.id}`,
      leagueSlug,
      home: toTeam(item.teams.home),
      away: toTeam(item.teams.away),
      kickoff,
      phase,
      minute: clock ? formatMinute(item.fixture.status.elapsed, item.fixture.status.extra) : '',
      homeScore: item.goals.home,
      awayScore: item.goals.away,
      htHomeScore: item.score.halftime.home,
      htAwayScore: item.score.halftime.away,
    });
  });
  return matches;
}

// ---------------------------------------------------------------------------------------------
// Standings (§7)

const RecordSchema = z.object({
  played: z.int(),
  win: z.int(),
  draw: z.int(),
  lose: z.int(),
  goals: z.object({ for: z.int(), against: z.int() }),
});

const StandingsBodySchema = z.object({
  response: z.array(
    z.object({
      league: z.object({
        id: z.int(),
        standings: z.array(
          z.array(
            z.object({ rank: z.int(), team: TeamSchema, points: z.int(), all: RecordSchema }),
          ),
        ),
      }),
    }),
  ),
});

/**
 * The table in a `/standings` body. `standings` is an array of groups; a league has one,
 * so the first group is the table. An empty `response` (no table for that season yet) is [].
 */
export function parseStandings(body: unknown): UpstreamStanding[] {
  const { response } = requireData(StandingsBodySchema, body);
  const rows = response[0]?.league.standings[0] ?? [];
  return rows.map((row) => ({
    team: toTeam(row.team),
    pos: row.rank,
    wins: row.all.win,
    draws: row.all.draw,
    losses: row.all.lose,
    goalsFor: row.all.goals.for,
    goalsAgainst: row.all.goals.against,
    points: row.points,
  }));
}

// ---------------------------------------------------------------------------------------------
// Top scorers / assists (§8)

const PlayersBodySchema = z.object({
  response: z.array(
    z.object({
      player: z.object({
        id: z.int(),
        name: z.string(),
        nationality: z.nullable(z.string()),
        photo: z.nullable(z.string()),
      }),
      statistics: z
        .array(
          z.object({
            team: TeamSchema,
            goals: z.object({
              // Counts the API has none of are null (as `saves` in §8), not 0.
              total: z.nullable(z.int()),
              assists: z.nullable(z.int()),
            }),
          }),
        )
        .min(1),
    }),
  ),
});

/** A `/players/topscorers` (goals) or `/players/topassists` (assists) body, in the API's order. */
export function parseTopPlayers(body: unknown, stat: 'goals' | 'assists'): UpstreamPlayerStat[] {
  const { response } = requireData(PlayersBodySchema, body);
  return response.map(({ player, statistics }) => {
    // min(1) above: the first statistics entry is the player's line for this league.
    const line = statistics[0] as (typeof statistics)[number];
    return {
      playerId: `${PROVIDER}:${player.id}`,
      nick: player.name,
      imageUrl: findHttpsUrl(player.photo),
      flag: findCountryCode(player.nationality),
      team: toTeam(line.team),
      total: (stat === 'goals' ? line.goals.total : line.goals.assists) ?? 0,
    };
  });
}
