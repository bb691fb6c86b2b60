import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

import type { FastifyInstance } from 'fastify';

import type { LeagueEntry } from '../../src/domain/league.ts';
import { buildApp, type AppDeps } from '../../src/server/app.ts';
import { createTestDb, type TestDatabase } from './test-db.ts';

export const TEST_PASSWORD = 'correct horse battery staple';
export const TEST_SESSION_SECRET = 'test-secret-test-secret-test-secret-0123';

export type TestApp = { app: FastifyInstance; database: TestDatabase; close: () => Promise<void> };

/**
 * buildApp() on a fresh test database; the caller closes it. Overrides may be computed from the
 * database (e.g. a news sync working on it); `leagues` are the leagues seeded (default: the
 * registry's); `history` imports the shipped history (see createTestDb).
 */
export async function createTestApp(
  overrides: Partial<AppDeps> | ((database: TestDatabase) => Partial<AppDeps>) = {},
  options: { leagues?: readonly LeagueEntry[]; history?: boolean } = {},
): Promise<TestApp> {
  const database = await createTestDb(options.leagues, { history: options.history ?? false });
  const emptyWebRoot = await mkdtemp(path.join(os.tmpdir(), 'touchline-web-'));
  const app = await buildApp({
    db: database.db,
    sitePassword: TEST_PASSWORD,
    sessionSecret: TEST_SESSION_SECRET,
    now: () => new Date('2026-11-21T15:30:00Z'),
    timeZone: 'Africa/Johannesburg',
    webRoot: emptyWebRoot,
    meta: { brandName: 'Touchline', creditLine: 'Credit', replayLabel: '' },
    logger: false,
    ...(typeof overrides === 'function' ? overrides(database) : overrides),
  });
  await app.ready();
  return {
    app,
    database,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

/** Logs in through the real endpoint and returns the Cookie header to send. */
export async function loginCookie(app: FastifyInstance, password = TEST_PASSWORD): Promise<string> {
  const response = await app.inject({ method: 'POST', url: '/api/session', payload: { password } });
  if (response.statusCode !== 204)
    throw new Error(`login failed: ${response.statusCode} ${response.body}`);
  const cookie = response.cookies[0];
  if (cookie === undefined) throw new Error('login set no cookie');
  return `${cookie.name}=${cookie.value}`;
}
