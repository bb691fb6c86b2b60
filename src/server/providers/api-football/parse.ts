import * as z from 'zod';

import { BOOKMAKERS, SPORT_KEYS } from '../../../domain/bookmakers.ts';
import { LEAGUES, type LeagueSlug } from '../../../domain/league.ts';
import type { OddsEvent } from '../../../domain/odds.ts';
import { classifyTransfer } from '../../../domain/transfers.ts';
import type { MatchPhase } from '../provider.ts';
import { UpstreamError, type Quota } from '../upstream/http.ts';
import type {
  UpstreamMatch,
  UpstreamPlayerStat,
  UpstreamStanding,
  UpstreamTeam,
  UpstreamTransfer,
} from '../upstream/live-source.ts';
import { requireShape } from '../upstream/require-shape.ts';

// Pure mapping of API-Football v3 bodies (api-sports.io) into Touchline's upstream types.
// Reference: /work/shared/upstream/api-football.md (sections in comments below).

export const PROVIDER = 'api-football';

/** §3 league ids. */
export const LEAGUE_IDS: Record<LeagueSlug, number> = {
  'premier-league': 39,
  'la-liga': 140,
  'serie-a': 135,
  bundesliga: 78,
  'ligue-1': 61,
};

const SLUG_BY_LEAGUE_ID = new Map<number, LeagueSlug>(
  LEAGUES.map((league) => [LEAGUE_IDS[league.slug], league.slug]),
);

/** The API-Football league id of a Touchline league slug; null for any other slug. */
export function findLeagueId(leagueSlug: string): number | null {
  return Object.hasOwn(LEAGUE_IDS, leagueSlug) ? LEAGUE_IDS[leagueSlug as LeagueSlug] : null;
}

/**
 * §3: `season` is the start year of the season. Seasons start in July/August, so from 1 July
 * (UTC) on a date belongs to the season starting that year, before it to the one before.
 */
export function getSeason(date: Date): number {
  const year = date.getUTCFullYear();
  return date.getUTCMonth() >= 6 ? year : year - 1;
}

// ---------------------------------------------------------------------------------------------
// Errors and quota (§2, §11, §1)

/** Most serious first: a bad key explains any other complaint in the same body. */
const ERROR_KINDS: Array<[string, 'auth' | 'quota' | 'rate-limit' | 'plan']> = [
  ['token', 'auth'],
  ['requests', 'quota'],
  ['ratelimit', 'rate-limit'],
  ['plan', 'plan'],
];

/**
 * The error an API-Football body reports in its `errors` field (an empty array when all is
 * well, an object when not, while the HTTP status is still 200); undefined for a data body.
 * token → auth, requests (daily limit) → quota, rateLimit (per minute) → rate-limit, plan →
 * plan, any other key (parameter checks) → bad-request. The shared client retries no error
 * found in a 200 body, whatever its kind (see upstream/http.ts).
 */
export function findBodyError(body: unknown): UpstreamError | undefined {
  return readBodyError(body, {});
}

/**
 * A non-2xx answer the API-Football way: 499 is its own time-out (§11), worth another try; a
 * JSON body with `errors` (a 429 with `rateLimit` or `requests`, a 403 with `token`) names the
 * cause better than the status does, so a 429 for the daily limit reads as quota (no retry).
 * Undefined leaves the status to the shared client.
 */
export function findErrorAnswer(
  status: number,
  text: string,
  headers: Headers,
): UpstreamError | undefined {
  if (status === 499) {
    return new UpstreamError(PROVIDER, 'timeout', 'HTTP 499: the API timed out', { status });
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return undefined;
  }
  const seconds = Number(headers.get('retry-after') ?? '');
  const retryAfterMs =
    headers.get('retry-after') !== null && Number.isFinite(seconds) && seconds >= 0
      ? seconds * 1000
      : undefined;
  return readBodyError(body, { status, retryAfterMs });
}

function readBodyError(
  body: unknown,
  details: { status?: number; retryAfterMs?: number | undefined },
): UpstreamError | undefined {
  if (typeof body !== 'object' || body === null || !('errors' in body)) return undefined;
  const errors: unknown = body.errors;
  let entries: Array<[string, string]>;
  if (Array.isArray(errors)) {
    if (errors.length === 0) return undefined;
    entries = errors.map((e) => ['error', typeof e === 'string' ? e : JSON.stringify(e)]);
  } else if (typeof errors === 'object' && errors !== null) {
    entries = Object.entries(errors).map(([key, value]) => [
      key,
      typeof value === 'string' ? value : JSON.stringify(value),
    ]);
    if (entries.length === 0) return undefined;
  } else {
    return undefined;
  }
  const status = details.status === undefined ? {} : { status: details.status };
  for (const [key, kind] of ERROR_KINDS) {
    const entry = entries.find(([k]) => k.toLowerCase() === key);
    if (entry === undefined) continue;
    const message = `${entry[0]}: ${entry[1]}`;
    if (kind !== 'rate-limit') return new UpstreamError(PROVIDER, kind, message, status);
    // Without Retry-After, "Your rate limit is 10 requests per minute": one request's share.
    const perMinute = /(\d+)\s*requests? per minute/i.exec(entry[1]);
    const retryAfterMs =
      details.retryAfterMs ??
      (perMinute !== null && Number(perMinute[1]) > 0
        ? Math.ceil(60_000 / Number(perMinute[1]))
        : undefined);
    return new UpstreamError(PROVIDER, kind, message, {
      ...status,
      ...(retryAfterMs === undefined ? {} : { retryAfterMs }),
    });
  }
  return new UpstreamError(
    PROVIDER,
    'bad-request',
    entries.map(([key, value]) => `${key}: ${value}`).join('; '),
    status,
  );
}

/** An empty 200 body (§11 lists HTTP 204 "no content") is not data we can use. */
export function findTextError(text: string): UpstreamError | undefined {
  if (text.trim() !== '') return undefined;
  return new UpstreamError(PROVIDER, 'bad-body', 'empty answer (no content)');
}

/** §1 daily quota headers: `x-ratelimit-requests-limit` and `x-ratelimit-requests-remaining`. */
export function readQuota(headers: Headers): Quota | undefined {
  const remaining = readCount(headers.get('x-ratelimit-requests-remaining'));
  const limit = readCount(headers.get('x-ratelimit-requests-limit'));
  if (remaining === null && limit === null) return undefined;
  return {
    remaining,
    used: remaining !== null && limit !== null ? Math.max(0, limit - remaining) : null,
  };
}

function readCount(value: string | null): number | null {
  if (value === null || !/^\s*\d+\s*$/.test(value)) return null;
  return Number(value);
}

// ---------------------------------------------------------------------------------------------
// Validation helpers

/** Throws the body's own error first, so a parser handed an error body reports its kind. */
function requireData<T>(schema: z.ZodType<T>, body: unknown): T {
  const error = findBodyError(body);
  if (error !== undefined) throw error;
  return requireShape(PROVIDER, schema, body, '');
}

const IsoDateTimeSchema = z
  .string()
  .refine((text) => !Number.isNaN(Date.parse(text)), 'not a date-time');

const DaySchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'not a YYYY-MM-DD date');

const TeamSchema = z.object({
  id: z.int(),
  name: z.string(),
  logo: z.nullable(z.string()),
});
type ApiTeam = z.infer<typeof TeamSchema>;

function toTeam(team: ApiTeam): UpstreamTeam {
  return { id: String(team.id), name: team.name, shortName: null, logoUrl: httpsOrNull(team.logo) };
}

function httpsOrNull(url: string | null | undefined): string | null {
  if (typeof url !== 'string') return null;
  try {
    return new URL(url).protocol === 'https:' ? url : null;
  } catch {
    return null;
  }
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
 * Matches of the five leagues in a `/fixtures` body, optionally only those kicking off in
 * [from, to). A `date=` body lists every competition in the world: items of other leagues are
 * skipped after reading only their `league.id`, so a malformed item in a league we do not show
 * cannot break ours; an item of our leagues (or one whose league id is unreadable) must be whole,
 * or the body is `bad-body`.
 */
export function parseMatches(body: unknown, range?: { from: Date; to: Date }): UpstreamMatch[] {
  const { response } = requireData(ListBodySchema, body);
  const matches: UpstreamMatch[] = [];
  response.forEach((raw, index) => {
    const where = `response.${index}`;
    const probe = requireShape(PROVIDER, LeagueProbeSchema, raw, where);
    const leagueSlug = SLUG_BY_LEAGUE_ID.get(probe.league.id);
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
 * The table in a `/standings` body. `standings` is an array of groups; the five leagues have one,
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
      imageUrl: httpsOrNull(player.photo),
      flag: findCountryCode(player.nationality),
      team: toTeam(line.team),
      total: (stat === 'goals' ? line.goals.total : line.goals.assists) ?? 0,
    };
  });
}

// ---------------------------------------------------------------------------------------------
// Transfers (§9)

const TransfersBodySchema = z.object({
  response: z.array(
    z.object({
      player: z.object({ id: z.int(), name: z.string() }),
      transfers: z.array(
        z.object({
          date: DaySchema,
          type: z.nullable(z.string()),
          teams: z.object({ in: TeamSchema, out: TeamSchema }),
        }),
      ),
    }),
  ),
});

/** "Summer 2026" for June to November moves, "Winter 2027" for December 2026 to March 2027. */
export function findTransferWindow(day: string): string {
  const year = Number(day.slice(0, 4));
  const month = Number(day.slice(5, 7));
  if (month <= 3) return `Winter ${year}`;
  if (month === 12) return `Winter ${year + 1}`;
  return `Summer ${year}`;
}

/**
 * §9 `type`: "Free", "Loan", "N/A", "Back from Loan" or a fee like "€ 250K" / "€ 55M". Returns
 * Touchline's kind (transfer | loan | free | end of loan) and the fee in millions of euros as
 * text ('' unknown, '0' free).
 */
export function parseTransferType(text: string | null): { type: string; valor: string } {
  const raw = (text ?? '').trim();
  const fee = /^€\s*(\d+(?:[.,]\d+)?)\s*([MK])?$/i.exec(raw);
  if (fee !== null) {
    const amount = Number((fee[1] ?? '').replace(',', '.'));
    const unit = (fee[2] ?? '').toUpperCase();
    const millions = unit === 'M' ? amount : unit === 'K' ? amount / 1000 : amount / 1_000_000;
    return { type: 'transfer', valor: String(Math.round(millions * 1000) / 1000) };
  }
  const lower = raw.toLowerCase();
  if (lower.includes('back from loan') || lower.includes('end of loan')) {
    return { type: 'end of loan', valor: '' };
  }
  const type = classifyTransfer(lower);
  return { type, valor: type === 'free' ? '0' : '' };
}

/**
 * The current season's transfer dates, [from, to) as YYYY-MM-DD: April to March, so that moves
 * agreed in spring for the summer window count with that summer.
 */
export function getTransferRange(date: Date): { from: string; to: string } {
  const year = date.getUTCMonth() >= 3 ? date.getUTCFullYear() : date.getUTCFullYear() - 1;
  return { from: `${year}-04-01`, to: `${year + 1}-04-01` };
}

/**
 * The moves in and out of one club in a `/transfers?team=` body, dated in [from, to). The body
 * lists every known move of every player the club ever had, so moves between two other clubs and
 * "moves" from the club to itself (youth promotions) are dropped.
 */
export function parseTransfers(
  body: unknown,
  team: UpstreamTeam,
  range: { from: string; to: string },
): UpstreamTransfer[] {
  const { response } = requireData(TransfersBodySchema, body);
  const seen = new Set<string>();
  const moves: UpstreamTransfer[] = [];
  for (const { player, transfers } of response) {
    for (const move of transfers) {
      if (move.date < range.from || move.date >= range.to) continue;
      const arrived = String(move.teams.in.id) === team.id;
      const left = String(move.teams.out.id) === team.id;
      if (arrived === left) continue;
      const direction = arrived ? 'in' : 'out';
      const key = `${player.id}|${move.date}|${direction}`;
      if (seen.has(key)) continue;
      seen.add(key);
      moves.push({
        team,
        direction,
        playerId: `${PROVIDER}:${player.id}`,
        playerName: player.name,
        // §1: player photos live at this address (no photo field in /transfers).
        imageUrl: `https://media.api-sports.io/football/players/${player.id}.png`,
        flag: '',
        otherClub: arrived ? move.teams.out.name : move.teams.in.name,
        ...parseTransferType(move.type),
        window: findTransferWindow(move.date),
      });
    }
  }
  return moves;
}

// ---------------------------------------------------------------------------------------------
// Odds (§10)

const OddsBodySchema = z.object({
  paging: z.optional(z.object({ current: z.int(), total: z.int() })),
  response: z.array(
    z.object({
      fixture: z.object({ id: z.int(), date: IsoDateTimeSchema }),
      bookmakers: z.array(
        z.object({
          id: z.int(),
          name: z.string(),
          bets: z.array(
            z.object({
              id: z.int(),
              name: z.string(),
              values: z.array(
                z.object({
                  // §10: usually a string, a number for some bets.
                  value: z.union([z.string(), z.number()]),
                  odd: z.string().regex(/^\d+(\.\d+)?$/, 'not a decimal price'),
                }),
              ),
            }),
          ),
        }),
      ),
    }),
  ),
});
export type ApiFootballOdds = z.infer<typeof OddsBodySchema>['response'][number];

/** One page of a `/odds` body, and how many pages there are (`paging.total`, 1 when absent). */
export function parseOddsPage(body: unknown): { pages: number; odds: ApiFootballOdds[] } {
  const { paging, response } = requireData(OddsBodySchema, body);
  return { pages: Math.max(1, paging?.total ?? 1), odds: response };
}

function normaliseName(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9]/g, '');
}

const BOOKMAKER_KEYS = new Map<string, { key: string; title: string }>(
  BOOKMAKERS.map((b) => [normaliseName(b.title), { key: b.key, title: b.title }]),
);

/**
 * The Odds API key of an API-Football bookmaker name: Touchline's bookmaker list when the name
 * matches a title there ("Bet365" → bet365, "1xBet" → onexbet, "Marathonbet" → marathonbet),
 * else the name in lower case without spaces or punctuation.
 */
export function findBookmakerKey(name: string): { key: string; title: string } {
  const normalised = normaliseName(name);
  return BOOKMAKER_KEYS.get(normalised) ?? { key: normalised, title: name };
}

type Bookmaker = OddsEvent['bookmakers'][number];
type Market = Bookmaker['markets'][number];

function toMarkets(
  bets: ApiFootballOdds['bookmakers'][number]['bets'],
  home: string,
  away: string,
): Market[] {
  const markets: Market[] = [];
  const winner = bets.find((bet) => bet.name.trim().toLowerCase() === 'match winner');
  if (winner !== undefined) {
    const names: Record<string, string> = { home, draw: 'Draw', away };
    const outcomes = winner.values.flatMap((v) => {
      const name = names[String(v.value).trim().toLowerCase()];
      return name === undefined ? [] : [{ name, price: Number(v.odd) }];
    });
    if (outcomes.length > 0) markets.push({ key: 'h2h', outcomes });
  }
  const totals = bets.find((bet) => bet.name.trim().toLowerCase() === 'goals over/under');
  if (totals !== undefined) {
    const outcomes = totals.values.flatMap((v) => {
      const line = /^(over|under)\s+(\d+(?:\.\d+)?)$/i.exec(String(v.value).trim());
      if (line === null || Number(line[2]) !== 2.5) return [];
      const side = (line[1] ?? '').toLowerCase() === 'over' ? 'Over' : 'Under';
      return [{ name: side, price: Number(v.odd), point: 2.5 }];
    });
    if (outcomes.length > 0) markets.push({ key: 'totals', outcomes });
  }
  return markets;
}

/**
 * Odds entries joined with their matches (§10: odds carry no team names) into The Odds API's
 * shape: h2h from "Match Winner", totals from the 2.5 line of "Goals Over/Under". Only matches
 * not yet started are kept (the odds are pre-match); an entry whose match is not in `matches`
 * cannot be named and is left out. API-Football gives no bookmaker links: `link` stays unset.
 */
export function toOddsEvents(
  odds: readonly ApiFootballOdds[],
  matches: readonly UpstreamMatch[],
): OddsEvent[] {
  const byId = new Map(matches.map((m) => [m.externalId, m]));
  const events: OddsEvent[] = [];
  const seen = new Set<string>();
  for (const entry of odds) {
    const id = `${PROVIDER}:${entry.fixture.id}`;
    const match = byId.get(id);
    if (match === undefined || match.phase !== 'scheduled' || seen.has(id)) continue;
    seen.add(id);
    const bookmakers: Bookmaker[] = [];
    for (const bookmaker of entry.bookmakers) {
      const markets = toMarkets(bookmaker.bets, match.home.name, match.away.name);
      if (markets.length === 0) continue;
      bookmakers.push({ ...findBookmakerKey(bookmaker.name), markets });
    }
    if (bookmakers.length === 0) continue;
    events.push({
      id,
      sport_key: SPORT_KEYS[match.leagueSlug] ?? 'soccer',
      commence_time: match.kickoff.toISOString().replace('.000Z', 'Z'),
      home_team: match.home.name,
      away_team: match.away.name,
      bookmakers,
    });
  }
  return events.sort((a, b) => a.commence_time.localeCompare(b.commence_time));
}

// ---------------------------------------------------------------------------------------------
// Flags: API-Football names countries in English ("France", "Korea Republic").

/** Region codes Intl still names that are withdrawn, or are not countries. */
const NOT_COUNTRIES = new Set(
  'AN BU CS DD EU EZ FX HV NH NT QO RH SU TP UK UN VD YD YU ZR ZZ'.split(' '),
);

/** Football names that differ from the English region names ICU uses. */
const COUNTRY_ALIASES: Record<string, string> = {
  england: 'gb',
  scotland: 'gb',
  wales: 'gb',
  northernireland: 'gb',
  usa: 'us',
  korearepublic: 'kr',
  koreadpr: 'kp',
  chinapr: 'cn',
  chinesetaipei: 'tw',
  czechrepublic: 'cz',
  turkey: 'tr',
  ivorycoast: 'ci',
  congodr: 'cd',
  drcongo: 'cd',
  congo: 'cg',
  capeverdeislands: 'cv',
  capeverde: 'cv',
  republicofireland: 'ie',
  hongkong: 'hk',
  macedonia: 'mk',
  fyrmacedonia: 'mk',
  palestine: 'ps',
  myanmar: 'mm',
  swaziland: 'sz',
  bosnia: 'ba',
  curacao: 'cw',
};

let countryCodes: Map<string, string> | undefined;

function normaliseCountry(name: string): string {
  return name
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/&/g, 'and')
    .replace(/[^a-z]/g, '');
}

function getCountryCodes(): Map<string, string> {
  if (countryCodes !== undefined) return countryCodes;
  const names = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });
  const codes = new Map<string, string>();
  for (let a = 65; a <= 90; a++) {
    for (let b = 65; b <= 90; b++) {
      const code = String.fromCharCode(a, b);
      if (NOT_COUNTRIES.has(code)) continue;
      const name = names.of(code);
      if (name !== undefined) codes.set(normaliseCountry(name), code.toLowerCase());
    }
  }
  for (const [alias, code] of Object.entries(COUNTRY_ALIASES)) codes.set(alias, code);
  countryCodes = codes;
  return codes;
}

/**
 * ISO 3166-1 alpha-2 code, lower case, of a country named in English; "" when unknown. The home
 * nations (England, Scotland, Wales, Northern Ireland) have no code of their own: they read "gb".
 */
export function findCountryCode(name: string | null): string {
  if (name === null || name.trim() === '') return '';
  return getCountryCodes().get(normaliseCountry(name)) ?? '';
}
