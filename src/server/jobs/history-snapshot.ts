import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rename, rm } from 'node:fs/promises';
import path from 'node:path';

import { sql } from 'drizzle-orm';

import { LEAGUES } from '../../domain/league.ts';
import { openDatabase } from '../db/client.ts';
import { seedLeagues } from '../db/leagues-queries.ts';
import { PROJECT_ROOT } from '../project-root.ts';
import { runImportHistory, type ImportResult } from './import-history.ts';

const root = PROJECT_ROOT;

/** The shipped data files the history is imported from. */
export const HISTORY_DATA_DIR = path.join(root, 'data');

/** Where built snapshots are kept: one file per version of their inputs. */
export const SNAPSHOT_DIR = path.join(root, '.cache', 'history');

/**
 * What a snapshot is made from: the data files, the migrations, the code that seeds and imports
 * them, and the PGlite that writes the files. A change to any of them makes a new snapshot.
 */
const SOURCE_FILES = [
  'src/server/jobs/import-history.ts',
  'src/server/db/leagues-queries.ts',
  'src/server/db/integrity.ts',
  'src/server/jobs/history-snapshot.ts',
  'src/domain/league.ts',
  'node_modules/@electric-sql/pglite/package.json',
];

async function listFiles(dir: string, pattern: RegExp): Promise<string[]> {
  const names = await readdir(dir, { recursive: true, encoding: 'utf8' });
  return names.filter((name) => pattern.test(name)).sort();
}

/** A short hash of every input of the snapshot (computed in tens of milliseconds). */
export async function computeSnapshotKey(dataDir = HISTORY_DATA_DIR): Promise<string> {
  const hash = createHash('sha256');
  const add = async (label: string, file: string) => {
    hash
      .update(label)
      .update('\0')
      .update(await readFile(file))
      .update('\0');
  };
  for (const name of await listFiles(dataDir, /\.(csv|gz)$/)) {
    await add(`data/${name}`, path.join(dataDir, name));
  }
  const drizzle = path.join(root, 'drizzle');
  for (const name of await listFiles(drizzle, /\.(sql|json)$/)) {
    await add(`drizzle/${name}`, path.join(drizzle, name));
  }
  for (const file of SOURCE_FILES) await add(file, path.join(root, file));
  return hash.digest('hex').slice(0, 16);
}

export const snapshotPath = (key: string) => path.join(SNAPSHOT_DIR, key);

/** The current snapshot's folder when it has been built, else null. */
export async function findHistorySnapshot(dataDir = HISTORY_DATA_DIR): Promise<string | null> {
  const dir = snapshotPath(await computeSnapshotKey(dataDir));
  return existsSync(path.join(dir, 'PG_VERSION')) ? dir : null;
}

/**
 * A migrated database with the leagues seeded and the history imported: a PGlite data folder,
 * closed cleanly, that a first start copies instead of importing the CSV files (which takes
 * 15–30 s and most of a start's memory). Built once per version of its inputs; the previous
 * versions are removed.
 */
export async function buildHistorySnapshot(
  dataDir = HISTORY_DATA_DIR,
): Promise<{ dir: string; built: boolean; imported?: ImportResult }> {
  const key = await computeSnapshotKey(dataDir);
  const dir = snapshotPath(key);
  if (existsSync(path.join(dir, 'PG_VERSION'))) return { dir, built: false };
  await mkdir(SNAPSHOT_DIR, { recursive: true });
  const building = await mkdtemp(path.join(SNAPSHOT_DIR, `.building-${key}-`));
  let imported: ImportResult | undefined;
  try {
    const database = await openDatabase({ dataDir: building });
    try {
      await seedLeagues(database.db, LEAGUES);
      imported = await runImportHistory({ db: database.db, dataDir });
      await database.db.execute(sql`analyze`);
      // The import filled several WAL segments: switching and checkpointing lets PostgreSQL
      // drop those no longer needed, so every copy is smaller.
      for (let round = 0; round < 2; round++) {
        await database.db.execute(sql`checkpoint`);
        await database.db.execute(sql`select pg_switch_wal()`);
      }
      await database.db.execute(sql`checkpoint`);
    } finally {
      await database.close();
    }
    await rename(path.join(building, 'pglite'), dir);
  } catch (error) {
    if (!existsSync(path.join(dir, 'PG_VERSION'))) throw error;
    // Another process built the same snapshot first: use that one.
  } finally {
    await rm(building, { recursive: true, force: true });
  }
  for (const name of await readdir(SNAPSHOT_DIR)) {
    if (name !== key && /^[0-9a-f]{16}$/.test(name)) {
      await rm(path.join(SNAPSHOT_DIR, name), { recursive: true, force: true });
    }
  }
  return { dir, built: true, ...(imported === undefined ? {} : { imported }) };
}
