import * as z from 'zod';

import { findCountryCode } from '../../../domain/countries.ts';
import { LEAGUES, type LeagueEntry } from '../../../domain/league.ts';
import { markListGaps, type MatchPhase } from '../provider.ts';
import { UpstreamError } from '../upstream/http.ts';
import { findHttpsUrl } from '../upstream/https-url.ts';
import type {
  UpstreamMatch,
  UpstreamPlayerStat,
  UpstreamStanding,
  UpstreamTeam,
} from '../upstream/live-source.ts';
import { PROVIDER, requireData } from './errors.ts';
import { readFixtureDetails } from './fixture-details.ts';
import { findItemId, readItem, type Drop } from './items.ts';

// Pure mapping of API-Football v3 fixtures, tables, top players and clubs into Touchline's
// upstream types. The sections cited (§n) are those of NOTES.md beside this file. An item that
// cannot be used is left out and reported to `drop` (items.ts); only a wrong envelope (no
// `response` list) refuses the whole answer.

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
    // §13: read apart (fixture-details.ts), so a bad one never costs the match.
    referee: z.optional(z.unknown()),
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
  // §13: in `live=`, `id=` and `ids=` answers only; read apart like the referee.
  events: z.optional(z.unknown()),
  statistics: z.optional(z.unknown()),
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

function toMatch(
  item: z.infer<typeof FixtureItemSchema>,
  leagueSlug: string,
  where: string,
  drop: Drop | undefined,
): UpstreamMatch {
  const { phase, clock } = STATUS_PHASES[item.fixture.status.short];
  const details = readFixtureDetails(
    { events: item.events, statistics: item.statistics, referee: item.fixture.referee },
    {
      homeId: item.teams.home.id,
      awayId: item.teams.away.id,
      homeScore: item.goals.home,
      awayScore: item.goals.away,
    },
    { id: String(item.fixture.id), where },
    drop,
  );
  return {
    externalId: `${PROVIDER}:${item.fixture.id}`,
    leagueSlug,
    home: toTeam(item.teams.home),
    away: toTeam(item.teams.away),
    kickoff: new Date(item.fixture.date),
    phase,
    minute: clock ? formatMinute(item.fixture.status.elapsed, item.fixture.status.extra) : '',
    homeScore: item.goals.home,
    awayScore: item.goals.away,
    htHomeScore: item.score.halftime.home,
    htAwayScore: item.score.halftime.away,
    ...details,
  };
}

/**
 * Matches of `options.leagues` (default: the registry's) in a `/fixtures` body, optionally only
 * those kicking off in [from, to). A `date=` body lists every competition in the world: items of
 * other leagues are skipped after reading only their `league.id`. An item of our leagues that
 * cannot be used (a null id, a missing status), or one whose league cannot be read, is reported
 * to `drop` and left out; the list says so (markListGaps): the item's id when it has one, else
 * that the list is partial, so the sync keeps the stored match rather than deleting it. Each
 * match carries its facts, and its goals when the answer has them (§13).
 */
export function parseMatches(
  body: unknown,
  options: {
    range?: { from: Date; to: Date };
    leagues?: readonly LeagueEntry[];
    drop?: Drop;
  } = {},
): UpstreamMatch[] {
  const { range, leagues = LEAGUES, drop } = options;
  const { response } = requireData(ListBodySchema, body);
  const matches: UpstreamMatch[] = [];
  const leftOut: string[] = [];
  let partial = false;
  response.forEach((raw, index) => {
    const place = { kind: 'match', where: `response[${index}]`, idPath: ['fixture', 'id'] };
    const probe = readItem(LeagueProbeSchema, raw, place, drop);
    const leagueSlug =
      probe === null
        ? null
        : leagues.find((league) => league.apiFootballId === probe.league.id)?.slug;
    if (leagueSlug === undefined) return;
    const item = leagueSlug === null ? null : readItem(FixtureItemSchema, raw, place, drop);
    if (item === null || leagueSlug === null) {
      const id = findItemId(raw, place.idPath);
      if (id === null) partial = true;
      else leftOut.push(`${PROVIDER}:${id}`);
      return;
    }
    const kickoff = new Date(item.fixture.date);
    if (range !== undefined && (kickoff < range.from || kickoff >= range.to)) return;
    matches.push(toMatch(item, leagueSlug, place.where, drop));
  });
  return leftOut.length > 0 || partial ? markListGaps(matches, { leftOut, partial }) : matches;
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
      league: z.object({ standings: z.array(z.array(z.unknown())) }),
    }),
  ),
});

const StandingRowSchema = z.object({
  rank: z.int(),
  team: TeamSchema,
  points: z.int(),
  all: RecordSchema,
});

/**
 * The table in a `/standings` body. `standings` is an array of groups; a league has one,
 * so the first group is the table. An empty `response` (no table for that season yet) is [].
 * A row that cannot be used (a null team id) is reported to `drop`, and the table is refused:
 * a table short of a club would be written over the whole one stored.
 */
export function parseStandings(body: unknown, drop?: Drop): UpstreamStanding[] {
  const { response } = requireData(StandingsBodySchema, body);
  const rows = response[0]?.league.standings[0] ?? [];
  const table = rows.flatMap((raw, index) => {
    const row = readItem(
      StandingRowSchema,
      raw,
      {
        kind: 'standing',
        where: `response[0].league.standings[0][${index}]`,
        idPath: ['team', 'id'],
      },
      drop,
    );
    if (row === null) return [];
    return [
      {
        team: toTeam(row.team),
        pos: row.rank,
        wins: row.all.win,
        draws: row.all.draw,
        losses: row.all.lose,
        goalsFor: row.all.goals.for,
        goalsAgainst: row.all.goals.against,
        points: row.points,
      },
    ];
  });
  if (table.length < rows.length) {
    throw new UpstreamError(
      PROVIDER,
      'bad-body',
      `standings: ${rows.length - table.length} of ${rows.length} rows unreadable; table not used`,
    );
  }
  return table;
}

// ---------------------------------------------------------------------------------------------
// Top scorers / assists (§8)

const PlayerItemSchema = z.object({
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
});

/**
 * A `/players/topscorers` (goals) or `/players/topassists` (assists) body, in the API's order. A
 * player who cannot be used (a null id, no statistics) is reported to `drop` and left out.
 */
export function parseTopPlayers(
  body: unknown,
  stat: 'goals' | 'assists',
  drop?: Drop,
): UpstreamPlayerStat[] {
  const { response } = requireData(ListBodySchema, body);
  return response.flatMap((raw, index) => {
    const place = { kind: 'player', where: `response[${index}]`, idPath: ['player', 'id'] };
    const item = readItem(PlayerItemSchema, raw, place, drop);
    if (item === null) return [];
    const { player, statistics } = item;
    // min(1) above: the first statistics entry is the player's line for this league.
    const line = statistics[0] as (typeof statistics)[number];
    return [
      {
        playerId: `${PROVIDER}:${player.id}`,
        nick: player.name,
        imageUrl: findHttpsUrl(player.photo),
        flag: findCountryCode(player.nationality),
        team: toTeam(line.team),
        total: (stat === 'goals' ? line.goals.total : line.goals.assists) ?? 0,
      },
    ];
  });
}

// ---------------------------------------------------------------------------------------------
// Clubs (§4: /teams)

const ClubItemSchema = z.object({ team: TeamSchema });

/**
 * The clubs of a `/teams?league=&season=` body. A club that cannot be used (a null id) is
 * reported to `drop` and left out; a league with no club at all is refused (bad-body): every
 * league has clubs, so such an answer says nothing.
 */
export function parseClubs(body: unknown, drop?: Drop): UpstreamTeam[] {
  const { response } = requireData(ListBodySchema, body);
  const clubs = response.flatMap((raw, index) => {
    const place = { kind: 'club', where: `response[${index}]`, idPath: ['team', 'id'] };
    const item = readItem(ClubItemSchema, raw, place, drop);
    return item === null ? [] : [toTeam(item.team)];
  });
  if (clubs.length === 0) {
    throw new UpstreamError(PROVIDER, 'bad-body', 'response: no club listed for the league');
  }
  return clubs;
}
