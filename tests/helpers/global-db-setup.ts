import { mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';

import { openDatabase } from '../../src/server/db/client.ts';

export const POSTGRES_ADMIN_URL = 'postgres://postgres@127.0.0.1:5432/test';

declare module 'vitest' {
  interface ProvidedContext {
    pgliteSnapshot: string;
    databaseKind: 'pglite' | 'postgres';
  }
}

/** Migrates one PGlite and saves it, so each test file starts from a copy instead of migrating. */
export default async function setup(project: TestProject) {
  const kind = process.env.TEST_DATABASE === 'postgres' ? 'postgres' : 'pglite';
  project.provide('databaseKind', kind);
  if (kind === 'postgres') {
    const client = new pg.Client({
      connectionString: POSTGRES_ADMIN_URL,
      connectionTimeoutMillis: 3000,
    });
    await client.connect();
    await client.end();
  }
  const pglite = await PGlite.create();
  const database = await openDatabase({ pglite });
  const dump = await pglite.dumpDataDir('gzip');
  await database.close();
  const dir = await mkdtemp(path.join(os.tmpdir(), 'touchline-db-'));
  const file = path.join(dir, 'migrated.tar.gz');
  await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteSnapshot', file);
}
