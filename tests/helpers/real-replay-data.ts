import path from 'node:path';

import type { ReplayDataset } from '../../src/domain/history.ts';
import { LEAGUES } from '../../src/domain/league.ts';
import type { Db } from '../../src/server/db/client.ts';
import { findDefaultReplaySeason, loadReplayDataset } from '../../src/server/db/history-queries.ts';
import { createTestDb, type TestDatabase } from './test-db.ts';

/** The repository's own data files. */
export const DATA_DIR = path.resolve(import.meta.dirname, '../../data');

/**
 * The season the replay picks by default from the history in `db` (imported from the real data
 * files: a database made with `createTestDb(leagues, { history: true })`), with that season's
 * data set as the provider reads it.
 */
export async function readRealReplayData(
  db: Db,
  chosen?: string,
): Promise<{ season: string; dataset: ReplayDataset }> {
  const season = chosen ?? (await findDefaultReplaySeason(db));
  if (season === null) throw new Error('the data files hold no complete season to replay');
  return { season, dataset: await loadReplayDataset(db, season) };
}

/**
 * A test database with the real data files imported (a copy of the history snapshot, or of a
 * template database on Postgres), with the replay's default season (or `season`) and its data
 * set. Close the database afterwards.
 */
export async function loadRealReplayData(season?: string): Promise<{
  database: TestDatabase;
  season: string;
  dataset: ReplayDataset;
}> {
  const database = await createTestDb(LEAGUES, { history: true });
  try {
    return { database, ...(await readRealReplayData(database.db, season)) };
  } catch (error) {
    await database.close();
    throw error;
  }
}
