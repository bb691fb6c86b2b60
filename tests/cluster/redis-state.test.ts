// The state several instances share through Redis (REDIS_URL): cached answers, the data
// generation that retires them, and password attempts (site and admin) per address and across
// addresses. Against the local Redis.
import { randomBytes } from 'node:crypto';
import { mkdtemp } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { setTimeout as delay } from 'node:timers/promises';

import { PGlite } from '@electric-sql/pglite';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

import { buildApp } from '../../src/server/app.ts';
import { openDatabase, type Database } from '../../src/server/db/client.ts';
import { ADMIN_GUESSING_ALERT } from '../../src/server/http/admin-auth.ts';
import { createInvalidation, type Invalidation } from '../../src/server/http/invalidation.ts';
import { createLoginThrottle } from '../../src/server/http/login-throttle.ts';
import type * as PasswordHash from '../../src/server/http/password-hash.ts';
import type { SitePassword } from '../../src/server/http/password-hash.ts';
import { createResponseCache, type ResponseCache } from '../../src/server/http/response-cache.ts';
import { GUESSING_ALERT } from '../../src/server/routes/session.ts';

/** When each site password check started, and the most ever running at once. */
const checks = vi.hoisted(() => ({ startedAt: [] as number[], inFlight: 0, most: 0 }));

// Every check the login route makes is recorded while it runs.
vi.mock('../../src/server/http/password-hash.ts', async (importOriginal) => {
  const original = await importOriginal<typeof PasswordHash>();
  return {
    ...original,
    createPasswordCheck: (password: SitePassword) => {
      const check = original.createPasswordCheck(password);
      return async (given: string) => {
        checks.startedAt.push(Date.now());
        checks.most = Math.max(checks.most, ++checks.inFlight);
        try {
          await delay(5);
          return await check(given);
        } finally {
          checks.inFlight--;
        }
      };
    },
  };
});

const REDIS_URL = 'redis://127.0.0.1:6379';
const PREFIX = `touchline-test:${randomBytes(6).toString('hex')}:`;

const connections: Redis[] = [];
function connect(): Redis {
  const redis = new Redis(REDIS_URL, { maxRetriesPerRequest: 1 });
  connections.push(redis);
  return redis;
}

/** A port nothing listens on: one the system gave out and took back. */
async function findUnusedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

async function listKeys(redis: Redis, pattern: string): Promise<string[]> {
  const keys: string[] = [];
  let cursor = '0';
  do {
    const [next, found] = await redis.scan(cursor, 'MATCH', pattern, 'COUNT', 1000);
    cursor = next;
    keys.push(...found);
  } while (cursor !== '0');
  return keys;
}

type Instance = {
  cache: ResponseCache;
  invalidation: Invalidation;
  onError: ReturnType<typeof vi.fn>;
};

/** One instance's cache and invalidation, on two connections of its own (one subscribes). */
async function startInstance(): Promise<Instance> {
  const publisher = connect();
  const subscriber = connect();
  const onError = vi.fn();
  const cache = createResponseCache({
    ttlMs: 60_000,
    shared: { redis: publisher, prefix: PREFIX, ttlMs: 60_000, onError },
  });
  const invalidation = createInvalidation({
    cache,
    redis: { publisher, subscriber, prefix: PREFIX },
    log: { warn: onError },
  });
  await invalidation.start();
  return { cache, invalidation, onError };
}

const json = (body: Buffer) => JSON.parse(body.toString('utf8')) as unknown;

let admin: Redis;

beforeAll(async () => {
  admin = connect();
  expect(await admin.ping()).toBe('PONG');
});

afterAll(async () => {
  const keys = await listKeys(admin, `${PREFIX}*`);
  if (keys.length > 0) await admin.del(...keys);
  expect(await listKeys(admin, `${PREFIX}*`)).toEqual([]);
  await Promise.all(connections.map((c) => c.quit()));
});

describe('the shared response cache', () => {
  let a: Instance;
  let b: Instance;

  beforeAll(async () => {
    a = await startInstance();
    b = await startInstance();
  });
  afterAll(async () => {
    await a.invalidation.stop();
    await b.invalidation.stop();
  });

  it("serves one instance's answer to another without computing it again", async () => {
    const computeA = vi.fn(async () => ({ score: '1-0', by: 'a' }));
    const fromA = await a.cache.get('matches:today', computeA);
    expect(computeA).toHaveBeenCalledTimes(1);
    expect(json(fromA.body)).toEqual({ score: '1-0', by: 'a' });
    // The write to Redis is not awaited by get(): wait until it has landed.
    await vi.waitFor(
      async () => expect(await listKeys(admin, `${PREFIX}cache:*:matches:today`)).toHaveLength(1),
      { timeout: 2000, interval: 10 },
    );

    const computeB = vi.fn(async () => ({ score: '1-0', by: 'b' }));
    const fromB = await b.cache.get('matches:today', computeB);
    expect(computeB).not.toHaveBeenCalled();
    expect(json(fromB.body)).toEqual({ score: '1-0', by: 'a' });
    expect(fromB.etag).toBe(fromA.etag);
    expect(a.onError).not.toHaveBeenCalled();
    expect(b.onError).not.toHaveBeenCalled();
  });

  it('makes the other instance drop its answer and compute anew within 2 s of a change', async () => {
    const stale = vi.fn(async () => ({ score: 'stale' }));
    // B holds the answer locally now: asking again computes nothing.
    const held = await b.cache.get('matches:today', stale);
    expect(json(held.body)).toEqual({ score: '1-0', by: 'a' });
    expect(stale).not.toHaveBeenCalled();

    const computeB = vi.fn(async () => ({ score: '2-0', by: 'b' }));
    const changedAt = Date.now();
    a.invalidation.changed();
    await vi.waitFor(
      async () => {
        const answer = await b.cache.get('matches:today', computeB);
        expect(json(answer.body)).toEqual({ score: '2-0', by: 'b' });
      },
      { timeout: 2000, interval: 10 },
    );
    const tookMs = Date.now() - changedAt;
    expect(tookMs).toBeLessThan(2000);
    expect(computeB).toHaveBeenCalledTimes(1);

    // Both are on the new generation: A reads B's fresh answer instead of computing.
    await vi.waitFor(
      async () => expect(await listKeys(admin, `${PREFIX}cache:*:matches:today`)).toHaveLength(2),
      { timeout: 2000, interval: 10 },
    );
    const computeA = vi.fn(async () => ({ score: '2-0', by: 'a' }));
    const fromA = await a.cache.get('matches:today', computeA);
    expect(computeA).not.toHaveBeenCalled();
    expect(json(fromA.body)).toEqual({ score: '2-0', by: 'b' });
    expect(await admin.get(`${PREFIX}generation`)).toBe('1');
    expect(a.onError).not.toHaveBeenCalled();
    expect(b.onError).not.toHaveBeenCalled();
  });
});

const SITE_PASSWORD = 'a site password of some length';
const ADMIN_PASSWORD = 'the gaffer knows best';

type AppInstance = { app: FastifyInstance; logLines: string[]; waits: number[] };

describe('password attempts counted through Redis', () => {
  let database: Database;
  let webRoot: string;
  const apps: FastifyInstance[] = [];

  beforeAll(async () => {
    database = await openDatabase({ pglite: await PGlite.create() });
    webRoot = await mkdtemp(path.join(os.tmpdir(), 'touchline-web-'));
  });
  afterAll(async () => {
    await Promise.all(apps.map((app) => app.close()));
    await database.close();
  });

  /** One instance on `redis`, counting under `prefix`, its log lines and holds recorded. */
  async function startInstance(
    redis: Redis,
    prefix: string,
    onError: (error: unknown) => void = () => {},
  ): Promise<AppInstance> {
    const logLines: string[] = [];
    const waits: number[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        logLines.push(chunk.toString());
        done();
      },
    });
    const sleep = async (ms: number) => {
      waits.push(ms);
      await delay(ms);
    };
    const shared = { redis, prefix, onError };
    const app = await buildApp({
      db: database.db,
      sitePassword: SITE_PASSWORD,
      sessionSecret: 'cluster-secret-cluster-secret-0123456789',
      now: () => new Date(),
      timeZone: 'Europe/London',
      webRoot,
      meta: { brandName: 'Touchline', creditLine: 'Credit', replayLabel: '' },
      logger: pino({ level: 'info' }, stream),
      adminPassword: ADMIN_PASSWORD,
      throttle: createLoginThrottle({ name: 'login', redis: shared, sleep }),
      adminThrottle: createLoginThrottle({ name: 'admin', redis: shared, sleep }),
    });
    await app.ready();
    apps.push(app);
    return { app, logLines, waits };
  }

  const login = (instance: AppInstance, password: string, remoteAddress: string) =>
    instance.app.inject({
      method: 'POST',
      url: '/api/session',
      payload: { password },
      remoteAddress,
    });
  const readMetrics = (instance: AppInstance, password: string, remoteAddress: string) =>
    instance.app.inject({
      url: '/metrics',
      headers: { authorization: `Bearer ${password}` },
      remoteAddress,
    });
  const logged = (instances: AppInstance[], message: string) =>
    instances
      .flatMap((i) => i.logLines)
      .filter((line) => (JSON.parse(line) as { msg?: string }).msg === message);

  it('hold one address to five failures a minute across two instances', async () => {
    const prefix = `${PREFIX}address:`;
    const [a, b] = [await startInstance(connect(), prefix), await startInstance(connect(), prefix)];
    const instances = [a, b];
    // Both instances, at once: each alone would let five through.
    const guesses = await Promise.all(
      Array.from({ length: 30 }, (_, i) => login(instances[i % 2]!, `wrong-${i}`, '203.0.113.9')),
    );
    const codes = guesses.map((r) => r.statusCode);
    expect(codes.filter((code) => code !== 429).length).toBeLessThanOrEqual(5);
    expect(codes.filter((code) => code === 401).length).toBeGreaterThan(0);

    const passwords = [...Array.from({ length: 11 }, (_, i) => `wrong-${i}`), SITE_PASSWORD];
    const burst = await Promise.all(
      passwords.map((password, i) => login(instances[i % 2]!, password, '203.0.113.10')),
    );
    expect(burst[11]?.statusCode).toBe(429);
    expect(burst.some((r) => r.cookies.length > 0)).toBe(false);
    const retryAfter = Number(burst[11]?.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    // Another address is counted on its own, on either instance.
    expect((await login(a, SITE_PASSWORD, '203.0.113.11')).statusCode).toBe(204);
    expect((await login(b, SITE_PASSWORD, '203.0.113.11')).statusCode).toBe(204);
    expect(await admin.exists(`${prefix}login:minute:203.0.113.9`)).toBe(1);
  });

  it('hold admin password guesses to five a minute across instances, apart from logins', async () => {
    const prefix = `${PREFIX}admin:`;
    const [a, b] = [await startInstance(connect(), prefix), await startInstance(connect(), prefix)];
    const guesses = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        readMetrics(i % 2 === 0 ? a : b, `guess-${i}`, '203.0.113.20'),
      ),
    );
    const codes = guesses.map((r) => r.statusCode);
    expect(codes.filter((code) => code !== 429).length).toBeLessThanOrEqual(5);
    // The right password is refused too while the address is throttled, on both instances.
    expect((await readMetrics(a, ADMIN_PASSWORD, '203.0.113.20')).statusCode).toBe(429);
    expect((await readMetrics(b, ADMIN_PASSWORD, '203.0.113.20')).statusCode).toBe(429);
    expect((await readMetrics(b, ADMIN_PASSWORD, '203.0.113.21')).statusCode).toBe(200);
    // The site password is counted in a key space of its own.
    expect((await login(a, SITE_PASSWORD, '203.0.113.20')).statusCode).toBe(204);
    expect(await admin.exists(`${prefix}admin:minute:203.0.113.20`)).toBe(1);
  });

  it('take attempts one at a time on all instances once 100 failures an hour were spent', async () => {
    const prefix = `${PREFIX}all:`;
    const [a, b] = [await startInstance(connect(), prefix), await startInstance(connect(), prefix)];
    for (let i = 0; i < 100; i++) {
      const instance = i % 2 === 0 ? a : b;
      expect((await login(instance, `guess-${i}`, `10.2.${i}.1`)).statusCode).toBe(401);
    }
    expect([...a.waits, ...b.waits]).toEqual([]);
    Object.assign(checks, { startedAt: [], inFlight: 0, most: 0 });

    const burst = await Promise.all(
      Array.from({ length: 4 }, (_, i) =>
        login(i % 2 === 0 ? a : b, i === 3 ? SITE_PASSWORD : `burst-${i}`, `198.18.0.${i}`),
      ),
    );
    expect(burst.map((r) => r.statusCode)).toEqual([401, 401, 401, 204]);
    // Each held at least a second, one checked at a time, about a second apart across both
    // (besides, an attempt may wait out another instance's turn).
    for (const instance of [a, b]) {
      expect(instance.waits.filter((ms) => ms >= 1000).length).toBeGreaterThanOrEqual(2);
    }
    expect(checks.most).toBe(1);
    const starts = checks.startedAt.toSorted((x, y) => x - y);
    for (let i = 1; i < starts.length; i++) {
      expect(starts[i]! - starts[i - 1]!).toBeGreaterThanOrEqual(900);
    }
    // One alert between the instances, not one each.
    expect(logged([a, b], GUESSING_ALERT)).toHaveLength(1);
    expect(logged([a, b], ADMIN_GUESSING_ALERT)).toHaveLength(0);
  });
});

describe('with Redis unreachable', () => {
  let dead: Redis;

  beforeAll(async () => {
    dead = new Redis({
      host: '127.0.0.1',
      port: await findUnusedPort(),
      lazyConnect: true,
      maxRetriesPerRequest: 0,
      enableOfflineQueue: false,
      retryStrategy: () => null,
    });
    // Without a listener ioredis reports connection errors on the console.
    dead.on('error', () => {});
  });
  afterAll(() => {
    dead.disconnect();
  });

  it('throttles password attempts on counts in this process', async () => {
    const onError = vi.fn();
    const throttle = createLoginThrottle({ redis: { redis: dead, prefix: PREFIX, onError } });
    const wrong = () => Promise.resolve(false);
    const attempts = await Promise.all(
      Array.from({ length: 30 }, () => throttle.attempt('192.0.2.1', wrong)),
    );
    expect(attempts.filter((a) => a.outcome !== 'throttled')).toHaveLength(5);
    const refused = attempts.find((a) => a.outcome === 'throttled');
    expect(refused).toMatchObject({ retryAfter: 60 });
    // Logins still work: another address gets in.
    expect((await throttle.attempt('192.0.2.2', () => Promise.resolve(true))).outcome).toBe(
      'right',
    );
    expect(onError).toHaveBeenCalledWith(
      expect.objectContaining({ message: 'redis: login:minute counted in this process only' }),
    );
  });

  it('computes answers itself and still clears them on a change', async () => {
    const onError = vi.fn();
    const cache = createResponseCache({
      ttlMs: 60_000,
      shared: { redis: dead, prefix: PREFIX, ttlMs: 60_000, onError },
    });
    const warn = vi.fn();
    const invalidation = createInvalidation({
      cache,
      redis: { publisher: dead, subscriber: dead, prefix: PREFIX },
      log: { warn },
    });
    const compute = vi.fn(async () => ({ score: '0-0' }));

    const answer = await cache.get('matches:today', compute);
    expect(json(answer.body)).toEqual({ score: '0-0' });
    expect(compute).toHaveBeenCalledTimes(1);
    await cache.get('matches:today', compute);
    expect(compute).toHaveBeenCalledTimes(1);
    expect(onError).toHaveBeenCalled();

    expect(() => invalidation.changed()).not.toThrow();
    await cache.get('matches:today', compute);
    expect(compute).toHaveBeenCalledTimes(2);
    await vi.waitFor(() =>
      expect(warn).toHaveBeenCalledWith(
        { err: expect.any(String) },
        'could not announce new data to the other instances',
      ),
    );
  });
});
