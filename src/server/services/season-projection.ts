import {
  SeasonProjectionSchema,
  type ProjectionPlaces,
  type SeasonProjection,
} from '../../domain/api/season-projection.ts';
import {
  findLeagueEntry,
  getLeaguePlaces,
  LEAGUES,
  type League,
  type LeagueEntry,
  type LeaguePlaces,
} from '../../domain/league.ts';
import type {
  ClubProjection,
  ProjectionFixture,
  ProjectionInput,
} from '../../domain/season-projection.ts';
import type { TableRow } from '../../domain/standings.ts';
import { getSeasonRange } from '../../domain/team-season.ts';
import type { Db } from '../db/client.ts';
import { listLeagues } from '../db/leagues-queries.ts';
import { findSeasonProjection, upsertSeasonProjection } from '../db/season-projections-queries.ts';
import { listStandings } from '../db/standings-queries.ts';
import { listLeagueMatches, type LeagueMatchRow } from '../db/team-page-queries.ts';
import type { CachedBody } from '../http/caching.ts';
import type { ResponseCache } from '../http/response-cache.ts';
import type { Fixture, Forecast } from '../predict/model.ts';
import { listLikelyScores } from '../predict/score-grid.ts';
import { getSeasonOf } from './forecast-records.ts';
import { createProjectionWorker } from './projection-worker.ts';

export const DEFAULT_SIMULATIONS = 10_000;
const DEFAULT_SEED = 1;
const DAY_MS = 86_400_000;
/** A stored projection is recomputed after this long even when no result has come in. */
const MAX_AGE_MS = DAY_MS;
/**
 * Matches kicked off this long ago and not finished still count as to play (under way, or
 * awaiting their result); older ones are left behind, unless postponed.
 */
const UNDER_WAY_MS = DAY_MS;
/**
 * Share of the double round robin (played and to play) the stored season must hold: a source
 * that stores only the days it polled leaves most fixtures out, and its projection would be
 * far too sure. The replay leaves out the few matches of weeks it skips.
 */
const MIN_SEASON_SHARE = 0.9;

export type SeasonProjectionDeps = {
  db: Db;
  now: Date;
  /** The Dixon-Coles forecast of a fixture from every result before `now`; null if it has none. */
  forecastMatch: (fixture: Fixture) => Forecast | null;
  simulations?: number;
  seed?: number;
  /**
   * The season ("2022-2023") whose places apply and whose name the fixtures carry; default: the
   * one containing `now` (1 July to 1 July). The replay passes the season it replays.
   */
  season?: string;
  /** The registry (default: LEAGUES). */
  leagues?: readonly LeagueEntry[];
};

/**
 * What became of each league: `written`; `unchanged` (same season and results as the stored
 * projection, less than a day old); `no-table` (no table or no clubs to play); `partial` (the
 * stored fixtures and table do not make up the season); `no-forecast` (a fixture the model could
 * not forecast).
 */
export type SeasonProjectionOutcome = {
  league: string;
  status: 'written' | 'unchanged' | 'no-table' | 'partial' | 'no-forecast';
};

/**
 * The fixtures still to play: not finished, kicking off from a day ago on (or postponed), between
 * clubs of the table, each pairing once (the earliest), as a double round robin has it.
 */
function listRemainingFixtures(
  matches: readonly LeagueMatchRow[],
  clubs: ReadonlySet<string>,
  now: Date,
): LeagueMatchRow[] {
  const pairs = new Map<string, LeagueMatchRow>();
  for (const match of matches) {
    if (match.status === 'finished') continue;
    const recent = match.kickoffUtc.getTime() >= now.getTime() - UNDER_WAY_MS;
    if (!recent && match.status !== 'postponed') continue;
    if (!clubs.has(match.homeKey) || !clubs.has(match.awayKey)) continue;
    const pair = `${match.homeKey}\n${match.awayKey}`;
    const held = pairs.get(pair);
    if (held === undefined || match.kickoffUtc < held.kickoffUtc) pairs.set(pair, match);
  }
  return [...pairs.values()];
}

/**
 * Whether the table and the fixtures make up the season: every club's games played and to play
 * add up to at least MIN_SEASON_SHARE of a double round robin, and none to more.
 */
function isWholeSeason(table: readonly TableRow[], fixtures: readonly LeagueMatchRow[]): boolean {
  const games = 2 * (table.length - 1);
  const toPlay = new Map<string, number>();
  for (const f of fixtures) {
    toPlay.set(f.homeKey, (toPlay.get(f.homeKey) ?? 0) + 1);
    toPlay.set(f.awayKey, (toPlay.get(f.awayKey) ?? 0) + 1);
  }
  return table.every((row) => {
    const total = row.wins + row.draws + row.losses + (toPlay.get(row.key ?? '') ?? 0);
    return total <= games && total >= MIN_SEASON_SHARE * games;
  });
}

const toFixture = (match: LeagueMatchRow, division: string, season: string): Fixture => ({
  id: `${division}:${match.kickoffUtc.toISOString().slice(0, 10)}:${match.homeKey}:${match.awayKey}`,
  league: division,
  season,
  kickoffMs: match.kickoffUtc.getTime(),
  home: match.homeKey,
  away: match.awayKey,
});

/** The fixture with its score distribution, or null when the model gave no usable forecast. */
function toProjectionFixture(
  match: LeagueMatchRow,
  forecast: Forecast | null,
): ProjectionFixture | null {
  if (forecast === null) return null;
  const { expectedHomeGoals: home, expectedAwayGoals: away } = forecast;
  if (!(Number.isFinite(home) && home > 0 && Number.isFinite(away) && away > 0)) return null;
  // Every score of the grid: scores of ten goals a side or more are left out (their mass is tiny).
  const scores = listLikelyScores(home, away, forecast.rho ?? 0, Number.POSITIVE_INFINITY);
  return { home: match.homeKey, away: match.awayKey, scores };
}

const round = (value: number, digits: number) => Number(value.toFixed(digits));

function toApiPlaces(places: LeaguePlaces): ProjectionPlaces {
  return {
    champions_league: places.championsLeague,
    relegation: places.relegation,
    relegation_playoff: places.relegationPlayoff,
  };
}

function toApiRows(projection: ClubProjection[], table: readonly TableRow[]) {
  const byKey = new Map(table.map((row) => [row.key ?? '', row]));
  return projection.map((club) => {
    const row = byKey.get(club.key);
    return {
      team: { key: club.key, name: row?.team ?? club.key, shield: row?.shield ?? '' },
      played: club.played,
      points_now: club.pointsNow,
      expected_points: round(club.expectedPoints, 2),
      title: round(club.title, 6),
      champions_league: round(club.championsLeague, 6),
      relegation: round(club.relegation, 6),
      relegation_playoff: round(club.relegationPlayoff, 6),
      positions: club.positions.map((p) => round(p, 6)),
    };
  });
}

async function projectLeague(
  deps: SeasonProjectionDeps,
  league: League,
  entry: LeagueEntry,
  projectSeason: (input: ProjectionInput) => Promise<ClubProjection[]>,
): Promise<SeasonProjectionOutcome['status']> {
  const { db, now } = deps;
  const season = deps.season ?? getSeasonOf(now.getTime());
  const table = (await listStandings(db, league.id)).filter((row) => row.key !== undefined);
  if (table.length < 2) return 'no-table';
  const matchesPlayed = Math.round(
    table.reduce((sum, row) => sum + row.wins + row.draws + row.losses, 0) / 2,
  );
  const simulations = deps.simulations ?? DEFAULT_SIMULATIONS;
  const stored = await findSeasonProjection(db, league.slug);
  if (
    stored !== null &&
    stored.season === season &&
    stored.matchesPlayed === matchesPlayed &&
    stored.simulations === simulations &&
    now.getTime() - stored.computedAt.getTime() < MAX_AGE_MS
  ) {
    return 'unchanged';
  }

  // From the season's start (postponed matches keep their first date) to a year from now (the
  // replay's season can run past 1 July).
  const { startMs } = getSeasonRange(now.getTime());
  const matches = await listLeagueMatches(
    db,
    league.id,
    new Date(Math.min(startMs, now.getTime() - UNDER_WAY_MS)),
    new Date(now.getTime() + 366 * DAY_MS),
  );
  const clubs = new Set(table.map((row) => row.key ?? ''));
  const remaining = listRemainingFixtures(matches, clubs, now);
  if (!isWholeSeason(table, remaining)) return 'partial';
  const fixtures: ProjectionFixture[] = [];
  for (const match of remaining) {
    const fixture = toProjectionFixture(
      match,
      deps.forecastMatch(toFixture(match, entry.division, season)),
    );
    if (fixture === null) return 'no-forecast';
    fixtures.push(fixture);
  }

  const places = getLeaguePlaces(entry, season);
  const projection = await projectSeason({
    table: table.map((row) => ({
      key: row.key ?? '',
      points: row.points,
      goalsFor: row.goals_for ?? 0,
      goalsAgainst: row.goals_against ?? 0,
      played: row.wins + row.draws + row.losses,
    })),
    fixtures,
    places,
    simulations,
    seed: `${deps.seed ?? DEFAULT_SEED}:${league.slug}:${season}`,
  });
  const body: SeasonProjection = SeasonProjectionSchema.parse({
    league: league.slug,
    season,
    simulations,
    matches_played: matchesPlayed,
    matches_remaining: fixtures.length,
    computed_at: now.toISOString(),
    places: toApiPlaces(places),
    rows: toApiRows(projection, table),
  });
  await upsertSeasonProjection(db, {
    leagueSlug: league.slug,
    season,
    simulations,
    matchesPlayed,
    computedAt: now,
    body,
  });
  return 'written';
}

/**
 * Simulates the rest of each league's season from its stored table and the fixtures still to
 * play, forecast by `forecastMatch`, and stores the projection the league page shows. A season
 * that is over is stored too, as its final table (every chance 0 or 1).
 */
export async function runSeasonProjection(
  deps: SeasonProjectionDeps,
): Promise<SeasonProjectionOutcome[]> {
  const outcomes: SeasonProjectionOutcome[] = [];
  // The simulations run on a worker thread, started only if a league needs them.
  const worker = createProjectionWorker();
  try {
    for (const league of await listLeagues(deps.db)) {
      const entry = findLeagueEntry(league.slug, deps.leagues ?? LEAGUES);
      if (entry === null) continue;
      const status = await projectLeague(deps, league, entry, worker.project);
      outcomes.push({ league: league.slug, status });
    }
  } finally {
    await worker.close();
  }
  return outcomes;
}

/** The answer for a league before any projection is stored. */
function emptyProjection(league: League): SeasonProjection {
  return {
    league: league.slug,
    season: null,
    simulations: 0,
    matches_played: 0,
    matches_remaining: 0,
    computed_at: null,
    places: null,
    rows: [],
  };
}

/** The stored projections as the API serves them, cached like the other data answers. */
export function createSeasonProjections(deps: { db: Db; cache: ResponseCache }) {
  return {
    /** The league's latest projection; rows are empty until the first is stored. */
    get(league: League): Promise<CachedBody> {
      return deps.cache.get(`projection:${league.slug}`, async () => {
        const stored = await findSeasonProjection(deps.db, league.slug);
        // A body of an older shape is not served: the next run writes the current one.
        const body = SeasonProjectionSchema.safeParse(stored?.body);
        return body.success ? body.data : emptyProjection(league);
      });
    },
  };
}

export type SeasonProjections = ReturnType<typeof createSeasonProjections>;
