// openDatabase on the local Postgres: a database that lost a table is refused with one line that
// names it without its user or password.
import { randomInt } from 'node:crypto';

import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { DamagedDatabaseError, openDatabase } from '../../src/server/db/client.ts';
import { POSTGRES_ADMIN_URL } from '../helpers/global-db-setup.ts';

describe('openDatabase on Postgres', () => {
  const name = `touchline_open_${randomInt(1, 2 ** 31)}`;
  const url = new URL(POSTGRES_ADMIN_URL);
  url.pathname = `/${name}`;
  let admin: pg.Client;

  beforeAll(async () => {
    admin = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
    await admin.connect();
    await admin.query(`create database ${name}`);
  });
  afterAll(async () => {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  });

  it('refuses a database that lost a table, named without its user', async () => {
    const first = await openDatabase({ databaseUrl: url.href });
    await first.close();
    const client = new pg.Client({ connectionString: url.href });
    await client.connect();
    await client.query('drop table news_articles cascade');
    await client.end();

    const error = await openDatabase({ databaseUrl: url.href }).then(
      async (database) => {
        await database.close();
        return new Error('opened');
      },
      (e: unknown) => e as Error,
    );
    expect(error).toBeInstanceOf(DamagedDatabaseError);
    expect(error.message).toBe(
      `the database ${url.host}/${name} looks damaged: table news_articles is missing, though the migrations that create it are recorded as applied. Restore the database from a backup.`,
    );
  });
});
