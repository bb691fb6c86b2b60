// Instances starting together on one empty Postgres database: the one that takes the migration
// lock migrates, the others wait for it and find every migration applied, and all come up.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import pg from 'pg';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { MIGRATION_LOCK_KEY, openDatabase, type Database } from '../../src/server/db/client.ts';
import { POSTGRES_ADMIN_URL } from '../helpers/global-db-setup.ts';

const INSTANCES = 4;
const root = fileURLToPath(new URL('../..', import.meta.url));

const journal = JSON.parse(
  await readFile(new URL('../../drizzle/meta/_journal.json', import.meta.url), 'utf8'),
) as { entries: { tag: string }[] };

let admin: pg.Client;
let name: string;
let url: string;

beforeEach(async () => {
  name = `touchline_migrate_${randomBytes(6).toString('hex')}`;
  admin = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const address = new URL(POSTGRES_ADMIN_URL);
  address.pathname = `/${name}`;
  url = address.href;
});

afterEach(async () => {
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
});

/** The migrations drizzle recorded as applied, oldest first. */
async function listAppliedMigrations(): Promise<string[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const result = await client.query<{ hash: string }>(
      'select hash from drizzle.__drizzle_migrations order by id',
    );
    return result.rows.map((row) => row.hash);
  } finally {
    await client.end();
  }
}

describe('instances starting together on an empty Postgres database', () => {
  it(`all ${INSTANCES} open it, and each migration is applied once`, async () => {
    const opened = await Promise.allSettled(
      Array.from({ length: INSTANCES }, () => openDatabase({ databaseUrl: url })),
    );
    const databases = opened.flatMap((o) => (o.status === 'fulfilled' ? [o.value] : []));
    await Promise.all(databases.map((database) => database.close()));

    const failures = opened.flatMap((o) =>
      o.status === 'rejected' ? [String((o.reason as Error).message)] : [],
    );
    expect(failures).toEqual([]);
    const applied = await listAppliedMigrations();
    expect(applied).toHaveLength(journal.entries.length);
    expect(new Set(applied).size).toBe(applied.length);
  });

  it('wait for the migration lock while another session holds it', async () => {
    const holder = new pg.Client({ connectionString: url });
    await holder.connect();
    await holder.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    let database: Database | undefined;
    const opening = openDatabase({ databaseUrl: url }).then((d) => (database = d));
    try {
      // The instance asks for the lock and waits: nothing is migrated meanwhile.
      await expect
        .poll(async () => {
          const waiting = await holder.query(
            `select count(*)::int as n from pg_locks
             where locktype = 'advisory' and not granted and objid = $1`,
            [MIGRATION_LOCK_KEY],
          );
          return (waiting.rows[0] as { n: number }).n;
        })
        .toBe(1);
      expect(database).toBeUndefined();
      const tables = await holder.query(`select to_regclass('drizzle.__drizzle_migrations') as t`);
      expect((tables.rows[0] as { t: string | null }).t).toBeNull();

      await holder.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
      await opening;
      expect(await listAppliedMigrations()).toHaveLength(journal.entries.length);
    } finally {
      await holder.end();
      await opening.then((d) => d.close()).catch(() => {});
    }
  });
});

/** Runs `node src/server/main.ts` on the database until it prints its address; stop() ends it. */
async function startTouchline(workDir: string, name: string) {
  const child = spawn(process.execPath, ['src/server/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: path.join(workDir, name),
      DATABASE_URL: url,
      NEWS_FEEDS: path.join(workDir, 'feeds.json'),
      LOG_LEVEL: 'warn',
      // The models learn three seasons of history, not all twenty: seconds less at each start.
      PREDICTION_HISTORY_SEASONS: '3',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
  };
  let output = '';
  const address = await new Promise<string>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /running at (http:\/\/\S+)/.exec(output);
      if (match?.[1] !== undefined) resolve(match[1]);
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) =>
      reject(new Error(`${name} exited with ${String(code)}:\n${output}`)),
    );
  }).catch(async (error: unknown) => {
    await stop();
    throw error;
  });
  return { address, stop };
}

describe('two Touchline processes started together on an empty Postgres database', () => {
  it('both come up and answer ready', async () => {
    const workDir = await mkdtemp(path.join(os.tmpdir(), 'touchline-migrate-'));
    await writeFile(path.join(workDir, 'feeds.json'), '[]');
    const started = await Promise.allSettled([
      startTouchline(workDir, 'a'),
      startTouchline(workDir, 'b'),
    ]);
    const running = started.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
    try {
      const failures = started.flatMap((s) =>
        s.status === 'rejected' ? [String((s.reason as Error).message)] : [],
      );
      expect(failures).toEqual([]);
      for (const instance of running) {
        expect((await fetch(`${instance.address}/readyz`)).status).toBe(200);
      }
      expect(await listAppliedMigrations()).toHaveLength(journal.entries.length);
    } finally {
      await Promise.all(running.map((instance) => instance.stop()));
      await rm(workDir, { recursive: true, force: true });
    }
  });
});
