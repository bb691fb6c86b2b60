import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';

import { createTestApp } from '../../../tests/helpers/test-app.ts';
import type { Db } from '../db/client.ts';
import { createReadiness } from '../services/readiness.ts';
import { createDatabaseCheck, healthRoutes, type HealthDeps } from './health.ts';

/** A stand-in whose execute() answers, fails or hangs as told, counting the calls. */
function fakeDb(behaviour: { current: 'ok' | 'fail' | 'hang' }) {
  let calls = 0;
  const db = {
    execute: () => {
      calls++;
      if (behaviour.current === 'ok') return Promise.resolve([]);
      if (behaviour.current === 'fail') return Promise.reject(new Error('ECONNREFUSED'));
      return new Promise(() => {});
    },
  } as unknown as Db;
  return { db, calls: () => calls };
}

/** The probes alone on a bare Fastify app, over a database that answers or fails as told. */
async function probes(database: 'ok' | 'fail', deps: Partial<HealthDeps> = {}) {
  const { db, calls } = fakeDb({ current: database });
  const app = Fastify({ logger: false });
  await app.register(healthRoutes({ db, cacheMs: 0, ...deps }));
  await app.ready();
  return { app, calls };
}

const unavailable = (checks: { database: string; migrations: string; data: string }) => ({
  status: 'unavailable',
  checks,
});

describe('GET /livez', () => {
  it('answers 200 { status: "ok" } without a session, never cached', async () => {
    const t = await createTestApp();
    try {
      const response = await t.app.inject({ url: '/livez' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ status: 'ok' });
      expect(response.headers['cache-control']).toBe('no-store');
    } finally {
      await t.close();
    }
  });

  it('answers 200 while the database is unreachable, without asking it', async () => {
    const { app, calls } = await probes('fail');
    const response = await app.inject({ url: '/livez' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
    expect(calls()).toBe(0);
    await app.close();
  });

  it('answers 200 before the migrations and the first data', async () => {
    const { app } = await probes('ok', { readiness: createReadiness() });
    expect((await app.inject({ url: '/livez' })).statusCode).toBe(200);
    await app.close();
  });
});

describe('GET /readyz', () => {
  it('answers 200 { status: "ok" } without a session when the database answers', async () => {
    const t = await createTestApp();
    try {
      const response = await t.app.inject({ url: '/readyz' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ status: 'ok' });
      expect(response.headers['cache-control']).toBe('no-store');
    } finally {
      await t.close();
    }
  });

  it('answers 503 until the migrations are done, then until the first data is loaded', async () => {
    const readiness = createReadiness();
    const t = await createTestApp({ readiness });
    try {
      const before = await t.app.inject({ url: '/readyz' });
      expect(before.statusCode).toBe(503);
      expect(before.json()).toEqual(
        unavailable({ database: 'ok', migrations: 'pending', data: 'pending' }),
      );
      expect(before.headers['cache-control']).toBe('no-store');

      readiness.markMigrated();
      const migrated = await t.app.inject({ url: '/readyz' });
      expect(migrated.statusCode).toBe(503);
      expect(migrated.json()).toEqual(
        unavailable({ database: 'ok', migrations: 'ok', data: 'pending' }),
      );

      readiness.markDataLoaded();
      const ready = await t.app.inject({ url: '/readyz' });
      expect(ready.statusCode).toBe(200);
      expect(ready.json()).toEqual({ status: 'ok' });
    } finally {
      await t.close();
    }
  });

  it('answers 503 while the database is unreachable, though started', async () => {
    const readiness = createReadiness();
    readiness.markMigrated();
    readiness.markDataLoaded();
    const { app } = await probes('fail', { readiness });
    const response = await app.inject({ url: '/readyz' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual(
      unavailable({ database: 'unreachable', migrations: 'ok', data: 'ok' }),
    );
    await app.close();
  });
});

describe('GET /healthz', () => {
  it('answers as /readyz does, ready or not', async () => {
    const readiness = createReadiness();
    const t = await createTestApp({ readiness });
    try {
      const pending = await t.app.inject({ url: '/healthz' });
      expect(pending.statusCode).toBe(503);
      expect(pending.json()).toEqual((await t.app.inject({ url: '/readyz' })).json());

      readiness.markMigrated();
      readiness.markDataLoaded();
      const response = await t.app.inject({ url: '/healthz' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ status: 'ok' });
      expect(response.headers['cache-control']).toBe('no-store');
    } finally {
      await t.close();
    }
  });

  it('answers 503 while the database is unreachable', async () => {
    const { app } = await probes('fail');
    const response = await app.inject({ url: '/healthz' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual(
      unavailable({ database: 'unreachable', migrations: 'ok', data: 'ok' }),
    );
    await app.close();
  });
});

describe('createDatabaseCheck', () => {
  it('reuses one verdict for cacheMs, so a burst of probes costs one query', async () => {
    let clock = 0;
    const state = { current: 'ok' as 'ok' | 'fail' | 'hang' };
    const { db, calls } = fakeDb(state);
    const check = createDatabaseCheck({ db, cacheMs: 1000, clock: () => clock });
    expect(await Promise.all([check(), check(), check()])).toEqual([true, true, true]);
    expect(await check()).toBe(true);
    expect(calls()).toBe(1);
    state.current = 'fail';
    clock = 999;
    expect(await check()).toBe(true);
    clock = 1000;
    expect(await check()).toBe(false);
    expect(calls()).toBe(2);
  });

  it('counts a database that does not answer within timeoutMs as unreachable', async () => {
    const { db } = fakeDb({ current: 'hang' });
    const check = createDatabaseCheck({ db, timeoutMs: 50 });
    const started = performance.now();
    expect(await check()).toBe(false);
    expect(performance.now() - started).toBeLessThan(1000);
  });
});
