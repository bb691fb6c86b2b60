// Three Touchline instances on one Postgres and one Redis, fed by a loopback football-data.org:
// one leader polls on schedule, another takes over when it dies, a score the leader writes
// reaches every instance within 2 seconds and every instance's live streams, and a browser
// whose instance dies resumes its stream on another without losing a change.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { writeFile, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { launchBrowser, login, PHONE } from '../helpers/browser.ts';
import { isScoreEvent, openEventStream } from '../helpers/event-stream.ts';
import {
  startFakeFootballData,
  type FakeFootballData,
  type FakeMatch,
} from '../helpers/fake-football-data.ts';
import { POSTGRES_ADMIN_URL } from '../helpers/global-db-setup.ts';
import { postLogin, readSessionCookie } from '../helpers/login.ts';
import { startTcpProxy } from '../helpers/tcp-proxy.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
/** Polling intervals are divided by this: 30 s live polls come every 7.5 s. */
const CLOCK_SPEED = 4;
const LIVE_POLL_MS = 30_000 / CLOCK_SPEED;

type Instance = {
  name: string;
  url: string;
  child: ChildProcess;
  output: () => string;
  cookie: string;
};

const LIVERPOOL = { id: 64, name: 'Liverpool FC', shortName: 'Liverpool', tla: 'LIV' };
const ARSENAL = { id: 57, name: 'Arsenal FC', shortName: 'Arsenal', tla: 'ARS' };

function liveMatch(home: number, away: number): FakeMatch {
  return {
    id: 1001,
    utcDate: new Date(Date.now() - 30 * 60_000).toISOString(),
    status: 'IN_PLAY',
    minute: 30,
    home: LIVERPOOL,
    away: ARSENAL,
    score: { home, away },
  };
}

let fake: FakeFootballData;
let databaseName: string;
let databaseUrl: string;
let workDir: string;
const instances: Instance[] = [];
/** Every process started, so none outlives the tests when a start fails half-way. */
const children: ChildProcess[] = [];

async function startInstance(name: string): Promise<Instance> {
  const child = spawn(process.execPath, ['src/server/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: path.join(workDir, name),
      DATABASE_URL: databaseUrl,
      REDIS_URL: 'redis://127.0.0.1:6379',
      DATA_SOURCE: 'live',
      FOOTBALL_DATA_API_KEY: 'test-key',
      FOOTBALL_DATA_BASE_URL: fake.baseUrl,
      STANDINGS_PROVIDER: 'none',
      PLAYERS_PROVIDER: 'none',
      NEWS_FEEDS: path.join(workDir, 'feeds.json'),
      CLOCK_SPEED: String(CLOCK_SPEED),
      SESSION_SECRET: 'a-session-secret-shared-by-the-three-instances',
      LOG_LEVEL: 'info',
      // The models learn three seasons of history, not all twenty: seconds less at each start.
      PREDICTION_HISTORY_SEASONS: '3',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${name} did not start:\n${output}`)), 90_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /running at (http:\/\/\S+)/.exec(output);
      if (match?.[1] !== undefined) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${name} exited with ${String(code)}:\n${output}`));
    });
  });
  const login = await postLogin(url, 'kickoff');
  expect(login.status).toBe(204);
  const cookie = readSessionCookie(login);
  return { name, url, child, output: () => output, cookie };
}

async function getJson<T>(instance: Instance, pathName: string): Promise<T> {
  const response = await fetch(`${instance.url}${pathName}`, {
    headers: { cookie: instance.cookie },
  });
  expect(response.status).toBe(200);
  return (await response.json()) as T;
}

const isLeader = async (instance: Instance) =>
  (await getJson<{ leader: boolean }>(instance, '/api/status')).leader;

const resultOn = async (instance: Instance) =>
  (await getJson<{ matches: { result: string }[] }>(instance, '/api/matches/today')).matches[0]
    ?.result;

/** The id under which the instances store the one match of the fake upstream. */
const storedMatchId = async (instance: Instance) => {
  const { matches } = await getJson<{ matches: { id: number }[] }>(instance, '/api/matches/today');
  if (matches[0] === undefined) throw new Error('no match stored');
  return matches[0].id;
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

beforeAll(async () => {
  workDir = await mkdtemp(path.join(os.tmpdir(), 'touchline-cluster-'));
  await writeFile(path.join(workDir, 'feeds.json'), '[]');
  fake = await startFakeFootballData();
  fake.setMatches([liveMatch(1, 0)]);
  databaseName = `touchline_cluster_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${databaseName}`);
  await admin.end();
  databaseUrl = POSTGRES_ADMIN_URL.replace(/\/test$/, `/${databaseName}`);
  // The first start imports the history; the others find it done.
  instances.push(await startInstance('a'));
  instances.push(...(await Promise.all([startInstance('b'), startInstance('c')])));
});

afterAll(async () => {
  await Promise.all(
    children.map(async (child) => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }),
  );
  await fake?.close();
  const admin = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
  await admin.end();
  await rm(workDir, { recursive: true, force: true });
});

describe('three instances on Postgres and Redis', () => {
  it('has exactly one leader, and the upstream sees exactly the scheduled polls', async () => {
    const leaders = await Promise.all(instances.map(isLeader));
    expect(leaders.filter(Boolean)).toHaveLength(1);

    // Two simulated minutes (30 s at 4×) from a poll: polls at 0, 7.5, 15 and 22.5 s; the
    // next is due at 30 s, so a window of 28 s holds exactly four.
    const start = await fake.waitForServed(() => true);
    await sleep(28_000 - (Date.now() - start));
    const inWindow = fake.polls.filter((p) => p.at >= start && p.at <= start + 28_000);
    expect(inWindow).toHaveLength(Math.floor(28_000 / LIVE_POLL_MS) + 1);
    const gaps = inWindow.slice(1).map((p, i) => p.at - (inWindow[i] as { at: number }).at);
    for (const gap of gaps) expect(gap).toBeGreaterThanOrEqual(LIVE_POLL_MS - 100);
  });

  it('shows a score the leader writes on every instance within 2 seconds', async () => {
    fake.setMatches([liveMatch(2, 0)]);
    const served = await fake.waitForServed((line) => line.includes('1001:2-0'));
    const seenAt = await Promise.all(
      instances.map(async (instance) => {
        for (;;) {
          if ((await resultOn(instance)) === '2-0') return Date.now();
          if (Date.now() - served > 10_000) throw new Error(`${instance.name} never showed 2-0`);
          await sleep(50);
        }
      }),
    );
    // The poll's answer, then the leader's write, then every reader: all within 2 s.
    process.stdout.write(
      `score change seen after ${seenAt.map((at) => `${at - served} ms`).join(', ')}\n`,
    );
    for (const at of seenAt) expect(at - served).toBeLessThan(2000);
  });

  it('pushes a score the leader writes to the live streams held on all three instances', async () => {
    const matchId = await storedMatchId(instances[0] as Instance);
    const streams = await Promise.all(
      instances.map((instance) =>
        openEventStream(`${instance.url}/api/live`, { cookie: instance.cookie }),
      ),
    );
    try {
      expect(streams.map((s) => s.status)).toEqual([200, 200, 200]);
      await Promise.all(streams.map((s) => s.waitFor((e) => e.event === 'ready')));
      fake.setMatches([liveMatch(2, 1)]);
      const served = await fake.waitForServed((line) => line.includes('1001:2-1'));
      const events = await Promise.all(
        streams.map((s) => s.waitFor(isScoreEvent(matchId, '2-1'), 15_000)),
      );
      process.stdout.write(
        `live event on each instance ${events.map((e) => `${String(e.at - served)} ms`).join(', ')} after the poll\n`,
      );
      // Every instance sent the same event under the same id.
      expect(new Set(events.map((e) => e.id)).size).toBe(1);
      for (const event of events) expect(event.at - served).toBeLessThan(2000);
    } finally {
      for (const stream of streams) stream.close();
    }
  });

  it('hands the schedule to another instance within 30 seconds when the leader dies', async () => {
    const flags = await Promise.all(instances.map(isLeader));
    const leader = instances[flags.indexOf(true)] as Instance;
    const others = instances.filter((i) => i !== leader);

    const killedAt = Date.now();
    const exited = new Promise((resolve) => leader.child.once('exit', resolve));
    leader.child.kill('SIGKILL');
    await exited;

    fake.setMatches([liveMatch(3, 0)]);
    const polledAgain = await fake.waitForServed((line) => line.includes('1001:3-0'));
    process.stdout.write(`schedule taken over ${polledAgain - killedAt} ms after the kill\n`);
    expect(polledAgain - killedAt).toBeLessThan(30_000);
    const newFlags = await Promise.all(others.map(isLeader));
    expect(newFlags.filter(Boolean)).toHaveLength(1);
    for (const instance of others) {
      await expect.poll(() => resultOn(instance), { timeout: 5000 }).toBe('3-0');
    }
  });

  it('resumes a browser whose instance dies on another, with the change it missed', async () => {
    const alive = instances.filter((i) => i.child.exitCode === null && i.child.signalCode === null);
    const flags = await Promise.all(alive.map(isLeader));
    const leader = alive[flags.indexOf(true)] as Instance;
    const doomed = alive.find((i) => i !== leader) as Instance;
    const portOf = (instance: Instance) => Number(new URL(instance.url).port);
    const proxy = await startTcpProxy(portOf(doomed));
    const browser = await launchBrowser();
    try {
      const page = await (await browser.newContext({ viewport: PHONE })).newPage();
      await login(page, proxy.url);
      await page.getByText('Live', { exact: true }).waitFor({ timeout: 30_000 });
      const score = page.getByTestId('score').first();
      await expect.poll(() => score.textContent(), { timeout: 15_000 }).toBe('3-0');
      const asked: string[] = [];
      page.on('request', (request) => {
        if (new URL(request.url()).pathname.startsWith('/api/matches/')) asked.push(request.url());
      });

      // The instance dies; the browser's reconnection waits at the balancer until the leader
      // has written a new score, so that change happens while the browser holds no stream.
      proxy.hold();
      proxy.routeTo(portOf(leader));
      const leaderStream = await openEventStream(`${leader.url}/api/live`, {
        cookie: leader.cookie,
      });
      const exited = new Promise((resolve) => doomed.child.once('exit', resolve));
      doomed.child.kill('SIGKILL');
      await exited;
      fake.setMatches([liveMatch(4, 1)]);
      await leaderStream.waitFor(isScoreEvent(await storedMatchId(leader), '4-1'), 20_000);
      leaderStream.close();
      proxy.release();

      // Resumed after its last event id: the missed score arrives on the stream, not by asking.
      await expect.poll(() => score.textContent(), { timeout: 20_000 }).toBe('4-1');
      expect(asked).toEqual([]);
    } finally {
      await browser.close();
      await proxy.close();
    }
  });
});
