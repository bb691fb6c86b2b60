import { availableParallelism } from 'node:os';

import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Test files run at a time in the unit and integration projects. Vitest's default is one worker
 * less than the cores: one on a 2-core machine, though most test files spend their time waiting
 * on a database, a server or a timer. The component tests (jsdom) run one file per core: their
 * timers and idle-time fetches are tuned to a file that has a core to itself. The several-instance
 * tests run one file at a time: their instances keep a schedule measured to the second.
 */
const maxWorkers = availableParallelism() + 1;

/**
 * The unit, integration and component tests run in worker threads, not child processes: each
 * file still gets a module graph of its own, and starting a thread costs far less than starting
 * a process (the server tests took 143 s instead of 180 s here, the component tests 32 s instead
 * of 36 s). The tests that start processes or browsers keep Vitest's default.
 */
const pool = 'threads' as const;

/** What the server tests share, on PGlite or (TEST_DATABASE=postgres) on Postgres. */
const serverTests = {
  pool,
  maxWorkers,
  environment: 'node' as const,
  globalSetup: ['tests/helpers/global-db-setup.ts'],
  setupFiles: ['tests/helpers/fail-on-console.ts', 'tests/helpers/db-setup.ts'],
  testTimeout: 30_000,
  hookTimeout: 60_000,
};

/**
 * Server tests that need modules of their own: one replaces a module (vi.mock), which a module
 * another file loaded first would not see; one counts every timer set while its fake timers run,
 * and a shared worker can hold a timer of an earlier file.
 */
const ISOLATED_SERVER_TESTS = [
  'src/server/routes/session-throttle.test.ts',
  'src/server/jobs/scheduler.test.ts',
];

/**
 * The files that take longest, started first, longest first, so that the workers end together.
 * Without timings of an earlier run (a fresh clone, as CI runs) Vitest starts the largest files
 * first, and the shortest files by size are among the longest to run: the accessibility files
 * (six lines each, which run 20 page checks) and the replay clock (a minute of a sped-up match)
 * started last, with one worker busy and the others done. Times measured on this 2-core machine.
 */
const LONGEST_FIRST = [
  // Browser tests (phone 146 s, home 117 s, league 87 s, the accessibility files 57-68 s, the
  // replay clock 67 s, favourites about 50 s).
  'tests/e2e/phone.test.ts',
  'tests/e2e/home.test.ts',
  'tests/e2e/league.test.ts',
  'tests/e2e/accessibility-desktop.test.ts',
  'tests/e2e/accessibility-phone.test.ts',
  'tests/e2e/replay-clock.test.ts',
  'tests/e2e/favourites.test.ts',
  'tests/e2e/keyboard.test.ts',
  // Server tests of 10 s or more on PGlite.
  'src/server/db/client.test.ts',
  'src/server/predict/walk-forward.test.ts',
  'tests/integration/password-hash.test.ts',
  'src/server/jobs/scheduler.test.ts',
  'src/server/routes/session.test.ts',
  'tests/integration/data-folder.test.ts',
  'src/server/jobs/sync-matches.test.ts',
  'src/server/services/live-board.test.ts',
  'src/server/routes/session-limits.test.ts',
  'src/server/http/rate-limit.test.ts',
  'src/server/routes/live.test.ts',
  'tests/integration/live-predictions.test.ts',
  'src/server/routes/session-throttle.test.ts',
];

/** Vitest's order (by groupOrder, then its own), with the files of LONGEST_FIRST moved ahead. */
class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (spec: TestSpecification) => {
      const index = LONGEST_FIRST.findIndex((file) => spec.moduleId.endsWith(`/${file}`));
      return index === -1 ? LONGEST_FIRST.length : index;
    };
    // Array.sort is stable: the files not listed keep Vitest's order among themselves.
    return (await super.sort(files)).sort(
      (a, b) =>
        a.project.config.sequence.groupOrder - b.project.config.sequence.groupOrder ||
        rank(a) - rank(b),
    );
  }
}

export default defineConfig({
  test: {
    sequence: { sequencer: LongestFirstSequencer },
    projects: [
      {
        test: {
          name: 'domain',
          pool,
          maxWorkers,
          include: ['src/domain/**/*.test.ts'],
          environment: 'node',
          setupFiles: ['tests/helpers/fail-on-console.ts'],
        },
      },
      {
        test: {
          name: 'server',
          ...serverTests,
          // Files that share a worker share its modules: each file no longer loads the server's
          // modules and packages anew (the server tests took 93 s instead of 143 s here).
          isolate: false,
          include: ['src/server/**/*.test.ts', 'tests/integration/**/*.test.ts'],
          exclude: ISOLATED_SERVER_TESTS,
        },
      },
      {
        test: {
          name: 'server-isolated',
          ...serverTests,
          include: ISOLATED_SERVER_TESTS,
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'web',
          include: ['src/web/**/*.test.tsx', 'src/web/**/*.test.ts'],
          environment: 'jsdom',
          pool,
          maxWorkers: availableParallelism(),
          // Files that share a worker share its modules and its jsdom: starting both anew for
          // each file cost about 0.85 s a file, and the component tests took 35 s instead of 10 s
          // here. After each test web-setup.ts unmounts what it rendered and empties the request
          // handlers and the storage; the files pass in any order (--sequence.shuffle.files).
          isolate: false,
          // After each test, first unmount what it rendered (web-setup.ts), then check the
          // console, then the file's own hooks: a query cache cleared while a page is still
          // mounted refetches, and the request lands in the next test.
          setupFiles: ['tests/helpers/web-setup.ts', 'tests/helpers/fail-on-console.ts'],
          // After the unit and integration tests, which run more files at a time.
          sequence: { hooks: 'list', groupOrder: 1 },
        },
      },
      {
        test: {
          name: 'cluster',
          include: ['tests/cluster/**/*.test.ts'],
          environment: 'node',
          setupFiles: ['tests/helpers/fail-on-console.ts'],
          testTimeout: 180_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          // One server for the files that need nothing of their own (tests/helpers/shared-server.ts):
          // each server start costs about 13 s of CPU here.
          globalSetup: ['tests/helpers/shared-server.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // A page's answer can take seconds with three browsers and servers on two cores:
          // expect.poll waits up to 10 s for what a test polls (Vitest's default is 1 s).
          expect: { poll: { timeout: 10_000 } },
          // Three files at a time: each waits on its server, its browser and the clock more
          // than it uses a core (four were no faster here).
          maxWorkers: 3,
          env: {
            // Three files at a time, each with a browser and a server, share two cores: a
            // server's event loop lags past the default 200 ms now and then, and the guard
            // would refuse whatever a test asks at that moment. What the guard refuses, and
            // what it still serves, is src/server/http/overload.test.ts's to check. (Set here,
            // not in the server helper, so the benchmarks' servers keep the default.)
            OVERLOAD_EVENT_LOOP_DELAY_MS: '2000',
          },
        },
      },
    ],
  },
});
