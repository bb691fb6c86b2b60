// Benchmarks of Touchline on this machine, each next to a baseline measured in the same run. Each
// part starts its own servers on ephemeral ports and stops them.
//
//   npm run bench                        the quick parts: size, load and news (about 4 minutes)
//   npm run bench -- --only load,soak    only the parts named, comma-separated, in this order:
//     size  builds the front end (dist/) and weighs the home page's first-load JavaScript
//     load  autocannon, 100 connections, 20 s each, on GET /api/matches/today, /api/news,
//           /api/odds and /api/matches/<id> (the match centre of the board's first match) of the
//           real server process (logged in), each right after a bare Fastify
//           route in its own process sending the very same body and headers: requests/s, p50,
//           p99 and errors (non-2xx + connection errors, timeouts included) and the ratios
//     news  one news sync: 20 feeds of 50 items from loopback into a fresh database
//     soak  5 minutes at a steady 300 requests/s on /api/matches/today; the server process's
//           resident memory (VmRSS) after warm-up, at the end, and its growth. Not in the
//           default run, as it takes 6 minutes: ask for it with --only soak
//     live  GET /api/live (Server-Sent Events) held open by 1,000, 5,000 and 10,000 raw-socket
//           clients, the server in a process of its own: per size, streams held and dropped,
//           the time from each of 5 publishes to its arrival at every client (p50, p95, p99,
//           max), the server's CPU per event and its RSS growth per 1,000 streams. Not in the
//           default run (about 2 minutes, and 10,000 streams need an open files limit above
//           11,000): ask for it with --only live
//     projection  10,000 simulated rest-of-seasons for each of the five leagues from 2022-23
//           cut at its midpoint (Dixon-Coles forecasts): CPU and wall time, seasons per second,
//           against 2 s of CPU. Not in the default run: ask for it with --only projection
//     start  the time from spawning the built server to its first /livez 200 and first
//           /readyz 200 (probed every 10 ms), on a fresh data folder (which a start fills from
//           the history snapshot) and on the same folder once used, 3 times each (median), next
//           to a bare Fastify process's first 200; targets /livez 1 s, /readyz 10 s fresh and
//           3 s used. Not in the default run (six starts of the server): ask for it with
//           --only start
//     memory  the real server on a fresh data folder (NOW a replayed matchday afternoon,
//           CLOCK_SPEED=60): from /readyz 200, the load part's autocannon load on its four data
//           routes (a quarter of 60 s each), then idle; its event loop's delay during the load
//           (p99, max), its resident memory (VmRSS) 2 minutes after ready and its peak (VmHWM),
//           next to a bare Fastify + PGlite process (one route running `select 1`, on a copy of
//           the history snapshot) under the same load and wait; targets idle RSS 300 MB, peak
//           500 MB, p99 50 ms. Not in the default run (about 5 minutes): ask for it with
//           --only memory
//     Both build the history snapshot first when it is missing, as `npm start` does.
//   BENCH_SECONDS=5   shortens each load run (default 20), and the memory part's whole load (60)
//   SOAK_SECONDS=60   shortens the soak (default 300)
//   MEMORY_IDLE_SECONDS=30   reads the memory part's idle RSS sooner after ready (default 120)
//
// Every request comes from this one address, so the servers run with RATE_LIMIT_PER_MINUTE=0
// (the rate limit off); the run says so. The load generator shares the machine's cores with the
// servers: compare the ratios, not the absolute figures.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';

import autocannon from 'autocannon';

import { PGLITE_START_PARAMS } from '../src/server/db/client.ts';
import { findHistorySnapshot } from '../src/server/jobs/history-snapshot.ts';
import { SERVER_ENTRY } from '../src/server/node-flags.ts';
import { startServer, type RunningServer } from '../tests/helpers/e2e-server.ts';
import { postLogin, readSessionCookie } from '../tests/helpers/login.ts';
import type { LoopDelay } from './bench/bare-pglite.ts';
import { buildFrontEnd, reportFirstLoadJs } from './bench/bundle-size.ts';
import { benchLiveStreams, requireLiveFileLimit } from './bench/live-streams.ts';
import { benchNewsSync } from './bench/news-sync.ts';
import { benchSeasonProjection } from './bench/season-projection.ts';
import {
  benchStartUp,
  requireFirstOk,
  spawnWatched,
  type WatchedProcess,
} from './bench/start-up.ts';
import { prepareHistory, prepareServer } from './prepare.ts';

const PARTS = ['size', 'load', 'news', 'soak', 'live', 'projection', 'start', 'memory'] as const;
type Part = (typeof PARTS)[number];
const DEFAULT_PARTS: Part[] = ['size', 'load', 'news'];

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 20);
const SOAK_S = Number(process.env.SOAK_SECONDS ?? 300);
const CONNECTIONS = 100;
const SOAK_RATE = 300;
const ENDPOINTS = ['/api/matches/today', '/api/news', '/api/odds'];
const TARGET = { path: '/api/matches/today', rps: 5000, p99Ms: 50, ratio: 0.5 };
/** The match centre must serve at least this share of a bare route's requests/s. */
const MATCH_CENTRE_RATIO = 0.5;
const SOAK_TARGET_MB = 50;
const SERVER_ENV = { NOW: '2026-11-21T15:30:00Z', LOG_LEVEL: 'error', RATE_LIMIT_PER_MINUTE: '0' };
const MEMORY_LOAD_S = Number(process.env.BENCH_SECONDS ?? 60);
const MEMORY_IDLE_S = Number(process.env.MEMORY_IDLE_SECONDS ?? 120);
const MEMORY_TARGET = { idleMb: 300, peakMb: 500, loopP99Ms: 50 };

type Result = { 'req/s': number; 'p50 ms': number; 'p99 ms': number; errors: number };

function readParts(): Part[] {
  const { values } = parseArgs({ options: { only: { type: 'string' } } });
  if (values.only === undefined) return DEFAULT_PARTS;
  const asked = values.only.split(',').map((p) => p.trim());
  const unknown = asked.filter((p) => !(PARTS as readonly string[]).includes(p));
  if (unknown.length > 0) {
    throw new Error(`unknown part ${unknown.join(', ')}: choose from ${PARTS.join(', ')}`);
  }
  return PARTS.filter((p) => asked.includes(p));
}

async function load(
  url: string,
  headers: Record<string, string>,
  options: { duration?: number; connections?: number; overallRate?: number } = {},
): Promise<Result> {
  const result = await autocannon({
    url,
    headers,
    connections: options.connections ?? CONNECTIONS,
    duration: options.duration ?? DURATION_S,
    ...(options.overallRate === undefined ? {} : { overallRate: options.overallRate }),
  });
  return {
    'req/s': Math.round(result.requests.average),
    'p50 ms': result.latency.p50,
    'p99 ms': result.latency.p99,
    // autocannon counts timeouts among its errors.
    errors: result.non2xx + result.errors,
  };
}

async function startBare(
  bodyFile: string,
  headersFile: string,
): Promise<{ url: string; stop: () => void }> {
  const child = spawn(process.execPath, ['scripts/bench/bare-server.ts', bodyFile, headersFile], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      const match = /running at (\S+)/.exec(chunk.toString());
      if (match?.[1] !== undefined) resolve(match[1]);
    });
    child.once('exit', (code) => reject(new Error(`bare server exited with ${String(code)}`)));
  });
  return { url, stop: () => child.kill('SIGTERM') };
}

/** Starts the real server with the rate limit off, logs in, and waits for start-up work. */
async function startLoggedIn(): Promise<{
  server: RunningServer;
  headers: Record<string, string>;
}> {
  const server = await startServer(SERVER_ENV);
  console.log(
    '\nrate limit: OFF for this run (RATE_LIMIT_PER_MINUTE=0): every request comes from one address',
  );
  const login = await fetch(`${server.url}/api/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ password: 'kickoff' }),
  });
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  const headers = { cookie };
  // Let start-up work finish first (model training, the first news sync), as on a running site.
  for (let i = 0; i < 60; i++) {
    const [predictions, news] = await Promise.all(
      ['/api/predictions?limit=1', '/api/news?page_size=1'].map(
        async (p) =>
          (await (await fetch(`${server.url}${p}`, { headers })).json()) as Record<
            string,
            unknown[]
          >,
      ),
    );
    if ((predictions?.predictions?.length ?? 0) > 0 && (news?.items?.length ?? 0) > 0) break;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  await new Promise((resolve) => setTimeout(resolve, 2000));
  return { server, headers };
}

/** A bare route answering what Touchline answers at `url` now: body and headers (not those of the connection). */
async function startBareCopy(
  url: string,
  headers: Record<string, string>,
  dir: string,
  name: string,
  options: { withHeaders: boolean },
): Promise<{ url: string; bytes: number; stop: () => void }> {
  const sample = await fetch(url, { headers });
  if (!sample.ok) throw new Error(`${url}: ${sample.status}`);
  const body = await sample.text();
  const bodyFile = path.join(dir, `${name}.body`);
  await writeFile(bodyFile, body);
  const sent = options.withHeaders
    ? Object.fromEntries(
        [...sample.headers].filter(
          ([header]) =>
            !['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding'].includes(
              header,
            ),
        ),
      )
    : {};
  const headersFile = path.join(dir, `${name}.headers.json`);
  await writeFile(headersFile, JSON.stringify(sent));
  const bare = await startBare(bodyFile, headersFile);
  return { url: `${bare.url}/bare`, bytes: Buffer.byteLength(body), stop: bare.stop };
}

/** The match centre's path of the first match on today's board. */
async function findMatchCentrePath(url: string, headers: Record<string, string>): Promise<string> {
  const today = (await (await fetch(`${url}/api/matches/today`, { headers })).json()) as {
    matches: { id: string | number }[];
  };
  const first = today.matches[0];
  if (first === undefined) throw new Error('no match on the board to open');
  return `/api/matches/${first.id}`;
}

async function benchLoad() {
  const { server, headers } = await startLoggedIn();
  const dir = await mkdtemp(path.join(os.tmpdir(), 'touchline-bench-'));
  const bares: { stop: () => void }[] = [];
  try {
    const matchCentre = await findMatchCentrePath(server.url, headers);
    const copies = [];
    for (const [i, endpoint] of [...ENDPOINTS, matchCentre].entries()) {
      const copy = await startBareCopy(`${server.url}${endpoint}`, headers, dir, `e${i}`, {
        withHeaders: true,
      });
      bares.push(copy);
      copies.push({ endpoint, copy });
    }
    const bodyOnly = await startBareCopy(`${server.url}${TARGET.path}`, headers, dir, 'plain', {
      withHeaders: false,
    });
    bares.push(bodyOnly);

    // Warm everything up first (JIT, caches), then measure each endpoint right after its baseline.
    for (const { endpoint, copy } of copies) {
      await load(copy.url, {}, { duration: 3 });
      await load(`${server.url}${endpoint}`, headers, { duration: 3 });
    }
    await load(bodyOnly.url, {}, { duration: 3 });

    const rows: Record<string, Result & { bytes: number }> = {};
    const ratios: { endpoint: string; ratio: number; touchline: Result }[] = [];
    for (const { endpoint, copy } of copies) {
      const baseline = await load(copy.url, {});
      const touchline = await load(`${server.url}${endpoint}`, headers);
      rows[`bare route, same response as ${endpoint}`] = { ...baseline, bytes: copy.bytes };
      rows[`Touchline ${endpoint}`] = { ...touchline, bytes: copy.bytes };
      ratios.push({ endpoint, ratio: touchline['req/s'] / baseline['req/s'], touchline });
    }
    const plain = await load(bodyOnly.url, {});
    rows[`bare route, ${TARGET.path} body without its headers`] = {
      ...plain,
      bytes: bodyOnly.bytes,
    };

    console.log(
      `\nGET with the session cookie, ${CONNECTIONS} connections, ${DURATION_S} s each; errors = non-2xx + connection errors and timeouts`,
    );
    console.table(rows);
    for (const { endpoint, ratio } of ratios) {
      console.log(`${endpoint}: ${ratio.toFixed(2)} of the bare route's requests/s`);
    }
    const centre = ratios.find((r) => r.endpoint === matchCentre);
    if (centre !== undefined) {
      console.log(
        `${matchCentre}: ratio to the same response ${centre.ratio.toFixed(2)} (target at least ` +
          `${MATCH_CENTRE_RATIO.toFixed(2)}) ${centre.ratio >= MATCH_CENTRE_RATIO ? 'MET' : 'MISSED'}`,
      );
    }
    const target = ratios.find((r) => r.endpoint === TARGET.path);
    if (target !== undefined) {
      const t = target.touchline;
      const met =
        t['req/s'] >= TARGET.rps && t['p99 ms'] < TARGET.p99Ms && t.errors === 0 ? 'MET' : 'MISSED';
      console.log(
        `${TARGET.path}: ${t['req/s']} req/s, p99 ${t['p99 ms']} ms, ${t.errors} errors ` +
          `(target at least ${TARGET.rps} req/s, p99 under ${TARGET.p99Ms} ms, no errors) ${met}`,
      );
      console.log(
        `${TARGET.path}: ratio to the same response ${target.ratio.toFixed(2)} (target at least ${TARGET.ratio.toFixed(2)}) ${target.ratio >= TARGET.ratio ? 'MET' : 'MISSED'}; ` +
          `to the same body without Touchline's headers ${(t['req/s'] / plain['req/s']).toFixed(2)}`,
      );
    }
  } finally {
    for (const bare of bares) bare.stop();
    await server.stop();
    await rm(dir, { recursive: true, force: true });
  }
}

/** The resident memory of a process, from /proc/<pid>/status (VmRSS), in bytes. */
async function readRss(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kb = /^VmRSS:\s+(\d+)\s+kB$/m.exec(status)?.[1];
  if (kb === undefined) throw new Error(`no VmRSS in /proc/${pid}/status`);
  return Number(kb) * 1024;
}

async function benchSoak() {
  const { server, headers } = await startLoggedIn();
  const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);
  try {
    const url = `${server.url}${TARGET.path}`;
    // Warm up at the soak's own rate, so the heap has grown to its working size.
    await load(url, headers, { duration: 20, connections: 10, overallRate: SOAK_RATE });
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const start = await readRss(server.pid);
    let peak = start;
    const sampler = setInterval(() => {
      void readRss(server.pid).then((rss) => (peak = Math.max(peak, rss)));
    }, 5000);
    const result = await load(url, headers, {
      duration: SOAK_S,
      connections: 10,
      overallRate: SOAK_RATE,
    });
    clearInterval(sampler);
    const end = await readRss(server.pid);
    peak = Math.max(peak, end);
    const growth = end - start;
    console.log(
      `\nsoak: GET ${TARGET.path}, ${SOAK_RATE} req/s for ${SOAK_S} s (10 connections): ` +
        `${result['req/s']} req/s, p50 ${result['p50 ms']} ms, p99 ${result['p99 ms']} ms, ${result.errors} errors`,
    );
    console.log(
      `server RSS (VmRSS of pid ${server.pid}): ${mb(start)} MB after warm-up, ${mb(end)} MB at the end, ` +
        `peak ${mb(peak)} MB; growth ${mb(growth)} MB (target under ${SOAK_TARGET_MB} MB) ` +
        `${growth < SOAK_TARGET_MB * 1024 * 1024 ? 'MET' : 'MISSED'}`,
    );
  } finally {
    await server.stop();
  }
}

/** The peak resident memory of a process so far, from /proc/<pid>/status (VmHWM), in bytes. */
async function readPeakRss(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kb = /^VmHWM:\s+(\d+)\s+kB$/m.exec(status)?.[1];
  if (kb === undefined) throw new Error(`no VmHWM in /proc/${pid}/status`);
  return Number(kb) * 1024;
}

/** The session cookie of a login with the site's default password, as request headers. */
async function logIn(url: string): Promise<Record<string, string>> {
  // Sent again while a busy start answers 503, as the gate page does.
  const login = await postLogin(url, 'kickoff');
  if (!login.ok) throw new Error(`login: ${login.status}`);
  return { cookie: readSessionCookie(login) };
}

/**
 * The event loop's delays since the previous reading, from the server's /metrics: prom-client
 * resets its histogram at each collection, and nothing else collects it.
 */
async function readMetricsLoopDelay(
  url: string,
  headers: Record<string, string>,
): Promise<LoopDelay> {
  const response = await fetch(`${url}/metrics`, { headers });
  const body = await response.text();
  const read = (name: string) => {
    const value = new RegExp(
      `^touchline_nodejs_eventloop_lag_${name}_seconds(?:\\{[^}]*\\})? (\\S+)$`,
      'm',
    ).exec(body)?.[1];
    if (!response.ok || value === undefined)
      throw new Error(
        `/metrics: ${response.status}, no touchline_nodejs_eventloop_lag_${name}_seconds`,
      );
    return Number(value);
  };
  return { p50: read('p50'), p99: read('p99'), max: read('max') };
}

type MemoryReading = {
  readyMs: number;
  loads: { route: string; result: Result }[];
  loop: LoopDelay;
  rssAfterLoad: number;
  idleRss: number;
  idleReadAfterS: number;
  peakRss: number;
};

/**
 * Waits for `server` to answer 200 on `readyPath`, loads each of `routes` in turn for an equal
 * share of the memory part's time, then idles until MEMORY_IDLE_S after ready and reads its
 * memory. `readLoopDelay` gives the delays since its previous call.
 */
async function measureMemory(
  server: WatchedProcess,
  what: string,
  readyPath: string,
  prepare: () => Promise<{
    routes: string[];
    headers: Record<string, string>;
    readLoopDelay: () => Promise<LoopDelay>;
  }>,
): Promise<MemoryReading> {
  const readyMs = (await requireFirstOk(server, what))[readyPath] ?? Number.NaN;
  const readyAt = performance.now();
  const { routes, headers, readLoopDelay } = await prepare();
  const seconds = Math.max(1, Math.round(MEMORY_LOAD_S / routes.length));
  // This reading resets the histogram, so the next one covers the load alone.
  await readLoopDelay();
  const loads = [];
  for (const route of routes) {
    loads.push({
      route,
      result: await load(`${server.url}${route}`, headers, { duration: seconds }),
    });
  }
  const loop = await readLoopDelay();
  const rssAfterLoad = await readRss(server.pid);
  await new Promise((resolve) =>
    setTimeout(resolve, Math.max(0, readyAt + MEMORY_IDLE_S * 1000 - performance.now())),
  );
  const idleReadAfterS = (performance.now() - readyAt) / 1000;
  const idleRss = await readRss(server.pid);
  const peakRss = await readPeakRss(server.pid);
  return { readyMs, loads, loop, rssAfterLoad, idleRss, idleReadAfterS, peakRss };
}

async function benchMemory() {
  // The baseline opens a copy of the database a fresh Touchline folder starts from, with the
  // same settings: the difference is what the site adds to Fastify and PGlite.
  const snapshot = await findHistorySnapshot();
  if (snapshot === null) throw new Error('memory: no history snapshot to copy');
  const bareDir = await mkdtemp(path.join(os.tmpdir(), 'touchline-bench-bare-pglite-'));
  await cp(snapshot, bareDir, { recursive: true });
  const bare = await spawnWatched(
    'scripts/bench/bare-pglite.ts',
    [bareDir, JSON.stringify(PGLITE_START_PARAMS)],
    {},
    ['/select'],
    { ipc: true },
  );
  let baseline: MemoryReading;
  try {
    baseline = await measureMemory(bare, 'bare Fastify + PGlite', '/select', async () => ({
      routes: Array.from({ length: ENDPOINTS.length + 1 }, () => '/select'),
      headers: {},
      readLoopDelay: () =>
        new Promise<LoopDelay>((resolve) => {
          bare.child.once('message', (reading) => resolve(reading as LoopDelay));
          bare.child.send({ type: 'loop-delay' });
        }),
    }));
  } finally {
    await bare.stop();
    await rm(bareDir, { recursive: true, force: true });
  }

  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'touchline-bench-memory-'));
  const server = await spawnWatched(
    SERVER_ENTRY,
    [],
    { ...SERVER_ENV, DATA_DIR: dataDir, LOG_LEVEL: 'warn', CLOCK_SPEED: '60' },
    ['/readyz'],
  );
  let touchline: MemoryReading;
  let startUpWork = '';
  try {
    touchline = await measureMemory(server, 'Touchline', '/readyz', async () => {
      const headers = await logIn(server.url);
      const [predictions, news] = await Promise.all(
        ['/api/predictions?limit=1', '/api/news?page_size=1'].map(async (p) => {
          const answer = (await (await fetch(`${server.url}${p}`, { headers })).json()) as Record<
            string,
            unknown[] | undefined
          >;
          return (answer.predictions?.length ?? answer.items?.length ?? 0) > 0;
        }),
      );
      startUpWork = `predictions ${predictions === true ? 'there' : 'not yet'}, news ${news === true ? 'there' : 'not yet'}`;
      return {
        routes: [...ENDPOINTS, await findMatchCentrePath(server.url, headers)],
        headers,
        readLoopDelay: () => readMetricsLoopDelay(server.url, headers),
      };
    });
  } finally {
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  }

  const mb = (bytes: number) => Number((bytes / 1024 / 1024).toFixed(1));
  const ms = (seconds: number) => Number((seconds * 1000).toFixed(1));
  const seconds = Math.max(1, Math.round(MEMORY_LOAD_S / (ENDPOINTS.length + 1)));
  console.log(
    `\nmemory: Touchline on an empty data folder (it copies the history snapshot), the bare ` +
      `process on a copy of that snapshot with the same PostgreSQL settings; from the first ` +
      `ready 200 (Touchline /readyz, the bare process its route), ` +
      `${String(ENDPOINTS.length + 1)} autocannon runs of ` +
      `${String(seconds)} s, ${CONNECTIONS} connections (Touchline: its data routes with the session ` +
      `cookie; bare: GET /select, \`select 1\` on PGlite, every time), then idle. Touchline: ` +
      `NOW=${SERVER_ENV.NOW}, CLOCK_SPEED=60, rate limit OFF; at the load's start: ${startUpWork}`,
  );
  console.table(
    Object.fromEntries([
      ...baseline.loads.map(({ route, result }, i) => [
        `bare ${route} (run ${String(i + 1)})`,
        result,
      ]),
      ...touchline.loads.map(({ route, result }) => [`Touchline ${route}`, result]),
    ]),
  );
  const row = (r: MemoryReading) => ({
    'ready ms': Math.round(r.readyMs),
    'loop p50 ms': ms(r.loop.p50),
    'loop p99 ms': ms(r.loop.p99),
    'loop max ms': ms(r.loop.max),
    'RSS after load MB': mb(r.rssAfterLoad),
    'idle RSS MB': mb(r.idleRss),
    'idle read at s': Math.round(r.idleReadAfterS),
    'peak (VmHWM) MB': mb(r.peakRss),
  });
  console.log(
    `event loop: perf_hooks.monitorEventLoopDelay at a 10 ms resolution (Touchline's is ` +
      `prom-client's, touchline_nodejs_eventloop_lag_*_seconds on /metrics), reset right before ` +
      `the load and read right after it: over the load alone. Each sample is the time between two ` +
      `10 ms timer ticks, so an idle loop reads about 10 ms. Memory from /proc/<pid>/status: ` +
      `VmRSS ${String(MEMORY_IDLE_S)} s after ready (later if the load was still running), VmHWM ` +
      `there too (the peak over the whole life, start-up included)`,
  );
  console.table({ 'bare Fastify + PGlite': row(baseline), Touchline: row(touchline) });
  const verdict = (what: string, value: number, unit: string, bare: number, target: number) =>
    console.log(
      `${what}: ${String(value)} ${unit}, ${(value / bare).toFixed(1)}x the bare process ` +
        `(target at most ${String(target)} ${unit}) ${value <= target ? 'MET' : 'MISSED'}`,
    );
  verdict('idle RSS', mb(touchline.idleRss), 'MB', mb(baseline.idleRss), MEMORY_TARGET.idleMb);
  verdict('peak RSS', mb(touchline.peakRss), 'MB', mb(baseline.peakRss), MEMORY_TARGET.peakMb);
  verdict(
    'event-loop p99 under load',
    ms(touchline.loop.p99),
    'ms',
    ms(baseline.loop.p99),
    MEMORY_TARGET.loopP99Ms,
  );
}

const parts = readParts();
// Before any part runs: it may run the whole bench again with a higher open files limit.
if (parts.includes('live')) await requireLiveFileLimit();
console.log(`bench parts: ${parts.join(', ')}`);
// The servers serve dist/: build it first (the size part weighs what it built).
if (parts.includes('size')) {
  await buildFrontEnd();
  await reportFirstLoadJs();
} else if (
  (['load', 'soak', 'start', 'memory'] as const).some((p) => parts.includes(p)) &&
  !existsSync(new URL('../dist/index.html', import.meta.url))
) {
  await buildFrontEnd();
}
// The built server, as `npm start` runs it.
if ((['load', 'soak', 'start', 'memory'] as const).some((p) => parts.includes(p)))
  await prepareServer();
// A fresh data folder is a copy of the history snapshot, as after `npm start` or `npm run build`.
if (parts.includes('start') || parts.includes('memory')) await prepareHistory();
if (parts.includes('load')) await benchLoad();
if (parts.includes('news')) await benchNewsSync();
if (parts.includes('soak')) await benchSoak();
if (parts.includes('live')) await benchLiveStreams();
if (parts.includes('projection')) await benchSeasonProjection();
if (parts.includes('start')) await benchStartUp();
if (parts.includes('memory')) await benchMemory();
