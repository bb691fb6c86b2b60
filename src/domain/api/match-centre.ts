import * as z from 'zod/mini';

import { LiveMatchSchema } from '../live-match.ts';
import { SHOT_RESULTS, SHOT_SITUATIONS } from '../match-facts.ts';

/**
 * `/api/matches/:id`: the stored match id, as digits (a readable slug may follow on the page's
 * address, never here). Nine digits at most: a serial id never gets that far.
 */
export const MatchIdParamsSchema = z.strictObject({
  id: z.string().check(z.regex(/^[0-9]{1,9}$/, 'must be a match id')),
});

const SideSchema = z.enum(['home', 'away']);

/** A club on the page: its name, crest and the slug of its page (`/team/<slug>`). */
export const MatchClubSchema = z.object({ name: z.string(), slug: z.string(), shield: z.string() });

/** The board's item for the match (same status, minute and score rules), with the clubs' pages. */
export const MatchHeaderSchema = z.object({
  ...LiveMatchSchema.shape,
  id: z.number(),
  home: MatchClubSchema,
  away: MatchClubSchema,
  /** "1-0" once the first half is over, else null. */
  ht_result: z.nullable(z.string()),
  /** Kick-off in the site time zone, "MMM dd, HH:mm". */
  kickoff_label: z.string(),
});

/** A line of the timeline: a goal, or the half-time or full-time marker with the score then. */
export const TimelineEntrySchema = z.object({
  type: z.enum(['goal', 'half-time', 'full-time']),
  /** "23", "45+2"; "HT" and "FT" for the markers. */
  minute: z.string(),
  side: z.nullable(SideSchema),
  scorer: z.nullable(z.string()),
  assist: z.nullable(z.string()),
  penalty: z.boolean(),
  own_goal: z.boolean(),
  /** The score after this line, "2-1". */
  score: z.string(),
});

const PriceSchema = z.nullable(z.number());

/** One bookmaker's prices: the latest and the first seen, and its payout per market. */
export const BookmakerPricesSchema = z.object({
  key: z.string(),
  title: z.string(),
  /** Whether 'Bet now' can send fans to this bookmaker. */
  linked: z.boolean(),
  home: PriceSchema,
  draw: PriceSchema,
  away: PriceSchema,
  over: PriceSchema,
  under: PriceSchema,
  opening: z.object({
    home: PriceSchema,
    draw: PriceSchema,
    away: PriceSchema,
    over: PriceSchema,
    under: PriceSchema,
  }),
  /** 1 / Σ 1/price of the 1X2 and of the over/under 2.5 market, or null without all prices. */
  payout_h2h: z.nullable(z.number()),
  payout_totals: z.nullable(z.number()),
});

const OutcomeKeySchema = z.enum(['home', 'draw', 'away', 'over', 'under']);

export const MatchOddsSchema = z.object({
  /** The odds event id the /go/ links record. */
  event_id: z.string(),
  league_slug: z.string(),
  bookmakers: z.array(BookmakerPricesSchema),
  /** The best price of each outcome and who offers it. */
  best: z.record(OutcomeKeySchema, z.nullable(z.object({ price: z.number(), key: z.string() }))),
});

export const ThreeWaySchema = z.object({ home: z.number(), draw: z.number(), away: z.number() });

export const ModelProbabilitiesSchema = z.object({
  model: z.string(),
  ...ThreeWaySchema.shape,
  pick: z.string(),
  confidence_pct: z.number(),
  /** After full time: whether the result pick came true; null before. */
  correct: z.nullable(z.boolean()),
  xg_home: z.nullable(z.number()),
  xg_away: z.nullable(z.number()),
  /** The model's most likely scores (Dixon-Coles), most likely first. */
  likely_scores: z.array(z.object({ home: z.int(), away: z.int(), probability: z.number() })),
});

export const FormEntrySchema = z.object({
  date: z.string(),
  opponent: z.string(),
  venue: z.enum(['H', 'A']),
  /** Goals of the club first: "2-1". */
  score: z.string(),
  outcome: z.enum(['W', 'D', 'L']),
  /** The stored match, when there is one to link to. */
  match_id: z.nullable(z.number()),
});

export const MeetingSchema = z.object({
  date: z.string(),
  home: z.string(),
  away: z.string(),
  home_goals: z.int(),
  away_goals: z.int(),
  match_id: z.nullable(z.number()),
});

export const HeadToHeadSchema = z.object({
  meetings: z.array(MeetingSchema),
  /** Counts over the meetings shown, from this match's home club's view. */
  home_wins: z.int(),
  draws: z.int(),
  away_wins: z.int(),
  home_goals: z.int(),
  away_goals: z.int(),
});

export const StandingRowSchema = z.object({
  pos: z.int(),
  team: z.string(),
  slug: z.string(),
  played: z.int(),
  points: z.int(),
  /** home | away: one of this match's clubs. */
  side: z.nullable(SideSchema),
});

export const MatchReportSchema = z.object({
  title: z.string(),
  summary: z.string(),
  published_at: z.string(),
});

/** A shot on the match page's shot map and xG race. */
export const ShotSchema = z.object({
  /** The shooter's side. */
  side: SideSchema,
  half: z.union([z.literal(1), z.literal(2)]),
  /** "23", "45+2". */
  minute: z.string(),
  /** Minutes of play at the shot, for a time axis within its half: 45+2 is 47. */
  at: z.number(),
  player: z.string(),
  /** The player who made the chance, where recorded. */
  assist: z.nullable(z.string()),
  result: z.enum(SHOT_RESULTS),
  situation: z.enum(SHOT_SITUATIONS),
  /**
   * Where it was taken, as fractions of the pitch: x from the shooter's own goal line (0) to the
   * goal he attacks (1), y from one touchline (0) to the other (1).
   */
  x: z.number(),
  y: z.number(),
  /** Expected goals, 0..1. */
  xg: z.number(),
});

export const STATISTIC_NAMES = [
  'shots',
  'shots_on_target',
  'xg',
  'corners',
  'fouls',
  'yellow_cards',
  'red_cards',
] as const;

/** One line of the Statistics section: both sides' figure. */
export const StatisticSchema = z.object({
  key: z.enum(STATISTIC_NAMES),
  home: z.number(),
  away: z.number(),
});

/** What the record says of the match beyond its score, up to the current minute. */
export const MatchFactsSchema = z.object({
  /**
   * Whether the goals' minutes and scorers are on record. False (a replayed season without
   * recorded events, or an upstream that does not give them): the timeline has no goal lines.
   */
  goals_recorded: z.boolean(),
  /** What a goal's `assist` names: the official assist, or the player who made the chance. */
  assist_kind: z.enum(['assist', 'chance']),
  /** The statistics known so far, in the order shown; empty when none are recorded. */
  statistics: z.array(StatisticSchema),
  /** Statistics recorded only for the whole match (no minute): they appear at full time. */
  at_full_time: z.array(z.enum(STATISTIC_NAMES)),
  referee: z.nullable(z.string()),
  /** Every shot so far in order; null where shots are not recorded. */
  shots: z.nullable(z.array(ShotSchema)),
  /** Who recorded what is shown. */
  sources: z.array(z.object({ name: z.string(), url: z.string() })),
});

/** `GET /api/matches/:id`: everything the match page shows. */
export const MatchCentreSchema = z.object({
  match: MatchHeaderSchema,
  timeline: z.array(TimelineEntrySchema),
  facts: MatchFactsSchema,
  /** Null when no bookmaker prices the match. */
  odds: z.nullable(MatchOddsSchema),
  /** The bookmakers' margin-free 1X2 probabilities by Shin's method, averaged over them. */
  market: z.nullable(ThreeWaySchema),
  predictions: z.array(ModelProbabilitiesSchema),
  form: z.object({ home: z.array(FormEntrySchema), away: z.array(FormEntrySchema) }),
  head_to_head: HeadToHeadSchema,
  standing: z.array(StandingRowSchema),
  report: z.nullable(MatchReportSchema),
});
export type MatchCentre = z.infer<typeof MatchCentreSchema>;
export type TimelineEntry = z.infer<typeof TimelineEntrySchema>;
export type BookmakerPrices = z.infer<typeof BookmakerPricesSchema>;
export type MatchOdds = z.infer<typeof MatchOddsSchema>;
export type ModelProbabilities = z.infer<typeof ModelProbabilitiesSchema>;
export type FormEntry = z.infer<typeof FormEntrySchema>;
export type HeadToHead = z.infer<typeof HeadToHeadSchema>;
export type StandingRow = z.infer<typeof StandingRowSchema>;
export type Shot = z.infer<typeof ShotSchema>;
export type Statistic = z.infer<typeof StatisticSchema>;
export type MatchFacts = z.infer<typeof MatchFactsSchema>;
