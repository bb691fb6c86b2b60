import type { Db } from './db/client.ts';
import { hasStoredMatches } from './db/matches-queries.ts';
import { listProviderStatus } from './db/provider-status-queries.ts';
import type { FootballProvider } from './providers/provider.ts';
import type { Readiness } from './services/readiness.ts';

type Log = { warn: (obj: object, msg: string) => void };

const CHECK_EVERY_MS = 5000;

export type LiveDataReadiness = {
  /** The provider to schedule: the same, but it notes how the matches upstream answered. */
  provider: FootballProvider;
  /** Call after each write of the scheduler (its onChange). */
  onWrite: () => void;
  stop: () => Promise<void>;
};

/**
 * Marks live data loaded for /readyz once a first matches sync has been attempted, whatever the
 * upstream answered: the site serves what it has, and /api/status names what failed. It counts
 * as loaded after this instance's first matches sync (the upstream answered and the scheduler
 * reported its write, or the upstream failed), or as soon as the database holds matches of this
 * provider or a status of the upstreams: from an earlier run, or written by the instance that
 * leads (only the leader polls upstreams, and it records their status after every sync, failed
 * or not). So an instance that never leads becomes ready once the leader's first sync has been
 * attempted (the database is looked at every 5 s until then).
 */
export async function watchLiveDataReadiness(options: {
  db: Db;
  provider: FootballProvider;
  readiness: Readiness;
  log: Log;
  checkEveryMs?: number;
}): Promise<LiveDataReadiness> {
  const { db, provider, readiness } = options;
  const idPrefix = provider.matchIdPrefix ?? `${provider.name}:`;
  let answered = false;
  let timer: NodeJS.Timeout | undefined;
  let checking: Promise<void> | undefined;

  const markLoaded = () => {
    readiness.markDataLoaded();
    clearInterval(timer);
  };
  const check = async () => {
    try {
      if ((await hasStoredMatches(db, idPrefix)) || (await listProviderStatus(db)).length > 0) {
        markLoaded();
      }
    } catch (error) {
      options.log.warn(
        { err: error instanceof Error ? error.message : String(error) },
        'readiness: could not look for stored matches or upstream status',
      );
    }
  };

  await check();
  if (!readiness.state().dataLoaded) {
    timer = setInterval(() => {
      checking ??= check().finally(() => {
        checking = undefined;
      });
    }, options.checkEveryMs ?? CHECK_EVERY_MS);
    timer.unref();
  }

  return {
    provider: {
      ...provider,
      listMatches: async (...args) => {
        try {
          const items = await provider.listMatches(...args);
          answered = true;
          return items;
        } catch (error) {
          // Attempted: with nothing to write, the site serves what it has.
          markLoaded();
          throw error;
        }
      },
    },
    onWrite: () => {
      if (answered && !readiness.state().dataLoaded) markLoaded();
    },
    stop: async () => {
      clearInterval(timer);
      await checking;
    },
  };
}
