// The real server process on a damaged PGlite data folder: it refuses to start with one line
// on stderr naming the folder and what is wrong, and never creates a new database over it.
import { spawn } from 'node:child_process';
import { cp, mkdir, mkdtemp, readdir, rm, stat, truncate } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { afterAll, beforeAll, describe, expect, it, type ExpectStatic } from 'vitest';

import { findCheckpointSegment, hashFiles, zeroFile } from '../helpers/data-folder.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
const NODE = path.join(root, 'node_modules', '.bin', 'node');

type Run = { code: number | null; stdout: string; stderr: string; listened: boolean };

/**
 * Runs `node src/server/main.ts` on `dataDir` until it exits, or until it listens (then it is
 * stopped with SIGTERM, as an operator would).
 */
function runServer(dataDir: string, timeoutMs: number): Promise<Run> {
  // PGlite, and no Redis: whatever the environment running the tests points at.
  const { DATABASE_URL: _database, REDIS_URL: _redis, ...env } = process.env;
  const child = spawn(NODE, ['src/server/main.ts'], {
    cwd: root,
    env: {
      ...env,
      DATA_DIR: dataDir,
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'silent',
      PREDICTION_HISTORY_SEASONS: '3',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  let listened = false;
  const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
  child.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
    if (!listened && /running at/.test(stdout)) {
      listened = true;
      child.kill('SIGTERM');
    }
  });
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) =>
    child.once('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr, listened });
    }),
  );
}

let tmp: string;
/** A data folder the server made on a first start, with the history imported. */
let prepared: string;
let firstStart: Run;

beforeAll(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'touchline-data-folder-'));
  prepared = path.join(tmp, 'prepared');
  // An existing but empty PGlite folder is a first start, like an absent one.
  await mkdir(path.join(prepared, 'pglite'), { recursive: true });
  firstStart = await runServer(prepared, 150_000);
}, 160_000);

afterAll(async () => {
  await rm(tmp, { recursive: true, force: true });
});

let copies = 0;
/** A copy of the prepared folder with `damage` done to its PGlite folder. */
async function damagedCopy(damage: (pgliteDir: string) => Promise<unknown>) {
  const dataDir = path.join(tmp, `case-${++copies}`);
  await cp(prepared, dataDir, { recursive: true });
  await damage(path.join(dataDir, 'pglite'));
  return { dataDir, pgliteDir: path.join(dataDir, 'pglite') };
}

/** The largest file under base/: the biggest table's rows. */
async function findLargestTableFile(pgliteDir: string): Promise<string> {
  let largest = { file: '', size: -1 };
  for (const entry of await readdir(path.join(pgliteDir, 'base'), {
    recursive: true,
    withFileTypes: true,
  })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    const { size } = await stat(file);
    if (size > largest.size) largest = { file, size };
  }
  return largest.file;
}

describe('a data folder', () => {
  it('that exists but is empty is a first start: the server creates the database in it', async () => {
    expect(firstStart.listened, firstStart.stderr).toBe(true);
    expect(firstStart.code).toBe(0);
    expect((await readdir(path.join(prepared, 'pglite'))).sort()).toContain('PG_VERSION');
  });
});

/**
 * The one line a refused start printed: the server never listened, exited non-zero, and
 * stderr holds that line alone (LOG_LEVEL is silent; PGlite's own output is kept from it).
 */
function refusal(run: Run, expect: ExpectStatic): string {
  expect(run.listened, run.stdout).toBe(false);
  expect(run.code, 'the exit code (null: still running at the timeout)').toBeTypeOf('number');
  expect(run.code).not.toBe(0);
  const lines = run.stderr.trim().split('\n');
  expect(lines).toHaveLength(1);
  return lines[0] ?? '';
}

// Each case runs the server on its own copy: they run side by side.
describe.concurrent('a damaged data folder', () => {
  it('without PG_VERSION is refused, named in one line, and left byte for byte as it was', async ({
    expect,
  }) => {
    const { dataDir, pgliteDir } = await damagedCopy((dir) => rm(path.join(dir, 'PG_VERSION')));
    const before = await hashFiles(pgliteDir);
    const line = refusal(await runServer(dataDir, 60_000), expect);
    expect(line).toMatch(
      `Touchline failed to start: the data folder ${pgliteDir} is not a complete database: PG_VERSION is missing.`,
    );
    expect(await hashFiles(pgliteDir)).toEqual(before);
  }, 90_000);

  it('whose WAL segment was zeroed is refused with PostgreSQL’s reason, not “Aborted()”', async ({
    expect,
  }) => {
    const { dataDir, pgliteDir } = await damagedCopy(async (dir) =>
      zeroFile(path.join(dir, await findCheckpointSegment(dir))),
    );
    const line = refusal(await runServer(dataDir, 60_000), expect);
    expect(line).toMatch(
      `Touchline failed to start: the data folder ${pgliteDir} is damaged: PostgreSQL cannot start on it (PANIC: could not locate a valid checkpoint record`,
    );
    expect(line).not.toMatch(/Aborted/);
  }, 90_000);

  it('whose largest table file was truncated is refused, naming the table', async ({ expect }) => {
    // PostgreSQL reads a truncated table file as an empty table, without an error: only the
    // record the import made shows the rows are gone.
    const { dataDir, pgliteDir } = await damagedCopy(async (dir) =>
      truncate(await findLargestTableFile(dir), 0),
    );
    const line = refusal(await runServer(dataDir, 60_000), expect);
    expect(line).toMatch(
      `Touchline failed to start: the data folder ${pgliteDir} looks damaged: table history_shots holds 0 rows where `,
    );
    expect(line).toMatch(/restore the folder from a backup, or move it away/i);
  }, 90_000);
});
