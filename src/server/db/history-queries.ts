import { and, asc, eq, getTableColumns, gte, inArray, lt, sql } from 'drizzle-orm';

import type {
  ClubInfo,
  HistoryMatch,
  HistoryShot,
  HistoryTransfer,
  ReplayDataset,
} from '../../domain/history.ts';
import { LEAGUES, type LeagueEntry } from '../../domain/league.ts';
import { PRE_CLOSING_COLUMNS } from '../../domain/pre-closing.ts';
import type { Db } from './client.ts';
import {
  historyMatches,
  historyPlayers,
  historyShots,
  historyTransfers,
  leagues,
  teams,
} from './schema.ts';

/**
 * The most recent season in which every league (default: the registry's) has results with
 * bookmaker prices and kick-off times on at least 95% of matches, player totals and transfers,
 * preferring one in which every match's events (shots and goals) are recorded; null when none
 * has everything.
 */
export async function findDefaultReplaySeason(
  db: Db,
  entries: readonly LeagueEntry[] = LEAGUES,
): Promise<string | null> {
  const divisions = sql.join(
    entries.map((league) => sql`${league.division}`),
    sql`, `,
  );
  const all = entries.length;
  const result = await db.execute(sql`
    with priced as (
      select season, bool_and(events_recorded) as recorded from ${historyMatches}
      where div in (${divisions})
      group by season
      having count(distinct div) = ${all}
        and count(*) filter (where odds ? 'B365H') >= 0.95 * count(*)
        and count(*) filter (where time is not null) >= 0.95 * count(*)
    ),
    with_players as (
      select season from ${historyPlayers} where div in (${divisions})
      group by season having count(distinct div) = ${all}
    ),
    with_transfers as (
      select season from ${historyTransfers} where div in (${divisions})
      group by season having count(distinct div) = ${all}
    )
    select season from priced
    where season in (select season from with_players)
      and season in (select season from with_transfers)
    order by recorded desc, season desc
    limit 1
  `);
  // Both drivers answer raw queries with { rows }.
  const { rows } = result as unknown as { rows: { season: string }[] };
  return rows[0]?.season ?? null;
}

/**
 * A history match's prices the prediction models may see (its pre-closing ones), selected in
 * place of the whole `odds` object: a tenth of the data when every season is read.
 */
export const preClosingOdds = sql<Record<string, number>>`(
  select coalesce(jsonb_object_agg(key, value), '{}'::jsonb)
  from jsonb_each(${historyMatches.odds})
  where key in (${sql.join(
    PRE_CLOSING_COLUMNS.map((column) => sql`${column}`),
    sql`, `,
  )})
)`;

function shiftSeason(season: string, years: number): string {
  const first = Number(season.slice(0, 4)) + years;
  return `${first}-${first + 1}`;
}

/**
 * The results of the seasons before `season` (all of them, or the last `earlierSeasons`) with only
 * the prices the models may see (the pre-closing ones), read a season at a time so no one answer
 * holds the whole history (PGlite keeps the memory an answer needed).
 */
export async function loadEarlierMatches(
  db: Db,
  season: string,
  earlierSeasons?: number,
): Promise<HistoryMatch[]> {
  const from = earlierSeasons === undefined ? undefined : shiftSeason(season, -earlierSeasons);
  const seasons = await db
    .selectDistinct({ season: historyMatches.season })
    .from(historyMatches)
    .where(
      and(
        from === undefined ? undefined : gte(historyMatches.season, from),
        lt(historyMatches.season, season),
      ),
    )
    .orderBy(asc(historyMatches.season));
  const all: HistoryMatch[] = [];
  for (const { season: earlier } of seasons) {
    const rows = await db
      .select({ ...getTableColumns(historyMatches), odds: preClosingOdds })
      .from(historyMatches)
      .where(eq(historyMatches.season, earlier));
    for (const m of rows) all.push({ ...m, odds: m.odds as HistoryMatch['odds'] });
  }
  return all;
}

/**
 * Everything the replay needs of one season, read once and handed to the provider, with the
 * results of the seasons before it for the prediction models (all of them, or the last
 * `earlierSeasons`); of those only the prices the models may see are read (the pre-closing ones).
 * `lazyEarlier`: those are read when the models first ask for them, not now.
 */
export async function loadReplayDataset(
  db: Db,
  season: string,
  options: { earlierSeasons?: number; lazyEarlier?: boolean } = {},
): Promise<ReplayDataset> {
  const [clubRows, matches, shots, players, transfers] = await Promise.all([
    db
      .select({
        key: teams.key,
        name: teams.name,
        shortName: teams.shortName,
        logoUrl: teams.logoUrl,
        aliases: teams.aliases,
        leagueSlug: leagues.slug,
      })
      .from(teams)
      .innerJoin(leagues, eq(teams.leagueId, leagues.id)),
    db.select().from(historyMatches).where(eq(historyMatches.season, season)),
    listSeasonShots(db, season),
    db.select().from(historyPlayers).where(eq(historyPlayers.season, season)),
    db.select().from(historyTransfers).where(eq(historyTransfers.season, season)),
  ]);
  const clubs = clubRows.map((c) => ({
    ...c,
    aliases: (c.aliases ?? {
      results: c.name,
      understat: [],
      transfermarkt: [],
    }) as ClubInfo['aliases'],
  }));
  const loadEarlier = () => loadEarlierMatches(db, season, options.earlierSeasons);
  return {
    season,
    clubs,
    matches: matches.map((m) => {
      const recorded = shots.get(m.id);
      return {
        ...m,
        odds: m.odds as HistoryMatch['odds'],
        ...(recorded === undefined ? {} : { shots: recorded }),
      };
    }),
    ...(options.lazyEarlier === true
      ? { loadEarlierMatches: loadEarlier }
      : { earlierMatches: await loadEarlier() }),
    players,
    transfers,
  };
}

/** A season's recorded shots by history match id, each match's in order of play. */
async function listSeasonShots(db: Db, season: string): Promise<Map<number, HistoryShot[]>> {
  const rows = await db
    .select({
      matchId: historyShots.matchId,
      minute: historyShots.minute,
      playerSide: historyShots.playerSide,
      forSide: historyShots.forSide,
      player: historyShots.player,
      playerId: historyShots.playerId,
      assist: historyShots.assist,
      result: historyShots.result,
      situation: historyShots.situation,
      x: historyShots.x,
      y: historyShots.y,
      xg: historyShots.xg,
    })
    .from(historyShots)
    .innerJoin(historyMatches, eq(historyShots.matchId, historyMatches.id))
    .where(eq(historyMatches.season, season))
    .orderBy(asc(historyShots.matchId), asc(historyShots.seq));
  const byMatch = new Map<number, HistoryShot[]>();
  for (const { matchId, ...shot } of rows) {
    const list = byMatch.get(matchId) ?? [];
    list.push({
      ...shot,
      playerSide: shot.playerSide === 'away' ? 'away' : 'home',
      forSide: shot.forSide === 'away' ? 'away' : 'home',
    });
    byMatch.set(matchId, list);
  }
  return byMatch;
}

/** The columns of a move as the replay reads it. */
const HISTORY_TRANSFER_COLUMNS = {
  line: historyTransfers.line,
  div: historyTransfers.div,
  season: historyTransfers.season,
  window: historyTransfers.window,
  club: historyTransfers.club,
  player: historyTransfers.player,
  otherClub: historyTransfers.otherClub,
  direction: historyTransfers.direction,
  feeRaw: historyTransfers.feeRaw,
  feeEurM: historyTransfers.feeEurM,
};

/** Moves of the data set by their line numbers (a story's move), in the data set's order. */
export async function listHistoryTransfersByLine(
  db: Db,
  lines: readonly number[],
): Promise<HistoryTransfer[]> {
  if (lines.length === 0) return [];
  return db
    .select(HISTORY_TRANSFER_COLUMNS)
    .from(historyTransfers)
    .where(inArray(historyTransfers.line, [...new Set(lines)]))
    .orderBy(asc(historyTransfers.line));
}

/** The moves of one league's clubs in one transfer window, in the data set's order. */
export async function listHistoryTransfers(
  db: Db,
  options: { div: string; season: string; window: string; direction?: 'in' | 'out' },
): Promise<HistoryTransfer[]> {
  const conditions = [
    eq(historyTransfers.div, options.div),
    eq(historyTransfers.season, options.season),
    eq(historyTransfers.window, options.window),
  ];
  if (options.direction !== undefined)
    conditions.push(eq(historyTransfers.direction, options.direction));
  return db
    .select(HISTORY_TRANSFER_COLUMNS)
    .from(historyTransfers)
    .where(and(...conditions))
    .orderBy(asc(historyTransfers.line));
}
