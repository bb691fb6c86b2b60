import { randomBytes } from 'node:crypto';
import { cp, mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { inject } from 'vitest';

import { LEAGUES, type LeagueEntry } from '../../src/domain/league.ts';
import { openDatabase, PGLITE_START_PARAMS, type Database } from '../../src/server/db/client.ts';
import { seedLeagues } from '../../src/server/db/leagues-queries.ts';
import { POSTGRES_ADMIN_URL } from './global-db-setup.ts';

export type TestDatabase = Database & { url?: string };

type Options = {
  /**
   * With the shipped history imported (the history snapshot on PGlite, a template database on
   * Postgres), as a first start of the site has it.
   */
  history?: boolean;
};

/**
 * The databases this worker has opened and been given back, kept open to be emptied and handed
 * out again: opening one costs about a second of CPU (a new PGlite, or a new Postgres database),
 * emptying one a few milliseconds. Test files that share a worker share this module too (the
 * server tests run without per-file isolation): after each file db-setup.ts closes what the file
 * still holds, and the databases it gave back serve the next file, emptied. One whose schema a
 * test changed (a dropped table) is closed instead of handed out again.
 */
const idle: TestDatabase[] = [];
const opened: TestDatabase[] = [];

/**
 * Closes every database this file still holds (db-setup.ts calls it after each test file); the
 * ones it gave back stay open, idle, for the next file in this worker.
 */
export async function closeTestDatabases(): Promise<void> {
  const held = opened.filter((database) => !idle.includes(database));
  await Promise.all(held.map((database) => closeOpened(database)));
}

/** The schema's tables, columns and types as one digest, taken when a database is opened. */
const schemaPrints = new WeakMap<TestDatabase, string>();

async function readSchemaPrint(database: TestDatabase): Promise<string> {
  const result = await database.db.execute(sql`
    select md5(coalesce(string_agg(table_name || '.' || column_name || ':' || data_type, ','
      order by table_name, column_name), '')) as print
    from information_schema.columns where table_schema = 'public'
  `);
  return (result as unknown as { rows: { print: string }[] }).rows[0]?.print ?? '';
}

/**
 * A fresh, migrated database with the leagues seeded (default: the registry's), and the history
 * imported when asked: a new database, or one this file gave back, emptied of every row (its
 * identities restarted) so it is as a new one. `close()` gives it back.
 */
export async function createTestDb(
  leagues: readonly LeagueEntry[] = LEAGUES,
  options: Options = {},
): Promise<TestDatabase> {
  const database =
    options.history === true ? await openHistoryDb() : ((await reuseIdle()) ?? (await openNew()));
  await seedLeagues(database.db, leagues);
  let given = false;
  return {
    ...database,
    close: async () => {
      if (given) return;
      given = true;
      if (options.history === true) {
        await closeOpened(database);
        return;
      }
      idle.push(database);
    },
  };
}

async function closeOpened(database: TestDatabase): Promise<void> {
  const index = opened.indexOf(database);
  if (index >= 0) opened.splice(index, 1);
  await database.close();
}

/**
 * An idle database emptied, or undefined when there is none (or it no longer answers, or its
 * schema is no longer the one it opened with).
 */
async function reuseIdle(): Promise<TestDatabase | undefined> {
  for (let database = idle.pop(); database !== undefined; database = idle.pop()) {
    try {
      if ((await readSchemaPrint(database)) !== schemaPrints.get(database)) {
        throw new Error('the schema changed');
      }
      await empty(database);
      return database;
    } catch {
      // A test closed, broke or reshaped it: it is not handed out again.
      await closeOpened(database).catch(() => {});
    }
  }
  return undefined;
}

/** Deletes every row of every table of the schema and restarts their identities. */
async function empty(database: TestDatabase): Promise<void> {
  await database.db.execute(sql`
    do $$
    declare tables text;
    begin
      select string_agg(format('%I.%I', schemaname, tablename), ', ') into tables
      from pg_tables where schemaname = 'public';
      if tables is not null then
        execute 'truncate ' || tables || ' restart identity cascade';
      end if;
    end $$
  `);
}

async function openNew(): Promise<TestDatabase> {
  const database =
    inject('databaseKind') === 'postgres'
      ? await createPostgresDb(inject('postgresTemplate'))
      : await createPgliteDb();
  schemaPrints.set(database, await readSchemaPrint(database));
  opened.push(database);
  return database;
}

async function openHistoryDb(): Promise<TestDatabase> {
  const database =
    inject('databaseKind') === 'postgres'
      ? await createPostgresDb(inject('postgresHistoryTemplate'))
      : await createPgliteHistoryDb();
  opened.push(database);
  return database;
}

async function createPgliteDb(): Promise<TestDatabase> {
  const snapshot = await readFile(inject('pgliteSnapshot'));
  const pglite = await PGlite.create({ loadDataDir: new Blob([snapshot]) });
  return openDatabase({ pglite });
}

/** A copy of the history snapshot's data folder, deleted when the database is closed. */
async function createPgliteHistoryDb(): Promise<TestDatabase> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'touchline-history-'));
  await cp(inject('historySnapshot'), dir, { recursive: true });
  const pglite = await PGlite.create({ dataDir: dir, startParams: [...PGLITE_START_PARAMS] });
  const database = await openDatabase({ pglite });
  return {
    ...database,
    close: async () => {
      await database.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** A new database on the local Postgres, copied from a template made once per run. */
async function createPostgresDb(template: string): Promise<TestDatabase> {
  const name = `${inject('postgresTestPrefix')}${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
  } finally {
    await admin.end();
  }
  const url = POSTGRES_ADMIN_URL.replace(/\/test$/, `/${name}`);
  const database = await openDatabase({ databaseUrl: url });
  return {
    ...database,
    url,
    close: async () => {
      await database.close();
      const cleaner = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
      await cleaner.connect();
      await cleaner.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleaner.end();
    },
  };
}
