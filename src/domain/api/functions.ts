import * as z from 'zod/mini';

import { LeagueNameSchema } from './matches.ts';
import { MarketSchema } from './odds.ts';

// The specification's backend functions take their input as a JSON body; no body reads as {}.

export const FetchAnyLeagueBodySchema = z.strictObject({ league: z.optional(LeagueNameSchema) });

export const FetchLeagueBodySchema = z.strictObject({ league: LeagueNameSchema });

export const FetchOddsBodySchema = z.strictObject({
  leagueName: z.optional(LeagueNameSchema),
  market: z.optional(MarketSchema),
});
