// Benchmark of the live push: GET /api/live held open by 1,000, then 5,000, then 10,000 clients.
// The real app runs in a process of its own (live-server.ts) with its descriptor limit raised to
// the hard limit; the clients are raw sockets in this process, all with the one session cookie.
// At each size the server publishes 5 changes 1 s apart; every client notes when each arrives.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';

import type { LiveServerMessage, LiveServerRequest } from './live-server.ts';

const SIZES = [1_000, 5_000, 10_000];
const EVENTS_PER_SIZE = 5;
const EVENT_GAP_MS = 1_000;
/** A client still without an event this long after it was written counts as dropped. */
const DROP_AFTER_MS = 10_000;
/** Connects waiting for their `ready` at once, well under the listen backlog (511). */
const CONNECTS_IN_FLIGHT = 200;
const OPEN_TIMEOUT_MS = 30_000;
/** Descriptors a process needs besides its streams: the runtime, the database, pipes. */
const DESCRIPTOR_MARGIN = 1_000;
const NEEDED_DESCRIPTORS = Math.max(...SIZES) + DESCRIPTOR_MARGIN;
const TARGET = { streams: 10_000, p99Ms: 1_000, rssMbPer1000: 20 };
const PASSWORD = 'live bench password';
/** Set on the re-run under the raised limit, so it never re-runs itself again. */
const RAISED_ENV = 'TOUCHLINE_BENCH_FILES_RAISED';
const SERVER_SCRIPT = fileURLToPath(new URL('./live-server.ts', import.meta.url));

const READY = 'event: ready\n';
const MATCHES = 'event: matches\ndata: ';

type Limits = { soft: number; hard: number };

/** This process's limits on open files, as a shell started from it sees them (`ulimit -n`). */
function readFileLimits(): Limits {
  const [soft, hard] = execFileSync('sh', ['-c', 'ulimit -Sn; ulimit -Hn'], { encoding: 'utf8' })
    .trim()
    .split('\n')
    .map((line) => (line.trim() === 'unlimited' ? Infinity : Number(line)));
  if (soft === undefined || hard === undefined || Number.isNaN(soft) || Number.isNaN(hard))
    throw new Error('live: could not read the open files limit with `ulimit -n`');
  return { soft, hard };
}

/** The highest value `ulimit -n` accepts: the hard limit, or the kernel's cap when unlimited. */
function getRaisableLimit(hard: number): number {
  if (hard !== Infinity) return hard;
  return Number(readFileSync('/proc/sys/fs/nr_open', 'utf8').trim());
}

/** `command args…` through a shell that first raises the open files limit to `limit`. */
function withFileLimit(limit: number, command: string, args: string[]): [string, string[]] {
  return ['sh', ['-c', `ulimit -n ${String(limit)} && exec "$0" "$@"`, command, ...args]];
}

/**
 * Makes sure this process may hold the live part's streams. When its open files limit is too
 * low it runs the bench again under the hard limit and exits with that run's code; when the
 * hard limit is too low too, it exits saying what to raise.
 */
export async function requireLiveFileLimit(): Promise<void> {
  const { soft, hard } = readFileLimits();
  if (soft >= NEEDED_DESCRIPTORS) return;
  if (hard < NEEDED_DESCRIPTORS || process.env[RAISED_ENV] === '1') {
    console.error(
      `live: this process may open ${String(soft)} files (hard limit ${String(hard)}), and ` +
        `${String(Math.max(...SIZES))} streams need ${String(NEEDED_DESCRIPTORS)}. Raise the hard ` +
        `limit (as root \`ulimit -Hn ${String(NEEDED_DESCRIPTORS)}\`, nofile in ` +
        `/etc/security/limits.conf, or \`docker run --ulimit nofile=${String(NEEDED_DESCRIPTORS)}\`) and run again.`,
    );
    process.exit(1);
  }
  const limit = getRaisableLimit(hard);
  console.log(
    `live: the open files limit is ${String(soft)}, below the ${String(NEEDED_DESCRIPTORS)} the ` +
      `streams need: running again with it raised to the hard limit, ${String(limit)}`,
  );
  const [shell, args] = withFileLimit(limit, process.execPath, [
    ...process.execArgv,
    ...process.argv.slice(1),
  ]);
  const rerun = spawn(shell, args, {
    stdio: 'inherit',
    env: { ...process.env, [RAISED_ENV]: '1' },
  });
  const code = await new Promise<number>((resolve) =>
    rerun.once('exit', (exitCode) => resolve(exitCode ?? 1)),
  );
  process.exit(code);
}

type ServerStats = {
  streams: number;
  rssFound: number;
  /** After a full collection (live-server.ts says why). */
  rss: number;
  heapUsed: number;
  /** CPU time used so far, read before the collection the reading makes and after it. */
  cpuMs: number;
  cpuMsAfterGc: number;
};

type LiveServer = {
  url: string;
  pid: number;
  openFiles: number | null;
  publish: (n: number) => void;
  readStats: () => Promise<ServerStats>;
  stop: () => Promise<void>;
};

/** Starts live-server.ts under the hard open files limit and waits until it listens. */
async function startLiveServer(folder: string): Promise<LiveServer> {
  const limit = getRaisableLimit(readFileLimits().hard);
  if (limit < NEEDED_DESCRIPTORS) {
    throw new Error(
      `live: the server may open at most ${String(limit)} files (hard limit), and ` +
        `${String(Math.max(...SIZES))} streams need ${String(NEEDED_DESCRIPTORS)}: raise the hard limit`,
    );
  }
  const [shell, args] = withFileLimit(limit, process.execPath, [
    '--expose-gc',
    SERVER_SCRIPT,
    folder,
    PASSWORD,
  ]);
  const child: ChildProcess = spawn(shell, args, {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const waiting = new Map<number, (stats: ServerStats) => void>();
  let nextId = 0;
  let exited: Error | null = null;
  const exit = new Promise<void>((resolve) =>
    child.once('exit', (code, signal) => {
      exited = new Error(`live: the server exited (${signal ?? `code ${String(code)}`})`);
      resolve();
    }),
  );
  const listening = new Promise<Extract<LiveServerMessage, { type: 'listening' }>>(
    (resolve, reject) => {
      child.on('message', (message: LiveServerMessage) => {
        if (message.type === 'listening') resolve(message);
        else {
          waiting.get(message.id)?.({
            streams: message.streams,
            rssFound: message.rssFound,
            rss: message.rss,
            heapUsed: message.heapUsed,
            cpuMs: (message.cpu.user + message.cpu.system) / 1000,
            cpuMsAfterGc: (message.cpuAfterGc.user + message.cpuAfterGc.system) / 1000,
          });
          waiting.delete(message.id);
        }
      });
      void exit.then(() => reject(exited ?? new Error('live: the server exited')));
    },
  );
  // A send on a channel closing under it reports here; the exit that follows says the rest.
  child.on('error', () => {});
  const request = (message: LiveServerRequest) => {
    if (exited !== null) throw exited;
    if (!child.connected) throw new Error('live: the server closed its IPC channel');
    child.send(message);
  };
  const stop = async () => {
    if (exited !== null) return;
    if (child.connected) child.send({ type: 'stop' } satisfies LiveServerRequest);
    const stopped = await Promise.race([exit.then(() => true), delay(15_000, false)]);
    if (!stopped) {
      child.kill('SIGKILL');
      await exit;
    }
  };
  try {
    const ready = await listening;
    return {
      url: ready.url,
      pid: ready.pid,
      openFiles: ready.openFiles,
      publish: (n) => request({ type: 'publish', n }),
      readStats: async () => {
        const id = nextId++;
        // Sent first: a server already gone throws here, before any answer is awaited.
        request({ type: 'stats', id });
        return new Promise<ServerStats>((resolve, reject) => {
          waiting.set(id, resolve);
          void exit.then(() => reject(exited ?? new Error('live: the server exited')));
        });
      },
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

type Client = {
  socket: net.Socket;
  /** The `ready` event arrived and the socket has not closed since. */
  open: boolean;
  /** Arrival time minus the event's `at` (ms), by the number of the change. */
  latencies: Map<number, number>;
};

/** The change number an event carries (its match's score is "n-0"), or null: not received. */
function readChangeNumber(json: string): { n: number; at: number } | null {
  let event: { at?: unknown; matches?: { result?: unknown }[] };
  try {
    event = JSON.parse(json) as typeof event;
  } catch {
    return null;
  }
  const result = event.matches?.[0]?.result;
  if (typeof event.at !== 'number' || typeof result !== 'string') return null;
  const n = Number.parseInt(result, 10);
  return Number.isNaN(n) ? null : { n, at: event.at };
}

/**
 * Opens one stream as a raw socket: resolves once its `ready` event has arrived, rejects with
 * the reason it did not (refused, an answer other than 200, closed, timed out).
 */
function openStream(port: number, cookie: string): Promise<Client> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    const client: Client = { socket, open: false, latencies: new Map() };
    let pending = '';
    let headed = false;
    let settled = false;
    const fail = (reason: string) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      reject(new Error(reason));
    };
    const timer = setTimeout(() => fail('no ready event within 30 s'), OPEN_TIMEOUT_MS);
    socket.setEncoding('utf8');
    socket.setNoDelay(true);
    socket.on('connect', () => {
      socket.write(
        `GET /api/live HTTP/1.1\r\nHost: 127.0.0.1:${String(port)}\r\nCookie: ${cookie}\r\n` +
          'Accept: text/event-stream\r\n\r\n',
      );
    });
    socket.on('error', (error: NodeJS.ErrnoException) => fail(error.code ?? error.message));
    socket.on('close', () => {
      client.open = false;
      fail('closed before its ready event');
    });
    socket.on('data', (text: string) => {
      // Read first, so an event's arrival is the moment its chunk was read, not parsed.
      const now = Date.now();
      pending += text;
      if (!settled) {
        if (!headed) {
          const end = pending.indexOf('\r\n\r\n');
          if (end < 0) return;
          const status = pending.slice(0, pending.indexOf('\r\n'));
          if (!status.startsWith('HTTP/1.1 200 ')) return fail(status);
          headed = true;
          pending = pending.slice(end + 4);
        }
        const ready = pending.indexOf(READY);
        const end = ready < 0 ? -1 : pending.indexOf('\n\n', ready);
        if (end < 0) return;
        pending = pending.slice(end + 2);
        settled = true;
        clearTimeout(timer);
        client.open = true;
        resolve(client);
      }
      pending = readMatchesEvents(client, pending, now);
    });
  });
}

/**
 * Notes every complete `matches` event in `text` and returns what is left to read. Each event
 * is one write on the server, so its lines arrive whole between the chunked encoding's framing.
 */
function readMatchesEvents(client: Client, text: string, now: number): string {
  let rest = text;
  for (;;) {
    const start = rest.indexOf(MATCHES);
    // Keep a tail that may be the beginning of the next event's first line.
    if (start < 0) return rest.slice(-MATCHES.length);
    const end = rest.indexOf('\n', start + MATCHES.length);
    if (end < 0) return rest.slice(start);
    const change = readChangeNumber(rest.slice(start + MATCHES.length, end));
    if (change !== null && !client.latencies.has(change.n)) {
      client.latencies.set(change.n, now - change.at);
    }
    rest = rest.slice(end + 1);
  }
}

/** Opens `count` streams, at most CONNECTS_IN_FLIGHT at a time; failures counted by reason. */
async function openStreams(
  count: number,
  port: number,
  cookie: string,
  clients: Client[],
  failures: Map<string, number>,
): Promise<void> {
  let started = 0;
  const work = async () => {
    while (started < count) {
      started++;
      try {
        clients.push(await openStream(port, cookie));
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        failures.set(reason, (failures.get(reason) ?? 0) + 1);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONNECTS_IN_FLIGHT, count) }, work));
}

function percentile(sorted: number[], q: number): number | null {
  if (sorted.length === 0) return null;
  return sorted[Math.max(0, Math.ceil(q * sorted.length) - 1)] ?? null;
}

type SizeResult = {
  size: number;
  openSeconds: number;
  failures: Map<string, number>;
  held: number;
  serverHeld: number;
  dropped: number;
  droppedClosed: number;
  latencies: number[];
  idleCpuMs: number;
  idleMs: number;
  eventsCpuMs: number;
  clientCpuMs: number;
  windowMs: number;
  before: ServerStats;
  after: ServerStats;
};

/** Publishes the changes to the clients holding a stream and measures what reached them. */
async function measureSize(
  server: LiveServer,
  clients: Client[],
  firstChange: number,
): Promise<Omit<SizeResult, 'size' | 'openSeconds' | 'failures'>> {
  const held = clients.filter((client) => client.open);
  // The server's CPU with the streams held and nothing published, over as long as the publishing
  // takes: the share of the events' CPU figure they would not have cost.
  const idle = await server.readStats();
  const idleStart = performance.now();
  await delay(EVENT_GAP_MS * (EVENTS_PER_SIZE - 1));
  const before = await server.readStats();
  const idleMs = performance.now() - idleStart;
  const clientCpuBefore = process.cpuUsage();
  const windowStart = performance.now();
  const changes: number[] = [];
  for (let k = 0; k < EVENTS_PER_SIZE; k++) {
    if (k > 0) await delay(EVENT_GAP_MS);
    const n = firstChange + k;
    server.publish(n);
    changes.push(n);
  }
  const lastPublished = Date.now();
  const hasAll = (client: Client) => !client.open || changes.every((n) => client.latencies.has(n));
  while (Date.now() - lastPublished < DROP_AFTER_MS && !held.every(hasAll)) await delay(50);
  const windowMs = performance.now() - windowStart;
  const clientCpu = process.cpuUsage(clientCpuBefore);
  const after = await server.readStats();

  const latencies: number[] = [];
  let dropped = 0;
  let droppedClosed = 0;
  for (const client of held) {
    let missed = !client.open;
    for (const n of changes) {
      const latency = client.latencies.get(n);
      if (latency === undefined || latency > DROP_AFTER_MS) missed = true;
      else latencies.push(latency);
    }
    if (missed) dropped++;
    if (!client.open) droppedClosed++;
  }
  latencies.sort((a, b) => a - b);
  return {
    held: held.length,
    serverHeld: before.streams,
    dropped,
    droppedClosed,
    latencies,
    // Each reading's own collection falls outside the windows: they run from the end of one
    // reading's collection to the start of the next one's.
    idleCpuMs: before.cpuMs - idle.cpuMsAfterGc,
    idleMs,
    eventsCpuMs: after.cpuMs - before.cpuMsAfterGc,
    clientCpuMs: (clientCpu.user + clientCpu.system) / 1000,
    windowMs,
    before,
    after,
  };
}

const mb = (bytes: number) => bytes / 1024 / 1024;
const fixed = (value: number | null, digits = 0) =>
  value === null ? 'none' : value.toFixed(digits);
/** A number for the table (strings show quoted), or 'none'. */
const figure = (value: number | null, digits = 0) =>
  value === null ? 'none' : Number(value.toFixed(digits));
const signed = (value: number) => `${value >= 0 ? '+' : ''}${value.toFixed(1)}`;
const verdict = (met: boolean) => (met ? 'MET' : 'MISSED');
const count = (n: number) => n.toLocaleString('en');

/** MB of growth per 1,000 streams held, or null with none held. */
function perThousandStreams(bytes: number, held: number): number | null {
  return held > 0 ? mb(bytes) / (held / 1000) : null;
}

/** Growth per 1,000 streams after a full collection: the larger of before and after the events. */
function getRssGrowth(r: SizeResult, base: ServerStats): number | null {
  return perThousandStreams(Math.max(r.before.rss, r.after.rss) - base.rss, r.held);
}

function report(results: SizeResult[], base: ServerStats): void {
  const rows: Record<string, Record<string, string | number>> = {};
  for (const r of results) {
    const cpuPerEvent = r.eventsCpuMs / EVENTS_PER_SIZE;
    rows[`${count(r.size)} streams`] = {
      held: r.held,
      'server counts': r.serverHeld,
      'failed to open': [...r.failures.values()].reduce((a, b) => a + b, 0),
      dropped: r.dropped,
      'p50 ms': figure(percentile(r.latencies, 0.5)),
      'p95 ms': figure(percentile(r.latencies, 0.95)),
      'p99 ms': figure(percentile(r.latencies, 0.99)),
      'max ms': figure(r.latencies.at(-1) ?? null),
      'CPU ms/event': figure(cpuPerEvent, 1),
      'per 1,000 streams': figure(r.held > 0 ? cpuPerEvent / (r.held / 1000) : null, 2),
      'RSS MB/1,000': figure(getRssGrowth(r, base), 1),
    };
  }
  console.log(
    `\nGET /api/live. Latency (ms) = Date.now() when a client read the chunk holding an event ` +
      `minus the event's \`at\`, over all clients and the ${String(EVENTS_PER_SIZE)} events of a ` +
      `size. Server CPU ms per event = its CPU time from the first publish to the last arrival / ` +
      `${String(EVENTS_PER_SIZE)}. RSS MB/1,000 = the server's RSS growth per 1,000 streams held, ` +
      `read after a full collection, the larger of before and after the events, against ` +
      `${mb(base.rss).toFixed(1)} MB with 0 streams (the embedded database included; ` +
      `${mb(base.rssFound).toFixed(1)} MB as found before that collection).`,
  );
  console.table(rows);
  for (const r of results) {
    const failed = [...r.failures].map(([reason, n]) => `${String(n)} ${reason}`).join(', ');
    console.log(
      `${count(r.size)}: opened in ${r.openSeconds.toFixed(1)} s` +
        (failed === '' ? '' : `; failed to open: ${failed}`) +
        `; dropped ${String(r.dropped)} (${String(r.droppedClosed)} of them closed)` +
        `; ${(r.windowMs / 1000).toFixed(1)} s from the first publish to the last arrival, in ` +
        `which the server used ${r.eventsCpuMs.toFixed(0)} ms of CPU (${r.idleCpuMs.toFixed(0)} ms ` +
        `in ${(r.idleMs / 1000).toFixed(1)} s idle with the streams held, just before) and the ` +
        `clients ${r.clientCpuMs.toFixed(0)} ms; server RSS ${signed(mb(r.before.rss - base.rss))} MB ` +
        `before the events, ${signed(mb(r.after.rss - base.rss))} MB after (JS heap used ` +
        `${signed(mb(r.before.heapUsed - base.heapUsed))} MB before); as found, before its ` +
        `collection, ${mb(r.after.rssFound).toFixed(1)} MB after the events`,
    );
  }

  const largest = results.find((r) => r.size === TARGET.streams);
  if (largest === undefined) return;
  const heldAll = largest.held >= TARGET.streams && largest.dropped === 0;
  console.log(
    `\n${count(TARGET.streams)} streams held with none dropped: held ${String(largest.held)}, ` +
      `dropped ${String(largest.dropped)} ${verdict(heldAll)}`,
  );
  const p99 = percentile(largest.latencies, 0.99);
  console.log(
    `latency p99 at ${count(TARGET.streams)} streams: ${fixed(p99)} ms (target at most ` +
      `${count(TARGET.p99Ms)} ms) ${verdict(p99 !== null && p99 <= TARGET.p99Ms)}`,
  );
  const growth = getRssGrowth(largest, base);
  console.log(
    `server RSS growth at ${count(TARGET.streams)} streams: ${fixed(growth, 1)} MB per 1,000 ` +
      `streams (target at most ${String(TARGET.rssMbPer1000)} MB) ` +
      `${verdict(growth !== null && growth <= TARGET.rssMbPer1000)}`,
  );
}

/** Logs in through POST /api/session and returns the Cookie header every stream sends. */
async function logIn(url: string): Promise<string> {
  const response = await fetch(`${url}/api/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ password: PASSWORD }),
  });
  const cookie = response.headers.getSetCookie()[0]?.split(';')[0];
  if (response.status !== 204 || cookie === undefined)
    throw new Error(`live: login failed (${String(response.status)})`);
  return cookie;
}

export async function benchLiveStreams(): Promise<void> {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'touchline-live-bench-'));
  const clients: Client[] = [];
  let server: LiveServer | undefined;
  try {
    server = await startLiveServer(folder);
    const port = Number(new URL(server.url).port);
    console.log(
      `\nlive: the server (pid ${String(server.pid)}, open files limit ${String(server.openFiles ?? 'unknown')}) ` +
        `and the clients (this process, pid ${String(process.pid)}, limit ` +
        `${String(readFileLimits().soft)}) share this machine's ${String(os.availableParallelism())} ` +
        `cores: the clients' reading competes with the server's writing, so arrival times include ` +
        `waiting for a core. Overload guard and rate limit off; all streams come from 127.0.0.1 ` +
        `with one session cookie (per-session and per-address limits raised to 20,000).`,
    );
    const cookie = await logIn(server.url);
    await delay(1000);
    const base = await server.readStats();
    if (base.streams !== 0)
      throw new Error(`live: the server counts ${String(base.streams)} streams before any opened`);

    const results: SizeResult[] = [];
    let nextChange = 1;
    for (const size of SIZES) {
      const failures = new Map<string, number>();
      const openStart = performance.now();
      const missing = size - clients.filter((client) => client.open).length;
      await openStreams(missing, port, cookie, clients, failures);
      const openSeconds = (performance.now() - openStart) / 1000;
      // Let the last openings finish their work before measuring.
      await delay(1000);
      const measured = await measureSize(server, clients, nextChange);
      nextChange += EVENTS_PER_SIZE;
      results.push({ size, openSeconds, failures, ...measured });
      console.log(
        `live: ${count(size)} streams measured (${String(measured.held)} held, ` +
          `${String(measured.dropped)} dropped)`,
      );
    }
    report(results, base);
  } finally {
    for (const client of clients) client.socket.destroy();
    await server?.stop();
    await rm(folder, { recursive: true, force: true });
  }
}
