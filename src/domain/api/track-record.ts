import * as z from 'zod/mini';

/** A match's result as the forecasts are scored on it. */
export const ResultOutcomeSchema = z.enum(['home', 'draw', 'away']);
export type ResultOutcome = z.infer<typeof ResultOutcomeSchema>;

/**
 * A figure with its 95% interval; the interval is null while the matches span a single match
 * day, since resampling match days can say nothing of the spread then.
 */
export const EstimateSchema = z.object({
  value: z.number(),
  lo: z.nullable(z.number()),
  hi: z.nullable(z.number()),
});
export type Estimate = z.infer<typeof EstimateSchema>;

/** One model's or bookmaker's scores over the settled matches it forecast. */
export const TrackRecordRowSchema = z.object({
  name: z.string(),
  kind: z.enum(['model', 'bookmaker']),
  matches: z.number(),
  /** Mean ranked probability score (lower is better, 0 is perfect); interval: day bootstrap. */
  rps: EstimateSchema,
  /** Mean −ln of the probability given to what happened; interval: day bootstrap. */
  log_loss: EstimateSchema,
  /** Share of matches whose most likely outcome happened; interval: Wilson. */
  accuracy: EstimateSchema,
});
export type TrackRecordRow = z.infer<typeof TrackRecordRowSchema>;

/** A model's mean RPS minus a bookmaker's on the matches both forecast (negative: the model did better). */
export const PairedDifferenceSchema = z.object({
  model: z.string(),
  against: z.string(),
  matches: z.number(),
  diff: z.number(),
  /** Null while the matches span a single match day. */
  lo: z.nullable(z.number()),
  hi: z.nullable(z.number()),
});
export type PairedDifference = z.infer<typeof PairedDifferenceSchema>;

/** Every home/draw/away probability that fell in [from, to), against how often it happened. */
export const ReliabilityBinSchema = z.object({
  from: z.number(),
  to: z.number(),
  count: z.number(),
  /** Null for an empty bin. */
  mean_predicted: z.nullable(z.number()),
  observed: z.nullable(z.number()),
});
export type ReliabilityBin = z.infer<typeof ReliabilityBinSchema>;

export const ReliabilitySchema = z.object({
  model: z.string(),
  bins: z.array(ReliabilityBinSchema),
});
export type Reliability = z.infer<typeof ReliabilitySchema>;

/** A played match with each model's pick, the probability it gave it and whether it happened. */
export const SettledForecastSchema = z.object({
  match: z.object({
    id: z.number(),
    home: z.string(),
    away: z.string(),
    kickoff: z.string(),
    league_slug: z.string(),
    home_score: z.number(),
    away_score: z.number(),
  }),
  outcome: ResultOutcomeSchema,
  forecasts: z.array(
    z.object({
      model: z.string(),
      pick: ResultOutcomeSchema,
      probability: z.number(),
      correct: z.boolean(),
    }),
  ),
});
export type SettledForecast = z.infer<typeof SettledForecastSchema>;

/** The record over one set of matches: every league, or one. */
export const TrackRecordScopeSchema = z.object({
  /** Settled matches with at least one model's forecast. */
  matches: z.number(),
  /** The models in display order, then the bookmakers. */
  rows: z.array(TrackRecordRowSchema),
  paired: z.array(PairedDifferenceSchema),
  reliability: z.array(ReliabilitySchema),
  /** The latest settled matches, latest first. */
  latest: z.array(SettledForecastSchema),
});
export type TrackRecordScope = z.infer<typeof TrackRecordScopeSchema>;

export const LeagueTrackRecordSchema = z.extend(TrackRecordScopeSchema, {
  slug: z.string(),
  name: z.string(),
});
export type LeagueTrackRecord = z.infer<typeof LeagueTrackRecordSchema>;

/** `GET /api/predictions/track-record`: the forecasts made before kick-off, scored on the results. */
export const TrackRecordSchema = z.object({
  /** Every model with a scored forecast, in display order. */
  models: z.array(z.string()),
  pooled: TrackRecordScopeSchema,
  /** Each league with a scored match, in the site's order. */
  by_league: z.array(LeagueTrackRecordSchema),
});
export type TrackRecord = z.infer<typeof TrackRecordSchema>;
