// Builds what the server opens, each only when its inputs changed since the last build:
//   the front end (dist/), from the web and domain sources, public/ and the build's settings;
//   the server (.cache/server/), its sources bundled into plain JavaScript (see prepareServer);
//   the history snapshot (.cache/history/), a database with the shipped CSV files imported.
// `npm start`, `npm test` and `npm run build` run it; it prints each step and its time.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, statSync } from 'node:fs';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';

import { build } from 'rolldown';

import { buildHistorySnapshot } from '../src/server/jobs/history-snapshot.ts';

const root = path.resolve(import.meta.dirname, '..');
const FRONT_END_INPUTS = [
  'src/web',
  'src/domain',
  'public',
  'vite.config.ts',
  'package-lock.json',
  'tsconfig.json',
];
const FRONT_END_KEY = path.join(root, 'dist', '.build-key');

async function hashInputs(inputs: readonly string[]): Promise<string> {
  const hash = createHash('sha256');
  for (const input of inputs) {
    const full = path.join(root, input);
    const files = !statSync(full).isDirectory()
      ? [input]
      : (await readdir(full, { recursive: true, withFileTypes: true }))
          .filter((entry) => entry.isFile() && !/\.test\.tsx?$/.test(entry.name))
          .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)))
          .sort();
    for (const file of files) {
      hash
        .update(file)
        .update('\0')
        .update(await readFile(path.join(root, file)))
        .update('\0');
    }
  }
  return hash.digest('hex').slice(0, 16);
}

const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`;

/** Builds the front end unless dist/ was built from the same sources. */
export async function prepareFrontEnd(options: { force?: boolean } = {}): Promise<void> {
  const started = performance.now();
  const key = await hashInputs(FRONT_END_INPUTS);
  const built = existsSync(FRONT_END_KEY) ? (await readFile(FRONT_END_KEY, 'utf8')).trim() : '';
  if (options.force !== true && built === key && existsSync(path.join(root, 'dist/index.html'))) {
    process.stdout.write(`  · front end up to date (${seconds(started)})\n`);
    return;
  }
  process.stdout.write('  · building the front end…\n');
  const vite = spawnSync(
    path.join(root, 'node_modules/.bin/vite'),
    ['build', '--logLevel', 'warn'],
    {
      cwd: root,
      stdio: 'inherit',
    },
  );
  if (vite.status !== 0) throw new Error('the front-end build failed');
  await writeFile(FRONT_END_KEY, `${key}\n`);
  process.stdout.write(`  · front end built (${seconds(started)})\n`);
}

const SERVER_INPUTS = [
  'src/server',
  'src/domain',
  'package-lock.json',
  'tsconfig.json',
  'scripts/prepare.ts',
];
/** The built server's folder: two below the project's, as src/server/project-root.ts expects. */
const SERVER_DIR = path.join(root, '.cache', 'server');
const SERVER_KEY = path.join(SERVER_DIR, '.build-key');

/**
 * Bundles the server's sources into plain JavaScript unless .cache/server/ was built from the
 * same ones. Node runs TypeScript as is, but strips the types of every file at each start with a
 * WebAssembly compiler that stays loaded, and loads two hundred modules one by one: the bundle
 * starts faster and loads no compiler (docs/decisions/032-history-built-once.md). Packages stay
 * imports from node_modules; the projection worker gets an entry file of its own.
 */
export async function prepareServer(options: { force?: boolean } = {}): Promise<void> {
  const started = performance.now();
  const key = await hashInputs(SERVER_INPUTS);
  const built = existsSync(SERVER_KEY) ? (await readFile(SERVER_KEY, 'utf8')).trim() : '';
  if (options.force !== true && built === key && existsSync(path.join(SERVER_DIR, 'main.js'))) {
    process.stdout.write(`  · server up to date (${seconds(started)})\n`);
    return;
  }
  await build({
    cwd: root,
    input: {
      main: 'src/server/main.ts',
      'projection-worker': 'src/server/services/projection-worker.ts',
    },
    platform: 'node',
    // Bare specifiers (packages, node: built-ins) stay imports; the sources are bundled.
    external: [/^[^./]/],
    logLevel: 'warn',
    output: {
      dir: SERVER_DIR,
      format: 'esm',
      entryFileNames: '[name].js',
      chunkFileNames: '[name]-[hash].js',
      cleanDir: true,
    },
  });
  await writeFile(SERVER_KEY, `${key}\n`);
  process.stdout.write(`  · server built (${seconds(started)})\n`);
}

/** Builds the history snapshot unless the one for these data files and this code exists. */
export async function prepareHistory(): Promise<void> {
  const started = performance.now();
  const result = await buildHistorySnapshot();
  if (!result.built) {
    process.stdout.write(`  · history snapshot up to date (${seconds(started)})\n`);
    return;
  }
  const counts =
    result.imported === undefined
      ? ''
      : `: ${result.imported.matches} matches, ${result.imported.shots} shots, ${result.imported.players} player seasons, ${result.imported.transfers} transfers`;
  process.stdout.write(`  · history snapshot built${counts} (${seconds(started)})\n`);
}

if (import.meta.main) {
  const { values } = parseArgs({
    options: { only: { type: 'string' }, force: { type: 'boolean', default: false } },
  });
  const only = values.only;
  if (only !== undefined && only !== 'front-end' && only !== 'server' && only !== 'history') {
    process.stderr.write(`unknown part ${only}: choose front-end, server or history\n`);
    process.exit(2);
  }
  try {
    if (only === undefined || only === 'front-end') await prepareFrontEnd({ force: values.force });
    if (only === undefined || only === 'server') await prepareServer({ force: values.force });
    if (only === undefined || only === 'history') await prepareHistory();
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  }
}
