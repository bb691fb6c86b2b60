import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { SERVER_ENTRY, SERVER_NODE_FLAGS } from '../../src/server/node-flags.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));

export type RunningServer = {
  url: string;
  /** The server process's id (the benchmark reads its memory from /proc). */
  pid: number;
  /** Resolves with the exit code once the process ends (null when a signal killed it). */
  exited: Promise<number | null>;
  output: () => string;
  stop: () => Promise<void>;
};

/**
 * Starts the real server process, built as `npm start` runs it (SERVER_ENTRY), on an ephemeral
 * port with a throw-away data folder, and resolves once it prints its address (https when `env`
 * sets TLS_CERT and TLS_KEY) and answers ready. A new data folder starts as a copy of the history
 * snapshot (`npm run build` makes both; the server imports the data files without a snapshot).
 */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'touchline-e2e-'));
  return spawnServer(dataDir, env);
}

async function spawnServer(dataDir: string, env: Record<string, string>): Promise<RunningServer> {
  const child: ChildProcess = spawn(process.execPath, [...SERVER_NODE_FLAGS, SERVER_ENTRY], {
    cwd: root,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      // The models learn three seasons of history, not all twenty: seconds less at each start.
      PREDICTION_HISTORY_SEASONS: '3',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 90_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /running at (https?:\/\/\S+)/.exec(output);
      if (match?.[1] !== undefined) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${String(code)}:\n${output}`));
    });
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  await waitUntilReady(url, () => output);
  return {
    url,
    pid: child.pid ?? 0,
    exited,
    output: () => output,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Waits until /readyz answers 200 (migrated, first data loaded, database reachable), as an
 * operator's probe does before sending traffic; a server that never gets there fails the test.
 * The probe accepts the self-signed certificate of a test's HTTPS listener.
 */
async function waitUntilReady(url: string, output: () => string): Promise<void> {
  const deadline = Date.now() + 90_000;
  while ((await probeStatus(`${url}/readyz`)) !== 200) {
    if (Date.now() > deadline) throw new Error(`server never became ready:\n${output()}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The status of a GET to `url`, or null when no answer came. */
function probeStatus(url: string): Promise<number | null> {
  const get = url.startsWith('https:') ? https.get : http.get;
  return new Promise((resolve) => {
    const request = get(url, { rejectUnauthorized: false, timeout: 5000 }, (response) => {
      response.resume();
      resolve(response.statusCode ?? null);
    });
    request.on('timeout', () => request.destroy());
    request.on('error', () => resolve(null));
  });
}

/**
 * Waits until the site's page answers at all: ready is not yet idle, and on a busy machine the
 * start-up work (the models' training) can keep the overload guard answering 503 for a while.
 */
export async function waitUntilAnswering(server: RunningServer): Promise<void> {
  const deadline = Date.now() + 60_000;
  while ((await probeStatus(server.url)) === 503 && Date.now() < deadline)
    await new Promise((resolve) => setTimeout(resolve, 500));
}
