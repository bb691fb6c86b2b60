// The server of the live-push benchmark, in a process of its own: the real app (buildApp) on an
// embedded database under the folder named by its first argument, the site password its second,
// with a live feed the benchmark drives over the IPC channel, no overload guard and no rate
// limit. Started with --expose-gc: each stats reading collects all garbage first (see below).
// Messages:
//   to the benchmark:  { type: 'listening', url, pid, openFiles }, then { type: 'stats', … }
//   from it:           { type: 'publish', n }, { type: 'stats', id }, { type: 'stop' }
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';

import type { LiveMatch } from '../../src/domain/live-match.ts';
import { buildApp } from '../../src/server/app.ts';
import { openDatabase } from '../../src/server/db/client.ts';
import { seedLeagues } from '../../src/server/db/leagues-queries.ts';
import { createLiveFeed } from '../../src/server/http/live-feed.ts';

export type LiveServerRequest =
  { type: 'publish'; n: number } | { type: 'stats'; id: number } | { type: 'stop' };

export type LiveServerMessage =
  | {
      type: 'listening';
      url: string;
      pid: number;
      /** This process's limit on open files, from /proc/self/limits (null where there is none). */
      openFiles: number | null;
    }
  | {
      type: 'stats';
      id: number;
      /** Open streams as the server's own /metrics counts them (touchline_live_streams). */
      streams: number;
      /** Resident memory as found, before the collection. */
      rssFound: number;
      /** Resident memory and JS heap in use right after a full (last-resort) collection. */
      rss: number;
      heapUsed: number;
      /** CPU time used so far, read before the collection and after it. */
      cpu: NodeJS.CpuUsage;
      cpuAfterGc: NodeJS.CpuUsage;
    };

/** The board item of change `n`: its score is "n-0", so a client can tell which change it got. */
function createBenchMatch(n: number): LiveMatch {
  return {
    id: 'bench-1',
    competition_name: 'Premier League',
    league_slug: 'premier-league',
    local: 'Arsenal',
    visitor: 'Chelsea',
    status: 0,
    result: `${String(n)}-0`,
    hour: '15:00',
    minute: String(n),
    date: '2026-11-21T15:00:00.000Z',
  };
}

async function main() {
  const [folder, password] = process.argv.slice(2);
  if (folder === undefined || password === undefined)
    throw new Error('usage: live-server.ts <work folder> <site password>');
  const webRoot = path.join(folder, 'web');
  await mkdir(webRoot, { recursive: true });
  const send = (message: LiveServerMessage) => process.send?.(message);
  if (process.send === undefined) throw new Error('live-server.ts needs an IPC channel');

  const database = await openDatabase({
    databaseUrl: undefined,
    dataDir: path.join(folder, 'db'),
  });
  await seedLeagues(database.db);
  const feed = createLiveFeed({
    log: {
      info: () => {},
      warn: (obj, msg) => console.warn(`live server: ${msg}`, obj),
    },
  });
  const app = await buildApp({
    db: database.db,
    sitePassword: password,
    sessionSecret: randomBytes(32).toString('hex'),
    now: () => new Date(),
    timeZone: 'Europe/London',
    webRoot,
    meta: { brandName: 'Touchline', creditLine: 'Credit', replayLabel: '' },
    logger: false,
    live: { feed, limits: { perSession: 20_000, perAddress: 20_000, total: 20_000 } },
  });
  const url = await app.listen({ host: '127.0.0.1', port: 0 });

  // The stream count comes from the server's own /metrics, which needs a session of its own.
  const login = await app.inject({
    method: 'POST',
    url: '/api/session',
    payload: { password },
  });
  const cookie = login.cookies[0];
  if (login.statusCode !== 204 || cookie === undefined)
    throw new Error(`live server: login for /metrics failed (${String(login.statusCode)})`);
  const readStreamCount = async (): Promise<number> => {
    const metrics = await app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { cookie: `${cookie.name}=${cookie.value}` },
    });
    const count = /^touchline_live_streams (\d+)$/m.exec(metrics.body)?.[1];
    if (metrics.statusCode !== 200 || count === undefined)
      throw new Error(
        `live server: /metrics has no touchline_live_streams (${metrics.statusCode})`,
      );
    return Number(count);
  };

  // V8 hands freed heap pages back to the system on its own schedule (about 170 MB some 10 s
  // after start-up here): RSS as found moves by that much between two readings. A last-resort
  // collection hands them back at once, so readings taken after one compare what is retained.
  const { gc } = globalThis;
  if (gc === undefined) throw new Error('live server: start it with node --expose-gc');
  const readStats = async (id: number): Promise<LiveServerMessage> => {
    const streams = await readStreamCount();
    const rssFound = process.memoryUsage().rss;
    const cpu = process.cpuUsage();
    gc({ type: 'major', execution: 'sync', flavor: 'last-resort' });
    const { rss, heapUsed } = process.memoryUsage();
    return {
      type: 'stats',
      id,
      streams,
      rssFound,
      rss,
      heapUsed,
      cpu,
      cpuAfterGc: process.cpuUsage(),
    };
  };

  let stopping = false;
  const stop = async (removeFolder: boolean) => {
    if (stopping) return;
    stopping = true;
    await app.close();
    await database.close();
    if (removeFolder) await rm(folder, { recursive: true, force: true });
    process.exit(0);
  };
  // The benchmark gone (crashed or killed), the server goes too, and nobody else will remove
  // the folder.
  process.on('disconnect', () => void stop(true));
  process.on('message', (message: LiveServerRequest) => {
    if (message.type === 'publish') feed.publish([createBenchMatch(message.n)]);
    else if (message.type === 'stats') {
      void readStats(message.id).then(send);
    } else void stop(false);
  });
  send({ type: 'listening', url, pid: process.pid, openFiles: await readOpenFilesLimit() });
}

async function readOpenFilesLimit(): Promise<number | null> {
  try {
    const limits = await readFile('/proc/self/limits', 'utf8');
    const soft = /^Max open files\s+(\d+)/m.exec(limits)?.[1];
    return soft === undefined ? null : Number(soft);
  } catch {
    return null;
  }
}

await main();
