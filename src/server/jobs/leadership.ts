import type pg from 'pg';

/** Key of the Postgres advisory lock the scheduler's leader holds ("TLSCHED" in ASCII-ish). */
export const SCHEDULER_LOCK_KEY = 7_457_283_645;

type Log = {
  info: (obj: object, msg: string) => void;
  warn: (obj: object, msg: string) => void;
  error: (obj: object, msg: string) => void;
};

export type Leadership = {
  start: () => Promise<void>;
  stop: () => Promise<void>;
  isLeader: () => boolean;
};

/**
 * Makes exactly one instance the scheduler's leader. With Postgres, the leader holds a
 * session-level advisory lock on a connection of its own: if the process dies, Postgres drops
 * the connection and the lock with it, and another instance, trying every `retryMs`, takes
 * over. A leader that loses its connection steps down at once. Without Postgres (the
 * embedded database) the one process leads.
 */
export function createLeadership(options: {
  databaseUrl: string | undefined;
  log: Log;
  onAcquire: () => Promise<void>;
  onLose: () => Promise<void>;
  retryMs?: number;
  lockKey?: number;
}): Leadership {
  const retryMs = options.retryMs ?? 5000;
  const lockKey = options.lockKey ?? SCHEDULER_LOCK_KEY;
  let leader = false;
  let stopped = false;
  let client: pg.Client | undefined;
  let timer: NodeJS.Timeout | undefined;
  let checking: Promise<void> | undefined;
  let transition: Promise<void> = Promise.resolve();

  const becomeLeader = () => {
    leader = true;
    options.log.info({ lockKey }, 'this instance runs the scheduler');
    transition = transition.then(() => options.onAcquire());
    return transition;
  };

  const stepDown = (reason: string) => {
    if (!leader) return transition;
    leader = false;
    options.log.warn({ reason }, 'this instance no longer runs the scheduler');
    transition = transition.then(() => options.onLose());
    return transition;
  };

  const dropClient = () => {
    const old = client;
    client = undefined;
    old?.end().catch(() => {});
  };

  const attempt = async () => {
    try {
      if (client === undefined) {
        // Read only here: the embedded database never loads a Postgres client.
        const { Client } = (await import('pg')).default;
        const fresh = new Client({
          connectionString: options.databaseUrl,
          keepAlive: true,
          connectionTimeoutMillis: 5000,
          query_timeout: 5000,
        });
        fresh.on('error', (error) => {
          if (client !== fresh) return;
          dropClient();
          void stepDown(`lock connection failed: ${error.message}`);
        });
        fresh.on('end', () => {
          if (client !== fresh) return;
          client = undefined;
          void stepDown('lock connection closed');
        });
        client = fresh;
        await fresh.connect();
      }
      if (leader) {
        // The lock lives as long as the connection: make sure it still does.
        await client.query('SELECT 1');
        return;
      }
      const result = await client.query<{ locked: boolean }>(
        'SELECT pg_try_advisory_lock($1) AS locked',
        [lockKey],
      );
      if (result.rows[0]?.locked === true && !stopped) await becomeLeader();
    } catch (error) {
      dropClient();
      await stepDown(
        `lock check failed: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  };

  const loop = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      checking = attempt().finally(loop);
    }, retryMs);
  };

  return {
    async start() {
      if (options.databaseUrl === undefined) {
        await becomeLeader();
        return;
      }
      checking = attempt();
      await checking;
      loop();
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await checking;
      await stepDown('shutting down');
      await transition;
      const old = client;
      client = undefined;
      await old?.end().catch(() => {});
    },
    isLeader: () => leader,
  };
}
