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
