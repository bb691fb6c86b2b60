import * as z from 'zod/mini';

import { PredictionSchema } from '../prediction.ts';

/** A whole number written in a query string, within [min, max]. */
const wholeNumber = (min: number, max: number) =>
  z.pipe(
    z.pipe(z.string().check(z.regex(/^\d+$/, 'must be a whole number')), z.transform(Number)),
    z
      .number()
      .check(z.minimum(min, `must be at least ${min}`), z.maximum(max, `must be at most ${max}`)),
  );

export const PredictionsQuerySchema = z.strictObject({
  /** 10 when absent. */
  limit: z.optional(wholeNumber(1, 50)),
  /** One match's predictions, most confident first; else the latest of every match. */
  match_id: z.optional(wholeNumber(1, 2_147_483_647)),
  /** `true`: a forecast for each of the next matches to kick off, soonest first. */
  upcoming: z.optional(z.enum(['true', 'false'])),
});

/** `GET /api/predictions`. */
export const PredictionsAnswerSchema = z.object({ predictions: z.array(PredictionSchema) });
