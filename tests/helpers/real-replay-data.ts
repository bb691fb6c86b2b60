import path from 'node:path';

import type { ReplayDataset } from '../../src/domain/history.ts';
import type { Db } from '../../src/server/db/client.ts';
import { findDefaultReplaySeason, loadReplayDataset } from '../../src/server/db/history-queries.ts';
import { runImportHistory } from '../../src/server/jobs/import-history.ts';
import { createTestDb, type TestDatabase } from './test-db.ts';

/** The repository's own data files. */
export const DATA_DIR = path.resolve(import.meta.dirname, '../../data');

/**
 * Imports the real data files into `db` as the app imports them, and returns the season the
 * replay would pick by default with that season's data set as the provider reads it. The import
 * takes about 12 s on PGlite: give the hook that calls this a generous timeout.
 */
export async function importRealReplayData(
  db: Db,
): Promise<{ season: string; dataset: ReplayDataset }> {
  await runImportHistory({ db, dataDir: DATA_DIR });
  const season = await findDefaultReplaySeason(db);
  if (season === null) throw new Error('the data files hold no complete season to replay');
  return { season, dataset: await loadReplayDataset(db, season) };
}

/**
 * A fresh test database with the real data files imported (see importRealReplayData). Close the
 * database afterwards.
 */
export async function loadRealReplayData(): Promise<{
  database: TestDatabase;
  season: string;
  dataset: ReplayDataset;
}> {
  const database = await createTestDb();
  try {
    return { database, ...(await importRealReplayData(database.db)) };
  } catch (error) {
    await database.close();
    throw error;
  }
}
