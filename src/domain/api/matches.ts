import * as z from 'zod/mini';

import { LiveMatchSchema } from '../live-match.ts';

/** A league named by slug or by name (any case); absent, empty or `all` means every league. */
export const LeagueNameSchema = z.string().check(z.maxLength(100));

export const LeagueQuerySchema = z.strictObject({ league: z.optional(LeagueNameSchema) });

/** `GET /api/matches/today`, `POST /functions/v1/fetch-matches`. */
export const TodayMatchesSchema = z.object({
  matches: z.array(LiveMatchSchema),
  /** When the newest of these scores was written, ISO 8601; null before any were. */
  updated_at: z.nullable(z.string()),
  /** True when the scores are older than the polling rule allows (the upstream may be down). */
  stale: z.boolean(),
});
export type TodayMatches = z.infer<typeof TodayMatchesSchema>;
