import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { createFakeProvider, createProviderMatch } from '../../tests/helpers/fake-provider.ts';
import { createTestDb, type TestDatabase } from '../../tests/helpers/test-db.ts';
import { LEAGUES } from '../domain/league.ts';
import { hasStoredMatches } from './db/matches-queries.ts';
import { saveProviderStatus, type ProviderStatusStats } from './db/provider-status-queries.ts';
import { runSyncMatches } from './jobs/sync-provider.ts';
import { watchLiveDataReadiness } from './live-data-readiness.ts';
import type { FootballProvider, ProviderTeam } from './providers/provider.ts';
import { createReadiness } from './services/readiness.ts';

const NOW = new Date('2026-11-21T15:30:00Z');
const TIME_ZONE = 'Africa/Johannesburg';
const league = LEAGUES[0]?.slug ?? '';
const team = (key: string): ProviderTeam => ({
  key,
  leagueSlug: league,
  name: key,
  shortName: key.slice(0, 3).toUpperCase(),
  logoUrl: null,
});
const MATCH = createProviderMatch({
  id: '1',
  leagueSlug: league,
  homeKey: 'home-club',
  awayKey: 'away-club',
  home: team('home-club'),
  away: team('away-club'),
  kickoff: new Date('2026-11-21T17:00:00Z'),
});
const log = { warn: () => {} };
/** What the leader records of an upstream whose every answer so far was a 500. */
const FAILED_STATUS: ProviderStatusStats = {
  provider: 'football-data',
  callsToday: 3,
  day: '2026-11-21',
  requests: 3,
  retries: 2,
  failures: 3,
  lastSuccessAt: null,
  lastErrorAt: NOW.toISOString(),
  lastError: 'football-data: HTTP 500',
  creditsLeft: null,
  creditsUsed: null,
  breaker: 'closed',
};

let database: TestDatabase;
const stops: (() => Promise<void>)[] = [];

beforeEach(async () => {
  database = await createTestDb();
});

afterEach(async () => {
  for (const stop of stops.splice(0)) await stop();
  await database.close();
});

async function watch(provider: FootballProvider, checkEveryMs = 60_000) {
  const readiness = createReadiness();
  const watching = await watchLiveDataReadiness({
    db: database.db,
    provider,
    readiness,
    log,
    checkEveryMs,
  });
  stops.push(watching.stop);
  const sync = () =>
    runSyncMatches({ db: database.db, provider: watching.provider, now: NOW, timeZone: TIME_ZONE });
  return { readiness, watching, sync };
}

describe('watchLiveDataReadiness', () => {
  it("counts this provider's matches stored by an earlier run as loaded at once", async () => {
    const fake = createFakeProvider({ matches: [MATCH] });
    await runSyncMatches({ db: database.db, provider: fake, now: NOW, timeZone: TIME_ZONE });

    expect((await watch(fake)).readiness.state().dataLoaded).toBe(true);
    const other = { ...createFakeProvider(), name: 'other' };
    expect((await watch(other)).readiness.state().dataLoaded).toBe(false);
  });

  it('marks the data loaded after the first successful matches sync, even an empty one', async () => {
    const { readiness, watching, sync } = await watch(createFakeProvider({ matches: [] }));
    expect(readiness.state().dataLoaded).toBe(false);

    watching.onWrite();
    expect(readiness.state().dataLoaded).toBe(false);
    await sync();
    watching.onWrite();
    expect(readiness.state().dataLoaded).toBe(true);
  });

  it('marks the data loaded once a first sync is attempted and its upstream fails, with nothing stored', async () => {
    const failing: FootballProvider = {
      ...createFakeProvider(),
      listMatches: () => Promise.reject(new Error('fake: 500')),
    };
    const { readiness, sync } = await watch(failing);
    expect(readiness.state().dataLoaded).toBe(false);

    // The scheduler reports no write after a failed sync: the attempt alone counts.
    await expect(sync()).rejects.toThrow('fake: 500');
    expect(readiness.state().dataLoaded).toBe(true);
    expect(await hasStoredMatches(database.db, 'fake:')).toBe(false);
  });

  it('marks an instance that does not poll loaded once the leader has stored matches', async () => {
    const fake = createFakeProvider({ matches: [MATCH] });
    const { readiness } = await watch(fake, 20);
    expect(readiness.state().dataLoaded).toBe(false);

    await runSyncMatches({ db: database.db, provider: fake, now: NOW, timeZone: TIME_ZONE });
    await vi.waitFor(() => expect(readiness.state().dataLoaded).toBe(true));
  });

  it("marks an instance that does not poll loaded once the leader has recorded its upstreams' status, failed or not", async () => {
    const { readiness } = await watch(createFakeProvider({ matches: [MATCH] }), 20);
    expect(readiness.state().dataLoaded).toBe(false);

    await saveProviderStatus(database.db, [FAILED_STATUS], NOW);
    await vi.waitFor(() => expect(readiness.state().dataLoaded).toBe(true));
  });

  it("counts the upstreams' status recorded by an earlier run as loaded at once", async () => {
    await saveProviderStatus(database.db, [FAILED_STATUS], NOW);

    expect((await watch(createFakeProvider())).readiness.state().dataLoaded).toBe(true);
  });
});
