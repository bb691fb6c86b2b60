import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';

import { prepareServer } from '../../scripts/prepare.ts';
import { LEAGUES } from '../../src/domain/league.ts';
import { openDatabase } from '../../src/server/db/client.ts';
import { seedLeagues } from '../../src/server/db/leagues-queries.ts';
import {
  buildHistorySnapshot,
  computeSnapshotKey,
  HISTORY_DATA_DIR,
} from '../../src/server/jobs/history-snapshot.ts';
import { runImportHistory } from '../../src/server/jobs/import-history.ts';

export const POSTGRES_ADMIN_URL = 'postgres://postgres@127.0.0.1:5432/test';

declare module 'vitest' {
  interface ProvidedContext {
    pgliteSnapshot: string;
    /** The history snapshot's data folder (see src/server/jobs/history-snapshot.ts). */
    historySnapshot: string;
    databaseKind: 'pglite' | 'postgres';
    /** On Postgres: a migrated database that test databases are copied from. */
    postgresTemplate: string;
    /** On Postgres: the same with the history imported. */
    postgresHistoryTemplate: string;
    /** How this run's test databases on Postgres are named: the prefix of each name. */
    postgresTestPrefix: string;
  }
}

const urlOf = (database: string) => POSTGRES_ADMIN_URL.replace(/\/test$/, `/${database}`);

/** Runs `work` on the admin database's connection. */
async function withAdmin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({
    connectionString: POSTGRES_ADMIN_URL,
    connectionTimeoutMillis: 3000,
  });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * A template database on the local Postgres, made once per version of what fills it (`key`) and
 * kept between runs: CREATE DATABASE … TEMPLATE copies it in a fraction of a second, where
 * migrating (and importing the history) takes seconds.
 */
async function ensurePostgresTemplate(
  name: string,
  fill: (url: string) => Promise<void>,
): Promise<string> {
  const exists = await withAdmin(async (client) => {
    const found = await client.query('select 1 from pg_database where datname = $1', [name]);
    return found.rowCount === 1;
  });
  if (exists) return name;
  const building = `${name}_building_${process.pid}`;
  await withAdmin((client) => client.query(`CREATE DATABASE ${building}`));
  try {
    await fill(urlOf(building));
    await withAdmin(async (client) => {
      await client.query(`ALTER DATABASE ${building} RENAME TO ${name}`);
      // Templates of earlier versions of the data or the migrations are of no use any more.
      const prefix = name.replace(/_[0-9a-f]{16}$/, '_');
      const old = await client.query<{ datname: string }>(
        "select datname from pg_database where datname like $1 || '%' and datname <> $2 and datname !~ '_building_'",
        [prefix, name],
      );
      for (const { datname } of old.rows) {
        await client.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
      }
    });
  } catch (error) {
    await withAdmin((client) => client.query(`DROP DATABASE IF EXISTS ${building} WITH (FORCE)`));
    // Another run made the same template meanwhile: use that one.
    const made = await withAdmin((client) =>
      client.query('select 1 from pg_database where datname = $1', [name]),
    );
    if (made.rowCount !== 1) throw error;
  }
  return name;
}

/**
 * The name of a template database on the local Postgres with the history imported, made now if
 * this version of the data and migrations has none yet (see ensurePostgresTemplate).
 */
export async function ensurePostgresHistoryTemplate(): Promise<string> {
  const key = await computeSnapshotKey();
  return ensurePostgresTemplate(`touchline_history_${key}`, async (url) => {
    const imported = await openDatabase({ databaseUrl: url });
    try {
      await seedLeagues(imported.db, LEAGUES);
      await runImportHistory({ db: imported.db, dataDir: HISTORY_DATA_DIR });
    } finally {
      await imported.close();
    }
  });
}

/**
 * A new database `name` on the local Postgres with the history imported, as a first start of
 * the site on Postgres leaves it: a copy of the template, not an import of its own.
 */
export async function createPostgresHistoryDatabase(name: string): Promise<void> {
  const template = await ensurePostgresHistoryTemplate();
  await withAdmin((client) => client.query(`CREATE DATABASE ${name} TEMPLATE ${template}`));
}

/**
 * Migrates one PGlite and saves it, so each test file starts from a copy instead of migrating;
 * makes sure the history snapshot and the built server (which the integration tests that use
 * e2e-server.ts start) are up to date; on Postgres, makes the template databases.
 */
export default async function setup(project: TestProject) {
  await prepareServer();
  const kind = process.env.TEST_DATABASE === 'postgres' ? 'postgres' : 'pglite';
  project.provide('databaseKind', kind);
  const pglite = await PGlite.create();
  const database = await openDatabase({ pglite });
  // Uncompressed (42 MB): a test database opens from it in 0.3 s, from a gzipped one in 0.6-0.9 s.
  const dump = await pglite.dumpDataDir('none');
  await database.close();
  const dir = await mkdtemp(path.join(os.tmpdir(), 'touchline-db-'));
  const file = path.join(dir, 'migrated.tar');
  await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteSnapshot', file);
  project.provide('historySnapshot', (await buildHistorySnapshot()).dir);

  if (kind === 'postgres') {
    const key = await computeSnapshotKey();
    project.provide(
      'postgresTemplate',
      await ensurePostgresTemplate(`touchline_template_${key}`, async (url) => {
        const migrated = await openDatabase({ databaseUrl: url });
        await migrated.close();
      }),
    );
    project.provide('postgresHistoryTemplate', await ensurePostgresHistoryTemplate());
  } else {
    project.provide('postgresTemplate', '');
    project.provide('postgresHistoryTemplate', '');
  }
  // The test databases of this run on Postgres are named after it (test-db.ts): a worker keeps
  // the ones its files gave back open for the next file, and they are dropped here at the end.
  const run = `touchline_test_${process.pid.toString(36)}${Date.now().toString(36)}_`;
  project.provide('postgresTestPrefix', run);
  return async () => {
    await rm(dir, { recursive: true, force: true });
    if (kind === 'postgres') await dropDatabasesNamed(run);
  };
}

/** Drops every database whose name starts with `prefix` (letters, digits and underscores). */
async function dropDatabasesNamed(prefix: string): Promise<void> {
  await withAdmin(async (client) => {
    const found = await client.query<{ datname: string }>(
      'select datname from pg_database where starts_with(datname, $1)',
      [prefix],
    );
    for (const { datname } of found.rows) {
      await client.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
    }
  });
}
