import * as z from 'zod/mini';

import { TeamRefSchema } from './team-page.ts';

const CountSchema = z.int().check(z.minimum(0));

/**
 * A club's season in expected goals, over its finished matches that record xG: points and
 * expected points count those same matches. Figures to two decimals.
 */
export const LeagueXgRowSchema = z.object({
  team: z.extend(TeamRefSchema, {
    /** The club's three-letter name, for a narrow screen. */
    short_name: z.string(),
  }),
  matches: CountSchema,
  xg_for: z.number(),
  xg_against: z.number(),
  /** xG for less xG against. */
  xg_difference: z.number(),
  points: CountSchema,
  /** 3·P(win) + P(draw) a match, the chances from each side's shots (or xG as Poisson). */
  expected_points: z.number(),
  /** Points less expected points: above nought, more points than the chances made. */
  points_difference: z.number(),
});
export type LeagueXgRow = z.infer<typeof LeagueXgRowSchema>;

/**
 * `GET /api/leagues/:slug/xg`: the league's expected-goals table for the season, by points
 * (then xG difference); `rows` is empty when no finished match records xG.
 */
export const LeagueXgSchema = z.object({
  /** The league's slug. */
  league: z.string(),
  rows: z.array(LeagueXgRowSchema),
});
export type LeagueXg = z.infer<typeof LeagueXgSchema>;
