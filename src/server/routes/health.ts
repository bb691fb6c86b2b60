import type { FastifyInstance } from 'fastify';

import { pingDatabase, type Db } from '../db/client.ts';

export type HealthDeps = {
  db: Db;
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

/** `/healthz`: 200 `{ status: 'ok' }`, or 503 when the database does not answer. */
export function healthRoutes(deps: HealthDeps) {
  const databaseAnswers = createDatabaseCheck(deps);
  return async function (app: FastifyInstance) {
    // Probes carry no cookie, come often from one address and must answer under load.
    const config = { access: 'public', countedByRateLimit: false, answersUnderLoad: true } as const;
    app.get('/healthz', { config }, async (_request, reply) => {
      // A probe must see the state now, never a copy a browser or proxy kept.
      reply.header('cache-control', 'no-store');
      if (await databaseAnswers()) return { status: 'ok' };
      return reply.code(503).send({ status: 'degraded', database: 'unreachable' });
    });
  };
}
