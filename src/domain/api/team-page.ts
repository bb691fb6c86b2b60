import * as z from 'zod/mini';

import { TransferPlayerSchema } from '../transfers.ts';

export const TeamSlugParamsSchema = z.strictObject({
  slug: z.string().check(z.maxLength(100)),
});

/** A club as another part of the answer names it: key (for /team/<key>), name and crest. */
export const TeamRefSchema = z.object({ key: z.string(), name: z.string(), shield: z.string() });
export type TeamRef = z.infer<typeof TeamRefSchema>;

/** One stored match of the club, linked as /match/<path>. */
export const TeamMatchSchema = z.object({
  id: z.number(),
  /** `/match/<id>-<home>-v-<away>`. */
  path: z.string(),
  kickoff: z.string(),
  /** scheduled | live | halftime | extratime | penalties | finished | postponed */
  status: z.string(),
  home: TeamRefSchema,
  away: TeamRefSchema,
  home_score: z.nullable(z.number()),
  away_score: z.nullable(z.number()),
});
export type TeamMatch = z.infer<typeof TeamMatchSchema>;

export const FormEntrySchema = z.object({
  outcome: z.enum(['W', 'D', 'L']),
  /** The club's goals first: "2-1" is a win. */
  score: z.string(),
  opponent: TeamRefSchema,
  home: z.boolean(),
  kickoff: z.string(),
  /** The stored match's `/match/…` path; null when none is stored. */
  path: z.nullable(z.string()),
});
export type FormEntry = z.infer<typeof FormEntrySchema>;

export const TeamStandingSchema = z.object({
  pos: z.number(),
  played: z.number(),
  wins: z.number(),
  draws: z.number(),
  losses: z.number(),
  goals_for: z.number(),
  goals_against: z.number(),
  points: z.number(),
});

export const TeamPlayerSchema = z.object({
  player_id: z.string(),
  nick: z.string(),
  player_image: z.string(),
  flag: z.string(),
  /** The club's rank in the league list. */
  rank: z.number(),
  total: z.number(),
});
export type TeamPlayer = z.infer<typeof TeamPlayerSchema>;

/** One finished match of the club with the expected goals its facts record. */
export const TeamXgMatchSchema = z.object({
  id: z.number(),
  /** The match page: `/match/<id>-<home>-v-<away>`. */
  path: z.string(),
  kickoff: z.string(),
  opponent: TeamRefSchema,
  /** Whether the club played at home. */
  home: z.boolean(),
  goals_for: z.number(),
  goals_against: z.number(),
  xg_for: z.number(),
  xg_against: z.number(),
});
export type TeamXgMatch = z.infer<typeof TeamXgMatchSchema>;

/** A player of the club who scored from a recorded shot, with the xG of all his shots. */
export const TeamXgPlayerSchema = z.object({
  player: z.string(),
  goals: z.number(),
  xg: z.number(),
  shots: z.number(),
});
export type TeamXgPlayer = z.infer<typeof TeamXgPlayerSchema>;

/** The club's season in expected goals: empty lists when no match of it records xG. */
export const TeamXgSchema = z.object({
  /** The season's finished matches that record xG, oldest first. */
  matches: z.array(TeamXgMatchSchema),
  /** From the shots of those matches: by goals, then xG. */
  scorers: z.array(TeamXgPlayerSchema),
});
export type TeamXg = z.infer<typeof TeamXgSchema>;

/** `GET /api/teams/:slug`: everything the team page shows. */
export const TeamPageSchema = z.object({
  team: z.object({
    id: z.number(),
    key: z.string(),
    name: z.string(),
    short_name: z.string(),
    shield: z.string(),
    league: z.object({ slug: z.string(), name: z.string() }),
  }),
  /** Today's table row; null when the league has no table yet or the club is not in it. */
  standing: z.nullable(TeamStandingSchema),
  /** The last five league results, latest first. */
  form: z.array(FormEntrySchema),
  /** Finished matches of the season, latest first. */
  results: z.array(TeamMatchSchema),
  /** Stored matches still to finish (live ones first), soonest first. */
  fixtures: z.array(TeamMatchSchema),
  /** League position after each matchday the stored matches cover, oldest first. */
  positions: z.array(z.object({ matchday: z.number(), pos: z.number() })),
  /** How many clubs the table has (the sparkline's scale). */
  table_size: z.number(),
  scorers: z.array(TeamPlayerSchema),
  assisters: z.array(TeamPlayerSchema),
  transfers: z.object({
    window: z.nullable(z.string()),
    arrivals: z.array(TransferPlayerSchema),
    departures: z.array(TransferPlayerSchema),
  }),
  xg: TeamXgSchema,
});
export type TeamPage = z.infer<typeof TeamPageSchema>;
