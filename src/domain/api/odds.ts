import * as z from 'zod/mini';

import { ClickLeagueSchema, ClickPageSchema } from '../affiliate-clicks.ts';
import { BOOKMAKER_KEY_MAX_LENGTH, BOOKMAKER_KEY_PATTERN } from '../bookmakers.ts';
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

/**
 * A bookmaker key, listed or not: lower-case letters and digits joined by '_' or '-'. An unlisted
 * key goes to an address guessed from it, so nothing else may pass.
 */
export const GoParamsSchema = z.strictObject({
  bookmaker: z
    .string()
    .check(
      z.maxLength(BOOKMAKER_KEY_MAX_LENGTH),
      z.regex(BOOKMAKER_KEY_PATTERN, 'must be a bookmaker key (a-z, 0-9, _ and -)'),
    ),
});

/**
 * What the click is about, recorded with it; never used to build the target. The event and
 * outcome (the odds' own ids and names) are kept for the record but reach no report.
 */
export const GoQuerySchema = z.strictObject({
  event: z.optional(z.string().check(z.maxLength(200))),
  outcome: z.optional(z.string().check(z.maxLength(200))),
  /** The league's slug, as the site's links give it; recorded only for a league of the site. */
  league: z.optional(ClickLeagueSchema),
  /** The kind of page the link was on, for the operators' clicks report. */
  page: z.optional(ClickPageSchema),
});
