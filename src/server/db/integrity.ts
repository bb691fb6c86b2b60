import { eq, getTableName, is, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { z } from 'zod';

import type { Db } from './client.ts';
import * as schema from './schema.ts';

const { settings } = schema;

/** The names of the schema's tables, each of which the migrations create. */
export const SCHEMA_TABLES: readonly string[] = Object.values(schema)
  .filter((value) => is(value, PgTable))
  .map((table) => getTableName(table))
  .sort();

/** Where drizzle's migrator records the migrations it has applied. */
const MIGRATIONS_TABLE = 'drizzle.__drizzle_migrations';

/** Both drivers answer raw queries with { rows }. */
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** `names` as a one-column table of text, `t(name)`, to query about each in one statement. */
const namesTable = (names: readonly string[]) =>
  sql`(values ${sql.join(
    names.map((name) => sql`(${name}::text)`),
    sql`, `,
  )}) as t(name)`;

/**
 * True when the database has tables of the schema but no record of the migrations that made
 * them: the migrator would run them all again, and stop on the first table that exists.
 */
export async function isMigrationsJournalMissing(db: Db): Promise<boolean> {
  const result = await db.execute(sql`
    select to_regclass(${MIGRATIONS_TABLE}) is null
      and exists (
        select from ${namesTable(SCHEMA_TABLES)}
        where to_regclass(quote_ident(t.name)) is not null
      ) as missing
  `);
  return rowsOf<{ missing: boolean }>(result)[0]?.missing === true;
}

/**
 * The schema's tables the database lacks. Run after migrating, when the journal says each
 * migration was applied: one missing now was lost afterwards, and no migration will remake it.
 */
export async function findMissingTables(db: Db): Promise<string[]> {
  const result = await db.execute(sql`
    select t.name from ${namesTable(SCHEMA_TABLES)}
    where to_regclass(quote_ident(t.name)) is null
    order by t.name
  `);
  return rowsOf<{ name: string }>(result).map((row) => row.name);
}

/**
 * What some tables held when they were last written in bulk (by the history import), for the
 * start-up check. PostgreSQL reads a table file that lost its end (truncated, or cut short by
 * a bad copy) as a table with fewer rows, without an error: only a record kept elsewhere shows
 * that rows are gone.
 */
const RECORD_KEY = 'recorded_tables';

const TableRecord = z.record(
  z.string(),
  z.object({ rows: z.number().int().min(0), bytes: z.number().int().min(0) }),
);
type TableRecord = z.infer<typeof TableRecord>;

/** The rows and file size of each table, read in one statement. */
async function measure(db: Db, names: readonly string[]): Promise<TableRecord> {
  if (names.length === 0) return {};
  const result = await db.execute(
    sql.join(
      names.map(
        (name) => sql`
          select ${name}::text as name, (select count(*) from ${sql.identifier(name)})::float8 as rows,
            pg_relation_size(quote_ident(${name})::regclass)::float8 as bytes
        `,
      ),
      sql` union all `,
    ),
  );
  return Object.fromEntries(
    rowsOf<{ name: string; rows: number; bytes: number }>(result).map((row) => [
      row.name,
      { rows: Number(row.rows), bytes: Number(row.bytes) },
    ]),
  );
}

/**
 * Records the rows and file size of `tables` as they are now; call it in the transaction that
 * wrote them, so the record commits with the rows. Replaces any earlier record.
 */
export async function recordTables(db: Db, tables: readonly PgTable[]): Promise<void> {
  const value = JSON.stringify(
    await measure(
      db,
      tables.map((table) => getTableName(table)),
    ),
  );
  await db
    .insert(settings)
    .values({ key: RECORD_KEY, value })
    .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: new Date() } });
}

/** The stored record, or null when none was made (or it is unreadable). */
export async function findTableRecord(db: Db): Promise<TableRecord | null> {
  const rows = await db
    .select({ value: settings.value })
    .from(settings)
    .where(eq(settings.key, RECORD_KEY));
  if (rows[0] === undefined) return null;
  try {
    const parsed = TableRecord.safeParse(JSON.parse(rows[0].value));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** A table holding fewer rows than recorded, with what was recorded and what is there now. */
export type LostRows = { table: string; recorded: TableRecord[string]; now: TableRecord[string] };

/**
 * The first recorded table that has lost rows, or null. A table's file only grows between
 * bulk writes (rows are updated and deleted in place; only VACUUM gives space back), so one
 * that is as large as recorded is taken as whole without reading it: the check stays a few
 * stat calls. A smaller one is counted, which also clears a table VACUUM FULL compacted.
 */
export async function findLostRows(db: Db): Promise<LostRows | null> {
  // One snapshot for the record and the counts: an import committing meanwhile changes both.
  return db.transaction(
    async (tx) => {
      const record = await findTableRecord(tx);
      if (record === null) return null;
      const names = Object.keys(record).filter((name) => SCHEMA_TABLES.includes(name));
      if (names.length === 0) return null;
      const result = await tx.execute(sql`
        select t.name, pg_relation_size(quote_ident(t.name)::regclass)::float8 as bytes
        from ${namesTable(names)}
      `);
      const shrunk = rowsOf<{ name: string; bytes: number }>(result)
        .filter((row) => Number(row.bytes) < (record[row.name]?.bytes ?? 0))
        .map((row) => row.name);
      const now = await measure(tx, shrunk);
      for (const name of shrunk) {
        const before = record[name];
        const after = now[name];
        if (before !== undefined && after !== undefined && after.rows < before.rows)
          return { table: name, recorded: before, now: after };
      }
      return null;
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}
