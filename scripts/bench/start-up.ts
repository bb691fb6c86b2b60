// Benchmark of start-up: the time from spawning the built server (SERVER_ENTRY, as `npm start`
// does) to its first 200 on
// /livez and on /readyz, on a fresh data folder and on the same folder once used, next to the
// time a bare Fastify process (bare-livez.ts) takes to answer its first 200. Each server is
// probed every 10 ms from the moment it is spawned, on a new connection each time.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';

import { SERVER_ENTRY, SERVER_NODE_FLAGS } from '../../src/server/node-flags.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const MAIN = SERVER_ENTRY;
const BARE_LIVEZ = 'scripts/bench/bare-livez.ts';
const ROUNDS = 3;
const POLL_MS = 10;
/** A server with no 200 this long after its spawn counts as never answering. */
const GIVE_UP_MS = 300_000;
/** A stop waits this long for the process to exit before killing it. */
const STOP_GRACE_MS = 30_000;
const TARGET_MS = { livez: 1_000, readyFresh: 10_000, readyUsed: 3_000 };
/** The site's clock for every start: a replayed matchday afternoon. */
const BENCH_NOW = '2026-11-21T15:30:00Z';

export type WatchedProcess = {
  url: string;
  pid: number;
  /** Per path watched: milliseconds from the spawn to its first 200, or null if none came. */
  firstOk: Record<string, Promise<number | null>>;
  /** What the process printed, stdout and stderr interleaved. */
  output: () => string;
  /** The child, for an IPC channel when one was asked for. */
  child: ChildProcess;
  /**
   * SIGTERM, then SIGKILL after a grace; resolves once the process has exited, with its exit
   * code (null when a signal ended it) and how long the stop took.
   */
  stop: () => Promise<{ code: number | null; ms: number }>;
};

/** A port free on 127.0.0.1 now: the server must be probed before it can say which it took. */
export async function findFreePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** The status of one GET on a connection of its own, or null when nothing answered. */
function probe(url: string): Promise<number | null> {
  return new Promise((resolve) => {
    const request = http.get(url, { agent: false, timeout: GIVE_UP_MS }, (response) => {
      response.resume();
      resolve(response.statusCode ?? null);
    });
    request.on('timeout', () => request.destroy());
    request.on('error', () => resolve(null));
  });
}

/**
 * The environment of a server under test: this one's, without a database or Redis named in it
 * (so the server runs on its embedded default), plus `env`.
 */
function serverEnv(env: Record<string, string>): NodeJS.ProcessEnv {
  const inherited = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !['DATABASE_URL', 'REDIS_URL'].includes(name)),
  );
  return { ...inherited, ...env };
}

/**
 * Spawns `node <script> <args>` listening on a free port of 127.0.0.1 (passed as PORT and HOST)
 * and polls each of `paths` every 10 ms from the moment of the spawn until it answers 200.
 */
export async function spawnWatched(
  script: string,
  args: string[],
  env: Record<string, string>,
  paths: string[],
  options: { ipc?: boolean } = {},
): Promise<WatchedProcess> {
  const port = await findFreePort();
  const url = `http://127.0.0.1:${String(port)}`;
  const spawnedAt = performance.now();
  // The server's own flags for every process, the bare baselines too: like is compared with like.
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, script, ...args], {
    cwd: ROOT,
    env: serverEnv({ ...env, PORT: String(port), HOST: '127.0.0.1' }),
    stdio: options.ipc === true ? ['ignore', 'pipe', 'pipe', 'ipc'] : ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => (output += chunk.toString());
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  let exited = false;
  const exit = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => {
      exited = true;
      resolve(code);
    }),
  );
  const watch = async (p: string): Promise<number | null> => {
    while (!exited && performance.now() - spawnedAt < GIVE_UP_MS) {
      const status = await probe(`${url}${p}`);
      if (status === 200) return performance.now() - spawnedAt;
      await delay(POLL_MS);
    }
    return null;
  };
  const firstOk = Object.fromEntries(paths.map((p) => [p, watch(p)]));
  return {
    url,
    pid: child.pid ?? 0,
    firstOk,
    output: () => output,
    child,
    stop: async () => {
      const stopping = performance.now();
      if (!exited) child.kill('SIGTERM');
      const killer = setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS);
      const code = await exit;
      clearTimeout(killer);
      // The watchers end once the process has gone.
      await Promise.all(Object.values(firstOk));
      return { code, ms: performance.now() - stopping };
    },
  };
}

/** Resolves with each path's first-200 time, or throws with the process's output if one never came. */
export async function requireFirstOk(server: WatchedProcess, what: string) {
  const times: Record<string, number> = {};
  for (const [p, time] of Object.entries(server.firstOk)) {
    const ms = await time;
    if (ms === null) {
      await server.stop();
      throw new Error(`${what}: no 200 on ${p}:\n${server.output()}`);
    }
    times[p] = ms;
  }
  return times;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[mid] ?? Number.NaN)
    : ((sorted[mid - 1] ?? Number.NaN) + (sorted[mid] ?? Number.NaN)) / 2;
}

/** Starts the real server on `dataDir`, waits for both probes, and stops it again. */
async function timeTouchline(dataDir: string, what: string) {
  const server = await spawnWatched(
    MAIN,
    [],
    { DATA_DIR: dataDir, LOG_LEVEL: 'warn', NOW: BENCH_NOW },
    ['/livez', '/readyz'],
  );
  const times = await requireFirstOk(server, what);
  const stop = await server.stop();
  return {
    livez: times['/livez'] ?? Number.NaN,
    readyz: times['/readyz'] ?? Number.NaN,
    stop: `exit ${String(stop.code)} after ${(stop.ms / 1000).toFixed(1)} s`,
  };
}

export async function benchStartUp(): Promise<void> {
  const runs = {
    bare: [] as number[],
    freshLivez: [] as number[],
    freshReadyz: [] as number[],
    usedLivez: [] as number[],
    usedReadyz: [] as number[],
  };
  /** How each fresh run's stop went: the used run opens the folder it left. */
  const freshStops: string[] = [];
  // Rounds interleave the three kinds of start, so a busy spell of the machine hits all alike.
  for (let round = 1; round <= ROUNDS; round++) {
    const bare = await spawnWatched(BARE_LIVEZ, [], {}, ['/livez']);
    const bareTimes = await requireFirstOk(bare, 'bare Fastify');
    await bare.stop();
    runs.bare.push(bareTimes['/livez'] ?? Number.NaN);

    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'touchline-bench-start-'));
    try {
      const fresh = await timeTouchline(dataDir, `fresh start ${String(round)}`);
      runs.freshLivez.push(fresh.livez);
      freshStops.push(fresh.stop);
      runs.freshReadyz.push(fresh.readyz);
      const used = await timeTouchline(dataDir, `used start ${String(round)}`);
      runs.usedLivez.push(used.livez);
      runs.usedReadyz.push(used.readyz);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
    console.log(`start: round ${String(round)} of ${String(ROUNDS)} done`);
  }

  const bareMedian = median(runs.bare);
  const row = (times: number[]) => ({
    ...Object.fromEntries(times.map((t, i) => [`run ${String(i + 1)} ms`, Math.round(t)])),
    'median ms': Math.round(median(times)),
    'x bare': Number((median(times) / bareMedian).toFixed(1)),
  });
  console.log(
    `\nstart-up: milliseconds from spawning the process to its first 200, probed every ${String(POLL_MS)} ms ` +
      `on a new connection; ${String(ROUNDS)} rounds. Fresh: an empty DATA_DIR (a start copies ` +
      `the history snapshot into it); used: the same folder after the fresh run was stopped ` +
      `(SIGTERM once ready). NOW=${BENCH_NOW}, LOG_LEVEL=warn`,
  );
  console.table({
    'bare Fastify (one GET /livez), first 200': row(runs.bare),
    'Touchline fresh folder, first /livez 200': row(runs.freshLivez),
    'Touchline fresh folder, first /readyz 200': row(runs.freshReadyz),
    'Touchline used folder, first /livez 200': row(runs.usedLivez),
    'Touchline used folder, first /readyz 200': row(runs.usedReadyz),
  });
  const verdict = (what: string, times: number[], targetMs: number) => {
    const ms = median(times);
    console.log(
      `${what}: median ${String(Math.round(ms))} ms, ${(ms / bareMedian).toFixed(1)}x the bare process ` +
        `(target at most ${String(targetMs)} ms) ${ms <= targetMs ? 'MET' : 'MISSED'}`,
    );
  };
  console.log(
    `the fresh runs' SIGTERM once ready: ${freshStops.join('; ')} (the server's shutdown grace ` +
      `is 10 s; exit 1 after it means the used run opened a folder not closed cleanly)`,
  );
  verdict('/livez, fresh folder', runs.freshLivez, TARGET_MS.livez);
  verdict('/livez, used folder', runs.usedLivez, TARGET_MS.livez);
  verdict('/readyz, fresh folder', runs.freshReadyz, TARGET_MS.readyFresh);
  verdict('/readyz, used folder', runs.usedReadyz, TARGET_MS.readyUsed);
}
