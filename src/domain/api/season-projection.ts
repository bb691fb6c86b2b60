import * as z from 'zod/mini';

import { TeamRefSchema } from './team-page.ts';

const ChanceSchema = z.number().check(z.minimum(0), z.maximum(1));
const CountSchema = z.int().check(z.minimum(0));

/** The places the final table decides: Champions League (direct and qualifying), relegation. */
export const ProjectionPlacesSchema = z.object({
  champions_league: CountSchema,
  relegation: CountSchema,
  relegation_playoff: CountSchema,
});
export type ProjectionPlaces = z.infer<typeof ProjectionPlacesSchema>;

/** A club's simulated season: probabilities from 0 to 1. */
export const ProjectionRowSchema = z.object({
  team: TeamRefSchema,
  played: CountSchema,
  points_now: CountSchema,
  expected_points: z.number(),
  title: ChanceSchema,
  champions_league: ChanceSchema,
  relegation: ChanceSchema,
  relegation_playoff: ChanceSchema,
  /** Chance of finishing 1st, 2nd, … last. */
  positions: z.array(ChanceSchema),
});
export type ProjectionRow = z.infer<typeof ProjectionRowSchema>;

/**
 * `GET /api/leagues/:slug/projection`: the league's latest season projection, rows by expected
 * points. Before the first is computed: `rows` is empty and the season, time and places are null.
 */
export const SeasonProjectionSchema = z.object({
  /** The league's slug. */
  league: z.string(),
  /** "2022-2023". */
  season: z.nullable(z.string()),
  simulations: CountSchema,
  matches_played: CountSchema,
  matches_remaining: CountSchema,
  computed_at: z.nullable(z.string()),
  places: z.nullable(ProjectionPlacesSchema),
  rows: z.array(ProjectionRowSchema),
});
export type SeasonProjection = z.infer<typeof SeasonProjectionSchema>;
