import { existsSync } from 'node:fs';
import { cp, mkdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { setImmediate as nextTurn } from 'node:timers/promises';

import { PGlite } from '@electric-sql/pglite';
import { DrizzleQueryError, sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';

import { PROJECT_ROOT } from '../project-root.ts';
import { withAdvisoryLock } from './advisory-lock.ts';
import { keepWebAssemblyOnBaselineCompiler } from './baseline-compiler.ts';
import { describePostgresFailure, inspectDataFolder } from './data-folder.ts';
import { findLostRows, findMissingTables, isMigrationsJournalMissing } from './integrity.ts';
import * as schema from './schema.ts';

export type Schema = typeof schema;
/** The Drizzle database, whichever driver is underneath. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** A new data folder started from the seed (the history snapshot). */
  fromSeed?: boolean;
  close: () => Promise<void>;
};

const migrationsFolder = path.join(PROJECT_ROOT, 'drizzle');

/**
 * Key of the Postgres advisory lock held while an instance migrates and checks the database, so
 * instances starting together migrate once: the others wait, then find every migration applied.
 */
export const MIGRATION_LOCK_KEY = 0x544c_0002;

/**
 * The database is not whole (a data folder with files missing, a lost table, rows gone): the
 * server must not start on it, and must not create a new database over it. The message is one
 * line naming the folder or database, what is wrong and how to recover.
 */
export class DamagedDatabaseError extends Error {}

/** How messages name a database, and what its operator can do when it is damaged. */
type Place = { name: string; recovery: string };

const folderPlace = (dir: string): Place => ({
  name: `the data folder ${dir}`,
  recovery:
    'Restore the folder from a backup, or move it away to start on a new database (the historical data is imported again; affiliate clicks and news are not).',
});

/** The host and database of a Postgres URL: never its user or password. */
function postgresPlace(url: string): Place {
  let name = 'the database at DATABASE_URL';
  try {
    const parsed = new URL(url);
    name = `the database ${parsed.host}${parsed.pathname}`;
  } catch {
    // An unparseable URL fails to connect with its own message before any check runs.
  }
  return { name, recovery: 'Restore the database from a backup.' };
}

const damaged = (place: Place, what: string, cause?: unknown) =>
  new DamagedDatabaseError(`${place.name} ${what}. ${place.recovery}`, { cause });

/** The error underneath Drizzle's "Failed query" wrapper. */
function rootCause(error: unknown): unknown {
  let cause = error;
  while (cause instanceof Error && cause.cause instanceof Error) cause = cause.cause;
  return cause;
}

/** PGlite's WebAssembly stopped: PostgreSQL PANICked, or the runtime itself failed. */
const isAbort = (error: unknown) => rootCause(error) instanceof WebAssembly.RuntimeError;

/**
 * PostgreSQL's errors about the files under a table rather than about a query: classes 58
 * (system error: "could not open file") and XX (internal error: "invalid page in block").
 */
function findStorageError(error: unknown): string | null {
  const cause = rootCause(error) as { code?: unknown; message?: unknown };
  return typeof cause.code === 'string' && /^(58|XX)/.test(cause.code)
    ? String(cause.message)
    : null;
}

/**
 * PostgreSQL's settings in PGlite. The default shared_buffers (128 MB) is several times the
 * working set of the site's queries, and every page of it PGlite touches stays in the process's
 * memory; 16 MB holds the hot tables. A small WAL keeps a data folder (and each copy of the
 * history snapshot) from carrying 80 MB of recycled segments.
 */
export const PGLITE_START_PARAMS: readonly string[] = [
  ...PGlite.defaultStartParams,
  ...['-c', 'shared_buffers=16MB', '-c', 'min_wal_size=32MB', '-c', 'max_wal_size=64MB'],
];

keepWebAssemblyOnBaselineCompiler();

/** How many of PostgreSQL's last log lines a PGlite keeps, to explain a failure. */
const LOG_LINES = 50;

/** The PGlite last opened on a data folder, and what PostgreSQL printed in it. */
let openedFolder: { dir: string; log: string[] } | undefined;

const reasonOf = (log: readonly string[] | undefined, error: unknown) =>
  (log === undefined ? null : describePostgresFailure(log)) ??
  (error instanceof Error ? error.message : String(error));

/**
 * Opens PGlite on `dir` once the folder is known to be new or a whole database. PostgreSQL's
 * output inside PGlite (its log, and emscripten's "Aborted()" when it PANICs) goes only to the
 * onStderr hook unless PGlite's debug option is set: it is kept to explain a failure in one
 * line of ours, and never printed.
 */
async function openDataFolder(
  dir: string,
  seedDir: string | undefined,
): Promise<{ client: PGlite; log: string[]; seeded: boolean }> {
  const place = folderPlace(dir);
  const state = await inspectDataFolder(dir);
  if (state.kind === 'incomplete') {
    throw damaged(
      place,
      `is not a complete database: ${state.problem}. Touchline did not change it, and will not create a new database over it`,
    );
  }
  const seeded = state.kind === 'new' && seedDir !== undefined;
  if (seeded) await copySeed(seedDir, dir);
  else if (state.kind === 'new') await mkdir(dir, { recursive: true });
  const log: string[] = [];
  openedFolder = { dir, log };
  try {
    const client = await PGlite.create({
      dataDir: dir,
      startParams: [...PGLITE_START_PARAMS],
      onStderr: (line) => {
        log.push(line);
        if (log.length > LOG_LINES) log.shift();
        return true;
      },
    });
    return { client, log, seeded };
  } catch (error) {
    const reason = reasonOf(log, error);
    if (state.kind === 'new')
      throw new Error(`PostgreSQL could not create a database in ${dir} (${reason})`, {
        cause: error,
      });
    throw damaged(place, `is damaged: PostgreSQL cannot start on it (${reason})`, error);
  }
}

/**
 * Copies a ready database (the history snapshot) to a new data folder: into a folder beside it
 * first, then renamed, so a copy cut short leaves no half database where the next start would
 * find one. A folder that exists but is empty (a mounted volume) is filled in place.
 */
async function copySeed(seedDir: string, dir: string): Promise<void> {
  if (existsSync(dir)) {
    await cp(seedDir, dir, { recursive: true });
    return;
  }
  await mkdir(path.dirname(dir), { recursive: true });
  const partial = `${dir}.partial-${process.pid}`;
  await rm(partial, { recursive: true, force: true });
  await cp(seedDir, partial, { recursive: true });
  await rename(partial, dir);
}

/**
 * Migrates, then checks that the database is whole: the record of the migrations is there
 * when their tables are, every table of the schema exists, and the tables the history import
 * recorded have not lost rows. A few catalogue lookups and stat calls: milliseconds.
 */
async function migrateAndCheck(db: Db, place: Place, migrate: () => Promise<void>) {
  if (await isMigrationsJournalMissing(db)) {
    throw damaged(
      place,
      'looks damaged: it has tables but not the record of the migrations that made them (drizzle.__drizzle_migrations)',
    );
  }
  await migrate();
  const missing = await findMissingTables(db);
  if (missing.length > 0) {
    throw damaged(
      place,
      `looks damaged: ${missing.length === 1 ? 'table' : 'tables'} ${missing.join(', ')} ${missing.length === 1 ? 'is' : 'are'} missing, though the migrations that create ${missing.length === 1 ? 'it' : 'them'} are recorded as applied`,
    );
  }
  const lost = await findLostRows(db);
  if (lost !== null) {
    throw damaged(
      place,
      `looks damaged: table ${lost.table} holds ${lost.now.rows} rows where ${lost.recorded.rows} were written (its file is ${lost.now.bytes} bytes, was ${lost.recorded.bytes})`,
    );
  }
}

/** A failure while checking: damage reported as such, anything else (a refused connection) as is. */
function explainCheckFailure(error: unknown, place: Place, log?: readonly string[]): unknown {
  if (error instanceof DamagedDatabaseError) return error;
  if (isAbort(error))
    return damaged(
      place,
      `is damaged: PostgreSQL stopped (${reasonOf(log, rootCause(error))})`,
      error,
    );
  const storage = findStorageError(error);
  return storage === null
    ? error
    : damaged(place, `looks damaged: reading it failed (${storage})`, error);
}

/**
 * PGlite runs a query to its end inside the call, and its promise settles as a microtask: a job
 * of many queries (a league sync writes thousands of rows) would hold the event loop from its
 * first query to its last, and no request, probe or timer would be answered meanwhile (2.6 s
 * after a start, measured). Each query (every path runs through execProtocolRaw) now waits one
 * turn of the event loop first, as a query to a Postgres server waits for its socket.
 */
function letOthersInBeforeEachQuery(client: PGlite): void {
  const run = client.execProtocolRaw.bind(client);
  client.execProtocolRaw = async (...args: Parameters<PGlite['execProtocolRaw']>) => {
    await nextTurn();
    return run(...args);
  };
}

/**
 * Opens Postgres when a URL is given, otherwise PGlite persisted under dataDir, migrates it
 * and checks it is whole; a DamagedDatabaseError says why not.
 */
export async function openDatabase(options: {
  databaseUrl?: string | undefined;
  dataDir?: string | undefined;
  /** An already-created PGlite (tests load a migrated snapshot into one). */
  pglite?: PGlite;
  /**
   * A PGlite data folder to start a new data folder from (the history snapshot), copied when
   * dataDir holds no database yet.
   */
  seedDir?: string | undefined;
}): Promise<Database> {
  if (options.databaseUrl !== undefined) {
    // Read only here: the embedded default never loads a Postgres client.
    const [{ default: pg }, { drizzle: drizzlePg }, { migrate: migratePg }] = await Promise.all([
      import('pg'),
      import('drizzle-orm/node-postgres'),
      import('drizzle-orm/node-postgres/migrator'),
    ]);
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: 10,
      connectionTimeoutMillis: 5_000,
      idleTimeoutMillis: 30_000,
    });
    // An idle client that loses its server must not crash the process.
    pool.on('error', () => {});
    // Nor may a checked-out one (a transaction's) when the server dies mid-query: pg emits
    // 'error' on it besides failing the query, and the pool listens only while it is idle.
    // The query's own rejection carries the error; the pool drops the dead client on release.
    pool.on('connect', (client) => client.on('error', () => {}));
    const db = drizzlePg({ client: pool, schema });
    const place = postgresPlace(options.databaseUrl);
    try {
      // Without the lock, two first starts both see no migration applied and both run them:
      // one fails on a table or schema the other has just created.
      await withAdvisoryLock(db as unknown as Db, MIGRATION_LOCK_KEY, { wait: true }, () =>
        migrateAndCheck(db as unknown as Db, place, () => migratePg(db, { migrationsFolder })),
      );
    } catch (error) {
      await pool.end();
      throw explainCheckFailure(error, place);
    }
    return { db: db as unknown as Db, kind: 'postgres', close: () => pool.end() };
  }
  let client = options.pglite;
  let place: Place = { name: 'the database', recovery: 'Restore it from a backup.' };
  let log: string[] | undefined;
  let fromSeed = false;
  if (client === undefined) {
    const dir = path.resolve(options.dataDir ?? './data', 'pglite');
    place = folderPlace(dir);
    let seeded: boolean;
    ({ client, log, seeded } = await openDataFolder(dir, options.seedDir));
    fromSeed = seeded;
  }
  letOthersInBeforeEachQuery(client);
  const db = drizzlePglite({ client, schema });
  const owned = client;
  try {
    await migrateAndCheck(db as unknown as Db, place, async () => {
      await migratePglite(db, { migrationsFolder });
    });
  } catch (error) {
    const explained = explainCheckFailure(error, place, log);
    // After an abort PGlite cannot run the shutdown; the process is about to end anyway.
    if (!isAbort(error)) await owned.close().catch(() => {});
    throw explained;
  }
  return { db: db as unknown as Db, kind: 'pglite', fromSeed, close: () => owned.close() };
}

/**
 * A failed start as one line: PGlite stopping under a later query (PostgreSQL PANICked) is
 * named with the data folder and PostgreSQL's reason rather than emscripten's "Aborted()".
 */
export function describeStartupFailure(error: unknown): string {
  let message: string;
  if (error instanceof DamagedDatabaseError) {
    message = error.message;
  } else if (isAbort(error) && openedFolder !== undefined) {
    const reason = reasonOf(openedFolder.log, rootCause(error));
    message = `${folderPlace(openedFolder.dir).name}: PostgreSQL stopped (${reason})`;
  } else if (error instanceof DrizzleQueryError && error.cause instanceof Error) {
    // Drizzle's wrapper spells out the query over several lines; the reason is its cause's.
    message = `a database query failed: ${error.cause.message}`;
  } else {
    message = error instanceof Error ? error.message : String(error);
  }
  return message.replace(/\s*\n\s*/g, ' ');
}

/** Resolves once the database answers a trivial query; rejects when it fails or errors. */
export async function pingDatabase(db: Db): Promise<void> {
  await db.execute(sql`select 1`);
}
