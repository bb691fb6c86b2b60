import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { createFakeProvider } from '../../../tests/helpers/fake-provider.ts';
import type { Db } from '../db/client.ts';
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
