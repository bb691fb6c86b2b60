import * as z from 'zod/mini';

import { LiveMatchSchema } from '../live-match.ts';

/**
 * `GET /api/live`, a Server-Sent Events stream. Its events:
 * - `ready` (first, on every connection): `{}`, with the id of the newest event, so a browser
 *   that reconnects names where it stopped (`Last-Event-ID`, or `?last_event_id=` when the page
 *   opens a new stream itself);
 * - `matches`: the board items that changed (score, status, minute), keyed by their `id`, and
 *   when the server wrote them (`at`, ms since the epoch);
 * - `reload`: the server cannot say what was missed (the id is too old, unknown or from the
 *   future): the browser refetches what it shows.
 * A comment line (`: keep-alive`) comes every 15 s.
 */
export const LiveEventNames = { ready: 'ready', matches: 'matches', reload: 'reload' } as const;

export const LiveMatchesEventSchema = z.object({
  at: z.number(),
  matches: z.array(LiveMatchSchema),
});
export type LiveMatchesEvent = z.infer<typeof LiveMatchesEventSchema>;

/** `?last_event_id=`, for a stream the page reopens itself (EventSource cannot set the header). */
export const LiveQuerySchema = z.strictObject({
  last_event_id: z.optional(z.string().check(z.maxLength(64))),
});

/** An event id: the milliseconds it was written at and a sequence number ("1764150000000-0"). */
export type LiveEventId = { ms: number; seq: number };

const EVENT_ID = /^([0-9]{1,15})-([0-9]{1,9})$/;

/** The id's parts, or null when it is not an event id. */
export function parseLiveEventId(text: string): LiveEventId | null {
  const match = EVENT_ID.exec(text);
  if (match === null) return null;
  return { ms: Number(match[1]), seq: Number(match[2]) };
}

export function formatLiveEventId(id: LiveEventId): string {
  return `${String(id.ms)}-${String(id.seq)}`;
}

/** Negative when a is older than b, 0 when equal, positive when newer. */
export function compareLiveEventIds(a: LiveEventId, b: LiveEventId): number {
  return a.ms === b.ms ? a.seq - b.seq : a.ms - b.ms;
}
