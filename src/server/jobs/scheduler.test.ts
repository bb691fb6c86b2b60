import { readFile } from 'node:fs/promises';

import { PGlite } from '@electric-sql/pglite';
import { afterEach, beforeEach, describe, expect, inject, it, vi } from 'vitest';

import { createFakeProvider } from '../../../tests/helpers/fake-provider.ts';
import { openDatabase, type Database, type Db } from '../db/client.ts';
import { seedLeagues } from '../db/leagues-queries.ts';
import { QuotaDeferral } from '../providers/provider.ts';
import type { RssSyncResponse } from './ingest-rss.ts';
import { createScheduler } from './scheduler.ts';

const RESULT: RssSyncResponse = {
  success: true,
  total_new: 2,
  totalIngested: 2,
  total_processed: 5,
  sources: [{ source: 'Touchline', new_items: 2, total_items: 5, error: null }],
};

function createNewsScheduler(clockSpeed: number) {
  const runDue = vi.fn(async () => RESULT);
  const log = { info: vi.fn(), warn: vi.fn(), error: vi.fn() };
  const scheduler = createScheduler({
    // The news timer never touches the database itself.
    db: {} as Db,
    provider: createFakeProvider(),
    now: () => new Date('2026-11-21T15:30:00Z'),
    timeZone: 'Africa/Johannesburg',
    clockSpeed,
    log,
    onChange: () => {},
    news: { runDue },
  });
  return { scheduler, runDue, log };
}

describe('the news timer', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('runs the due feeds a second after it starts, then every 15 minutes', async () => {
    const { scheduler, runDue, log } = createNewsScheduler(1);
    scheduler.startNews();
    expect(runDue).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1000);
    expect(runDue).toHaveBeenCalledTimes(1);
    expect(log.info).toHaveBeenCalledWith({ feeds: 1, failed: 0, new: 2 }, 'news feeds ingested');
    await vi.advanceTimersByTimeAsync(15 * 60 * 1000 - 1);
    expect(runDue).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(runDue).toHaveBeenCalledTimes(2);
    await scheduler.stop();
    await vi.advanceTimersByTimeAsync(60 * 60 * 1000);
    expect(runDue).toHaveBeenCalledTimes(2);
  });

  it('shrinks the interval with the clock speed, down to a second', async () => {
    const fast = createNewsScheduler(60);
    fast.scheduler.startNews();
    await vi.advanceTimersByTimeAsync(1000 + 15 * 1000);
    expect(fast.runDue).toHaveBeenCalledTimes(2);
    await fast.scheduler.stop();

    const fastest = createNewsScheduler(100_000);
    fastest.scheduler.startNews();
    await vi.advanceTimersByTimeAsync(1000 + 999);
    expect(fastest.runDue).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fastest.runDue).toHaveBeenCalledTimes(2);
    await fastest.scheduler.stop();
  });

  it("keeps real time's pace when the clock stands still (CLOCK_SPEED=0)", async () => {
    const still = createNewsScheduler(0);
    still.scheduler.startNews();
    await vi.advanceTimersByTimeAsync(1000 + 15 * 60 * 1000 - 1);
    expect(still.runDue).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(still.runDue).toHaveBeenCalledTimes(2);
    await still.scheduler.stop();
  });

  it('logs a failed run and keeps going', async () => {
    const { scheduler, runDue, log } = createNewsScheduler(60);
    runDue.mockRejectedValueOnce(new Error('connection refused'));
    scheduler.startNews();
    await vi.advanceTimersByTimeAsync(1000);
    expect(log.error).toHaveBeenCalledWith(
      { err: expect.any(Error) },
      'rss: news ingestion failed',
    );
    await vi.advanceTimersByTimeAsync(15 * 1000);
    expect(runDue).toHaveBeenCalledTimes(2);
    await scheduler.stop();
  });
});

describe('the league data timer', () => {
  const MINUTE = 60 * 1000;
  const HOUR = 60 * MINUTE;
  let database: Database;
  /** Queries asked of the database and not yet answered. */
  let queriesUnderWay = 0;

  beforeEach(async () => {
    // In-process PGlite whatever TEST_DATABASE says: every query it is asked is seen here. The
    // cadence does not depend on the database.
    const snapshot = await readFile(inject('pgliteSnapshot'));
    const pglite = await PGlite.create({ loadDataDir: new Blob([snapshot]) });
    database = await openDatabase({ pglite });
    // Counted around every query (openDatabase wrapped the same method: this wraps it again).
    queriesUnderWay = 0;
    const execute = pglite.execProtocolRaw.bind(pglite);
    pglite.execProtocolRaw = async (...args: Parameters<PGlite['execProtocolRaw']>) => {
      queriesUnderWay++;
      try {
        return await execute(...args);
      } finally {
        queriesUnderWay--;
      }
    };
    await seedLeagues(database.db);
    // Only the scheduler's timers are faked: the database (PGlite or Postgres) keeps real time.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  });
  afterEach(async () => {
    vi.useRealTimers();
    await database.close();
  });

  /**
   * A scheduler over a provider with no matches (a poll every 5 minutes), counting each kind's
   * calls, on a site clock the test moves; `run` moves it and the timers on together, and waits
   * for every sync they started to finish.
   */
  function createCountingScheduler(options: { odds?: boolean } = {}) {
    let nowMs = Date.parse('2026-08-20T10:00:00Z');
    const provider = createFakeProvider();
    const calls = { polls: 0, leagueSyncs: 0, standings: 0, transfers: 0, odds: 0, synced: 0 };
    const count =
      <A extends unknown[], R>(kinds: (keyof typeof calls)[], method: (...args: A) => R) =>
      (...args: A) => {
        for (const kind of kinds) calls[kind]++;
        return method(...args);
      };
    provider.listMatches = count(['polls'], provider.listMatches);
    provider.getStandings = count(['standings'], provider.getStandings);
    provider.listTransfers = count(['transfers'], provider.listTransfers);
    provider.listOdds = count(['odds'], provider.listOdds);
    const listTeams = provider.listTeams;
    // Every league sync starts with the first league's clubs.
    provider.listTeams = (slug) => {
      if (slug === 'premier-league') calls.leagueSyncs++;
      return listTeams(slug);
    };
    const log = { info: vi.fn(), warn: vi.fn(), error: vi.fn() };
    const scheduler = createScheduler({
      db: database.db,
      provider,
      now: () => new Date(nowMs),
      timeZone: 'Europe/London',
      clockSpeed: 1,
      log,
      onChange: () => {},
      // Called once at the end of each poll and of each league sync.
      afterSync: async () => {
        calls.synced++;
      },
      ...(options.odds === true
        ? { odds: { plan: () => ({ fetch: false, reason: 'test', delayMs: 24 * HOUR }) } }
        : {}),
    });
    const run = async (ms: number) => {
      for (let step = 0; step < ms / (5 * MINUTE); step++) {
        nowMs += 5 * MINUTE;
        await vi.advanceTimersByTimeAsync(5 * MINUTE);
        await vi.waitFor(
          () => {
            // A sync between its queries holds none: one under way always has one asked.
            expect(queriesUnderWay).toBe(0);
            expect(calls.synced).toBe(calls.polls + calls.leagueSyncs);
            // The next poll's timer is set (and the odds loop's, with a budget).
            expect(vi.getTimerCount()).toBe(options.odds === true ? 2 : 1);
          },
          { interval: 1 },
        );
      }
    };
    return { scheduler, calls, run, provider, log };
  }

  it('polls tables hourly and transfers daily', async () => {
    const { scheduler, calls, run } = createCountingScheduler();
    await scheduler.start();
    // Five leagues, each asked once at start.
    expect(calls).toMatchObject({ standings: 5, transfers: 5, odds: 5 });

    await run(23 * HOUR + 55 * MINUTE);
    // At 0 h, 1 h, … 23 h: hourly; transfers not again within the day.
    expect(calls.standings).toBe(5 * 24);
    expect(calls.transfers).toBe(5);

    await run(10 * MINUTE);
    expect(calls.standings).toBe(5 * 25);
    expect(calls.transfers).toBe(10);
    await scheduler.stop();
  });

  it('keeps odds on their own loop when they have a budget', async () => {
    const { scheduler, calls, run } = createCountingScheduler({ odds: true });
    await scheduler.start();
    expect(calls).toMatchObject({ standings: 5, transfers: 5, odds: 0 });
    await run(HOUR);
    expect(calls).toMatchObject({ standings: 10, transfers: 5, odds: 0 });
    await scheduler.stop();
  });

  it('logs what quota planning put off as deferred, at info, never as a failure', async () => {
    const { scheduler, provider, log } = createCountingScheduler({ odds: true });
    const reason = 'api-football: transfers of ligue-1 wait for another day: 21 needed, 40 left';
    provider.listTransfers = async (slug) => {
      if (slug !== 'ligue-1') return [];
      throw new QuotaDeferral(
        'api-football',
        'transfers of ligue-1 wait for another day: 21 needed, 40 left',
        new Date('2026-08-21T00:00:00Z'),
      );
    };
    await scheduler.start();
    // The odds loop's first look, where the credit plan (here: always) says wait.
    await vi.advanceTimersByTimeAsync(1);

    expect(log.warn).not.toHaveBeenCalled();
    expect(log.error).not.toHaveBeenCalled();
    expect(log.info).toHaveBeenCalledWith(
      {
        provider: 'api-football',
        kind: 'transfers',
        league: 'ligue-1',
        until: '2026-08-21T00:00:00.000Z',
        reason,
      },
      `transfers of ligue-1 deferred until 2026-08-21T00:00:00.000Z; the stored data stays: ${reason}`,
    );
    expect(log.info).toHaveBeenCalledWith(
      expect.objectContaining({ kind: 'odds', until: '2026-08-21T10:00:00.000Z', reason: 'test' }),
      'odds deferred until 2026-08-21T10:00:00.000Z: test',
    );
    await scheduler.stop();
  });
});
