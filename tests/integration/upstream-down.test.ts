import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

import { matches, teams } from '../../src/server/db/schema.ts';
import { createResponseCache } from '../../src/server/http/response-cache.ts';
import { createScheduler, type Scheduler } from '../../src/server/jobs/scheduler.ts';
import { createFootballDataSource } from '../../src/server/providers/football-data/client.ts';
import { createLiveProvider } from '../../src/server/providers/live/live-provider.ts';
import { UpstreamError } from '../../src/server/providers/upstream/http.ts';
import { startFakeFootballData, type FakeFootballData } from '../helpers/fake-football-data.ts';
import { createTestApp, loginCookie, type TestApp } from '../helpers/test-app.ts';

// The site clock starts at 17:30 in Johannesburg and runs 60 times faster than the wall clock:
// a second of the test is a minute of the site's day.
const T0 = Date.parse('2026-11-21T15:30:00Z');
const CLOCK_SPEED = 60;
const TIME_ZONE = 'Africa/Johannesburg';
const DOWN_FOR_MS = 10 * 60 * 1000;

const CLUBS = [
  {
    key: 'man-united',
    leagueSlug: 'premier-league',
    name: 'Man United',
    shortName: 'MUN',
    names: ['Man United', 'Manchester United'],
  },
  {
    key: 'fulham',
    leagueSlug: 'premier-league',
    name: 'Fulham',
    shortName: 'FUL',
    names: ['Fulham'],
  },
];

describe('the upstream down for ten minutes', () => {
  let fake: FakeFootballData;
  let t: TestApp;
  let scheduler: Scheduler;
  const started = Date.now();
  const now = () => new Date(T0 + (Date.now() - started) * CLOCK_SPEED);
  const log = { info: vi.fn(), warn: vi.fn(), error: vi.fn() };
  /** Every answer the upstream gave, with the site time its request went out. */
  const answers: { status: number; sentAt: number }[] = [];

  beforeAll(async () => {
    fake = await startFakeFootballData();
    fake.setMatches([
      {
        id: 4401,
        utcDate: '2026-11-21T15:00:00Z',
        status: 'IN_PLAY',
        minute: 30,
        home: { id: 66, name: 'Manchester United FC', shortName: 'Man United', tla: 'MUN' },
        away: { id: 63, name: 'Fulham FC', shortName: 'Fulham', tla: 'FUL' },
        score: { home: 1, away: 0 },
      },
    ]);
    const source = createFootballDataSource({
      apiKey: 'test-key',
      baseUrl: fake.baseUrl,
      minIntervalMs: 0,
      sleep: async () => {},
      now: () => now().getTime(),
      fetch: async (input, init) => {
        const sentAt = now().getTime();
        const response = await fetch(input, init);
        answers.push({ status: response.status, sentAt });
        return response;
      },
    });
    const provider = createLiveProvider({ sources: { matches: source }, clubs: CLUBS });
    const cache = createResponseCache({ ttlMs: 2000 });
    t = await createTestApp({ now, cache, dataSource: 'live' });
    scheduler = createScheduler({
      db: t.database.db,
      provider,
      now,
      timeZone: TIME_ZONE,
      clockSpeed: CLOCK_SPEED,
      log,
      onChange: () => cache.clear(),
    });
  });

  afterAll(async () => {
    await scheduler?.stop();
    await t?.close();
    await fake?.close();
  });

  const counts = async () => ({
    matches: (await t.database.db.select({ n: count() }).from(matches))[0]?.n,
    teams: (await t.database.db.select({ n: count() }).from(teams))[0]?.n,
  });

  it('keeps serving the last good score with its age, marked stale', async () => {
    await scheduler.start();
    const [written] = await t.database.db
      .select()
      .from(matches)
      .where(eq(matches.externalId, 'football-data:4401'));
    expect(written).toMatchObject({ status: 'live', minute: '30', homeScore: 1, awayScore: 0 });
    const before = await counts();
    expect(before).toEqual({ matches: 1, teams: 2 });
    // At least one more good poll on the timer, then the upstream goes down.
    await vi.waitFor(() => expect(fake.polls.length).toBeGreaterThanOrEqual(2), {
      timeout: 5000,
      interval: 50,
    });
    fake.setDown(true);
    // Polls run one after another: once a 503 came back, no good poll is left to write.
    await vi.waitFor(() => expect(answers.some((a) => a.status === 503)).toBe(true), {
      timeout: 5000,
      interval: 50,
    });
    const lastGood = answers.filter((a) => a.status === 200).at(-1);
    const [stored] = await t.database.db
      .select({ updatedAt: matches.updatedAt })
      .from(matches)
      .where(eq(matches.externalId, 'football-data:4401'));
    const lastGoodMs = stored?.updatedAt.getTime() ?? 0;
    // updated_at is the site time of the poll that brought the last good answer.
    expect(lastGood).toBeDefined();
    expect(lastGoodMs).toBeLessThanOrEqual(lastGood?.sentAt ?? 0);
    expect(lastGoodMs).toBeGreaterThan((lastGood?.sentAt ?? 0) - 30_000);

    // Ten minutes of the site's time (ten seconds of ours) with the upstream down.
    await vi.waitFor(
      () => expect(now().getTime() - lastGoodMs).toBeGreaterThanOrEqual(DOWN_FOR_MS),
      {
        timeout: 15_000,
        interval: 100,
      },
    );

    const cookie = await loginCookie(t.app);
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/matches/today',
      headers: { cookie },
    });
    const askedAt = now().getTime();
    expect(response.statusCode).toBe(200);
    const body = response.json<{
      matches: { local: string; visitor: string; result: string; minute: string; status: number }[];
      updated_at: string;
      stale: boolean;
    }>();
    expect(body.matches).toEqual([
      expect.objectContaining({
        local: 'Man United',
        visitor: 'Fulham',
        result: '1-0',
        minute: '30',
        status: 0,
      }),
    ]);
    expect(body.updated_at).toBe(new Date(lastGoodMs).toISOString());
    expect(askedAt - Date.parse(body.updated_at)).toBeGreaterThanOrEqual(9.5 * 60 * 1000);
    expect(body.stale).toBe(true);

    // The scheduler kept polling and logged each failure with the upstream's name.
    expect(answers.filter((a) => a.status === 503).length).toBeGreaterThanOrEqual(3);
    const failures = log.error.mock.calls.filter(
      ([, message]) => message === 'matches sync failed',
    );
    expect(failures.length).toBeGreaterThanOrEqual(5);
    for (const [fields] of failures) {
      expect(fields).toMatchObject({ provider: 'football-data', err: expect.any(UpstreamError) });
      const err = (fields as { err: UpstreamError }).err;
      expect(err.provider).toBe('football-data');
      expect(err.message).toMatch(/^football-data: /);
    }
    expect(log.error.mock.calls.length).toBe(failures.length);

    // Nothing was deleted or emptied.
    expect(await counts()).toEqual(before);
    const [kept] = await t.database.db
      .select()
      .from(matches)
      .where(eq(matches.externalId, 'football-data:4401'));
    expect(kept).toMatchObject({ status: 'live', minute: '30', homeScore: 1, awayScore: 0 });
  });
});
