import * as z from 'zod/mini';

/** One upstream's state as its client last reported it. */
export const ProviderStatusSchema = z.object({
  provider: z.string(),
  last_success_at: z.nullable(z.string()),
  last_error_at: z.nullable(z.string()),
  last_error: z.nullable(z.string()),
  /** Requests sent this UTC day. */
  calls_today: z.number(),
  credits_left: z.nullable(z.number()),
  breaker: z.string(),
  requests: z.number(),
  retries: z.number(),
  failures: z.number(),
  /** Items of good answers left out for lacking what Touchline needs (a null id…). */
  items_dropped: z.number(),
  /** What the upstream's plan refuses while it does ("plan does not cover season 2026"). */
  plan_limit: z.nullable(z.string()),
  /**
   * Reads Touchline's own quota planning put off, no request sent (transfers waiting for the
   * next day's quota, a round of odds past the credit budget): not failures.
   */
  deferred: z.optional(z.number()),
  /** The last of them, in words ("api-football: transfers of ligue-1 wait for another day: …"). */
  last_deferral: z.optional(z.nullable(z.string())),
  reported_at: z.string(),
});

/** `GET /api/status`. */
export const StatusAnswerSchema = z.object({
  data_source: z.enum(['replay', 'live']),
  /** Whether this instance runs the scheduler now. */
  leader: z.boolean(),
  providers: z.array(ProviderStatusSchema),
});
export type StatusAnswer = z.infer<typeof StatusAnswerSchema>;
