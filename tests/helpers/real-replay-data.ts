import path from 'node:path';

import type { ReplayDataset } from '../../src/domain/history.ts';
import { findDefaultReplaySeason, loadReplayDataset } from '../../src/server/db/history-queries.ts';
import { runImportHistory } from '../../src/server/jobs/import-history.ts';
import { createTestDb, type TestDatabase } from './test-db.ts';

/** The repository's own data files. */
export const DATA_DIR = path.resolve(import.meta.dirname, '../../data');

/**
 * A fresh test database with the real data files imported, the season the replay would pick by
 * default, and that season's data set as the provider reads it. The import takes about 12 s on
 * PGlite: give the hook that calls this a generous timeout. Close the database afterwards.
 */
export async function loadRealReplayData(): Promise<{
  database: TestDatabase;
  season: string;
  dataset: ReplayDataset;
}> {
  const database = await createTestDb();
  try {
    await runImportHistory({ db: database.db, dataDir: DATA_DIR });
    const season = await findDefaultReplaySeason(database.db);
    if (season === null) throw new Error('the data files hold no complete season to replay');
    return { database, season, dataset: await loadReplayDataset(database.db, season) };
  } catch (error) {
    await database.close();
    throw error;
  }
}
