import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';

import { parse } from 'csv-parse/sync';
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';

import { isFlagCode } from '../../domain/countries.ts';
import type { ClubInfo, HistoryMatch, ReplayDataset } from '../../domain/history.ts';
import { LEAGUES } from '../../domain/league.ts';
import type { Db } from '../db/client.ts';
import { findTableRecord, recordTables } from '../db/integrity.ts';
import {
  historyMatches,
  historyPlayers,
  historyShots,
  historyTransfers,
  leagues,
  settings,
  teams,
} from '../db/schema.ts';

const IMPORT_KEY = 'history_import';
const BATCH = 500;
/** Shots written per statement. */
const SHOT_BATCH = 20_000;
const SHOTS_FILE = 'shots.csv.gz';

export class DataFileError extends Error {}

const count = z.coerce.number().int().min(0);
const optionalCount = z.union([z.literal('').transform(() => null), count]);
/** Shots fit the smallint columns; files made before the shots columns have none. */
const optionalShots = z
  .union([z.literal('').transform(() => null), count.max(32_767)])
  .optional()
  .transform((value) => value ?? null);
const optionalPrice = z.union([z.literal('').transform(() => null), z.coerce.number().min(1)]);
const divSchema = z.enum(LEAGUES.map((l) => l.division) as [string, ...string[]]);
const seasonSchema = z.string().regex(/^\d{4}-\d{4}$/, 'must look like 2022-2023');

/** A player's nationality as a flag code, '' when unknown (and in files made before the column). */
const nationality = z
  .union([z.literal(''), z.string().refine(isFlagCode, 'must be a flag-icons country code')])
  .default('');

const ResultRow = z.looseObject({
  div: divSchema,
  season: seasonSchema,
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be YYYY-MM-DD'),
  time: z.union([z.literal(''), z.string().regex(/^\d{2}:\d{2}$/, 'must be HH:MM')]),
  home: z.string().min(1),
  away: z.string().min(1),
  fthg: count,
  ftag: count,
  hthg: optionalCount,
  htag: optionalCount,
  hs: optionalShots,
  as: optionalShots,
  hst: optionalShots,
  ast: optionalShots,
  hc: optionalShots,
  ac: optionalShots,
  hf: optionalShots,
  af: optionalShots,
  hy: optionalShots,
  ay: optionalShots,
  hr: optionalShots,
  ar: optionalShots,
  /** Files made before the column have none. */
  referee: z
    .string()
    .optional()
    .transform((name) => (name === undefined || name.trim() === '' ? null : name.trim())),
});
/** Every column of results that is not a price. */
const RESULT_FIELDS = new Set([
  'div',
  'season',
  'date',
  'time',
  'home',
  'away',
  'fthg',
  'ftag',
  'hthg',
  'htag',
  'hs',
  'as',
  'hst',
  'ast',
  'hc',
  'ac',
  'hf',
  'af',
  'hy',
  'ay',
  'hr',
  'ar',
  'referee',
]);

const PlayerRow = z.object({
  div: divSchema,
  season: seasonSchema,
  player_id: z.string().regex(/^\d+$/, 'must be a number'),
  player_name: z.string().min(1),
  team: z.string().min(1),
  position: z.string(),
  games: count,
  minutes: count,
  goals: count,
  assists: count,
  nationality,
});

const TransferRow = z.object({
  div: divSchema,
  season: seasonSchema,
  window: z.enum(['Summer', 'Winter']),
  club: z.string().min(1),
  player: z.string().min(1),
  // Transfermarkt writes NA for an unknown age.
  age: z.union([z.literal('NA').transform(() => null), optionalCount]),
  position: z.string(),
  other_club: z.string(),
  direction: z.enum(['in', 'out']),
  fee_raw: z.string(),
  fee_eur_m: z.union([z.literal('').transform(() => null), z.coerce.number().min(0)]),
  nationality,
});

const side = z.enum(['h', 'a']).transform((s) => (s === 'h' ? 'home' : 'away'));
const fraction = z.coerce.number().min(0).max(1);
/** A recorded shot, joined to its results row by league, season and the results' club names. */
const ShotRow = z.object({
  div: divSchema,
  season: seasonSchema,
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be YYYY-MM-DD'),
  home: z.string().min(1),
  away: z.string().min(1),
  minute: count.max(200),
  player_side: side,
  for_side: side,
  player: z.string().min(1),
  player_id: z.string().regex(/^\d+$/, 'must be a number'),
  player_assisted: z.string(),
  result: z.enum(['Goal', 'OwnGoal', 'SavedShot', 'BlockedShot', 'MissedShots', 'ShotOnPost']),
  situation: z.enum(['OpenPlay', 'FromCorner', 'SetPiece', 'DirectFreekick', 'Penalty']),
  shot_type: z.string(),
  x: fraction,
  y: fraction,
  xg: fraction,
});
type ShotRecord = z.infer<typeof ShotRow>;

const hex = z.string().regex(/^#[0-9a-f]{6}$/i, 'must be a #rrggbb colour');
const ClubRow = z.object({
  key: z.string().regex(/^[a-z0-9-]+$/, 'must be a kebab-case key'),
  name: z.string().min(1),
  short_name: z.string().min(1).max(5),
  primary_colour: hex,
  secondary_colour: hex,
  results_name: z.string().min(1),
  understat_names: z.string(),
  transfermarkt_names: z.string(),
  // Nicknames for telling which league a news item is about; older data folders lack the column.
  news_names: z.string().default(''),
});

const NAMED_ENTITIES: Record<string, string> = { amp: '&', quot: '"', apos: "'", lt: '<', gt: '>' };

/** Understat writes some names with HTML entities (M&#039;Bala Nzola): store the characters. */
export function decodeEntities(text: string): string {
  return text.replace(/&(#\d{1,6}|#x[0-9a-f]{1,6}|[a-z]+);/gi, (whole, code: string) => {
    if (!code.startsWith('#')) return NAMED_ENTITIES[code.toLowerCase()] ?? whole;
    const point = /^#x/i.test(code) ? Number.parseInt(code.slice(2), 16) : Number(code.slice(1));
    // NUL, lone surrogates and points beyond Unicode name no character: keep the text.
    const isCharacter = point > 0 && point <= 0x10ffff && (point < 0xd800 || point > 0xdfff);
    return isCharacter ? String.fromCodePoint(point) : whole;
  });
}

/** The rows of a file with the line each ends on (blank lines skipped but counted). */
type Parsed<T> = { file: string; rows: T[]; lines: number[] };

function parseCsv<S extends z.ZodType>(file: string, bytes: Buffer, schema: S): Parsed<z.infer<S>> {
  let records: { record: Record<string, string>; info: { lines: number } }[];
  try {
    records = parse(bytes, {
      columns: true,
      skip_empty_lines: true,
      relax_column_count: false,
      info: true,
    });
  } catch (error) {
    const line = (error as { lines?: number }).lines;
    throw new DataFileError(
      `${file}${line === undefined ? '' : ` line ${line}`}: ${(error as Error).message}`,
    );
  }
  const rows = records.map(({ record, info }) => {
    const result = schema.safeParse(record);
    if (!result.success) {
      const issue = result.error.issues[0];
      // Line numbers count the header as line 1.
      throw new DataFileError(
        `${file} line ${info.lines}: ${issue?.path.join('.') ?? 'row'} ${issue?.message ?? 'is invalid'}`,
      );
    }
    return result.data as z.infer<S>;
  });
  return { file, rows, lines: records.map((r) => r.info.lines) };
}

async function readDataFile(dir: string, name: string): Promise<Buffer> {
  const file = path.join(dir, name);
  let bytes: Buffer;
  try {
    bytes = await readFile(file);
  } catch {
    throw new DataFileError(`${name}: missing (looked in ${dir})`);
  }
  if (!name.endsWith('.gz')) return bytes;
  try {
    return gunzipSync(bytes);
  } catch {
    throw new DataFileError(`${name}: not a valid gzip file`);
  }
}

function toOdds(
  record: Record<string, unknown>,
  file: string,
  line: number,
): Record<string, number> {
  const odds: Record<string, number> = {};
  for (const [column, value] of Object.entries(record)) {
    if (RESULT_FIELDS.has(column) || value === '') continue;
    const price = optionalPrice.safeParse(value);
    if (!price.success)
      throw new DataFileError(`${file} line ${line}: ${column} must be a decimal price`);
    if (price.data !== null) odds[column] = price.data;
  }
  return odds;
}

/** Stops on the first repeated key, naming the file and both lines. */
function requireUnique<T>(parsed: Parsed<T>, keyOf: (row: T) => string, what: string) {
  const seen = new Map<string, number>();
  parsed.rows.forEach((row, index) => {
    const key = keyOf(row);
    const line = parsed.lines[index] ?? index + 2;
    const first = seen.get(key);
    if (first !== undefined) {
      throw new DataFileError(`${parsed.file} line ${line}: ${what} ${key} repeats line ${first}`);
    }
    seen.set(key, line);
  });
}

/** A match's key in the data files: league, season and the results' club names. */
const matchKey = (m: { div: string; season: string; home: string; away: string }) =>
  `${m.div} ${m.season} ${m.home} v ${m.away}`;

/**
 * The shots of each match, in the file's order (the order of play), by match key; a shot whose
 * match is not in the results stops the import with its line.
 */
function groupShots(
  file: Parsed<ShotRecord> | null,
  matches: readonly HistoryMatch[],
): Map<string, ShotRecord[]> {
  const byMatch = new Map<string, ShotRecord[]>();
  if (file === null) return byMatch;
  const known = new Set(matches.map(matchKey));
  file.rows.forEach((shot, index) => {
    const key = matchKey(shot);
    if (!known.has(key)) {
      throw new DataFileError(
        `${file.file} line ${file.lines[index] ?? index + 2}: no result for ${key}`,
      );
    }
    const list = byMatch.get(key) ?? [];
    list.push(shot);
    byMatch.set(key, list);
  });
  return byMatch;
}

/** Whether a match's goal and own-goal rows give exactly its final score. */
function holdsFinalScore(shots: readonly ShotRecord[], match: HistoryMatch): boolean {
  if (shots.length === 0) return false;
  let home = 0;
  let away = 0;
  for (const shot of shots) {
    if (shot.result !== 'Goal' && shot.result !== 'OwnGoal') continue;
    if (shot.for_side === 'home') home += 1;
    else away += 1;
  }
  return home === match.homeGoals && away === match.awayGoals;
}

/** A results file's rows as the replay reads them. */
function toHistoryMatches(file: Parsed<z.infer<typeof ResultRow>>): HistoryMatch[] {
  return file.rows.map((r, index) => ({
    div: r.div,
    season: r.season,
    date: r.date,
    time: r.time === '' ? null : r.time,
    home: r.home,
    away: r.away,
    homeGoals: r.fthg,
    awayGoals: r.ftag,
    htHomeGoals: r.hthg,
    htAwayGoals: r.htag,
    homeShots: r.hs,
    awayShots: r.as,
    homeShotsOnTarget: r.hst,
    awayShotsOnTarget: r.ast,
    homeCorners: r.hc,
    awayCorners: r.ac,
    homeFouls: r.hf,
    awayFouls: r.af,
    homeYellowCards: r.hy,
    awayYellowCards: r.ay,
    homeRedCards: r.hr,
    awayRedCards: r.ar,
    referee: r.referee,
    odds: toOdds(r, 'results.csv.gz', file.lines[index] ?? index + 2),
  }));
}

const getCrestUrl = (key: string) => `/img/crest/${key}.svg`;

function toClubAliases(club: z.infer<typeof ClubRow>): ClubInfo['aliases'] {
  const split = (names: string) => names.split('|').filter((n) => n !== '');
  return {
    results: club.results_name,
    understat: split(club.understat_names),
    transfermarkt: split(club.transfermarkt_names),
    news: split(club.news_names),
  };
}

/**
 * A season's replay data set read straight from the data files, validated as the import
 * validates them, with every earlier season's results; for tools that replay a season without
 * a database (the backtest's `site` figures). Player totals and transfers are left out: the
 * forecasts do not use them.
 */
export async function readReplayDatasetFiles(
  dataDir: string,
  season: string,
): Promise<ReplayDataset> {
  const [clubBytes, resultBytes] = await Promise.all([
    readDataFile(dataDir, 'clubs.csv'),
    readDataFile(dataDir, 'results.csv.gz'),
  ]);
  const matches = toHistoryMatches(parseCsv('results.csv.gz', resultBytes, ResultRow));
  const leagueOfResultsName = new Map<string, string>();
  for (const m of matches) {
    const slug = LEAGUES.find((l) => l.division === m.div)?.slug;
    if (slug === undefined) continue;
    leagueOfResultsName.set(m.home, slug);
    leagueOfResultsName.set(m.away, slug);
  }
  const clubs = parseCsv('clubs.csv', clubBytes, ClubRow).rows.map((club) => ({
    key: club.key,
    name: club.name,
    shortName: club.short_name,
    leagueSlug: leagueOfResultsName.get(club.results_name) ?? '',
    logoUrl: getCrestUrl(club.key),
    aliases: toClubAliases(club),
  }));
  return {
    season,
    clubs,
    matches: matches.filter((m) => m.season === season),
    earlierMatches: matches.filter((m) => m.season < season),
    players: [],
    transfers: [],
  };
}

export type ImportResult = {
  skipped: boolean;
  matches: number;
  shots: number;
  players: number;
  transfers: number;
  clubs: number;
};

/**
 * Loads the historical data files into the database in one transaction. Skips when the same
 * files were imported before; a corrupt file stops it with the file and line, changing nothing.
 */
export async function runImportHistory(deps: { db: Db; dataDir: string }): Promise<ImportResult> {
  const names = ['clubs.csv', 'results.csv.gz', 'players.csv.gz', 'transfers.csv.gz'] as const;
  const files = await Promise.all(names.map((name) => readDataFile(deps.dataDir, name)));
  // Recorded shots are optional: a data folder made before them replays with drawn goal times.
  const shotBytes = existsSync(path.join(deps.dataDir, SHOTS_FILE))
    ? await readDataFile(deps.dataDir, SHOTS_FILE)
    : null;
  const hash = createHash('sha256');
  for (const bytes of files) hash.update(bytes);
  if (shotBytes !== null) hash.update(shotBytes);
  const digest = hash.digest('hex');

  const previous = await deps.db.select().from(settings).where(eq(settings.key, IMPORT_KEY));
  // An import made before the start-up check existed recorded no tables: it runs once more.
  if (previous[0]?.value === digest && (await findTableRecord(deps.db)) !== null)
    return { skipped: true, matches: 0, shots: 0, players: 0, transfers: 0, clubs: 0 };

  const [clubBytes, resultBytes, playerBytes, transferBytes] = files as [
    Buffer,
    Buffer,
    Buffer,
    Buffer,
  ];
  const clubFile = parseCsv('clubs.csv', clubBytes, ClubRow);
  const resultFile = parseCsv('results.csv.gz', resultBytes, ResultRow);
  const playerFile = parseCsv('players.csv.gz', playerBytes, PlayerRow);
  const moveFile = parseCsv('transfers.csv.gz', transferBytes, TransferRow);
  const [clubs, results, players, moves] = [
    clubFile.rows,
    resultFile.rows,
    playerFile.rows,
    moveFile.rows,
  ];
  requireUnique(clubFile, (c) => c.key, 'key');
  requireUnique(resultFile, (r) => `${r.div} ${r.season} ${r.home} v ${r.away}`, 'match');
  requireUnique(playerFile, (p) => `${p.div} ${p.season} ${p.player_id}`, 'player_id');

  const shotFile = shotBytes === null ? null : parseCsv(SHOTS_FILE, shotBytes, ShotRow);
  const matchRows = toHistoryMatches(resultFile);
  const shotsByMatch = groupShots(shotFile, matchRows);
  for (const match of matchRows) {
    match.eventsRecorded = holdsFinalScore(shotsByMatch.get(matchKey(match)) ?? [], match);
  }

  const divOfResultsName = new Map<string, string>();
  for (const r of results) {
    divOfResultsName.set(r.home, r.div);
    divOfResultsName.set(r.away, r.div);
  }

  await deps.db.transaction(async (tx) => {
    const leagueRows = await tx.select({ id: leagues.id, code: leagues.code }).from(leagues);
    const leagueIdByCode = new Map(leagueRows.map((l) => [l.code, l.id]));
    const teamRows = clubs.map((club, index) => {
      const div = divOfResultsName.get(club.results_name);
      const leagueId = div === undefined ? undefined : leagueIdByCode.get(div);
      if (leagueId === undefined) {
        throw new DataFileError(
          `clubs.csv line ${clubFile.lines[index] ?? index + 2}: results_name "${club.results_name}" appears in no result`,
        );
      }
      return {
        key: club.key,
        leagueId,
        name: club.name,
        shortName: club.short_name,
        primaryColour: club.primary_colour,
        secondaryColour: club.secondary_colour,
        logoUrl: getCrestUrl(club.key),
        aliases: toClubAliases(club),
      };
    });
    for (let i = 0; i < teamRows.length; i += BATCH) {
      await tx
        .insert(teams)
        .values(teamRows.slice(i, i + BATCH))
        .onConflictDoUpdate({
          target: teams.key,
          set: {
            leagueId: sql`excluded.league_id`,
            name: sql`excluded.name`,
            shortName: sql`excluded.short_name`,
            primaryColour: sql`excluded.primary_colour`,
            secondaryColour: sql`excluded.secondary_colour`,
            logoUrl: sql`excluded.logo_url`,
            aliases: sql`excluded.aliases`,
          },
        });
    }

    await tx.delete(historyMatches);
    await tx.delete(historyPlayers);
    await tx.delete(historyTransfers);
    const matchIds = new Map<string, number>();
    for (let i = 0; i < matchRows.length; i += BATCH) {
      const inserted = await tx
        .insert(historyMatches)
        .values(matchRows.slice(i, i + BATCH))
        .returning({
          id: historyMatches.id,
          div: historyMatches.div,
          season: historyMatches.season,
          home: historyMatches.home,
          away: historyMatches.away,
        });
      for (const row of inserted) matchIds.set(matchKey(row), row.id);
    }
    const shotRows = [...shotsByMatch].flatMap(([key, shots]) => {
      const matchId = matchIds.get(key) as number;
      return shots.map((shot, seq) => ({
        match_id: matchId,
        seq,
        minute: shot.minute,
        player_side: shot.player_side,
        for_side: shot.for_side,
        player: decodeEntities(shot.player),
        player_id: shot.player_id,
        assist: shot.player_assisted === '' ? null : decodeEntities(shot.player_assisted),
        result: shot.result,
        situation: shot.situation,
        shot_type: shot.shot_type,
        x: shot.x,
        y: shot.y,
        xg: shot.xg,
      }));
    });
    // As one JSON document per chunk, which the database takes apart: a third of a million
    // rows would otherwise be several million bound parameters to build and send.
    for (let i = 0; i < shotRows.length; i += SHOT_BATCH) {
      await tx.execute(sql`
        insert into ${historyShots} (match_id, seq, minute, player_side, for_side, player,
          player_id, assist, result, situation, shot_type, x, y, xg)
        select match_id, seq, minute, player_side, for_side, player, player_id, assist, result,
          situation, shot_type, x, y, xg
        from jsonb_to_recordset(${JSON.stringify(shotRows.slice(i, i + SHOT_BATCH))}::jsonb)
          as shot(match_id integer, seq smallint, minute smallint, player_side text,
            for_side text, player text, player_id text, assist text, result text,
            situation text, shot_type text, x real, y real, xg real)
      `);
    }
    const playerRows = players.map((p) => ({
      div: p.div,
      season: p.season,
      playerId: p.player_id,
      name: decodeEntities(p.player_name),
      team: p.team,
      position: p.position,
      games: p.games,
      minutes: p.minutes,
      goals: p.goals,
      assists: p.assists,
      nationality: p.nationality,
    }));
    for (let i = 0; i < playerRows.length; i += BATCH) {
      await tx.insert(historyPlayers).values(playerRows.slice(i, i + BATCH));
    }
    const transferRows = moves.map((m, index) => ({
      line: moveFile.lines[index] ?? index + 2,
      div: m.div,
      season: m.season,
      window: m.window,
      club: m.club,
      player: decodeEntities(m.player),
      age: m.age,
      position: m.position,
      otherClub: m.other_club,
      direction: m.direction,
      feeRaw: m.fee_raw,
      feeEurM: m.fee_eur_m,
      nationality: m.nationality,
    }));
    for (let i = 0; i < transferRows.length; i += BATCH) {
      await tx.insert(historyTransfers).values(transferRows.slice(i, i + BATCH));
    }
    // What the tables hold now, which the start-up check compares them with (db/integrity.ts).
    await recordTables(tx, [historyMatches, historyShots, historyPlayers, historyTransfers, teams]);
    await tx
      .insert(settings)
      .values({ key: IMPORT_KEY, value: digest })
      .onConflictDoUpdate({ target: settings.key, set: { value: digest, updatedAt: new Date() } });
  });

  return {
    skipped: false,
    matches: matchRows.length,
    shots: shotFile?.rows.length ?? 0,
    players: players.length,
    transfers: moves.length,
    clubs: clubs.length,
  };
}
