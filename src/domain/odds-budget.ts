/**
 * When to fetch odds next on a credit quota (The Odds API counts credits per call): spend at
 * most the operator's daily budget, never more than 80% of the credits that remain, and stop
 * once 95% of the quota is used, serving the stored odds until it resets.
 */
export type OddsBudgetInput = {
  nowMs: number;
  /** Credits the operator allows a day (ODDS_API_DAILY_CREDITS). */
  dailyCredits: number;
  /** Credits one round of odds costs (all leagues). */
  roundCost: number;
  /** Credits spent since the start of this UTC day. */
  spentToday: number;
  /** From the provider's quota headers; null until the first answer. */
  remaining: number | null;
  used: number | null;
  /** Never fetch more often than this, whatever the budget allows. */
  minIntervalMs: number;
};

export type OddsPlan =
  { fetch: true; delayMs: number } | { fetch: false; delayMs: number; reason: string };

const DAY_MS = 24 * 60 * 60 * 1000;
export const QUOTA_PLAN_SHARE = 0.8;
export const QUOTA_STOP_SHARE = 0.95;

/** Whether a round may run now, and how long to wait before the next look. */
export function planOddsRound(input: OddsBudgetInput): OddsPlan {
  const msLeftToday = DAY_MS - (input.nowMs % DAY_MS);
  if (input.remaining !== null && input.used !== null) {
    const total = input.remaining + input.used;
    if (total > 0 && input.used / total >= QUOTA_STOP_SHARE) {
      return { fetch: false, delayMs: msLeftToday, reason: '95% of the quota is used' };
    }
  }
  const cap =
    input.remaining === null
      ? input.dailyCredits
      : Math.min(input.dailyCredits, Math.floor(input.remaining * QUOTA_PLAN_SHARE));
  const left = cap - input.spentToday;
  const rounds = Math.floor(left / Math.max(1, input.roundCost));
  if (rounds < 1) {
    return { fetch: false, delayMs: msLeftToday, reason: "today's odds budget is spent" };
  }
  // Spread what is left evenly over the rest of the day.
  return { fetch: true, delayMs: Math.max(input.minIntervalMs, Math.floor(msLeftToday / rounds)) };
}
