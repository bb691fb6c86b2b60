import * as z from 'zod/mini';

/** An AI prediction as the API serves it. */
/** The match a prediction is for, as a card names it. */
export const PredictionMatchSchema = z.object({
  home: z.string(),
  away: z.string(),
  /** Kick-off instant, ISO 8601 UTC. */
  kickoff: z.string(),
  league_slug: z.string(),
});

export const PredictionSchema = z.object({
  id: z.number(),
  match_id: z.number(),
  /** Which match (absent from answers of older servers). */
  match: z.optional(PredictionMatchSchema),
  model_name: z.string(),
  /** e.g. "Arsenal to win", "Over 2.5 goals". */
  pick: z.string(),
  confidence_pct: z.number(),
  rationale: z.nullable(z.string()),
  created_at: z.string(),
});
export type Prediction = z.infer<typeof PredictionSchema>;

export type ConfidenceTone = 'success' | 'accent' | 'muted';

/** Confidence bar colour: 80 and above success, 60 to 79 accent, below 60 muted. */
export function getConfidenceTone(confidencePct: number): ConfidenceTone {
  if (confidencePct >= 80) return 'success';
  if (confidencePct >= 60) return 'accent';
  return 'muted';
}

/** Bar width in percent, clamped to 0-100 (a bad value never overflows the card). */
export function getConfidenceWidth(confidencePct: number): number {
  if (!Number.isFinite(confidencePct)) return 0;
  return Math.min(100, Math.max(0, confidencePct));
}
