// The whole test suite, as `npm test` runs it: what the tests open built first (the front end,
// the server and the history snapshot, each only when its inputs changed), lint, format check
// and typecheck side by side, unit and integration tests on PGlite beside the several-instance
// tests (when Postgres and Redis answer), then the server tests again on a local Postgres, then
// browser tests. It ends with a table of each phase's time, passed or not.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';

import { FULL_CHROMIUM, HEADLESS_SHELL } from '../tests/helpers/chrome-path.ts';

const phases: { title: string; seconds: number; outcome: string }[] = [];
const runStarted = performance.now();

/** The phases run so far with their times, and the whole run's. */
function printPhaseTable() {
  const width = Math.max(...phases.map((p) => p.title.length), 5);
  const line = (title: string, seconds: number, outcome: string) =>
    `  ${title.padEnd(width)}  ${seconds.toFixed(1).padStart(7)} s  ${outcome}\n`;
  process.stdout.write(`\nPhase times:\n`);
  for (const p of phases) process.stdout.write(line(p.title, p.seconds, p.outcome));
  process.stdout.write(line('total', (performance.now() - runStarted) / 1000, ''));
}

function run(title: string, command: string, args: string[], env: NodeJS.ProcessEnv = {}) {
  process.stdout.write(`\n▶ ${title}\n`);
  const started = performance.now();
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  const seconds = (performance.now() - started) / 1000;
  phases.push({ title, seconds, outcome: result.status === 0 ? 'passed' : 'FAILED' });
  if (result.status !== 0) {
    process.stderr.write(`\n✖ ${title} failed\n`);
    printPhaseTable();
    process.exit(result.status ?? 1);
  }
}

/**
 * Runs commands side by side, each phase timed on its own, and prints each one's output whole
 * once all have ended, in the order given. Fails after the last if any failed.
 */
async function runTogether(
  commands: { title: string; command: string; args: string[]; env?: NodeJS.ProcessEnv }[],
) {
  process.stdout.write(`\n▶ ${commands.map((c) => c.title).join(', ')} (side by side)\n`);
  const results = await Promise.all(
    commands.map(
      ({ title, command, args, env = {} }) =>
        new Promise<{ title: string; seconds: number; code: number | null; output: string }>(
          (resolve) => {
            const started = performance.now();
            const child = spawn(command, args, {
              stdio: ['ignore', 'pipe', 'pipe'],
              env: { ...process.env, ...env },
            });
            let output = '';
            child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
            child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
            child.once('error', (error) => {
              output += `${error.message}\n`;
            });
            child.once('close', (code) =>
              resolve({ title, seconds: (performance.now() - started) / 1000, code, output }),
            );
          },
        ),
    ),
  );
  for (const { title, seconds, code, output } of results) {
    process.stdout.write(`\n▶ ${title}\n${output}`);
    const together = results.length > 1 ? ', side by side' : '';
    phases.push({ title, seconds, outcome: `${code === 0 ? 'passed' : 'FAILED'}${together}` });
  }
  const failed = results.filter((r) => r.code !== 0);
  if (failed.length > 0) {
    process.stderr.write(`\n✖ ${failed.map((r) => r.title).join(', ')} failed\n`);
    printPhaseTable();
    process.exit(1);
  }
}

function skip(title: string, why: string) {
  process.stdout.write(`\n${why}\n`);
  phases.push({ title, seconds: 0, outcome: `skipped: ${why}` });
}

/**
 * The browser the browser tests drive: CHROME_PATH when set; else Debian's headless shell
 * (installed with apt-get when missing and this runs as root), else Debian's Chromium.
 */
function ensureChromium(): string {
  const chosen = process.env.CHROME_PATH;
  if (chosen !== undefined) {
    if (existsSync(chosen)) return chosen;
    process.stderr.write(`\nCHROME_PATH names ${chosen}, which does not exist.\n`);
    process.exit(1);
  }
  if (existsSync(HEADLESS_SHELL)) return HEADLESS_SHELL;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (isRoot && existsSync('/usr/bin/apt-get')) {
    process.stdout.write(
      `\nChromium's headless shell is missing: installing Debian's chromium-headless-shell with apt-get\n`,
    );
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    const update = spawnSync('apt-get', ['update'], { stdio: 'inherit', env });
    const install = spawnSync(
      'apt-get',
      ['install', '-y', '--no-install-recommends', 'chromium-headless-shell'],
      { stdio: 'inherit', env },
    );
    if (update.status === 0 && install.status === 0 && existsSync(HEADLESS_SHELL))
      return HEADLESS_SHELL;
  }
  if (existsSync(FULL_CHROMIUM)) return FULL_CHROMIUM;
  process.stderr.write(
    `\nThe browser tests need Chromium: ${HEADLESS_SHELL} or ${FULL_CHROMIUM}.\n` +
      `Install Debian's package as root:  apt-get update && apt-get install -y chromium-headless-shell\n` +
      `or point CHROME_PATH at a Chromium or Chrome binary.\n`,
  );
  process.exit(1);
}

/** The files a TypeScript file imports by a relative path, resolved from the repository root. */
function listRelativeImports(file: string): string[] {
  const source = readFileSync(file, 'utf8');
  return [...source.matchAll(/(?:from|import)\s*\(?\s*'(\.{1,2}\/[^']+)'/g)].map((m) =>
    path.relative('.', path.resolve(path.dirname(file), m[1] ?? '')),
  );
}

/** The test files under `dirs` that import `target`, directly or through other files. */
function listTestsReaching(target: string, dirs: readonly string[]): string[] {
  const reaches = new Map<string, boolean>();
  const visit = (file: string): boolean => {
    if (file === target) return true;
    const known = reaches.get(file);
    if (known !== undefined) return known;
    reaches.set(file, false);
    const found = existsSync(file) && listRelativeImports(file).some(visit);
    reaches.set(file, found);
    return found;
  };
  return dirs
    .flatMap((dir) =>
      readdirSync(dir, { recursive: true, encoding: 'utf8' }).map((f) => path.join(dir, f)),
    )
    .filter((file) => file.endsWith('.test.ts') && visit(file))
    .sort();
}

function answers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port, timeout: 1000 });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}

const chromePath = ensureChromium();
// The build beside three checks that read the sources and change nothing (the build writes only
// to dist/ and .cache/, which they skip): the history snapshot's import keeps one core busy for
// most of a minute on a fresh clone, and the checks take the other.
await runTogether([
  {
    title: 'front end, server and history snapshot (built when changed)',
    command: 'node',
    args: ['scripts/prepare.ts'],
  },
  { title: 'lint', command: 'eslint', args: ['.', '--max-warnings', '0'] },
  { title: 'format', command: 'prettier', args: ['--check', '.'] },
  { title: 'typecheck', command: 'tsc', args: ['-p', 'tsconfig.json'] },
]);
const postgres = await answers(5432);
const redis = postgres && (await answers(6379));
// The PGlite pass beside the several-instance tests: the instances spend most of their time
// waiting on their schedule (a leader's lease, a poll), and the PGlite pass, on its own, used
// about 1.8 of the two cores. Beside the Postgres pass instead, the instances were the longer
// of the two by about two minutes (246 s against 128 s).
const firstPass: Parameters<typeof runTogether>[0] = [
  {
    title: 'unit and integration tests (PGlite)',
    command: 'vitest',
    args: [
      'run',
      '--project',
      'domain',
      '--project',
      'server',
      '--project',
      'server-isolated',
      '--project',
      'web',
    ],
  },
];
if (redis) {
  firstPass.push({
    title: 'several instances on Postgres and Redis (127.0.0.1:6379)',
    command: 'vitest',
    args: ['run', '--project', 'cluster'],
    env: { CHROME_PATH: chromePath },
  });
} else {
  skip(
    'several instances',
    'Postgres or Redis (127.0.0.1:6379) does not answer: the several-instance tests are skipped.',
  );
}
await runTogether(firstPass);
if (postgres) {
  // Only the tests that open the test database (tests/helpers/test-db.ts, which TEST_DATABASE
  // points at Postgres): the others would run exactly as they did on PGlite.
  const databaseTests = listTestsReaching('tests/helpers/test-db.ts', [
    'src/server',
    'tests/integration',
  ]);
  run(
    `server tests on Postgres (127.0.0.1:5432): the ${databaseTests.length} that open a database`,
    'vitest',
    ['run', '--project', 'server', '--project', 'server-isolated', ...databaseTests],
    { TEST_DATABASE: 'postgres' },
  );
} else {
  skip(
    'server tests on Postgres',
    'No Postgres answers on 127.0.0.1:5432: the Postgres pass is skipped.',
  );
}
run('browser tests', 'vitest', ['run', '--project', 'e2e'], { CHROME_PATH: chromePath });
printPhaseTable();
process.stdout.write('\n✔ all tests passed\n');
