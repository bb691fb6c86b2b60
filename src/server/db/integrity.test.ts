import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import { createTestDb, type TestDatabase } from '../../../tests/helpers/test-db.ts';
import type { Db } from './client.ts';
import {
  findLostRows,
  findMissingTables,
  findTableRecord,
  isMigrationsJournalMissing,
  recordTables,
  SCHEMA_TABLES,
} from './integrity.ts';
import { seedLeagues } from './leagues-queries.ts';
import { leagues, settings, teams } from './schema.ts';

// One database for the file; the tests that drop tables come last.
let database: TestDatabase;
let db: Db;
beforeAll(async () => {
  database = await createTestDb();
  db = database.db;
});
afterAll(async () => {
  await database.close();
});

describe('the row check', () => {
  beforeEach(async () => {
    await db.delete(settings);
    await seedLeagues(db);
  });

  /** Overwrites what the record says of one table. */
  async function setRecord(table: string, rows: number, bytes: number) {
    const record = (await findTableRecord(db)) ?? {};
    record[table] = { rows, bytes };
    await db
      .update(settings)
      .set({ value: JSON.stringify(record) })
      .where(eq(settings.key, 'recorded_tables'));
  }

  it('finds nothing when no record was made', async () => {
    expect(await findTableRecord(db)).toBeNull();
    expect(await findLostRows(db)).toBeNull();
  });

  it('records the rows and file size of each table, and finds them whole', async () => {
    await recordTables(db, [leagues, teams]);
    const record = await findTableRecord(db);
    expect(record).toEqual({
      leagues: { rows: 5, bytes: expect.any(Number) },
      teams: { rows: 0, bytes: 0 },
    });
    expect(record?.leagues?.bytes).toBeGreaterThan(0);
    expect(await findLostRows(db)).toBeNull();
  });

  it('reports a table whose file shrank below the record and lost rows', async () => {
    await recordTables(db, [leagues]);
    const bytes = (await findTableRecord(db))?.leagues?.bytes ?? 0;
    await setRecord('leagues', 7, bytes + 8192);
    expect(await findLostRows(db)).toEqual({
      table: 'leagues',
      recorded: { rows: 7, bytes: bytes + 8192 },
      now: { rows: 5, bytes },
    });
  });

  it('takes a smaller file that still has every row for a compacted one', async () => {
    await recordTables(db, [leagues]);
    const bytes = (await findTableRecord(db))?.leagues?.bytes ?? 0;
    await setRecord('leagues', 5, bytes + 8192);
    expect(await findLostRows(db)).toBeNull();
  });

  it('reads no further than the file size when it has not shrunk', async () => {
    await recordTables(db, [leagues]);
    // Rows deleted by a query are no damage; the file keeps its size until VACUUM.
    await db.delete(leagues).where(eq(leagues.code, 'F1'));
    expect((await db.select({ n: count() }).from(leagues))[0]?.n).toBe(4);
    expect(await findLostRows(db)).toBeNull();
  });

  it('ignores a record it cannot read, and tables not in the schema', async () => {
    await db.insert(settings).values({ key: 'recorded_tables', value: 'not json' });
    expect(await findTableRecord(db)).toBeNull();
    expect(await findLostRows(db)).toBeNull();
    await db
      .update(settings)
      .set({ value: JSON.stringify({ gone: { rows: 9, bytes: 81920 } }) })
      .where(eq(settings.key, 'recorded_tables'));
    expect(await findLostRows(db)).toBeNull();
  });
});

describe('the schema check', () => {
  it('lists every table of the schema', () => {
    expect(SCHEMA_TABLES).toContain('affiliate_clicks');
    expect(SCHEMA_TABLES).toContain('history_matches');
    expect(SCHEMA_TABLES).toContain('settings');
    expect(SCHEMA_TABLES).toEqual([...SCHEMA_TABLES].sort());
  });

  it('finds nothing missing in a migrated database, then the tables dropped since', async () => {
    expect(await findMissingTables(db)).toEqual([]);
    expect(await isMigrationsJournalMissing(db)).toBe(false);
    await db.execute(sql`drop table news_articles, affiliate_clicks cascade`);
    expect(await findMissingTables(db)).toEqual(['affiliate_clicks', 'news_articles']);
  });

  it('notices tables without the record of the migrations that made them', async () => {
    await db.execute(sql`drop schema drizzle cascade`);
    expect(await isMigrationsJournalMissing(db)).toBe(true);
  });
});
