import * as z from 'zod/mini';

/** Board status codes of the specification. */
export const MatchStatus = {
  scheduled: -1,
  live: 0,
  finished: 1,
  postponed: 2,
  extraTime: 3,
  penalties: 4,
  halfTime: 5,
} as const;
export type MatchStatusCode = (typeof MatchStatus)[keyof typeof MatchStatus];

const PLAYING: readonly number[] = [MatchStatus.live, MatchStatus.extraTime, MatchStatus.penalties];

/** True while the ball is in play: live, extra time or penalties (half-time is a break). */
export function isPlaying(status: number): boolean {
  return PLAYING.includes(status);
}

/** A match on the board, in the specification's live-match item shape. */
export const LiveMatchSchema = z.object({
  id: z.union([z.string(), z.number()]),
  competition_name: z.string(),
  /** League slug, so the board can filter and link. */
  league_slug: z.optional(z.string()),
  local: z.string(),
  visitor: z.string(),
  /** The clubs' stable keys (`/team/<key>`), by which a browser knows its favourite clubs. */
  local_key: z.optional(z.string()),
  visitor_key: z.optional(z.string()),
  local_shield: z.optional(z.string()),
  visitor_shield: z.optional(z.string()),
  status: z.number(),
  /** "2-1", or "x-x" when there is no score yet. */
  result: z.string(),
  /** Kick-off time of day in the site time zone, "HH:MM". */
  hour: z.string(),
  /** Live minute text: "67", "45+2", "HT"… (empty before kick-off). */
  minute: z.string(),
  /** Kick-off instant, ISO 8601 UTC. */
  date: z.string(),
});
export type LiveMatch = z.infer<typeof LiveMatchSchema>;

const CODE_BY_PHASE: Record<string, MatchStatusCode> = {
  scheduled: MatchStatus.scheduled,
  live: MatchStatus.live,
  finished: MatchStatus.finished,
  postponed: MatchStatus.postponed,
  extratime: MatchStatus.extraTime,
  penalties: MatchStatus.penalties,
  halftime: MatchStatus.halfTime,
};

/** Board status code of a stored match phase (scheduled, live, halftime…); unknown is scheduled. */
export function getStatusCode(phase: string): MatchStatusCode {
  return CODE_BY_PHASE[phase] ?? MatchStatus.scheduled;
}
