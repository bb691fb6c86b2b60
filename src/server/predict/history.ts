import { readFile } from 'node:fs/promises';
import { gunzipSync } from 'node:zlib';

import { parse } from 'csv-parse/sync';

import { getPreClosingPrices } from '../../domain/pre-closing.ts';
import { getUkKickoffMs } from '../../domain/time-zone.ts';
import type { MatchShots, PlayedMatch } from './model.ts';

/** Decimal odds of one market from one source: [home, draw, away] or [over 2.5, under 2.5]. */
export type Prices = readonly number[];

export type SourcePrices = { result: Prices | null; overUnder: Prices | null };

/** The bookmaker sources the backtest scores, and the anchors' match set rule is built on. */
export type SourceKey = 'pinnacle' | 'average' | 'bet365';

export const SOURCE_KEYS: readonly SourceKey[] = ['pinnacle', 'average', 'bet365'];

/** Prices the models never see: they are kept apart for scoring the bookmakers. */
export type EvaluationOdds = Record<SourceKey, SourcePrices>;

type ColumnSets = {
  result: readonly (readonly string[])[];
  overUnder: readonly (readonly string[])[];
};

/**
 * Column sets of each evaluation source, as in the anchors' method (ANCHORS.md): for each match
 * the first complete set listed is used.
 */
export const EVALUATION_COLUMNS: Record<SourceKey, ColumnSets> = {
  pinnacle: {
    result: [
      ['PSCH', 'PSCD', 'PSCA'],
      ['PSH', 'PSD', 'PSA'],
    ],
    overUnder: [
      ['PC>2.5', 'PC<2.5'],
      ['P>2.5', 'P<2.5'],
    ],
  },
  average: {
    result: [
      ['AvgH', 'AvgD', 'AvgA'],
      ['BbAvH', 'BbAvD', 'BbAvA'],
    ],
    overUnder: [
      ['Avg>2.5', 'Avg<2.5'],
      ['BbAv>2.5', 'BbAv<2.5'],
    ],
  },
  bet365: {
    result: [['B365H', 'B365D', 'B365A']],
    overUnder: [['B365>2.5', 'B365<2.5']],
  },
};

/**
 * Columns the models' pre-closing prices may come from; getPreClosingPrices picks among them
 * (market average, else BetBrain average, else Bet365) and never reads closing prices.
 */
const PRE_CLOSING_COLUMNS = ['Avg', 'BbAv', 'B365'].flatMap((prefix) =>
  ['H', 'D', 'A', '>2.5', '<2.5'].map((suffix) => `${prefix}${suffix}`),
);

export type MatchHistory = {
  /** Every match of the file, in file order (date, time, league, home team). */
  matches: PlayedMatch[];
  /** Evaluation prices per match id. */
  evaluationOdds: Map<string, EvaluationOdds>;
};

export class HistoryFileError extends Error {}

/** Shot columns of results, in the order of MatchShots' fields. */
const SHOT_COLUMNS = ['hs', 'as', 'hst', 'ast'] as const;

/** The match's shots when all four are whole numbers (below 10,000); null when any is not. */
function parseShots(cells: readonly string[], positions: readonly number[]): MatchShots | null {
  const counts: number[] = [];
  for (const position of positions) {
    const text = cells[position] ?? '';
    if (!/^\d{1,4}$/.test(text)) return null;
    counts.push(Number(text));
  }
  const [home, away, homeOnTarget, awayOnTarget] = counts as [number, number, number, number];
  return { home, away, homeOnTarget, awayOnTarget };
}

/** A column set resolved to cell positions; -1 for a column the file does not have. */
type ResolvedSets = readonly (readonly number[])[];

/** A decimal price, or null when missing; odds of 1.0 or less are treated as missing. */
function parsePrice(text: string | undefined): number | null {
  if (text === undefined || text === '') return null;
  const price = Number(text);
  return Number.isFinite(price) && price > 1 ? price : null;
}

/** The prices of the first column set whose every price is present. */
function pickPrices(cells: readonly string[], sets: ResolvedSets): Prices | null {
  for (const positions of sets) {
    const prices = positions.map((position) => parsePrice(cells[position]));
    if (prices.every((price) => price !== null)) return prices as number[];
  }
  return null;
}

/** Parses the text of data/results.csv into played matches and their evaluation prices. */
export function parseMatchHistory(csv: string): MatchHistory {
  // Arrays rather than csv-parse's `columns` option: half the parse time on the 38,000-row file.
  const [header, ...rows] = parse(csv, { skip_empty_lines: true }) as string[][];
  if (header === undefined) throw new HistoryFileError('results: empty file');
  const positionOf = new Map(header.map((column, position) => [column, position]));
  const position = (column: string) => positionOf.get(column) ?? -1;
  const resolve = (sets: readonly (readonly string[])[]): ResolvedSets =>
    sets.map((columns) => columns.map(position));
  for (const column of ['div', 'season', 'date', 'time', 'home', 'away', 'fthg', 'ftag']) {
    if (!positionOf.has(column)) throw new HistoryFileError(`results: no ${column} column`);
  }
  const preClosingColumns = PRE_CLOSING_COLUMNS.map(
    (column) => [column, position(column)] as const,
  );
  const shotPositions = SHOT_COLUMNS.map(position);
  const evaluation = SOURCE_KEYS.map((key) => ({
    key,
    result: resolve(EVALUATION_COLUMNS[key].result),
    overUnder: resolve(EVALUATION_COLUMNS[key].overUnder),
  }));
  // Kick-off conversion goes through Intl; most matches share a date and time with another.
  const kickoffs = new Map<string, number>();

  const matches: PlayedMatch[] = [];
  const evaluationOdds = new Map<string, EvaluationOdds>();
  rows.forEach((cells, index) => {
    const line = index + 2;
    const field = (column: string, pattern: RegExp): string => {
      const text = cells[position(column)] ?? '';
      if (!pattern.test(text)) {
        throw new HistoryFileError(`results line ${line}: ${column} is invalid: "${text}"`);
      }
      return text;
    };
    const league = field('div', /^[A-Z0-9]+$/);
    const season = field('season', /^\d{4}-\d{4}$/);
    const date = field('date', /^\d{4}-\d{2}-\d{2}$/);
    const time = field('time', /^(\d{2}:\d{2})?$/);
    const home = field('home', /./);
    const away = field('away', /./);
    const id = `${league}:${date}:${home}:${away}`;
    if (evaluationOdds.has(id)) throw new HistoryFileError(`results line ${line}: duplicate ${id}`);
    const when = `${date} ${time}`;
    let kickoffMs = kickoffs.get(when);
    if (kickoffMs === undefined) {
      kickoffMs = getUkKickoffMs(date, time === '' ? null : time);
      kickoffs.set(when, kickoffMs);
    }

    const match: PlayedMatch = {
      id,
      league,
      season,
      kickoffMs,
      home,
      away,
      homeGoals: Number(field('fthg', /^\d+$/)),
      awayGoals: Number(field('ftag', /^\d+$/)),
    };
    const shots = parseShots(cells, shotPositions);
    if (shots !== null) match.shots = shots;
    const prices: Record<string, number> = {};
    for (const [column, at] of preClosingColumns) {
      const price = parsePrice(cells[at]);
      if (price !== null) prices[column] = price;
    }
    const preClosing = getPreClosingPrices(prices);
    if (Object.keys(preClosing).length > 0) match.preClosing = preClosing;
    matches.push(match);
    const odds = {} as EvaluationOdds;
    for (const source of evaluation) {
      odds[source.key] = {
        result: pickPrices(cells, source.result),
        overUnder: pickPrices(cells, source.overUnder),
      };
    }
    evaluationOdds.set(id, odds);
  });
  return { matches, evaluationOdds };
}

/** Reads data/results.csv.gz (or a plain .csv) into played matches and evaluation prices. */
export async function readMatchHistory(file: string): Promise<MatchHistory> {
  const bytes = await readFile(file);
  const text = (file.endsWith('.gz') ? gunzipSync(bytes) : bytes).toString('utf8');
  return parseMatchHistory(text);
}

/** Reads data/results.csv.gz into the played matches the models learn from. */
export async function readPlayedMatches(file: string): Promise<PlayedMatch[]> {
  return (await readMatchHistory(file)).matches;
}
