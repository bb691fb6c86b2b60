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

/**
 * Confidence bar colour: 80 and above success, 60 to 79 accent, below 60 muted, judged on the
 * whole percent the card shows (79.9 reads "80%" and is coloured as 80).
 */
export function getConfidenceTone(confidencePct: number): ConfidenceTone {
  const shown = getConfidenceLabel(confidencePct);
  if (shown >= 80) return 'success';
  if (shown >= 60) return 'accent';
  return 'muted';
}

/** Bar width in percent, clamped to 0-100 (a bad value never overflows the card). */
export function getConfidenceWidth(confidencePct: number): number {
  if (!Number.isFinite(confidencePct)) return 0;
  return Math.min(100, Math.max(0, confidencePct));
}

/** The whole percent a card shows for a confidence: 79.9 → 80, clamped to 0-100. */
export function getConfidenceLabel(confidencePct: number): number {
  return Math.round(getConfidenceWidth(confidencePct));
}
