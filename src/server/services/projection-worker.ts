import { parentPort, Worker, workerData } from 'node:worker_threads';

import {
  projectSeason,
  type ClubProjection,
  type ProjectionInput,
} from '../../domain/season-projection.ts';

const ROLE = 'touchline:season-projection';
/**
 * The worker's script: this module, run from its source; in the built server (scripts/prepare.ts)
 * this module's code sits in a shared chunk, and the build gives it an entry file of its own.
 */
const WORKER_SCRIPT = import.meta.url.endsWith('.ts')
  ? new URL(import.meta.url)
  : new URL('./projection-worker.js', import.meta.url);

/**
 * Simulates seasons on a worker thread: ten thousand seasons of a league take about half a
 * second of CPU, which on the main thread would hold every request for as long. The worker is
 * started for a run of the five leagues and ended after it, so it costs no memory while idle.
 */
export function createProjectionWorker(): {
  project: (input: ProjectionInput) => Promise<ClubProjection[]>;
  close: () => Promise<void>;
} {
  let worker: Worker | undefined;
  let queue: Promise<unknown> = Promise.resolve();
  const start = () => {
    worker ??= new Worker(WORKER_SCRIPT, { workerData: ROLE });
    return worker;
  };
  const ask = (input: ProjectionInput) =>
    new Promise<ClubProjection[]>((resolve, reject) => {
      const thread = start();
      const onMessage = (result: ClubProjection[]) => {
        thread.off('error', onError);
        resolve(result);
      };
      const onError = (error: Error) => {
        thread.off('message', onMessage);
        worker = undefined;
        reject(error);
      };
      thread.once('message', onMessage);
      thread.once('error', onError);
      thread.postMessage(input);
    });
  return {
    project(input) {
      // One simulation at a time: the worker answers in the order it is asked.
      const run = queue.then(() => ask(input));
      queue = run.catch(() => undefined);
      return run;
    },
    async close() {
      await queue;
      const thread = worker;
      worker = undefined;
      await thread?.terminate();
    },
  };
}

// In the worker thread this module started (not any other thread that imports it): answer
// each input with its projection.
if (workerData === ROLE) {
  parentPort?.on('message', (input: ProjectionInput) => {
    parentPort?.postMessage(projectSeason(input));
  });
}
