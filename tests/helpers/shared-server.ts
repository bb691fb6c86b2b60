// The server the browser-test files share: started once for the run by the e2e project's global
// setup, at a moment of the replay that stands still (CLOCK_SPEED=0), so that every file sees the
// same matchday whenever it runs. A file whose tests need settings of their own, a moving clock
// or a database to change starts its own server instead (startServer).
import { inject } from 'vitest';
import type { TestProject } from 'vitest/node';

import { prepareServer } from '../../scripts/prepare.ts';
import { startServer, type RunningServer } from './e2e-server.ts';

/** Saturday afternoon of a replayed matchday: some matches finished, some live, some to come. */
const SHARED_SERVER_NOW = '2026-11-21T15:30:00Z';

declare module 'vitest' {
  interface ProvidedContext {
    sharedServer: { url: string; pid: number };
  }
}

/** Vitest's global setup: starts the shared server, and stops it once every file has run. */
export default async function setup(project: TestProject) {
  // Every browser-test file runs the built server (e2e-server.ts): built here when its sources
  // changed, for a run that did not go through `npm test` or `npm run test:e2e`.
  await prepareServer();
  const server = await startServer({
    NOW: SHARED_SERVER_NOW,
    CLOCK_SPEED: '0',
    // Every file's browser comes from this one address.
    RATE_LIMIT_PER_MINUTE: '0',
    // As the e2e project sets for the servers its files start (vitest.config.ts).
    OVERLOAD_EVENT_LOOP_DELAY_MS: '2000',
  });
  project.provide('sharedServer', { url: server.url, pid: server.pid });
  return () => server.stop();
}

/** The shared server, for a test file; its stop() leaves it running for the other files. */
export function useSharedServer(): RunningServer {
  const { url, pid } = inject('sharedServer');
  return {
    url,
    pid,
    exited: new Promise<number | null>(() => {}),
    output: () => '(the shared server: its output is not kept)',
    stop: async () => {},
  };
}
