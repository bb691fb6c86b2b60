import { mkdir, mkdtemp, rm, symlink, truncate, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

import { afterAll, describe, expect, it } from 'vitest';

import { describePostgresFailure, inspectDataFolder } from './data-folder.ts';

const SEGMENT = 16 * 1024 * 1024;
const dirs: string[] = [];

afterAll(async () => {
  await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
});

/**
 * The files of a data folder that inspectDataFolder looks at (WAL segments sparse, so cheap),
 * with `damage` applied to it.
 */
async function makeFolder(damage: (dir: string) => Promise<unknown> = async () => {}) {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'touchline-folder-'));
  dirs.push(dir);
  await writeFile(path.join(dir, 'PG_VERSION'), '18\n');
  await mkdir(path.join(dir, 'global'));
  await writeFile(path.join(dir, 'global', 'pg_control'), Buffer.alloc(8192, 1));
  await mkdir(path.join(dir, 'base', '5'), { recursive: true });
  await mkdir(path.join(dir, 'pg_wal', 'archive_status'), { recursive: true });
  for (const name of ['000000010000000000000005', '000000010000000000000006']) {
    await writeFile(path.join(dir, 'pg_wal', name), '');
    await truncate(path.join(dir, 'pg_wal', name), SEGMENT);
  }
  await damage(dir);
  return dir;
}

describe('inspectDataFolder', () => {
  it('takes an absent or empty folder for a first start', async () => {
    const parent = await mkdtemp(path.join(os.tmpdir(), 'touchline-folder-'));
    dirs.push(parent);
    expect(await inspectDataFolder(path.join(parent, 'pglite'))).toEqual({ kind: 'new' });
    await mkdir(path.join(parent, 'pglite'));
    expect(await inspectDataFolder(path.join(parent, 'pglite'))).toEqual({ kind: 'new' });
    // A volume mounted there: its lost+found alone is no database.
    await mkdir(path.join(parent, 'pglite', 'lost+found'));
    expect(await inspectDataFolder(path.join(parent, 'pglite'))).toEqual({ kind: 'new' });
    await writeFile(path.join(parent, 'pglite', 'notes.txt'), 'x');
    expect(await inspectDataFolder(path.join(parent, 'pglite'))).toMatchObject({
      kind: 'incomplete',
    });
  });

  it('takes a folder with the files PostgreSQL starts from for a database', async () => {
    expect(await inspectDataFolder(await makeFolder())).toEqual({ kind: 'database' });
  });

  it.each([
    [
      'PG_VERSION deleted',
      (dir: string) => rm(path.join(dir, 'PG_VERSION')),
      'PG_VERSION is missing',
    ],
    [
      'PG_VERSION overwritten',
      (dir: string) => writeFile(path.join(dir, 'PG_VERSION'), 'garbage'),
      'PG_VERSION does not hold a version number',
    ],
    [
      'pg_control deleted',
      (dir: string) => rm(path.join(dir, 'global', 'pg_control')),
      'global/pg_control is missing',
    ],
    [
      'pg_control emptied',
      (dir: string) => writeFile(path.join(dir, 'global', 'pg_control'), ''),
      'global/pg_control is empty',
    ],
    [
      'the tables folder deleted',
      (dir: string) => rm(path.join(dir, 'base'), { recursive: true }),
      'the base folder is missing',
    ],
    [
      'the WAL folder deleted',
      (dir: string) => rm(path.join(dir, 'pg_wal'), { recursive: true }),
      'the pg_wal folder is missing',
    ],
    [
      'every WAL segment deleted',
      async (dir: string) => {
        await rm(path.join(dir, 'pg_wal', '000000010000000000000005'));
        await rm(path.join(dir, 'pg_wal', '000000010000000000000006'));
      },
      'pg_wal holds no WAL segment',
    ],
    [
      'a WAL segment cut short',
      (dir: string) => truncate(path.join(dir, 'pg_wal', '000000010000000000000005'), 8192),
      'WAL segment pg_wal/000000010000000000000005 is cut short (8192 bytes; the others have 16777216)',
    ],
    [
      'the only WAL segment cut short',
      async (dir: string) => {
        await rm(path.join(dir, 'pg_wal', '000000010000000000000006'));
        await truncate(path.join(dir, 'pg_wal', '000000010000000000000005'), 5_000_000);
      },
      'WAL segment pg_wal/000000010000000000000005 is cut short (5000000 bytes)',
    ],
  ])('refuses a folder with %s', async (_, damage, problem) => {
    expect(await inspectDataFolder(await makeFolder(damage))).toEqual({
      kind: 'incomplete',
      problem,
    });
  });

  it('refuses a file in place of the folder', async () => {
    const dir = await makeFolder();
    expect(await inspectDataFolder(path.join(dir, 'PG_VERSION'))).toEqual({
      kind: 'incomplete',
      problem: 'it is a file, not a folder',
    });
  });

  it('refuses a WAL segment it cannot read', async () => {
    // A link to itself cannot be opened, even by root (whom file modes do not stop).
    const dir = await makeFolder(async (d) => {
      const segment = path.join(d, 'pg_wal', '000000010000000000000006');
      await rm(segment);
      await symlink(segment, segment);
    });
    expect(await inspectDataFolder(dir)).toEqual({
      kind: 'incomplete',
      problem: 'pg_wal/000000010000000000000006 cannot be read (ELOOP)',
    });
  });
});

describe('describePostgresFailure', () => {
  it('gives the PANIC with the LOG lines that explain it (a zeroed WAL segment)', () => {
    // What PGlite's onStderr received, in order, when the segment holding the checkpoint was zeroed.
    const lines = [
      '2026-11-25 16:50:21.612 UTC [42] LOG:  invalid magic number 0000 in WAL segment 000000010000000000000005, LSN 0/5000000, offset 0',
      '2026-11-25 16:50:21.613 UTC [42] LOG:  invalid checkpoint record',
      '2026-11-25 16:50:21.613 UTC [42] PANIC:  could not locate a valid checkpoint record at 0/5DF5D10',
      'Aborted()',
    ];
    expect(describePostgresFailure(lines)).toBe(
      'PANIC: could not locate a valid checkpoint record at 0/5DF5D10 (invalid magic number 0000 in WAL segment 000000010000000000000005, LSN 0/5000000, offset 0; invalid checkpoint record)',
    );
  });

  it('gives a FATAL with its DETAIL', () => {
    const lines = [
      '2026-11-25 16:52:48.932 UTC [42] FATAL:  database files are incompatible with server',
      '2026-11-25 16:52:48.932 UTC [42] DETAIL:  The data directory was initialized by PostgreSQL version 99, which is not compatible with this version 18.6.',
    ];
    expect(describePostgresFailure(lines)).toBe(
      'FATAL: database files are incompatible with server (The data directory was initialized by PostgreSQL version 99, which is not compatible with this version 18.6.)',
    );
  });

  it('joins the tab-indented lines of a message and ignores earlier errors', () => {
    const lines = [
      '2026-11-25 16:52:30.737 UTC [42] ERROR:  relation "x" does not exist',
      '2026-11-25 16:52:47.636 UTC [42] FATAL:  could not open file "global/pg_filenode.map":',
      '\tNo such file or directory',
    ];
    expect(describePostgresFailure(lines)).toBe(
      'FATAL: could not open file "global/pg_filenode.map": No such file or directory',
    );
  });

  it('is null when PostgreSQL did not give up', () => {
    expect(
      describePostgresFailure([
        '2026-11-25 16:50:34.370 UTC [42] LOG:  shutting down',
        '2026-11-25 16:52:30.737 UTC [42] ERROR:  could not open file "base/5/16573"',
      ]),
    ).toBeNull();
  });
});
