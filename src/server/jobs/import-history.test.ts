// Over 400 lines: every case imports small data files into the one test database of beforeAll.
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import { createTestDb, type TestDatabase } from '../../../tests/helpers/test-db.ts';
import { isFlagCode } from '../../domain/countries.ts';
import type { Db } from '../db/client.ts';
import { findTableRecord } from '../db/integrity.ts';
import {
  historyMatches,
  historyPlayers,
  historyShots,
  historyTransfers,
  leagues,
  settings,
  teams,
} from '../db/schema.ts';
import { DataFileError, decodeEntities, runImportHistory } from './import-history.ts';

const csv = (...lines: string[]) => `${lines.join('\n')}\n`;

const CLUBS = csv(
  'key,name,short_name,primary_colour,secondary_colour,results_name,understat_names,transfermarkt_names,news_names',
  'ac-milan,AC Milan,MIL,#fb090b,#000000,Milan,AC Milan,AC Milan,Rossoneri',
  'arsenal,Arsenal,ARS,#ef0107,#ffffff,Arsenal,Arsenal,Arsenal FC,Gunners',
  'chelsea,Chelsea,CHE,#034694,#ffffff,Chelsea,,Chelsea FC,',
  'inter,Inter,INT,#0068a8,#000000,Inter,Inter,Inter Milan|FC Internazionale,Nerazzurri|San Siro',
  'juventus,Juventus,JUV,#000000,#ffffff,Juventus,Juventus,Juventus FC,Juve',
);
const RESULTS = csv(
  'div,season,date,time,home,away,fthg,ftag,hthg,htag,hs,as,hst,ast,B365H,B365D,B365A,B365>2.5,B365<2.5',
  'I1,2024-2025,2024-08-17,17:30,Inter,Milan,2,1,1,0,14,9,6,3,1.8,3.6,4.5,1.9,1.95',
  'E0,2024-2025,2024-08-17,15:00,Arsenal,Chelsea,1,1,0,1,0,21,0,8,1.65,4,5.25,,',
  'I1,2024-2025,2024-08-18,,Juventus,Inter,0,0,,,12,7,,,,,,,',
);
const PLAYERS = csv(
  'div,season,player_id,player_name,team,position,games,minutes,goals,assists,nationality',
  'E0,2024-2025,2001,Bukayo Saka,Arsenal,F M,25,2100,10,11,gb-eng',
  'I1,2024-2025,1002,M&#039;Bala Nzola,"AC Milan,Inter",F S,20,1200,5,1,ao',
  'I1,2024-2025,1001,Lautaro Martínez,Inter,F S,30,2500,20,4,ar',
);
const TRANSFERS = csv(
  'div,season,window,club,player,age,position,other_club,direction,fee_raw,fee_eur_m,nationality',
  'E0,2024-2025,Summer,Arsenal FC,Riccardo Calafiori,22,Centre-Back,Bologna,in,€45.00m,45,it',
  'I1,2024-2025,Summer,Inter Milan,Piotr Zieliński,30,Central Midfield,SSC Napoli,in,free transfer,0,pl',
  'I1,2024-2025,Winter,Inter Milan,N&#039;Golo Ath&amp;Co,NA,Centre-Back,Genoa,out,loan transfer,,',
);

type FileName =
  'clubs.csv' | 'results.csv.gz' | 'players.csv.gz' | 'transfers.csv.gz' | 'shots.csv.gz';
/** Inter 2-1 Milan (1-0 at the break) as Understat recorded it, and a Juventus v Inter shot. */
const SHOTS = csv(
  'div,season,date,home,away,understat_match_id,minute,player_side,for_side,player,player_id,player_assisted,result,situation,shot_type,x,y,xg',
  'I1,2024-2025,2024-08-17,Inter,Milan,1,12,h,h,Lautaro Martínez,1001,,Goal,Penalty,RightFoot,0.885,0.5,0.7612',
  'I1,2024-2025,2024-08-17,Inter,Milan,1,47,a,a,M&#039;Bala Nzola,1002,,SavedShot,OpenPlay,Head,0.9,0.45,0.12',
  'I1,2024-2025,2024-08-17,Inter,Milan,1,60,a,h,Fikayo Tomori,1003,,OwnGoal,OpenPlay,LeftFoot,0.05,0.5,0',
  'I1,2024-2025,2024-08-17,Inter,Milan,1,88,a,a,M&#039;Bala Nzola,1002,Rafael Leão,Goal,OpenPlay,RightFoot,0.8,0.6,0.31',
  'I1,2024-2025,2024-08-18,Juventus,Inter,2,30,h,h,Dusan Vlahovic,1004,,MissedShots,OpenPlay,LeftFoot,0.7,0.4,0.05',
);

/** The four files every data folder has (the shots are optional: see the shots tests). */
const GOOD: Partial<Record<FileName, string>> = {
  'clubs.csv': CLUBS,
  'results.csv.gz': RESULTS,
  'players.csv.gz': PLAYERS,
  'transfers.csv.gz': TRANSFERS,
};

/** Replaces one cell (line 1 is the header) of a CSV whose line has no quoted commas. */
function setCell(text: string, line: number, column: string, value: string): string {
  const lines = text.split('\n');
  const index = (lines[0] ?? '').split(',').indexOf(column);
  const cells = (lines[line - 1] ?? '').split(',');
  if (index < 0 || cells.length < 2) throw new Error(`no cell ${column} on line ${line}`);
  cells[index] = value;
  lines[line - 1] = cells.join(',');
  return lines.join('\n');
}

const dirs: string[] = [];

/**
 * A data folder with the good files, some replaced: text (gzipped for .gz names), raw bytes
 * written as they are, or null for a missing file.
 */
async function writeDataDir(
  overrides: Partial<Record<FileName, string | Buffer | null>> = {},
): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'touchline-history-'));
  dirs.push(dir);
  for (const [name, content] of Object.entries({ ...GOOD, ...overrides })) {
    if (content == null) continue;
    const bytes = typeof content === 'string' && name.endsWith('.gz') ? gzipSync(content) : content;
    await writeFile(path.join(dir, name), bytes);
  }
  return dir;
}

/** Every row the import writes, to compare the database before and after. */
async function readState(db: Db) {
  return {
    matches: await db.select().from(historyMatches).orderBy(asc(historyMatches.id)),
    players: await db.select().from(historyPlayers).orderBy(asc(historyPlayers.id)),
    transfers: await db.select().from(historyTransfers).orderBy(asc(historyTransfers.id)),
    teams: await db.select().from(teams).orderBy(asc(teams.id)),
    settings: await db.select().from(settings).orderBy(asc(settings.key)),
  };
}

async function expectDataFileError(promise: Promise<unknown>, message: string) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DataFileError);
  expect((error as Error).message).toContain(message);
}

let database: TestDatabase;
let db: Db;
beforeAll(async () => {
  database = await createTestDb();
  db = database.db;
});
afterAll(async () => {
  await database.close();
  await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
});
beforeEach(async () => {
  await db.delete(historyMatches);
  await db.delete(historyPlayers);
  await db.delete(historyTransfers);
  await db.delete(settings);
  await db.delete(teams);
});

const importFrom = (dataDir: string) => runImportHistory({ db, dataDir });

describe('runImportHistory with recorded shots', () => {
  it('imports each shot with its match, in order, and marks the matches whose goal rows give the final score', async () => {
    const result = await importFrom(await writeDataDir({ 'shots.csv.gz': SHOTS }));
    expect(result).toMatchObject({ skipped: false, matches: 3, shots: 5 });
    const matches = await db.select().from(historyMatches).orderBy(asc(historyMatches.id));
    const byHome = new Map(matches.map((m) => [m.home, m]));
    // Inter 2-1 Milan: a penalty and Milan's own goal for Inter, Nzola for Milan.
    expect(byHome.get('Inter')?.eventsRecorded).toBe(true);
    // Juventus 0-0 Inter: one missed shot holds the goalless score.
    expect(byHome.get('Juventus')?.eventsRecorded).toBe(true);
    // Arsenal 1-1 Chelsea: no shot recorded.
    expect(byHome.get('Arsenal')?.eventsRecorded).toBe(false);
    const shots = await db
      .select()
      .from(historyShots)
      .orderBy(asc(historyShots.matchId), asc(historyShots.seq));
    expect(
      shots.map((s) => [
        s.matchId,
        s.seq,
        s.minute,
        s.playerSide,
        s.forSide,
        s.player,
        s.assist,
        s.result,
      ]),
    ).toEqual([
      [byHome.get('Inter')?.id, 0, 12, 'home', 'home', 'Lautaro Martínez', null, 'Goal'],
      [byHome.get('Inter')?.id, 1, 47, 'away', 'away', "M'Bala Nzola", null, 'SavedShot'],
      [byHome.get('Inter')?.id, 2, 60, 'away', 'home', 'Fikayo Tomori', null, 'OwnGoal'],
      [byHome.get('Inter')?.id, 3, 88, 'away', 'away', "M'Bala Nzola", 'Rafael Leão', 'Goal'],
      [byHome.get('Juventus')?.id, 0, 30, 'home', 'home', 'Dusan Vlahovic', null, 'MissedShots'],
    ]);
    expect(shots[0]).toMatchObject({ situation: 'Penalty', x: 0.885, y: 0.5 });
    expect(shots[0]?.xg).toBeCloseTo(0.7612, 4);
    expect(await findTableRecord(db)).toMatchObject({ history_shots: { rows: 5 } });
  });

  it('does not mark a match whose goal rows miss a goal of its score', async () => {
    // Drop Nzola's goal: the rows then give 2-0 for a 2-1 match.
    const shots = SHOTS.split('\n')
      .filter((line) => !line.includes('Rafael'))
      .join('\n');
    await importFrom(await writeDataDir({ 'shots.csv.gz': shots }));
    const [inter] = await db.select().from(historyMatches).where(eq(historyMatches.home, 'Inter'));
    expect(inter?.eventsRecorded).toBe(false);
  });

  it('refuses a shot of a match the results do not have, or with a bad figure, naming the line and changing nothing', async () => {
    await importFrom(await writeDataDir());
    const before = await readState(db);
    await expectDataFileError(
      importFrom(await writeDataDir({ 'shots.csv.gz': setCell(SHOTS, 3, 'away', 'Roma') })),
      'shots.csv.gz line 3: no result for I1 2024-2025 Inter v Roma',
    );
    await expectDataFileError(
      importFrom(await writeDataDir({ 'shots.csv.gz': setCell(SHOTS, 4, 'xg', '1.5') })),
      'shots.csv.gz line 4: xg',
    );
    await expectDataFileError(
      importFrom(await writeDataDir({ 'shots.csv.gz': setCell(SHOTS, 2, 'result', 'Scored') })),
      'shots.csv.gz line 2: result',
    );
    expect(await readState(db)).toEqual(before);
  });
});

describe('runImportHistory', () => {
  it('imports every row of the four files', async () => {
    const result = await importFrom(await writeDataDir());
    expect(result).toEqual({
      skipped: false,
      matches: 3,
      shots: 0,
      players: 3,
      transfers: 3,
      clubs: 5,
    });

    const state = await readState(db);
    expect(state.matches.map(({ id: _, ...row }) => row)).toEqual([
      {
        div: 'I1',
        season: '2024-2025',
        date: '2024-08-17',
        time: '17:30',
        home: 'Inter',
        away: 'Milan',
        homeGoals: 2,
        awayGoals: 1,
        htHomeGoals: 1,
        htAwayGoals: 0,
        homeShots: 14,
        awayShots: 9,
        homeShotsOnTarget: 6,
        awayShotsOnTarget: 3,
        odds: { B365H: 1.8, B365D: 3.6, B365A: 4.5, 'B365>2.5': 1.9, 'B365<2.5': 1.95 },
        homeCorners: null,
        awayCorners: null,
        homeFouls: null,
        awayFouls: null,
        homeYellowCards: null,
        awayYellowCards: null,
        homeRedCards: null,
        awayRedCards: null,
        referee: null,
        eventsRecorded: false,
      },
      {
        div: 'E0',
        season: '2024-2025',
        date: '2024-08-17',
        time: '15:00',
        home: 'Arsenal',
        away: 'Chelsea',
        homeGoals: 1,
        awayGoals: 1,
        htHomeGoals: 0,
        htAwayGoals: 1,
        homeShots: 0,
        awayShots: 21,
        homeShotsOnTarget: 0,
        awayShotsOnTarget: 8,
        odds: { B365H: 1.65, B365D: 4, B365A: 5.25 },
        homeCorners: null,
        awayCorners: null,
        homeFouls: null,
        awayFouls: null,
        homeYellowCards: null,
        awayYellowCards: null,
        homeRedCards: null,
        awayRedCards: null,
        referee: null,
        eventsRecorded: false,
      },
      {
        div: 'I1',
        season: '2024-2025',
        date: '2024-08-18',
        time: null,
        home: 'Juventus',
        away: 'Inter',
        homeGoals: 0,
        awayGoals: 0,
        htHomeGoals: null,
        htAwayGoals: null,
        homeShots: 12,
        awayShots: 7,
        homeShotsOnTarget: null,
        awayShotsOnTarget: null,
        odds: {},
        homeCorners: null,
        awayCorners: null,
        homeFouls: null,
        awayFouls: null,
        homeYellowCards: null,
        awayYellowCards: null,
        homeRedCards: null,
        awayRedCards: null,
        referee: null,
        eventsRecorded: false,
      },
    ]);
    expect(
      state.players.map((p) => [p.div, p.playerId, p.name, p.team, p.goals, p.nationality]),
    ).toEqual([
      ['E0', '2001', 'Bukayo Saka', 'Arsenal', 10, 'gb-eng'],
      ['I1', '1002', "M'Bala Nzola", 'AC Milan,Inter', 5, 'ao'],
      ['I1', '1001', 'Lautaro Martínez', 'Inter', 20, 'ar'],
    ]);
    expect(state.transfers.map(({ id: _, ...row }) => row)).toEqual([
      {
        line: 2,
        div: 'E0',
        season: '2024-2025',
        window: 'Summer',
        club: 'Arsenal FC',
        player: 'Riccardo Calafiori',
        age: 22,
        position: 'Centre-Back',
        otherClub: 'Bologna',
        direction: 'in',
        feeRaw: '€45.00m',
        feeEurM: 45,
        nationality: 'it',
      },
      expect.objectContaining({ line: 3, player: 'Piotr Zieliński', nationality: 'pl' }),
      expect.objectContaining({
        line: 4,
        player: "N'Golo Ath&Co",
        age: null,
        feeEurM: null,
        nationality: '',
      }),
    ]);
  });

  it('reads player and transfer files written before they had nationality', async () => {
    const older = (text: string) =>
      text
        .split('\n')
        .map((line) => line.replace(/,[^,]*$/, ''))
        .join('\n');
    expect(older(PLAYERS)).not.toContain('nationality');
    await importFrom(
      await writeDataDir({
        'players.csv.gz': older(PLAYERS),
        'transfers.csv.gz': older(TRANSFERS),
      }),
    );
    const state = await readState(db);
    expect(state.players.map((p) => [p.name, p.nationality])).toEqual([
      ['Bukayo Saka', ''],
      ["M'Bala Nzola", ''],
      ['Lautaro Martínez', ''],
    ]);
    expect(state.transfers.map((m) => [m.feeEurM, m.nationality])).toEqual([
      [45, ''],
      [0, ''],
      [null, ''],
    ]);
  });

  it('reads a results file written before it had shots, with no shots', async () => {
    const older = RESULTS.split('\n')
      .map((line) => line.split(',').toSpliced(10, 4).join(','))
      .join('\n');
    expect(older).not.toContain('hst');
    await importFrom(await writeDataDir({ 'results.csv.gz': older }));
    const state = await readState(db);
    expect(
      state.matches.map((m) => [
        m.homeGoals,
        m.homeShots,
        m.awayShots,
        m.homeShotsOnTarget,
        m.awayShotsOnTarget,
      ]),
    ).toEqual([
      [2, null, null, null, null],
      [1, null, null, null, null],
      [0, null, null, null, null],
    ]);
    expect(state.matches.map((m) => m.odds)).toEqual([
      { B365H: 1.8, B365D: 3.6, B365A: 4.5, 'B365>2.5': 1.9, 'B365<2.5': 1.95 },
      { B365H: 1.65, B365D: 4, B365A: 5.25 },
      {},
    ]);
  });

  it('creates the clubs in the league of their results, with their aliases', async () => {
    await importFrom(await writeDataDir());
    const rows = await db
      .select({
        key: teams.key,
        league: leagues.slug,
        name: teams.name,
        shortName: teams.shortName,
        logoUrl: teams.logoUrl,
        primaryColour: teams.primaryColour,
        secondaryColour: teams.secondaryColour,
        aliases: teams.aliases,
      })
      .from(teams)
      .innerJoin(leagues, eq(teams.leagueId, leagues.id))
      .orderBy(asc(teams.key));
    expect(rows.map((r) => [r.key, r.league])).toEqual([
      ['ac-milan', 'serie-a'],
      ['arsenal', 'premier-league'],
      ['chelsea', 'premier-league'],
      ['inter', 'serie-a'],
      ['juventus', 'serie-a'],
    ]);
    expect(rows.find((r) => r.key === 'inter')).toEqual({
      key: 'inter',
      league: 'serie-a',
      name: 'Inter',
      shortName: 'INT',
      logoUrl: '/img/crest/inter.svg',
      primaryColour: '#0068a8',
      secondaryColour: '#000000',
      aliases: {
        results: 'Inter',
        understat: ['Inter'],
        transfermarkt: ['Inter Milan', 'FC Internazionale'],
        news: ['Nerazzurri', 'San Siro'],
      },
    });
    expect(rows.find((r) => r.key === 'chelsea')?.aliases).toEqual({
      results: 'Chelsea',
      understat: [],
      transfermarkt: ['Chelsea FC'],
      news: [],
    });
  });

  it('reads a club file written before it had news names', async () => {
    const older = CLUBS.split('\n')
      .map((line) => line.replace(/,[^,]*$/, ''))
      .join('\n');
    await importFrom(await writeDataDir({ 'clubs.csv': older }));
    const [inter] = await db
      .select({ aliases: teams.aliases })
      .from(teams)
      .where(eq(teams.key, 'inter'));
    expect(inter?.aliases).toEqual({
      results: 'Inter',
      understat: ['Inter'],
      transfermarkt: ['Inter Milan', 'FC Internazionale'],
      news: [],
    });
  });

  it('skips a second run over the same files and changes nothing', async () => {
    const dir = await writeDataDir();
    await importFrom(dir);
    const before = await readState(db);

    const result = await importFrom(dir);
    expect(result).toEqual({
      skipped: true,
      matches: 0,
      shots: 0,
      players: 0,
      transfers: 0,
      clubs: 0,
    });
    expect(await readState(db)).toEqual(before);
  });

  it('records the rows of the tables it wrote, for the start-up check', async () => {
    await importFrom(await writeDataDir());
    expect(await findTableRecord(db)).toMatchObject({
      history_matches: { rows: 3 },
      history_players: { rows: 3 },
      history_transfers: { rows: 3 },
      teams: { rows: 5 },
    });
  });

  it('imports again over an import that recorded no tables (one made before the check)', async () => {
    const dir = await writeDataDir();
    await importFrom(dir);
    await db.delete(settings).where(eq(settings.key, 'recorded_tables'));

    expect(await importFrom(dir)).toMatchObject({ skipped: false, matches: 3 });
    expect(await findTableRecord(db)).not.toBeNull();
    expect(await importFrom(dir)).toMatchObject({ skipped: true });
  });

  it('replaces the history when a file changes, keeping each club once with its id', async () => {
    await importFrom(await writeDataDir());
    const before = await readState(db);

    const results = `${RESULTS}I1,2024-2025,2024-08-25,20:45,Milan,Juventus,1,2,0,1,13,11,4,5,2.5,3.2,2.9,,\n`;
    const result = await importFrom(await writeDataDir({ 'results.csv.gz': results }));
    expect(result).toMatchObject({ skipped: false, matches: 4, players: 3, transfers: 3 });

    const after = await readState(db);
    expect(after.matches.map((m) => `${m.home}-${m.away}`)).toEqual([
      'Inter-Milan',
      'Arsenal-Chelsea',
      'Juventus-Inter',
      'Milan-Juventus',
    ]);
    expect(after.players).toHaveLength(3);
    expect(after.transfers).toHaveLength(3);
    expect(after.teams).toEqual(before.teams);
    expect(after.settings[0]?.value).not.toBe(before.settings[0]?.value);
  });

  it('refuses a corrupt results file on an empty database, inserting nothing', async () => {
    const empty = await readState(db);
    const results = setCell(RESULTS, 4, 'fthg', 'two');
    await expectDataFileError(
      importFrom(await writeDataDir({ 'results.csv.gz': results })),
      'results.csv.gz line 4: fthg',
    );
    expect(await readState(db)).toEqual(empty);
    expect(empty.teams).toEqual([]);
  });

  it.each<[string, FileName, string, string]>([
    [
      'a word for goals',
      'results.csv.gz',
      setCell(RESULTS, 4, 'fthg', 'two'),
      'results.csv.gz line 4: fthg',
    ],
    [
      'a negative goal count',
      'results.csv.gz',
      setCell(RESULTS, 2, 'ftag', '-1'),
      'results.csv.gz line 2: ftag',
    ],
    [
      'an unknown division',
      'results.csv.gz',
      setCell(RESULTS, 3, 'div', 'E9'),
      'results.csv.gz line 3: div',
    ],
    [
      'a badly written season',
      'results.csv.gz',
      setCell(RESULTS, 2, 'season', '2024/25'),
      'results.csv.gz line 2: season must look like 2022-2023',
    ],
    [
      'a UK-style date',
      'results.csv.gz',
      setCell(RESULTS, 2, 'date', '17/08/2024'),
      'results.csv.gz line 2: date must be YYYY-MM-DD',
    ],
    [
      'a clock time in words',
      'results.csv.gz',
      setCell(RESULTS, 3, 'time', '3pm'),
      'results.csv.gz line 3: time',
    ],
    [
      'a negative shot count',
      'results.csv.gz',
      setCell(RESULTS, 2, 'hs', '-3'),
      'results.csv.gz line 2: hs',
    ],
    [
      'fractional shots on target',
      'results.csv.gz',
      setCell(RESULTS, 3, 'ast', '2.5'),
      'results.csv.gz line 3: ast',
    ],
    [
      'shots in words',
      'results.csv.gz',
      setCell(RESULTS, 4, 'as', 'seven'),
      'results.csv.gz line 4: as',
    ],
    [
      'a price below 1',
      'results.csv.gz',
      setCell(RESULTS, 2, 'B365H', '0.95'),
      'results.csv.gz line 2: B365H must be a decimal price',
    ],
    [
      'a price in words',
      'results.csv.gz',
      setCell(RESULTS, 3, 'B365>2.5', 'evens'),
      'results.csv.gz line 3: B365>2.5 must be a decimal price',
    ],
    [
      'a short row',
      'results.csv.gz',
      RESULTS.replace('0,0,,,12,7,,,,,,,', '0,0'),
      'results.csv.gz line 4:',
    ],
    [
      'a player id that is not a number',
      'players.csv.gz',
      setCell(PLAYERS, 2, 'player_id', 'p2001'),
      'players.csv.gz line 2: player_id must be a number',
    ],
    [
      'fractional minutes',
      'players.csv.gz',
      setCell(PLAYERS, 4, 'minutes', '90.5'),
      'players.csv.gz line 4: minutes',
    ],
    [
      'a country name for a nationality',
      'players.csv.gz',
      setCell(PLAYERS, 2, 'nationality', 'England'),
      'players.csv.gz line 2: nationality must be a flag-icons country code',
    ],
    [
      'an upper-case nationality',
      'transfers.csv.gz',
      setCell(TRANSFERS, 3, 'nationality', 'PL'),
      'transfers.csv.gz line 3: nationality must be a flag-icons country code',
    ],
    [
      'an unknown direction',
      'transfers.csv.gz',
      setCell(TRANSFERS, 2, 'direction', 'sideways'),
      'transfers.csv.gz line 2: direction',
    ],
    [
      'an unknown window',
      'transfers.csv.gz',
      setCell(TRANSFERS, 3, 'window', 'Spring'),
      'transfers.csv.gz line 3: window',
    ],
    [
      'a negative fee',
      'transfers.csv.gz',
      setCell(TRANSFERS, 2, 'fee_eur_m', '-45'),
      'transfers.csv.gz line 2: fee_eur_m',
    ],
    [
      'a colour name',
      'clubs.csv',
      setCell(CLUBS, 2, 'primary_colour', 'red'),
      'clubs.csv line 2: primary_colour must be a #rrggbb colour',
    ],
    [
      'a key with capitals',
      'clubs.csv',
      setCell(CLUBS, 3, 'key', 'Arsenal'),
      'clubs.csv line 3: key must be a kebab-case key',
    ],
    [
      'a long short name',
      'clubs.csv',
      setCell(CLUBS, 4, 'short_name', 'CHELSEA'),
      'clubs.csv line 4: short_name',
    ],
    [
      'a club in no result',
      'clubs.csv',
      setCell(CLUBS, 6, 'results_name', 'Juve'),
      'clubs.csv line 6: results_name "Juve" appears in no result',
    ],
  ])('refuses %s in %s with its line, changing nothing', async (_, name, content, message) => {
    await importFrom(await writeDataDir());
    const before = await readState(db);
    await expectDataFileError(importFrom(await writeDataDir({ [name]: content })), message);
    expect(await readState(db)).toEqual(before);
  });

  it('counts blank lines when it names the line of an error', async () => {
    const clubs = setCell(CLUBS, 6, 'primary_colour', 'red').replace('\narsenal,', '\n\narsenal,');
    await expectDataFileError(
      importFrom(await writeDataDir({ 'clubs.csv': clubs })),
      'clubs.csv line 7: primary_colour',
    );
  });

  it('names a match that appears twice, with both lines', async () => {
    const duplicated = `${RESULTS}I1,2024-2025,2024-08-17,17:30,Inter,Milan,2,1,1,0,,,,,,,,,\n`;
    await expectDataFileError(
      importFrom(await writeDataDir({ 'results.csv.gz': duplicated })),
      'results.csv.gz line',
    );
    await expect(importFrom(await writeDataDir({ 'results.csv.gz': duplicated }))).rejects.toThrow(
      /repeats line \d+/,
    );
  });

  it('rolls back every write when the database refuses a row', async () => {
    await importFrom(await writeDataDir());
    const before = await readState(db);
    // Postgres refuses a NUL character in text, after teams and the old history were touched.
    const refused = PLAYERS.replace(/\n(\w+,\d{4}-\d{4},\d+,)([^,]+)/, '\n$1Bad\u0000Name');
    expect(refused).not.toBe(PLAYERS);
    await expect(importFrom(await writeDataDir({ 'players.csv.gz': refused }))).rejects.toThrow();
    expect(await readState(db)).toEqual(before);
  });

  it.each<[FileName]>([
    ['clubs.csv'],
    ['results.csv.gz'],
    ['players.csv.gz'],
    ['transfers.csv.gz'],
  ])('names %s when it is missing', async (name) => {
    const dir = await writeDataDir({ [name]: null });
    await expectDataFileError(importFrom(dir), `${name}: missing (looked in ${dir})`);
    expect((await readState(db)).teams).toEqual([]);
  });

  it.each<[FileName, Buffer]>([
    ['results.csv.gz', Buffer.from(RESULTS)],
    ['players.csv.gz', gzipSync(PLAYERS).subarray(0, 40)],
    ['transfers.csv.gz', Buffer.from('not gzip at all')],
  ])('names %s when it is not valid gzip', async (name, bytes) => {
    await expectDataFileError(
      importFrom(await writeDataDir({ [name]: bytes })),
      `${name}: not a valid gzip file`,
    );
    expect((await readState(db)).matches).toEqual([]);
  });
});

describe('decodeEntities', () => {
  it.each([
    ['M&#039;Bala Nzola', "M'Bala Nzola"],
    ['N&#039;Golo Kanté', "N'Golo Kanté"],
    ['Ath&amp;Co', 'Ath&Co'],
    ['&quot;Kun&quot; Ag&#252;ero', '"Kun" Agüero'],
    ['&lt;b&gt;', '<b>'],
    ['&AMP; &Apos;', "& '"],
    ['Gon&#xE7;alo &#X4E;', 'Gonçalo N'],
    ['Jos&eacute; &amp', 'Jos&eacute; &amp'],
    ['&#128512;', '😀'],
    ['Plain Name', 'Plain Name'],
    ['', ''],
  ])('turns %j into %j', (text, expected) => {
    expect(decodeEntities(text)).toBe(expected);
  });

  it.each([['&#x110000;'], ['&#xFFFFFF;'], ['&#0;'], ['&#xD800;']])(
    'leaves %j, which names no character, as it is',
    (text) => {
      expect(decodeEntities(text)).toBe(text);
    },
  );
});

describe('isFlagCode', () => {
  it.each([['fr'], ['bj'], ['gb-eng'], ['gb-sct'], ['gb-wls'], ['gb-nir'], ['xk']])(
    'accepts the nation code %j',
    (code) => {
      expect(isFlagCode(code)).toBe(true);
    },
  );

  it.each([
    ['FR', 'upper case'],
    ['France', 'a name'],
    ['zz', 'no country'],
    ['eu', 'an organisation'],
    ['es-ct', 'a region'],
    ['', 'empty'],
  ])('refuses %j (%s)', (code) => {
    expect(isFlagCode(code)).toBe(false);
  });

  it('accepts only codes flag-icons has a flag for', async () => {
    const flags = path.join(import.meta.dirname, '../../../node_modules/flag-icons/flags/4x3');
    const drawn = new Set((await readdir(flags)).map((file) => file.replace(/\.svg$/, '')));
    const letters = 'abcdefghijklmnopqrstuvwxyz';
    const twoLetterCodes = [...letters].flatMap((a) => [...letters].map((b) => a + b));
    const accepted = twoLetterCodes.filter(isFlagCode);
    expect(accepted.length).toBeGreaterThan(240);
    expect(accepted.filter((code) => !drawn.has(code))).toEqual([]);
  });
});
