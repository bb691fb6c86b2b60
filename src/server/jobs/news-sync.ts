import { withAdvisoryLock } from '../db/advisory-lock.ts';
import type { Db } from '../db/client.ts';
import { findSetting, updateSettingUnlessRecent } from '../db/settings-queries.ts';
import { runIngestRss, type FetchFeed, type RssSyncResponse } from './ingest-rss.ts';

/** A manual sync may start once every 5 minutes (SPEC 9), across every instance. */
export const MANUAL_SYNC_INTERVAL_MS = 5 * 60 * 1000;
const SYNC_STARTED_KEY = 'news_sync_started_at';
/** Advisory lock key of news ingestion ("TL" + 1). */
const NEWS_LOCK_KEY = 0x544c_0001;

type Log = { error: (obj: object, msg: string) => void };

export type ManualSyncOutcome =
  | { status: 'done'; response: RssSyncResponse }
  | { status: 'limited'; lastSyncAt: Date; retryAfterS: number };

export type NewsSync = {
  /** Ingests the feeds that are due; null when another sync holds the lock (nothing to do). */
  runDue: () => Promise<RssSyncResponse | null>;
  /**
   * A manual sync of every enabled feed, at most once per 5 minutes from the last start. A
   * request while one runs in this process joins it; it waits for a scheduled run to finish.
   */
  runManual: () => Promise<ManualSyncOutcome>;
  /** When the last manual sync started, or null when none has. */
  getLastSyncAt: () => Promise<Date | null>;
};

/**
 * News ingestion with one run at a time: an in-process lock, and on Postgres an advisory lock
 * shared by every instance on the database.
 */
export function createNewsSync(deps: {
  db: Db;
  dbKind: 'pglite' | 'postgres';
  now: () => Date;
  fetch: FetchFeed;
  /** host:port pairs the fetch guard lets through although private (loopback test feeds). */
  allowHosts?: () => string[];
  /** This site's own feeds (the demo feeds), rendered in-process: see runIngestRss. */
  readSiteFeed?: (path: string) => Promise<string | null>;
  random?: () => number;
  /** Called when articles were added, so caches can drop what they hold. */
  onChange?: () => void;
  log?: Log;
}): NewsSync {
  let holder: Promise<unknown> | undefined;
  let manual: Promise<ManualSyncOutcome> | undefined;

  const exclusive = async <T>(
    wait: boolean,
    fn: () => Promise<T>,
  ): Promise<{ acquired: true; value: T } | { acquired: false }> => {
    if (!wait && holder !== undefined) return { acquired: false };
    while (holder !== undefined) await holder.catch(() => undefined);
    const run =
      deps.dbKind === 'postgres'
        ? withAdvisoryLock(deps.db, NEWS_LOCK_KEY, { wait }, fn)
        : fn().then((value) => ({ acquired: true as const, value }));
    holder = run;
    try {
      return await run;
    } finally {
      if (holder === run) holder = undefined;
    }
  };

  const ingest = async (sources: 'due' | 'all') => {
    const response = await runIngestRss({
      db: deps.db,
      now: deps.now,
      fetch: deps.fetch,
      allowHosts: deps.allowHosts?.() ?? [],
      readSiteFeed: deps.readSiteFeed,
      sources,
      random: deps.random,
      log: deps.log,
    });
    if (response.total_new > 0) deps.onChange?.();
    return response;
  };

  const startManual = async (): Promise<ManualSyncOutcome> => {
    const now = deps.now();
    const claimed = await updateSettingUnlessRecent(deps.db, SYNC_STARTED_KEY, now.toISOString(), {
      now,
      minAgeMs: MANUAL_SYNC_INTERVAL_MS,
    });
    if (!claimed) {
      const lastSyncAt = (await findSetting(deps.db, SYNC_STARTED_KEY))?.updatedAt ?? now;
      const waitMs = lastSyncAt.getTime() + MANUAL_SYNC_INTERVAL_MS - now.getTime();
      return { status: 'limited', lastSyncAt, retryAfterS: Math.max(1, Math.ceil(waitMs / 1000)) };
    }
    const run = await exclusive(true, () => ingest('all'));
    if (!run.acquired) throw new Error('rss: the news lock was not acquired');
    return { status: 'done', response: run.value };
  };

  return {
    async runDue() {
      const run = await exclusive(false, () => ingest('due'));
      return run.acquired ? run.value : null;
    },
    runManual() {
      manual ??= startManual().finally(() => {
        manual = undefined;
      });
      return manual;
    },
    async getLastSyncAt() {
      return (await findSetting(deps.db, SYNC_STARTED_KEY))?.updatedAt ?? null;
    },
  };
}
