import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';

import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { inject } from 'vitest';

import { LEAGUES, type LeagueEntry } from '../../src/domain/league.ts';
import { openDatabase, type Database } from '../../src/server/db/client.ts';
import { seedLeagues } from '../../src/server/db/leagues-queries.ts';
import { POSTGRES_ADMIN_URL } from './global-db-setup.ts';

export type TestDatabase = Database & { url?: string };

/**
 * A fresh, migrated database with the leagues seeded (default: the registry's): a copy of the
 * migrated PGlite snapshot, or (TEST_DATABASE=postgres) a new database on the local Postgres
 * server.
 */
export async function createTestDb(
  leagues: readonly LeagueEntry[] = LEAGUES,
): Promise<TestDatabase> {
  const database =
    inject('databaseKind') === 'postgres' ? await createPostgresDb() : await createPgliteDb();
  await seedLeagues(database.db, leagues);
  return database;
}

async function createPgliteDb(): Promise<TestDatabase> {
  const snapshot = await readFile(inject('pgliteSnapshot'));
  const pglite = await PGlite.create({ loadDataDir: new Blob([snapshot]) });
  return openDatabase({ pglite });
}

async function createPostgresDb(): Promise<TestDatabase> {
  const name = `touchline_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
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
