// Over 400 lines: one pipeline (read, check, write, describe in README.md), read top to bottom.
// Builds Touchline's embedded historical data in data/ from the source CSV files: results.csv.gz,
// players.csv.gz, transfers.csv.gz (both with each player's nationality joined in), shots.csv.gz
// (Understat's shots, each joined to its results row) and README.md.
// data/clubs.csv is maintained by hand; this script only reads it and verifies it against every
// team name the sources use.
//
//   node scripts/prepare-data.ts [source-folder]   (default: ../shared/data from the repo root)
//
// Same input, same bytes out: rows are sorted with plain code-unit comparisons and gzip headers
// carry no timestamp. Nothing is written when a check fails.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';

import { parse } from 'csv-parse/sync';

import { isFlagCode } from '../src/domain/countries.ts';
import { LEAGUES } from '../src/domain/league.ts';
import {
  disagreementKind,
  joinShots,
  SHOT_COLUMNS,
  UNDERSTAT_SHOT_COLUMNS,
  type KnownDisagreement,
  type ResultsMatch,
  type ShotJoinCounts,
  type UnderstatShot,
} from '../src/domain/understat-shots.ts';

/** football-data.co.uk division codes of the registry's leagues, in the site's order. */
const DIVISIONS = LEAGUES.map((league) => league.division);
const NUMBER_WORDS = ['no', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine'];
/** "the five leagues": the number of leagues in words. */
const LEAGUE_COUNT = NUMBER_WORDS[LEAGUES.length] ?? String(LEAGUES.length);
const RESULTS_SEASONS = seasonRange('2005-2006', '2025-2026');
const TRANSFER_SEASONS = seasonRange('2014-2015', '2022-2023');
/** Understat's shot files: these seasons, the last one only up to the day it was taken. */
const SHOT_SEASONS = seasonRange('2014-2015', '2021-2022');
const SHOTS_UNTIL = '2021-12-12';
/** Understat's name of each league, in its shot files' names (shots_epl_14-15.csv.gz). */
const UNDERSTAT_LEAGUES: Readonly<Record<string, string>> = {
  E0: 'epl',
  SP1: 'la_liga',
  I1: 'serie_a',
  D1: 'bundesliga',
  F1: 'ligue_1',
};
const GOALS_MISSING = "goal rows missing from Understat's shots; its own score has the goals";
const AWARDED = 'played 2-1, awarded 0-3; the results have the awarded score';
const STALE_SCORE = "Understat's own score is a stale 0-0; its goal rows have the goals";
const DATED_APART = "Understat's date is 11 days earlier; same clubs, season and score: joined";
const NOT_IN_UNDERSTAT = "not in Understat's shot files";
/**
 * Where Understat's shots and the results disagree, checked by hand. Any other disagreement
 * stops the script, and so does an entry here that no longer occurs: the list stays exact.
 * Arguments: the results row (div, date, home, away), the score of the shots' goal rows,
 * Understat's own score, the results' full-time score, why, and Understat's date if it is more
 * than a day away (null scores: no shots).
 */
const KNOWN_SHOT_DISAGREEMENTS: readonly KnownDisagreement[] = [
  known('D1', '2015-02-07', 'Stuttgart', 'Bayern Munich', '0-1', '0-2', '0-2', GOALS_MISSING),
  known('SP1', '2015-02-08', 'Espanol', 'Valencia', '1-1', '1-2', '1-2', GOALS_MISSING),
  known('F1', '2015-01-09', 'Montpellier', 'Marseille', '1-0', '2-1', '2-1', GOALS_MISSING),
  known('F1', '2015-03-22', 'Lens', 'Marseille', '0-0', '0-4', '0-4', GOALS_MISSING),
  known('F1', '2015-04-05', 'Marseille', 'Paris SG', '2-1', '2-3', '2-3', GOALS_MISSING),
  known('D1', '2021-09-12', 'Ein Frankfurt', 'Stuttgart', '1-0', '1-1', '1-1', GOALS_MISSING),
  known('I1', '2016-08-28', 'Sassuolo', 'Pescara', '2-1', '2-1', '0-3', AWARDED),
  known('SP1', '2021-11-20', 'Ath Madrid', 'Osasuna', '1-0', '0-0', '1-0', STALE_SCORE),
  known('I1', '2021-12-01', 'Inter', 'Spezia', '2-0', '0-0', '2-0', STALE_SCORE),
  known('F1', '2018-04-25', 'Caen', 'Toulouse', '0-0', '0-0', '0-0', DATED_APART, '2018-04-14'),
  known('F1', '2015-03-07', 'Rennes', 'Metz', null, null, '1-0', NOT_IN_UNDERSTAT),
  known('F1', '2017-04-16', 'Bastia', 'Lyon', null, null, '0-3', NOT_IN_UNDERSTAT),
  known('D1', '2017-10-21', 'Augsburg', 'Hannover', null, null, '1-2', NOT_IN_UNDERSTAT),
  known('E0', '2019-03-09', 'Man City', 'Watford', null, null, '3-1', NOT_IN_UNDERSTAT),
];

/** Source column → output column, for the match part of results. */
const MATCH_COLUMNS = [
  ['Div', 'div'],
  ['Season', 'season'],
  ['Date', 'date'],
  ['Time', 'time'],
  ['HomeTeam', 'home'],
  ['AwayTeam', 'away'],
  ['FTHG', 'fthg'],
  ['FTAG', 'ftag'],
  ['HTHG', 'hthg'],
  ['HTAG', 'htag'],
  ['HS', 'hs'],
  ['AS', 'as'],
  ['HST', 'hst'],
  ['AST', 'ast'],
  ['HC', 'hc'],
  ['AC', 'ac'],
  ['HF', 'hf'],
  ['AF', 'af'],
  ['HY', 'hy'],
  ['AY', 'ay'],
  ['HR', 'hr'],
  ['AR', 'ar'],
  ['Referee', 'referee'],
] as const;
/** Output columns of counts that may be missing (empty) but are otherwise whole numbers. */
const OPTIONAL_COUNT_COLUMNS = [
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
];
/** The shot columns, which the README counts the matches without. */
const SHOT_COUNT_COLUMNS = ['hs', 'as', 'hst', 'ast'];
/** Odds columns kept, under their original football-data.co.uk names. */
const ODDS_COLUMNS = [
  ...['B365', 'BW', 'IW', 'PS', 'WH', 'VC', 'LB', 'BF', '1XB', 'BFE', 'Max', 'Avg'].flatMap(
    (prefix) => [`${prefix}H`, `${prefix}D`, `${prefix}A`],
  ),
  ...['BbMx', 'BbAv', 'PSC', 'B365C', 'MaxC', 'AvgC'].flatMap((prefix) => [
    `${prefix}H`,
    `${prefix}D`,
    `${prefix}A`,
  ]),
  ...['B365', 'P', 'BFE', 'Max', 'Avg', 'BbMx', 'BbAv', 'B365C', 'PC', 'MaxC', 'AvgC'].flatMap(
    (prefix) => [`${prefix}>2.5`, `${prefix}<2.5`],
  ),
];
const PLAYER_COLUMNS = [
  ['Div', 'div'],
  ['Season', 'season'],
  ['player_id', 'player_id'],
  ['player_name', 'player_name'],
  ['team', 'team'],
  ['position', 'position'],
  ['games', 'games'],
  ['minutes', 'minutes'],
  ['goals', 'goals'],
  ['assists', 'assists'],
] as const;
const TRANSFER_COLUMNS = [
  ['Div', 'div'],
  ['season', 'season'],
  ['window', 'window'],
  ['club', 'club'],
  ['player', 'player'],
  ['age', 'age'],
  ['position', 'position'],
  ['other_club', 'other_club'],
  ['direction', 'direction'],
  ['fee_raw', 'fee_raw'],
  ['fee_eur_m', 'fee_eur_m'],
] as const;
/** The column both player files gain: the player's flag-icons nationality code, '' when unknown. */
const NATIONALITY = 'nationality';
const CLUB_COLUMNS = [
  'key',
  'name',
  'short_name',
  'primary_colour',
  'secondary_colour',
  'results_name',
  'understat_names',
  'transfermarkt_names',
  'news_names',
] as const;
/** WCAG contrast ratio the two club colours must reach, so initials stay readable. */
const MIN_COLOUR_CONTRAST = 3;

type Table = { file: string; header: string[]; rows: string[][] };
type Club = {
  key: string;
  name: string;
  shortName: string;
  primaryColour: string;
  secondaryColour: string;
  resultsName: string;
  understatNames: string[];
  transfermarktNames: string[];
};
/** Team names of one source: name → league → seasons it appears in. */
type NameIndex = Map<string, Map<string, Set<string>>>;
type Output = { file: string; header: string[]; rows: string[][] };

function known(
  div: string,
  date: string,
  home: string,
  away: string,
  shots: string | null,
  understat: string | null,
  results: string | null,
  reason: string,
  understatDate?: string,
): KnownDisagreement {
  const dated = understatDate === undefined ? {} : { understatDate };
  return { div, date, home, away, ...dated, shots, understat, results, reason };
}

function seasonRange(first: string, last: string): string[] {
  const seasons: string[] = [];
  for (let year = Number(first.slice(0, 4)); year <= Number(last.slice(0, 4)); year++) {
    seasons.push(`${year}-${year + 1}`);
  }
  return seasons;
}

/** "2014-2015" as Understat's file names write it: "14-15". */
function shortSeason(season: string): string {
  return `${season.slice(2, 4)}-${season.slice(7, 9)}`;
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function at(row: readonly string[], index: number): string {
  const value = row[index];
  if (value === undefined) throw new Error(`row has no column ${index}: ${row.join(',')}`);
  return value;
}

function readCsv(file: string): Table {
  const bytes = readFileSync(file);
  const text = (file.endsWith('.gz') ? gunzipSync(bytes) : bytes).toString('utf8');
  const records = parse(text, { bom: true });
  const [header, ...rows] = records;
  if (header === undefined) throw new Error(`${file} is empty`);
  return { file, header, rows };
}

function columnIndex(table: Table, column: string): number {
  const index = table.header.indexOf(column);
  if (index < 0) throw new Error(`${table.file} has no column ${column}`);
  return index;
}

/** Keeps the given source columns, in that order. */
function select(table: Table, columns: readonly string[]): string[][] {
  const indexes = columns.map((column) => columnIndex(table, column));
  return table.rows.map((row) => indexes.map((index) => at(row, index)));
}

function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

function toCsv(header: readonly string[], rows: readonly (readonly string[])[]): string {
  return [header, ...rows].map((row) => row.map(csvField).join(',')).join('\n') + '\n';
}

function addName(index: NameIndex, name: string, div: string, season: string): void {
  let byLeague = index.get(name);
  if (byLeague === undefined) index.set(name, (byLeague = new Map()));
  let seasons = byLeague.get(div);
  if (seasons === undefined) byLeague.set(div, (seasons = new Set()));
  seasons.add(season);
}

function buildResults(source: string, errors: string[]): Output {
  const rows: string[][] = [];
  const countIndexes = MATCH_COLUMNS.flatMap(([, to], index) =>
    OPTIONAL_COUNT_COLUMNS.includes(to) ? [index] : [],
  );
  for (const div of DIVISIONS) {
    const table = readCsv(path.join(source, 'results', `${div}.csv`));
    const selected = select(table, [...MATCH_COLUMNS.map(([from]) => from), ...ODDS_COLUMNS]);
    const seen = new Set<string>();
    for (const row of selected) {
      const season = at(row, 1);
      if (!RESULTS_SEASONS.includes(season)) continue;
      if (at(row, 0) !== div) errors.push(`${table.file}: row with Div ${at(row, 0)}`);
      for (const index of countIndexes) {
        if (!/^(\d+)?$/.test(at(row, index))) {
          errors.push(`${table.file}: ${MATCH_COLUMNS[index]?.[0]} "${at(row, index)}" in ${row}`);
        }
      }
      seen.add(season);
      rows.push(row);
    }
    const missing = RESULTS_SEASONS.filter((season) => !seen.has(season));
    if (missing.length > 0) errors.push(`${table.file}: no matches in ${missing.join(', ')}`);
  }
  // date, time, div, home
  rows.sort(
    (a, b) =>
      compare(at(a, 2), at(b, 2)) ||
      compare(at(a, 3), at(b, 3)) ||
      compare(at(a, 0), at(b, 0)) ||
      compare(at(a, 4), at(b, 4)),
  );
  const header = [...MATCH_COLUMNS.map(([, to]) => to), ...ODDS_COLUMNS];
  return { file: 'results.csv.gz', header, rows };
}

/**
 * The nationality codes of one of the source's nationality files, by the key columns (joined
 * with a tab); a code the site draws no flag for, or a key given twice, is an error.
 */
function readNationalities(file: string, keyColumns: readonly string[], errors: string[]) {
  const table = readCsv(file);
  const codes = new Map<string, string>();
  select(table, [...keyColumns, 'country_code']).forEach((row, index) => {
    const key = row.slice(0, -1).join('\t');
    const code = at(row, keyColumns.length);
    if (!isFlagCode(code)) errors.push(`${file} line ${index + 2}: no flag for "${code}"`);
    if (codes.has(key)) errors.push(`${file} line ${index + 2}: ${key} given twice`);
    codes.set(key, code);
  });
  return codes;
}

/** Appends each row's nationality, found by the row's cells at keyIndexes ('' when unknown). */
function joinNationality(
  rows: string[][],
  keyIndexes: readonly number[],
  codes: Map<string, string>,
) {
  return rows.map((row) => [
    ...row,
    codes.get(keyIndexes.map((index) => at(row, index)).join('\t')) ?? '',
  ]);
}

/** Player season totals with each player's nationality, found by Understat id. */
export function buildPlayers(source: string, errors: string[]): Output {
  const table = readCsv(path.join(source, 'players', 'player_seasons.csv'));
  const rows = select(
    table,
    PLAYER_COLUMNS.map(([from]) => from),
  );
  for (const row of rows) {
    for (const index of [2, 6, 7, 8, 9]) {
      if (!/^\d+$/.test(at(row, index))) {
        errors.push(`${table.file}: ${PLAYER_COLUMNS[index]?.[0]} "${at(row, index)}" in ${row}`);
      }
    }
  }
  // div, season, goals descending, player_id
  rows.sort(
    (a, b) =>
      compare(at(a, 0), at(b, 0)) ||
      compare(at(a, 1), at(b, 1)) ||
      Number(at(b, 8)) - Number(at(a, 8)) ||
      Number(at(a, 2)) - Number(at(b, 2)),
  );
  const file = path.join(source, 'players', 'player_nationality.csv');
  return {
    file: 'players.csv.gz',
    header: [...PLAYER_COLUMNS.map(([, to]) => to), NATIONALITY],
    rows: joinNationality(rows, [2], readNationalities(file, ['player_id'], errors)),
  };
}

/** Transfers with each player's nationality, found by player name, club and season. */
export function buildTransfers(source: string, errors: string[]): Output {
  const table = readCsv(path.join(source, 'transfers', 'transfers.csv'));
  const rows = select(
    table,
    TRANSFER_COLUMNS.map(([from]) => from),
  ).filter((row) => TRANSFER_SEASONS.includes(at(row, 1)));
  const file = path.join(source, 'transfers', 'transfer_player_nationality.csv');
  const codes = readNationalities(file, ['player', 'club', 'season'], errors);
  return {
    file: 'transfers.csv.gz',
    header: [...TRANSFER_COLUMNS.map(([, to]) => to), NATIONALITY],
    rows: joinNationality(rows, [4, 3, 1], codes),
  };
}

function readClubs(file: string, errors: string[]): Club[] {
  const table = readCsv(file);
  if (table.header.join(',') !== CLUB_COLUMNS.join(',')) {
    errors.push(`${file}: header must be ${CLUB_COLUMNS.join(',')}`);
    return [];
  }
  const names = (value: string) => (value === '' ? [] : value.split('|'));
  return table.rows.map((row) => ({
    key: at(row, 0),
    name: at(row, 1),
    shortName: at(row, 2),
    primaryColour: at(row, 3),
    secondaryColour: at(row, 4),
    resultsName: at(row, 5),
    understatNames: names(at(row, 6)),
    transfermarktNames: names(at(row, 7)),
  }));
}

function luminance(hex: string): number {
  const [r = 0, g = 0, b = 0] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** Maps every name of one source to clubs, and reports names mapped twice, unknown or unused. */
function mapSource(
  label: string,
  clubs: readonly Club[],
  namesOf: (club: Club) => readonly string[],
  index: NameIndex,
  errors: string[],
  /** Further names of the source a club may carry (the other side of a move). */
  alsoIn: ReadonlySet<string> = new Set(),
): Map<string, Club> {
  const byName = new Map<string, Club>();
  for (const club of clubs) {
    const names = namesOf(club);
    if (new Set(names).size !== names.length) errors.push(`${club.key}: ${label} name twice`);
    for (const name of names) {
      const other = byName.get(name);
      if (other !== undefined && other !== club) {
        errors.push(`${label} name "${name}" belongs to both ${other.key} and ${club.key}`);
      }
      byName.set(name, club);
      if (!index.has(name) && !alsoIn.has(name))
        errors.push(`${club.key}: ${label} name "${name}" is not in the source`);
    }
  }
  for (const [name, byLeague] of index) {
    if (!byName.has(name)) {
      errors.push(`${label} name "${name}" (${[...byLeague.keys()].join(', ')}) has no club`);
    }
  }
  return byName;
}

/** Clubs per league and season, as one source sees them. */
function clubsBySeason(index: NameIndex, byName: Map<string, Club>): Map<string, Set<string>> {
  const result = new Map<string, Set<string>>();
  for (const [name, byLeague] of index) {
    const club = byName.get(name);
    if (club === undefined) continue;
    for (const [div, seasons] of byLeague) {
      for (const season of seasons) {
        const id = `${div} ${season}`;
        let keys = result.get(id);
        if (keys === undefined) result.set(id, (keys = new Set()));
        keys.add(club.key);
      }
    }
  }
  return result;
}

/** The clubs one source lists for a league season must be exactly the clubs that played in it. */
function compareSeasons(
  label: string,
  results: Map<string, Set<string>>,
  other: Map<string, Set<string>>,
  errors: string[],
): void {
  for (const [id, keys] of [...other].sort(([a], [b]) => compare(a, b))) {
    const played = results.get(id) ?? new Set<string>();
    const extra = [...keys].filter((key) => !played.has(key));
    const absent = [...played].filter((key) => !keys.has(key));
    if (extra.length > 0 || absent.length > 0) {
      errors.push(
        `${label} ${id}: clubs not in results [${extra.join(', ')}], ` +
          `results clubs missing [${absent.join(', ')}]`,
      );
    }
  }
}

function verifyClubs(
  clubs: readonly Club[],
  results: Output,
  players: Output,
  transfers: Output,
  errors: string[],
): void {
  const resultsIndex: NameIndex = new Map();
  for (const row of results.rows) {
    addName(resultsIndex, at(row, 4), at(row, 0), at(row, 1));
    addName(resultsIndex, at(row, 5), at(row, 0), at(row, 1));
  }
  const understatIndex: NameIndex = new Map();
  for (const row of players.rows) {
    for (const part of at(row, 4).split(',')) addName(understatIndex, part, at(row, 0), at(row, 1));
  }
  const transfermarktIndex: NameIndex = new Map();
  for (const row of transfers.rows) addName(transfermarktIndex, at(row, 3), at(row, 0), at(row, 1));
  // Transfermarkt writes the other side of a move shorter ("Bor. M'gladbach"): a club lists those
  // spellings too, so the site shows one name for it.
  const otherClubNames = new Set(transfers.rows.map((row) => at(row, 7)));

  const keys = new Set<string>();
  let previousKey = '';
  for (const club of clubs) {
    if (!/^[a-z0-9]+(-[a-z0-9]+)*$/.test(club.key)) errors.push(`key "${club.key}" not kebab-case`);
    if (keys.has(club.key)) errors.push(`key "${club.key}" used twice`);
    if (compare(previousKey, club.key) >= 0 && previousKey !== '') {
      errors.push(`key "${club.key}" out of order (rows must be sorted by key)`);
    }
    keys.add(club.key);
    previousKey = club.key;
    if (club.name.trim() === '' || club.name.trim() !== club.name) {
      errors.push(`${club.key}: name "${club.name}" empty or padded`);
    }
    if (!/^[A-Z]{3}$/.test(club.shortName)) {
      errors.push(`${club.key}: short_name "${club.shortName}" is not three capital letters`);
    }
    const colours = [club.primaryColour, club.secondaryColour];
    const badColours = colours.filter((colour) => !/^#[0-9a-f]{6}$/.test(colour));
    if (badColours.length > 0) {
      errors.push(`${club.key}: colour ${badColours.join(', ')} is not #rrggbb (lower case)`);
    } else if (contrast(club.primaryColour, club.secondaryColour) < MIN_COLOUR_CONTRAST) {
      errors.push(
        `${club.key}: colours ${colours.join(' / ')} contrast ` +
          `${contrast(club.primaryColour, club.secondaryColour).toFixed(2)} < ${MIN_COLOUR_CONTRAST}`,
      );
    }
  }

  const byResultsName = mapSource(
    'results',
    clubs,
    (club) => [club.resultsName],
    resultsIndex,
    errors,
  );
  const byUnderstatName = mapSource(
    'understat',
    clubs,
    (club) => club.understatNames,
    understatIndex,
    errors,
  );
  const byTransfermarktName = mapSource(
    'transfermarkt',
    clubs,
    (club) => club.transfermarktNames,
    transfermarktIndex,
    errors,
    otherClubNames,
  );

  // short_name is unique within each league the club played in.
  const shortNames = new Map<string, string>();
  for (const [name, byLeague] of resultsIndex) {
    const club = byResultsName.get(name);
    if (club === undefined) continue;
    for (const div of byLeague.keys()) {
      const other = shortNames.get(`${div} ${club.shortName}`);
      if (other !== undefined && other !== club.key) {
        errors.push(`short_name ${club.shortName} used by ${other} and ${club.key} in ${div}`);
      }
      shortNames.set(`${div} ${club.shortName}`, club.key);
    }
  }

  const resultsSeasons = clubsBySeason(resultsIndex, byResultsName);
  compareSeasons(
    'understat',
    resultsSeasons,
    clubsBySeason(understatIndex, byUnderstatName),
    errors,
  );
  compareSeasons(
    'transfermarkt',
    resultsSeasons,
    clubsBySeason(transfermarktIndex, byTransfermarktName),
    errors,
  );
}

/** The results rows as the shot join reads them. */
function resultsMatches(results: Output): ResultsMatch[] {
  const goals = (value: string) => (value === '' ? null : Number(value));
  return results.rows.map((row) => ({
    div: at(row, 0),
    season: at(row, 1),
    date: at(row, 2),
    home: at(row, 4),
    away: at(row, 5),
    fthg: Number(at(row, 6)),
    ftag: Number(at(row, 7)),
    hthg: goals(at(row, 8)),
    htag: goals(at(row, 9)),
  }));
}

type Shots = Output & { counts: ShotJoinCounts; known: KnownDisagreement[] };

/** Understat's shots of every league and season, each joined to its match in the results. */
function buildShots(
  source: string,
  results: Output,
  clubs: readonly Club[],
  errors: string[],
): Shots {
  const leagues = DIVISIONS.map((div) => {
    const league = UNDERSTAT_LEAGUES[div];
    if (league === undefined) {
      errors.push(`${div}: no Understat league name`);
      return { div, shots: [] };
    }
    const shots = SHOT_SEASONS.flatMap((season) => {
      const file = `shots_${league}_${shortSeason(season)}.csv.gz`;
      const table = readCsv(path.join(source, 'shots', file));
      return select(table, UNDERSTAT_SHOT_COLUMNS).map(
        (row) =>
          Object.fromEntries(
            UNDERSTAT_SHOT_COLUMNS.map((column, index) => [column, at(row, index)]),
          ) as UnderstatShot,
      );
    });
    return { div, shots };
  });
  const { rows, counts, known } = joinShots(
    {
      leagues,
      results: resultsMatches(results),
      clubOfUnderstatName: new Map(
        clubs.flatMap((club) => club.understatNames.map((name) => [name, club.key] as const)),
      ),
      clubOfResultsName: new Map(clubs.map((club) => [club.resultsName, club.key] as const)),
      coverage: { seasons: SHOT_SEASONS, until: SHOTS_UNTIL },
      known: KNOWN_SHOT_DISAGREEMENTS,
    },
    errors,
  );
  return { file: 'shots.csv.gz', header: [...SHOT_COLUMNS], rows, counts, known };
}

function thousands(n: number): string {
  return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

function megabytes(bytes: number): string {
  return bytes >= 1e6 ? `${(bytes / 1e6).toFixed(1)} MB` : `${(bytes / 1e3).toFixed(1)} KB`;
}

/** A Markdown table laid out the way Prettier lays it out (cells are ASCII). */
function markdownTable(header: string[], align: ('left' | 'right')[], rows: string[][]): string {
  const widths = header.map((cell, i) =>
    Math.max(3, cell.length, ...rows.map((row) => at(row, i).length)),
  );
  const line = (cells: string[]) =>
    `| ${cells
      .map((cell, i) =>
        align[i] === 'right' ? cell.padStart(widths[i] ?? 0) : cell.padEnd(widths[i] ?? 0),
      )
      .join(' | ')} |`;
  const rule = `| ${widths
    .map((width, i) => (align[i] === 'right' ? `${'-'.repeat(width - 1)}:` : '-'.repeat(width)))
    .join(' | ')} |`;
  return [line(header), rule, ...rows.map(line)].join('\n');
}

/** Wraps a paragraph at 100 columns, breaking only at spaces. */
function wrap(text: string): string {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    if (line !== '' && line.length + 1 + word.length > 100) {
      lines.push(line);
      line = word;
    } else {
      line = line === '' ? word : `${line} ${word}`;
    }
  }
  return [...lines, line].join('\n');
}

/** A paragraph written across lines in the template, wrapped anew at 100 columns. */
function paragraph(text: string): string {
  return wrap(text.replace(/\s+/g, ' ').trim());
}

type FileFacts = { rows: number; bytes: number; rawBytes: number };

function readme(
  results: Output,
  players: Output,
  transfers: Output,
  shots: Shots,
  clubs: readonly Club[],
  facts: Record<string, FileFacts>,
): string {
  const fact = (file: string): FileFacts => {
    const value = facts[file];
    if (value === undefined) throw new Error(`no facts for ${file}`);
    return value;
  };
  const seasons = (output: Output) => {
    const all = output.rows.map((row) => at(row, 1)).sort(compare);
    return `${all[0] ?? ''} to ${all.at(-1) ?? ''}`;
  };
  const fileRow = (file: string, what: string, span: string) => [
    `\`${file}\``,
    what,
    span,
    thousands(fact(file).rows),
    megabytes(fact(file).bytes),
    megabytes(fact(file).rawBytes),
  ];
  const filesTable = markdownTable(
    ['File', 'What', 'Seasons', 'Rows', 'Size', 'Uncompressed'],
    ['left', 'left', 'left', 'right', 'right', 'right'],
    [
      fileRow('results.csv.gz', 'match results, shots, bookmaker odds', seasons(results)),
      fileRow('players.csv.gz', 'player season totals, nationality', seasons(players)),
      fileRow('transfers.csv.gz', 'club transfers in and out, nationality', seasons(transfers)),
      fileRow('shots.csv.gz', 'every shot, joined to its match', seasons(shots)),
      fileRow('clubs.csv', 'club names, codes, colours', 'all of the above'),
    ],
  );
  const count = (output: Output, div: string) =>
    output.rows.filter((row) => at(row, 0) === div).length;
  /** Share of the rows (of one league, or all) that carry a nationality, e.g. "99.7%". */
  const withNationality = (output: Output, div?: string) => {
    const rows = output.rows.filter((row) => div === undefined || at(row, 0) === div);
    const known = rows.filter((row) => row.at(-1) !== '').length;
    return `${((100 * known) / Math.max(1, rows.length)).toFixed(1)}%`;
  };
  const lastTransferSeason = transfers.rows
    .map((row) => at(row, 1))
    .reduce((a, b) => (a > b ? a : b));
  const lastSeasonTransfers: Output = {
    ...transfers,
    rows: transfers.rows.filter((row) => at(row, 1) === lastTransferSeason),
  };
  const escapedNames = players.rows.filter((row) => /&#?\w+;/.test(at(row, 3))).length;
  const shotIndexes = SHOT_COUNT_COLUMNS.map((column) => results.header.indexOf(column));
  const withoutShots = results.rows.filter((row) =>
    shotIndexes.some((index) => at(row, index) === ''),
  ).length;
  const clubCount = (div: string) => {
    const names = new Set(
      results.rows.filter((row) => at(row, 0) === div).flatMap((row) => [at(row, 4), at(row, 5)]),
    );
    return clubs.filter((club) => names.has(club.resultsName)).length;
  };
  const leaguesTable = markdownTable(
    [
      'League',
      'Code',
      'Matches',
      'Player rows',
      'with nationality',
      'Transfer rows',
      'with nationality',
      'Shots',
      'Clubs',
    ],
    ['left', 'left', 'right', 'right', 'right', 'right', 'right', 'right', 'right'],
    LEAGUES.map(({ name, division: div }) => [
      name,
      `\`${div}\``,
      thousands(count(results, div)),
      thousands(count(players, div)),
      withNationality(players, div),
      thousands(count(transfers, div)),
      withNationality(transfers, div),
      thousands(count(shots, div)),
      thousands(clubCount(div)),
    ]),
  );
  const code = (columns: readonly string[]) => wrap(columns.map((c) => `\`${c}\``).join(', '));
  const shotCounts = shots.counts;
  const share = (part: number, whole: number) =>
    `${((100 * part) / Math.max(1, whole)).toFixed(1)}%`;
  const knownTable = markdownTable(
    ['League', 'Date', 'Home', 'Away', 'Shots', 'Understat', 'Results', 'Why'],
    ['left', 'left', 'left', 'left', 'left', 'left', 'left', 'left'],
    shots.known.map((entry) => [
      `\`${entry.div}\``,
      entry.understatDate === undefined
        ? entry.date
        : `${entry.date} (Understat ${entry.understatDate})`,
      entry.home,
      entry.away,
      entry.shots ?? 'no shots',
      entry.understat ?? '',
      entry.results ?? 'no row',
      entry.reason,
    ]),
  );
  const knownOf = (kind: ReturnType<typeof disagreementKind>) =>
    shots.known.filter((entry) => disagreementKind(entry) === kind).length;
  const shotNames = shots.header.flatMap((column, index) =>
    column === 'player' || column === 'player_assisted' ? [index] : [],
  );
  const escapedShotNames = shots.rows.filter((row) =>
    shotNames.some((index) => /&#?\w+;/.test(at(row, index))),
  ).length;
  const [shotsFrom, shotsTo] = [SHOT_SEASONS[0] ?? '', SHOT_SEASONS.at(-1) ?? ''];
  const shotsUntil = new Date(`${SHOTS_UNTIL}T00:00:00Z`).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
  const clubColumns = markdownTable(
    ['Column', 'Meaning'],
    ['left', 'left'],
    [
      ['`key`', 'stable kebab-case ASCII slug, e.g. `manchester-united`'],
      ['`name`', 'display name, e.g. `Atlético Madrid`, `Inter`, `1. FC Köln`'],
      ['`short_name`', 'three-letter code, unique within a league, e.g. `MUN`, `PSG`'],
      ['`primary_colour`', 'main club colour, `#rrggbb`'],
      ['`secondary_colour`', 'second club colour, `#rrggbb`, contrast 3:1 or more on the first'],
      ['`results_name`', "the club's name in `results.csv.gz` (football-data.co.uk)"],
      [
        '`understat_names`',
        'every name the club has in `players.csv.gz`, joined with vertical bars',
      ],
      [
        '`transfermarkt_names`',
        'every name the club has in `transfers.csv.gz`, as `club` or `other_club`, joined with vertical bars',
      ],
      [
        '`news_names`',
        'nicknames news writes, e.g. `Gunners` for Arsenal, joined with vertical bars',
      ],
    ],
  );
  const sourcesTable = markdownTable(
    [
      'Data',
      'Taken from (public GitHub repository, snapshot)',
      'Original source',
      'Licence as stated',
    ],
    ['left', 'left', 'left', 'left'],
    [
      [
        'Results and half-time scores',
        '`datasets/football-datasets` (commit 436a51f, 2026-06-23)',
        'football-data.co.uk',
        'ODC Public Domain Dedication and License 1.0 (PDDL)',
      ],
      [
        'Bookmaker odds 2005-06 to 2023-24, kickoff times 2019-20 to 2023-24',
        '`Albert121s/123` (commit 9f3bdd7, 2025-06-08)',
        'football-data.co.uk',
        'none stated (no licence file)',
      ],
      [
        'Bookmaker odds and kickoff times 2024-25 and 2025-26',
        '`yassirHam/football-prediction` (commit 7f480cc, 2025-12-29)',
        'football-data.co.uk',
        'none stated (no licence file)',
      ],
      [
        'Player season totals (`players.csv.gz`)',
        '`vibedatascience/understat_players_aggregated` (commit 3bbac10, 2025-09-01)',
        'Understat.com',
        'none stated ("provided as-is for educational and analytical purposes")',
      ],
      [
        'Transfers (`transfers.csv.gz`)',
        '`ewenme/transfers` (commit b531325, 2023-04-11)',
        'Transfermarkt',
        "none stated (no licence file); its README says it was scraped per Transfermarkt's terms of use",
      ],
      [
        'Player nationality (`nationality` in `players.csv.gz` and `transfers.csv.gz`)',
        '`SrikarR8/FBRefStats` (HEAD 4005d90), `emordonez/transfermarkt-transfers` (commit 147c7b0), `RoachLok/football-pyspark` (commit 12bd1a7)',
        'FBref, Transfermarkt',
        'none stated for FBRefStats and football-pyspark; MIT for the transfermarkt-transfers code (the data is scraped)',
      ],
      [
        'Shots (`shots.csv.gz`), 2014-15 to 2020-21 and 2021-22 to 12 December 2021',
        '`douglasbc/scraping-understat-dataset` (commit 87960c2, 2021-12-12)',
        'Understat.com',
        'none stated (scraped from understat.com, like the player season totals)',
      ],
      [
        'Club names, codes, colours (`clubs.csv`)',
        "Touchline's own table",
        'Touchline',
        'part of Touchline',
      ],
    ],
  );

  return `# Touchline historical data

${paragraph(`The historical data Touchline ships with: results and bookmaker odds of the ${LEAGUE_COUNT} leagues it
covers (${LEAGUES.map((l) => `${l.name} \`${l.division}\``).join(', ')};
league codes are football-data.co.uk's), player season totals and transfers with each player's
nationality, every shot of ${shotsFrom} to ${shotsTo} joined to its match, and Touchline's own
club table. All files are UTF-8 CSV with a header row, comma
separated, \`\\n\` line ends; an empty field means missing. \`scripts/prepare-data.ts\` generates
everything here except \`clubs.csv\`, which is maintained by hand.`)}

${filesTable}

KB and MB are 1,000 and 1,000,000 bytes.

${leaguesTable}

## results.csv.gz

One row per league match, seasons ${seasons(results)} (matches per league in the table above),
sorted by \`date\`, \`time\`, \`div\`, \`home\`.

Match columns: \`div\` (league code), \`season\` (e.g. \`2024-2025\`), \`date\` (ISO date, UK
calendar date), \`time\` (kickoff \`HH:MM\`, UK local time; only from 2019-20 and only where odds
exist), \`home\`, \`away\` (football-data.co.uk team names, see \`clubs.csv\`), \`fthg\`, \`ftag\`
(full-time goals), \`hthg\`, \`htag\` (half-time goals), \`hs\`, \`as\` (home and away
shots), \`hst\`, \`ast\` (home and away shots on target); the four are empty where the
source lacks them, and ${thousands(withoutShots)} matches miss at least one. \`hc\`, \`ac\` (corners),
\`hf\`, \`af\` (fouls committed), \`hy\`, \`ay\` (yellow cards), \`hr\`, \`ar\` (red cards), each empty
where the source lacks it, and \`referee\` (the source names the referee of English matches only;
empty elsewhere). These are whole-match totals: the source gives no minute for them.

Odds columns, decimal odds under their original football-data.co.uk names:
${code(ODDS_COLUMNS)}.

The prefix names the bookmaker or aggregate (\`B365\` Bet365, \`BW\` bwin, \`IW\` Interwetten,
\`PS\`/\`P\` Pinnacle, \`WH\` William Hill, \`VC\` VC Bet, \`LB\` Ladbrokes, \`BF\` Betfair
sportsbook, \`1XB\` 1xBet, \`BFE\` Betfair Exchange, \`Max\`/\`Avg\` market maximum and average
from 2019-20, \`BbMx\`/\`BbAv\` BetBrain maximum and average until 2018-19); \`H\`/\`D\`/\`A\` is
home/draw/away, \`>2.5\`/\`<2.5\` over/under 2.5 goals, and a \`C\` after the prefix marks closing
odds (the last price before kickoff). Values are exactly as in the source files.

Coverage to keep in mind: Pinnacle pre-closing and closing 1X2 odds from 2012-13; \`Max\`/\`Avg\`
and all closing odds from 2019-20; in 2025-26 results are complete but odds and kickoff times stop
in December 2025 (the last three seasons with complete odds are 2022-23 to 2024-25). Ligue 1
2019-20 was stopped after 279 matches. Averages change meaning over time (BetBrain until 2018-19,
football-data.co.uk's market average from 2019-20, a different bookmaker set in 2025-26), so
compare them across eras with care.

## players.csv.gz

One row per player, league and season from Understat, seasons ${seasons(players)}, sorted by
\`div\` (as text: ${[...DIVISIONS].sort().join(', ')}), \`season\`, \`goals\` (descending), \`player_id\`
(numeric). Columns:
${code(players.header)}.

\`player_id\` is Understat's id, \`team\` is Understat's club name (a player who moved within a
league during the season has both clubs, comma separated, e.g. \`Manchester City,Swansea\`; the
field is then quoted), \`position\` holds Understat position codes (e.g. \`F M S\`), \`games\` and
\`minutes\` are appearances and minutes played. Goals and assists are Understat's counts and can
differ by one from official tallies. \`player_name\` is as Understat writes it:
${thousands(escapedNames)} rows carry the HTML entity \`&#039;\` for an apostrophe (\`N&#039;Golo Kanté\`), which
the import decodes. \`${NATIONALITY}\` is the player's nationality (see below), found by
\`player_id\`; it is given on ${withNationality(players)} of the rows.

## transfers.csv.gz

One row per transfer as listed on a club's Transfermarkt transfer page, seasons
${seasons(transfers)} (summer and winter windows), in source order. Columns:
${code(transfers.header)}.

\`div\` is the league of \`club\`, \`window\` is \`Summer\` or \`Winter\`, \`other_club\` the club
on the other side, \`direction\` \`in\` or \`out\`, \`fee_raw\` the fee text as shown (\`€40.00m\`,
\`€500Th.\`, \`loan transfer\`, \`free transfer\`, \`End of loan…\`, \`?\`, \`-\`) and \`fee_eur_m\`
the fee in millions of euros (0 for free transfers, empty when unknown or a loan). A move between
two clubs of these leagues appears twice (once \`out\`, once \`in\`); loans and loan returns are
rows too. \`${NATIONALITY}\` is the player's nationality (see below), found by \`player\`, \`club\`
and \`season\`; it is given on ${withNationality(transfers)} of the rows and on ${withNationality(lastSeasonTransfers)} in
${lastTransferSeason}, where most of the rest are youth and reserve players the sources do not know.

## Nationality

The \`${NATIONALITY}\` column of both files is the code of the player's flag in the \`flag-icons\`
package: ISO 3166-1 alpha-2 in lower case, or \`gb-eng\`, \`gb-sct\`, \`gb-wls\`, \`gb-nir\` for the
home nations and \`xk\` for Kosovo; empty when unknown. \`scripts/prepare-data.ts\` refuses any
other code. The source data set matched the codes to the players by normalised name, club and
season, taking FBref's national team first, then Transfermarkt's nationality; where the candidates
disagreed on the country it gives no code, a dual national has the national team they play for,
and a transfer of a player it also knows from Understat carries that player's code.

## shots.csv.gz

${paragraph(`Every shot Understat recorded in the ${LEAGUE_COUNT} leagues, one row per shot, each joined to
its match in \`results.csv.gz\`. Seasons ${shotsFrom} to ${SHOT_SEASONS.at(-2) ?? ''} are complete;
${shotsTo} stops on ${shotsUntil}, the day the source was taken (its later matches have no
shots). Sorted by \`date\`, \`div\`, \`home\`, \`minute\` (numeric) and Understat's shot id.
Columns: ${shots.header.map((c) => `\`${c}\``).join(', ')}.`)}

${paragraph(`\`div\`, \`season\`, \`date\`, \`home\` and \`away\` are those of the match's row in
\`results.csv.gz\` (\`div\`, \`season\`, \`home\` and \`away\` identify it), and
\`understat_match_id\` is Understat's id of the match. \`minute\` is the elapsed minute from 0;
stoppage time keeps counting, so a goal in first-half stoppage time reads 46 or more.
\`player_side\` is the shooter's side, \`h\` or \`a\`, as Understat gives it: for an
\`OwnGoal\` the shooter is the defender who put the ball in, so it is the side that conceded.
\`for_side\` is the side the shot counts for: the same as \`player_side\` except for an
\`OwnGoal\`, where it is the other side, so a match's goals are its \`Goal\` and \`OwnGoal\`
rows counted by \`for_side\`. \`player\` and \`player_id\` are the shooter (the id and the season
are in \`players.csv.gz\`), \`player_assisted\` the player whose pass made the chance (empty when
none; close to, not identical with, official assists). Names are as Understat writes them:
${thousands(escapedShotNames)} rows carry the HTML entity \`&#039;\` for an apostrophe, as in
\`players.csv.gz\`. \`result\` is \`Goal\`, \`OwnGoal\`, \`SavedShot\`, \`MissedShots\`,
\`BlockedShot\` or \`ShotOnPost\`; \`situation\` \`OpenPlay\`, \`FromCorner\`, \`SetPiece\`,
\`DirectFreekick\` or \`Penalty\`; \`shot_type\` \`RightFoot\`, \`LeftFoot\`, \`Head\` or
\`OtherBodyPart\`. \`x\` and \`y\` are the shot's position as fractions of the pitch (\`x\` towards
the attacked goal, \`y\` across), to 3 decimals, and \`xg\` is Understat's expected goals of the
shot, to 4 decimals.`)}

${paragraph(`Each Understat match is joined once, to the results row of the same league with the same two
clubs (both sources' names mapped through \`clubs.csv\`) dated at most a day apart: Understat
dates a match in local time, the results in UK time. Of ${thousands(shotCounts.understatMatches)} Understat
matches, ${thousands(shotCounts.joined)} are joined (${thousands(shotCounts.joinedByDate)} of them despite a known date
difference) and ${thousands(shotCounts.unmatched)} have no results row. Of the ${thousands(shotCounts.covered)} results matches of
these seasons (${shotsTo} up to ${shotsUntil}), ${thousands(shotCounts.absent)} have no shots.
Three scores of each joined match are compared: the one its \`Goal\` and \`OwnGoal\` rows give,
Understat's own final score (not shipped) and the results' full-time score. The goal rows give
exactly the full-time score in ${thousands(shotCounts.scoreAgrees)} matches
(${share(shotCounts.scoreAgrees, shotCounts.joined)}) and another in ${thousands(shotCounts.scoreDiffers)};
Understat's own score differs from its goal rows in ${thousands(shotCounts.understatScoreDiffers)}. Counting
minute 45 and before as the first half, the goal rows also give the half-time score in
${thousands(shotCounts.halfTimeAgrees)} of the ${thousands(shotCounts.halfTimeCompared)} matches that agree at full time and have one
(${share(shotCounts.halfTimeAgrees, shotCounts.halfTimeCompared)}); in the others a goal close to the break lands
in the other half: stoppage time keeps counting, so the minute does not say which half such a goal
was in.`)}

${paragraph(`Every disagreement is known and checked by hand: ${knownOf('score')} matches whose scores differ,
${knownOf('date')} joined despite its date, ${knownOf('no shots')} results matches without shots and
${knownOf('no results row')} Understat matches without a results row. \`scripts/prepare-data.ts\` lists them
and refuses to write anything when another one appears or a listed one no longer occurs. The
matches stay in both files: the results keep their score, the shots are what Understat recorded.`)}

${knownTable}

## clubs.csv

Touchline's club table, one row per club that played in any of the ${LEAGUE_COUNT} leagues in
${seasons(results)}, sorted by \`key\`: ${thousands(clubs.length)} clubs.

${clubColumns}

\`understat_names\` and \`transfermarkt_names\` are empty for clubs that do not appear in that
file's seasons. \`news_names\` (kept by hand) tell which league a news item is about.
\`scripts/prepare-data.ts\` refuses to write anything unless every team name of all three data files
maps to exactly one club, keys, results names and short names are unique, the colours are valid,
and, for every league season, the clubs in the players and transfers files are exactly the clubs
that played in it.

## Regenerating

From the repository root:

\`\`\`sh
node scripts/prepare-data.ts ../shared/data
\`\`\`

${paragraph(`The argument is the folder holding the source files (\`results/{${DIVISIONS.join(',')}}.csv\`,
\`players/player_seasons.csv\`, \`players/player_nationality.csv\`, \`transfers/transfers.csv\`,
\`transfers/transfer_player_nationality.csv\`, \`shots/shots_<league>_<yy-yy>.csv.gz\` for
${Object.values(UNDERSTAT_LEAGUES).join(', ')} and
${shortSeason(shotsFrom)} to ${shortSeason(shotsTo)}); \`../shared/data\` relative to the repository root
is the default. The script prints the rows and sizes of each file. The same source
files always give byte-identical output. When a new team name appears in a source, add it to
\`clubs.csv\` by hand; the script lists every name it cannot map.`)}

## Sources and licences

${sourcesTable}

Results come from football-data.co.uk through \`datasets/football-datasets\`, under the PDDL.
The odds were published free of charge by football-data.co.uk and reach Touchline through the two
repositories above; attribute them as "Football-Data.co.uk". The player season totals and the
shots are Understat's (understat.com), taken from the two repositories named above; credit them as
"Understat".

**Licence caveats.** Only the results part is under an explicit open licence (PDDL). Neither
football-data.co.uk's files nor the two GitHub copies carry an open licence for the odds: credit
"Football-Data.co.uk", and have someone confirm that redistributing historical odds inside
Touchline is acceptable before shipping them publicly. The Understat-, FBref- and
Transfermarkt-derived files (\`players.csv.gz\`, \`transfers.csv.gz\`, their nationality included,
and \`shots.csv.gz\`) are scraped from commercial sites with restrictive terms: treat them as
research and prototyping data unless cleared.

\`clubs.csv\` (names, three-letter codes, colours and the name mapping) is Touchline's own table.
`;
}

function main(): void {
  const repoRoot = path.resolve(import.meta.dirname, '..');
  const source = path.resolve(process.argv[2] ?? path.join(repoRoot, '..', 'shared', 'data'));
  const dataDir = path.join(repoRoot, 'data');
  const errors: string[] = [];

  const results = buildResults(source, errors);
  const players = buildPlayers(source, errors);
  const transfers = buildTransfers(source, errors);
  const clubsFile = path.join(dataDir, 'clubs.csv');
  const clubs = readClubs(clubsFile, errors);
  verifyClubs(clubs, results, players, transfers, errors);
  const shots = buildShots(source, results, clubs, errors);

  if (errors.length > 0) {
    process.stderr.write(
      `prepare-data: ${errors.length} problem(s), nothing written:\n` +
        errors.map((error) => `  - ${error}\n`).join(''),
    );
    process.exit(1);
  }

  mkdirSync(dataDir, { recursive: true });
  const facts: Record<string, FileFacts> = {};
  for (const output of [results, players, transfers, shots]) {
    const raw = Buffer.from(toCsv(output.header, output.rows), 'utf8');
    const gz = gzipSync(raw, { level: 9 });
    writeFileSync(path.join(dataDir, output.file), gz);
    facts[output.file] = { rows: output.rows.length, bytes: gz.length, rawBytes: raw.length };
  }
  const clubsBytes = readFileSync(clubsFile).length;
  facts['clubs.csv'] = { rows: clubs.length, bytes: clubsBytes, rawBytes: clubsBytes };
  const readmeText = readme(results, players, transfers, shots, clubs, facts);
  writeFileSync(path.join(dataDir, 'README.md'), readmeText);

  for (const [file, { rows, bytes }] of Object.entries(facts)) {
    process.stdout.write(`${file.padEnd(17)} ${thousands(rows).padStart(7)} rows ${bytes} bytes\n`);
  }
  process.stdout.write(`README.md         ${Buffer.byteLength(readmeText)} bytes\n`);
}

if (import.meta.main) main();
