import * as z from 'zod/mini';

import { OddsEventSchema } from '../odds.ts';
import { LeagueNameSchema } from './matches.ts';

export const MarketSchema = z.enum(['h2h', 'totals'], 'must be h2h or totals');

export const OddsQuerySchema = z.strictObject({
  league: z.optional(LeagueNameSchema),
  /** h2h when absent. */
  market: z.optional(MarketSchema),
});

/** `GET /api/odds`, `POST /functions/v1/fetch-odds`: upcoming events, soonest first. */
export const OddsAnswerSchema = z.object({ events: z.array(OddsEventSchema) });

export const GoParamsSchema = z.strictObject({ bookmaker: z.string().check(z.maxLength(60)) });

/** What the click is about, recorded with it; never used to build the target. */
export const GoQuerySchema = z.strictObject({
  event: z.optional(z.string().check(z.maxLength(200))),
  outcome: z.optional(z.string().check(z.maxLength(200))),
  league: z.optional(z.string().check(z.maxLength(100))),
});
