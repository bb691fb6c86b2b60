import { describe, expect, it } from 'vitest';

import { createLiveSources } from './live-sources.ts';

const log = { warn: () => {} };

describe('createLiveSources', () => {
  it('builds each picked upstream once, whatever number of kinds it gives', () => {
    const live = createLiveSources({
      picked: { matches: 'besoccer', standings: 'besoccer', odds: 'odds-api', players: undefined },
      keys: { besoccer: 'bs-key', 'odds-api': 'odds-key' },
      baseUrls: {},
      oddsDailyCredits: 50,
      log,
    });
    expect(live.selection.matches).toBe(live.selection.standings);
    expect(live.selection.matches?.name).toBe('besoccer');
    expect(live.selection.odds?.name).toBe('odds-api');
    expect(live.selection.players).toBeUndefined();
    expect(live.stats().map((s) => s.provider)).toEqual(['besoccer', 'odds-api']);
    expect(live.label).toBe('Live data from BeSoccer, The Odds API');
    expect(live.oddsPlan?.()).toMatchObject({ fetch: true });
  });

  it('plans odds on the credit budget only when The Odds API gives them', () => {
    const live = createLiveSources({
      picked: { matches: 'api-football', odds: 'api-football' },
      keys: { 'api-football': 'af-key' },
      baseUrls: { 'api-football': 'http://127.0.0.1:9/api-football' },
      oddsDailyCredits: 50,
      log,
    });
    expect(live.oddsPlan).toBeUndefined();
    expect(live.label).toBe('Live data from API-Football');
  });

  it('counts transfers its budget puts off as deferred, never in failures or the breaker', async () => {
    const warnings: string[] = [];
    const live = createLiveSources({
      picked: { transfers: 'api-football' },
      keys: { 'api-football': 'af-key' },
      baseUrls: { 'api-football': 'http://127.0.0.1:9/api-football' },
      oddsDailyCredits: 50,
      log: { warn: (_obj, msg) => warnings.push(msg) },
    });
    // A fresh key's 100 requests a day, less 30 kept for the rest, cover three leagues of 21
    // requests: Ligue 1, the fifth, waits for another day without a request.
    const errors: unknown[] = [];
    for (let i = 0; i < 12; i++) {
      await live.selection.transfers?.listTransfers?.('ligue-1').catch((e: unknown) => {
        errors.push(e);
      });
    }
    expect(errors).toHaveLength(12);
    expect(live.stats()).toEqual([
      expect.objectContaining({
        provider: 'api-football',
        requests: 0,
        failures: 0,
        lastError: null,
        breaker: 'closed',
        deferred: 12,
        lastDeferral: expect.stringMatching(
          /^api-football: transfers of ligue-1 wait for another day/,
        ),
      }),
    ]);
    expect(warnings).toEqual([]);
  });

  it('notes a round of odds the credit plan puts off as deferred, not as a failure', () => {
    const live = createLiveSources({
      picked: { odds: 'odds-api' },
      keys: { 'odds-api': 'odds-key' },
      baseUrls: {},
      oddsDailyCredits: 0,
      log,
    });
    expect(live.oddsPlan?.()).toMatchObject({
      fetch: false,
      reason: "today's odds budget is spent",
    });
    expect(live.stats()).toEqual([
      expect.objectContaining({
        provider: 'odds-api',
        failures: 0,
        deferred: 1,
        lastDeferral: expect.stringMatching(
          /^odds-api: odds wait until \d{4}-\d\d-\d\dT00:00:00\.000Z: today's odds budget is spent$/,
        ),
      }),
    ]);
  });

  it('refuses an upstream picked without its key', () => {
    expect(() =>
      createLiveSources({
        picked: { matches: 'football-data' },
        keys: {},
        baseUrls: {},
        oddsDailyCredits: 50,
        log,
      }),
    ).toThrow('football-data was picked but has no API key');
  });
});
