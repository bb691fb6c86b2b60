import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';

import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { DATA_DIR } from '../../../tests/helpers/real-replay-data.ts';
import { createTestDb, type TestDatabase } from '../../../tests/helpers/test-db.ts';
import { LEAGUES } from '../../domain/league.ts';
import { getClubNamer } from './club-names.ts';

// Every club name the shipped data files use (results and their odds, transfers on both sides of
// a move) is shown as the club table names the club, read through what the import stored.

type Row = Record<string, string>;

function readCsv(file: string): Row[] {
  const bytes = readFileSync(path.join(DATA_DIR, file));
  const text = file.endsWith('.gz') ? gunzipSync(bytes).toString('utf8') : bytes.toString('utf8');
  return parse(text, { columns: true, skip_empty_lines: true }) as Row[];
}

const split = (names: string | undefined) => (names ?? '').split('|').filter((n) => n !== '');

/** Transfermarkt's words for the other side of a move that is no club. */
const NO_CLUB = new Set(['Without Club', 'Retired', 'Unknown', 'Career break']);

let database: TestDatabase;
let nameOf: (spelling: string) => string;
const clubs = readCsv('clubs.csv');
const transfers = readCsv('transfers.csv.gz');
/** Each club's name by its Transfermarkt spelling as the `club` of a row. */
const byTransfermarktName = new Map(
  clubs.flatMap((club) => split(club.transfermarkt_names).map((n) => [n, club.name] as const)),
);

beforeAll(async () => {
  database = await createTestDb(LEAGUES, { history: true });
  nameOf = await getClubNamer(database.db);
}, 120_000);
afterAll(async () => {
  await database?.close();
});

describe("the site's names for the data files' clubs", () => {
  it('names every club of the results (and their odds) as the club table does', () => {
    const byResultsName = new Map(clubs.map((club) => [club.results_name, club.name]));
    const names = new Set(readCsv('results.csv.gz').flatMap((m) => [m.home, m.away]));
    expect(names.size).toBeGreaterThan(100);
    for (const name of names) {
      expect(byResultsName.has(name), name).toBe(true);
      expect(nameOf(name ?? ''), name).toBe(byResultsName.get(name ?? ''));
    }
  });

  it("names every transfer's club as the club table does", () => {
    const names = new Set(transfers.map((t) => t.club ?? ''));
    for (const name of names) expect(nameOf(name), name).toBe(byTransfermarktName.get(name));
  });

  it('names the other side of a move between two clubs of the leagues as the club table does', () => {
    // A move between two of the leagues' clubs is listed twice, out of one and into the other,
    // with the same fee: the other side of each row is the club of its twin. A spelling counts
    // for the club it stands for in most of its moves, and in two at least (a player moving
    // twice in a window pairs rows of two moves).
    const rowsByMove = new Map<string, Row[]>();
    for (const row of transfers) {
      const key = [row.season, row.window, row.player, row.fee_raw].join('\n');
      rowsByMove.set(key, [...(rowsByMove.get(key) ?? []), row]);
    }
    const clubsBySpelling = new Map<string, string[]>();
    for (const rows of rowsByMove.values()) {
      const out = rows.filter((r) => r.direction === 'out');
      const into = rows.filter((r) => r.direction === 'in');
      if (out.length !== 1 || into.length !== 1) continue;
      const [a, b] = [out[0] as Row, into[0] as Row];
      if (a.club === b.club || NO_CLUB.has(a.other_club ?? '') || NO_CLUB.has(b.other_club ?? ''))
        continue;
      for (const [row, twin] of [
        [a, b],
        [b, a],
      ] as const) {
        const spelling = row.other_club ?? '';
        const club = byTransfermarktName.get(twin.club ?? '') ?? '';
        clubsBySpelling.set(spelling, [...(clubsBySpelling.get(spelling) ?? []), club]);
      }
    }
    expect(clubsBySpelling.size).toBeGreaterThan(100);
    const wrong: string[] = [];
    for (const [spelling, named] of clubsBySpelling) {
      const counts = new Map<string, number>();
      for (const club of named) counts.set(club, (counts.get(club) ?? 0) + 1);
      const [club, count] = [...counts].sort((x, y) => y[1] - x[1])[0] as [string, number];
      if (count < 2 || count * 2 <= named.length) continue;
      if (nameOf(spelling) !== club) wrong.push(`${spelling} → ${nameOf(spelling)}, not ${club}`);
    }
    expect(wrong).toEqual([]);
  });

  it("keeps the name of a club the table does not hold, and of a club's youth or reserve side", () => {
    for (const name of ['Man City U23', 'Barcelona B', 'FC Porto', 'Without Club']) {
      expect(nameOf(name)).toBe(name);
    }
  });
});
