import { describe, expect, it } from 'vitest';

import { planOddsRound } from './odds-budget.ts';

const NOON = Date.parse('2026-11-21T12:00:00Z');
const base = {
  nowMs: NOON,
  dailyCredits: 100,
  roundCost: 20,
  spentToday: 0,
  remaining: 10_000,
  used: 0,
  minIntervalMs: 10 * 60 * 1000,
};

describe('planOddsRound', () => {
  it('spreads the daily budget over the rest of the day', () => {
    // 100 credits / 20 a round = 5 rounds over 12 hours.
    expect(planOddsRound(base)).toEqual({ fetch: true, delayMs: (12 * 60 * 60 * 1000) / 5 });
  });

  it('never plans more than 80% of what remains', () => {
    // 80% of 50 = 40 credits: 2 rounds, not the 5 the daily budget allows.
    expect(planOddsRound({ ...base, remaining: 50, used: 10 })).toEqual({
      fetch: true,
      delayMs: (12 * 60 * 60 * 1000) / 2,
    });
    expect(planOddsRound({ ...base, remaining: 24, used: 10 })).toMatchObject({ fetch: false });
  });

  it('stops at 95% of the quota used and waits for the next day', () => {
    const plan = planOddsRound({ ...base, remaining: 50, used: 950 });
    expect(plan).toEqual({
      fetch: false,
      delayMs: 12 * 60 * 60 * 1000,
      reason: '95% of the quota is used',
    });
    expect(planOddsRound({ ...base, remaining: 51, used: 949 })).toMatchObject({ fetch: true });
  });

  it('stops when today is spent and keeps the minimum interval', () => {
    expect(planOddsRound({ ...base, spentToday: 90 })).toMatchObject({ fetch: false });
    expect(planOddsRound({ ...base, dailyCredits: 100_000 })).toEqual({
      fetch: true,
      delayMs: 10 * 60 * 1000,
    });
  });

  it('uses the daily budget alone before the first quota headers', () => {
    expect(planOddsRound({ ...base, remaining: null, used: null, dailyCredits: 40 })).toEqual({
      fetch: true,
      delayMs: (12 * 60 * 60 * 1000) / 2,
    });
  });
});
