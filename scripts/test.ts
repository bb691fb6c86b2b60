// The whole test suite, as `npm test` runs it: lint, typecheck, unit and integration tests
// (on PGlite, then again on a local Postgres when one answers), then browser tests.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';

const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';

function run(title: string, command: string, args: string[], env: NodeJS.ProcessEnv = {}) {
  process.stdout.write(`\n▶ ${title}\n`);
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  if (result.status !== 0) {
    process.stderr.write(`\n✖ ${title} failed\n`);
    process.exit(result.status ?? 1);
  }
}

function ensureChromium() {
  if (existsSync(chromePath)) return;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (process.env.CHROME_PATH === undefined && isRoot && existsSync('/usr/bin/apt-get')) {
    process.stdout.write(`\nChromium is missing: installing Debian's chromium with apt-get\n`);
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    const update = spawnSync('apt-get', ['update'], { stdio: 'inherit', env });
    const install = spawnSync('apt-get', ['install', '-y', '--no-install-recommends', 'chromium'], {
      stdio: 'inherit',
      env,
    });
    if (update.status === 0 && install.status === 0 && existsSync(chromePath)) return;
  }
  process.stderr.write(
    `\nThe browser tests need Chromium at ${chromePath}.\n` +
      `Install Debian's package as root:  apt-get update && apt-get install -y chromium\n` +
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

ensureChromium();
run('lint', 'eslint', ['.', '--max-warnings', '0']);
run('format', 'prettier', ['--check', '.']);
run('typecheck', 'tsc', ['-p', 'tsconfig.json']);
run('unit and integration tests (PGlite)', 'vitest', [
  'run',
  '--project',
  'domain',
  '--project',
  'server',
  '--project',
  'web',
]);
const postgres = await answers(5432);
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
    ['run', '--project', 'server', ...databaseTests],
    { TEST_DATABASE: 'postgres' },
  );
} else {
  process.stdout.write('\nNo Postgres answers on 127.0.0.1:5432: the Postgres pass is skipped.\n');
}
// The several-instance tests open the site in a browser too: the front end is built first.
run('front-end build', 'vite', ['build', '--logLevel', 'warn']);
if (postgres && (await answers(6379))) {
  run('several instances on Postgres and Redis (127.0.0.1:6379)', 'vitest', [
    'run',
    '--project',
    'cluster',
  ]);
} else {
  process.stdout.write(
    '\nPostgres or Redis (127.0.0.1:6379) does not answer: the several-instance tests are skipped.\n',
  );
}
run('browser tests', 'vitest', ['run', '--project', 'e2e'], { CHROME_PATH: chromePath });
process.stdout.write('\n✔ all tests passed\n');
