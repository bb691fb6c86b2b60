import * as z from 'zod/mini';

/** An AI prediction as the API serves it. */
export const PredictionSchema = z.object({
  id: z.number(),
  match_id: z.number(),
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
