import type { FastifyInstance, FastifyReply } from 'fastify';

import { pingDatabase, type Db } from '../db/client.ts';
import type { Readiness } from '../services/readiness.ts';

export type HealthDeps = {
  db: Db;
  /** The start-up steps done so far; absent, migrations and first data count as done. */
  readiness?: Readiness;
  /** How long the database has to answer `select 1` before it counts as unreachable. */
  timeoutMs?: number;
  /** How long one check's verdict is reused, so a burst of probes costs one query. */
  cacheMs?: number;
  /** A monotonic clock in milliseconds. */
  clock?: () => number;
};

/**
 * Whether the database answers `select 1` within the time limit; the verdict is kept for
 * `cacheMs` and concurrent callers share one query.
 */
export function createDatabaseCheck(deps: HealthDeps): () => Promise<boolean> {
  const timeoutMs = deps.timeoutMs ?? 1000;
  const cacheMs = deps.cacheMs ?? 1000;
  const clock = deps.clock ?? (() => performance.now());
  let verdict: { ok: boolean; at: number } | undefined;
  let running: Promise<boolean> | undefined;

  const check = async (): Promise<boolean> => {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<boolean>((resolve) => {
      timer = setTimeout(() => resolve(false), timeoutMs);
    });
    try {
      return await Promise.race([
        pingDatabase(deps.db).then(
          () => true,
          () => false,
        ),
        timeout,
      ]);
    } finally {
      clearTimeout(timer);
    }
  };

  return () => {
    if (verdict !== undefined && clock() - verdict.at < cacheMs) return Promise.resolve(verdict.ok);
    running ??= check().then((ok) => {
      verdict = { ok, at: clock() };
      running = undefined;
      return ok;
    });
    return running;
  };
}

/**
 * The probes. `/livez`: the process answers (200 `{ status: 'ok' }`), whatever the database
 * does: stale data is still served while it is away, so a restart would only lose the cache.
 * `/readyz`, and `/healthz` as its alias: 200 `{ status: 'ok' }` once the database answers, the
 * migrations are done and the first data is loaded; otherwise 503 `{ status: 'unavailable',
 * checks }` naming each check's state.
 */
export function healthRoutes(deps: HealthDeps) {
  const databaseAnswers = createDatabaseCheck(deps);
  return async function (app: FastifyInstance) {
    // Probes carry no cookie, come often from one address and must answer under load.
    const config = { access: 'public', countedByRateLimit: false, answersUnderLoad: true } as const;
    // A probe must see the state now, never a copy a browser or proxy kept.
    const noStore = (reply: FastifyReply) => reply.header('cache-control', 'no-store');

    app.get('/livez', { config }, async (_request, reply) => {
      noStore(reply);
      return { status: 'ok' };
    });

    const answerReadiness = async (_request: unknown, reply: FastifyReply) => {
      noStore(reply);
      const { migrated, dataLoaded } = deps.readiness?.state() ?? {
        migrated: true,
        dataLoaded: true,
      };
      const database = await databaseAnswers();
      if (database && migrated && dataLoaded) return { status: 'ok' };
      return reply.code(503).send({
        status: 'unavailable',
        checks: {
          database: database ? 'ok' : 'unreachable',
          migrations: migrated ? 'ok' : 'pending',
          data: dataLoaded ? 'ok' : 'pending',
        },
      });
    };
    app.get('/readyz', { config }, answerReadiness);
    app.get('/healthz', { config }, answerReadiness);
  };
}
