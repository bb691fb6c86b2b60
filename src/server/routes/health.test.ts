import { describe, expect, it } from 'vitest';

import { createTestApp } from '../../../tests/helpers/test-app.ts';
import type { Db } from '../db/client.ts';
import { createDatabaseCheck } from './health.ts';

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

describe('GET /healthz', () => {
  it('answers 200 { status: "ok" } when the database answers', async () => {
    const t = await createTestApp();
    try {
      const response = await t.app.inject({ url: '/healthz' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ status: 'ok' });
      expect(response.headers['cache-control']).toBe('no-store');
    } finally {
      await t.close();
    }
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
