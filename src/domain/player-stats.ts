import * as z from 'zod/mini';

export const StatsEntrySchema = z.object({
  player_id: z.union([z.string(), z.number()]),
  nick: z.string(),
  player_image: z.string(),
  /** ISO 3166 alpha-2 country code (lower case), or '' when unknown. */
  flag: z.string(),
  team_name: z.string(),
  /** The club's key (its team page is `/team/<key>`); absent when the club is not stored. */
  team_key: z.optional(z.string()),
  team_shield: z.string(),
  total: z.number(),
});
export type StatsEntry = z.infer<typeof StatsEntrySchema>;

/** League stats: `asists` is spelt so by the specification. */
export const LeagueStatsSchema = z.object({
  goals: z.array(StatsEntrySchema),
  asists: z.array(StatsEntrySchema),
});
export type LeagueStats = z.infer<typeof LeagueStatsSchema>;
