import { cp, mkdir, mkdtemp, readFile, rm, truncate } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

import { PGlite } from '@electric-sql/pglite';
import { DrizzleQueryError, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

import { findCheckpointSegment, hashFiles, zeroFile } from '../../../tests/helpers/data-folder.ts';
import { DamagedDatabaseError, describeStartupFailure, openDatabase } from './client.ts';
import { recordTables } from './integrity.ts';
import { seedLeagues } from './leagues-queries.ts';
import { leagues } from './schema.ts';

const root = await mkdtemp(path.join(os.tmpdir(), 'touchline-client-'));
const template = path.join(root, 'template');
/** Where the leagues table's rows are, relative to the PGlite folder (base/5/16xxx). */
let leaguesFile: string;

/**
 * A data folder as the server leaves it: migrated, leagues seeded and their rows recorded (as
 * the history import records its tables), closed.
 */
beforeAll(async () => {
  const snapshot = await readFile(inject('pgliteSnapshot'));
  await mkdir(template);
  const pglite = await PGlite.create({
    dataDir: path.join(template, 'pglite'),
    loadDataDir: new Blob([snapshot]),
  });
  await pglite.close();
  const database = await openDatabase({ dataDir: template });
  await seedLeagues(database.db);
  await recordTables(database.db, [leagues]);
  const result = await database.db.execute(sql`select pg_relation_filepath('leagues') as file`);
  leaguesFile = (result as unknown as { rows: { file: string }[] }).rows[0]?.file ?? '';
  await database.close();
});

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

let copies = 0;
/** A copy of the template with `damage` done to its PGlite folder. */
async function damagedCopy(damage: (pgliteDir: string) => Promise<unknown>) {
  const dataDir = path.join(root, `copy-${++copies}`);
  await cp(template, dataDir, { recursive: true });
  await damage(path.join(dataDir, 'pglite'));
  return { dataDir, pgliteDir: path.join(dataDir, 'pglite') };
}

/** The error openDatabase refuses with. */
async function refusal(
  options: { dataDir: string } | { databaseUrl: string | undefined },
): Promise<Error> {
  const error = await openDatabase(options).then(
    async (database) => {
      await database.close();
      return new Error('opened');
    },
    (e: unknown) => e as Error,
  );
  expect(error).toBeInstanceOf(DamagedDatabaseError);
  expect(error.message).not.toContain('\n');
  return error;
}

describe('openDatabase on a data folder', () => {
  it('opens a whole folder again', async () => {
    const { dataDir } = await damagedCopy(async () => {});
    const database = await openDatabase({ dataDir });
    await database.close();
  });

  it('refuses a folder without PG_VERSION, leaving every file as it was', async () => {
    const { dataDir, pgliteDir } = await damagedCopy((dir) => rm(path.join(dir, 'PG_VERSION')));
    const before = await hashFiles(pgliteDir);
    const error = await refusal({ dataDir });
    expect(error.message).toMatch(
      `the data folder ${pgliteDir} is not a complete database: PG_VERSION is missing.`,
    );
    expect(error.message).toMatch(/restore the folder from a backup, or move it away/i);
    expect(await hashFiles(pgliteDir)).toEqual(before);
  });

  it('refuses a folder whose WAL PostgreSQL cannot read, with its reason', async () => {
    const { dataDir, pgliteDir } = await damagedCopy(async (dir) =>
      zeroFile(path.join(dir, await findCheckpointSegment(dir))),
    );
    const error = await refusal({ dataDir });
    expect(error.message).toMatch(
      `the data folder ${pgliteDir} is damaged: PostgreSQL cannot start on it (PANIC: could not locate a valid checkpoint record`,
    );
    expect(error.message).toMatch(/invalid magic number 0000 in WAL segment/);
    expect(error.message).not.toMatch(/Aborted/);
  });

  it('refuses a folder that lost a table after its migrations', async () => {
    const { dataDir, pgliteDir } = await damagedCopy(async (dir) => {
      const pglite = await PGlite.create({ dataDir: dir });
      await pglite.exec('drop table news_articles cascade');
      await pglite.close();
    });
    const error = await refusal({ dataDir });
    expect(error.message).toMatch(
      `the data folder ${pgliteDir} looks damaged: table news_articles is missing, though the migrations that create it are recorded as applied.`,
    );
  });

  it('refuses a folder that lost the record of its migrations', async () => {
    const { dataDir, pgliteDir } = await damagedCopy(async (dir) => {
      const pglite = await PGlite.create({ dataDir: dir });
      await pglite.exec('drop schema drizzle cascade');
      await pglite.close();
    });
    const error = await refusal({ dataDir });
    expect(error.message).toMatch(
      `the data folder ${pgliteDir} looks damaged: it has tables but not the record of the migrations that made them (drizzle.__drizzle_migrations).`,
    );
  });

  it('refuses a folder whose table file was cut short, naming the table', async () => {
    const { dataDir, pgliteDir } = await damagedCopy((dir) =>
      truncate(path.join(dir, leaguesFile), 0),
    );
    const error = await refusal({ dataDir });
    expect(error.message).toMatch(
      `the data folder ${pgliteDir} looks damaged: table leagues holds 0 rows where 5 were written (its file is 0 bytes, was 8192).`,
    );
  });

  it('refuses a folder whose table file is gone', async () => {
    const { dataDir, pgliteDir } = await damagedCopy((dir) => rm(path.join(dir, leaguesFile)));
    const error = await refusal({ dataDir });
    expect(error.message).toMatch(
      `the data folder ${pgliteDir} looks damaged: reading it failed (could not open file "${leaguesFile}": No such file or directory).`,
    );
  });
});

describe('openDatabase on PGlite, under a job of many queries', () => {
  it('answers timers and requests between the queries, not only after the last', async () => {
    const database = await openDatabase({
      pglite: await PGlite.create({
        loadDataDir: new Blob([await readFile(inject('pgliteSnapshot'))]),
      }),
    });
    try {
      const QUERIES = 200;
      let done = 0;
      const job = (async () => {
        for (let i = 0; i < QUERIES; i++) {
          await database.db.execute(sql`select 1`);
          done++;
        }
      })();
      // A timer set as the job starts, as a request or a probe arriving then would be.
      const doneWhenTimerRan = await new Promise<number>((resolve) =>
        setTimeout(() => resolve(done), 0),
      );
      await job;
      expect(doneWhenTimerRan).toBeLessThan(QUERIES / 10);
    } finally {
      await database.close();
    }
  });
});

describe('describeStartupFailure', () => {
  it('gives PGlite stopping under a query as the folder and PostgreSQL’s reason', async () => {
    // The last folder opened is the one named; its PostgreSQL log gives the reason.
    const { dataDir, pgliteDir } = await damagedCopy(async (dir) =>
      zeroFile(path.join(dir, await findCheckpointSegment(dir))),
    );
    await refusal({ dataDir });
    const abort = new DrizzleQueryError('select 1', [], new WebAssembly.RuntimeError('Aborted()'));
    expect(describeStartupFailure(abort)).toMatch(
      `the data folder ${pgliteDir}: PostgreSQL stopped (PANIC: could not locate a valid checkpoint record`,
    );
  });

  it('gives a failed query by its reason, on one line', () => {
    const error = new DrizzleQueryError(
      'select\n  1',
      [],
      new Error('relation "x" does not exist'),
    );
    expect(describeStartupFailure(error)).toBe(
      'a database query failed: relation "x" does not exist',
    );
    expect(describeStartupFailure(new Error('one\n  two'))).toBe('one two');
  });
});
