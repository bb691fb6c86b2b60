import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';

import * as schema from './schema.ts';

export type Schema = typeof schema;
/** The Drizzle database, whichever driver is underneath. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  close: () => Promise<void>;
};

const migrationsFolder = fileURLToPath(new URL('../../../drizzle', import.meta.url));

/** Opens Postgres when a URL is given, otherwise PGlite persisted under dataDir, and migrates it. */
export async function openDatabase(options: {
  databaseUrl?: string | undefined;
  dataDir?: string | undefined;
  /** An already-created PGlite (tests load a migrated snapshot into one). */
  pglite?: PGlite;
}): Promise<Database> {
  if (options.databaseUrl !== undefined) {
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
    await migratePg(db, { migrationsFolder });
    return { db: db as unknown as Db, kind: 'postgres', close: () => pool.end() };
  }
  let client = options.pglite;
  if (client === undefined) {
    const dir = path.resolve(options.dataDir ?? './data', 'pglite');
    await mkdir(dir, { recursive: true });
    client = await PGlite.create(dir);
  }
  const db = drizzlePglite({ client, schema });
  await migratePglite(db, { migrationsFolder });
  const owned = client;
  return { db: db as unknown as Db, kind: 'pglite', close: () => owned.close() };
}

/** Resolves once the database answers a trivial query; rejects when it fails or errors. */
export async function pingDatabase(db: Db): Promise<void> {
  await db.execute(sql`select 1`);
}
