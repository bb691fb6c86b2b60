import { asc, eq } from 'drizzle-orm';

import type { Db } from './client.ts';
import { matchEvents } from './schema.ts';

/** A goal to store, in the provider's order. */
export type MatchEventInput = {
  kind: string;
  side: 'home' | 'away';
  minute: number;
  added: number;
  scorer: string | null;
  assist: string | null;
  penalty: boolean;
  ownGoal: boolean;
};

/** Replaces a match's events in one transaction (the provider's list is the whole story so far). */
export async function replaceMatchEvents(
  db: Db,
  matchId: number,
  events: readonly MatchEventInput[],
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(matchEvents).where(eq(matchEvents.matchId, matchId));
    if (events.length > 0) {
      await tx.insert(matchEvents).values(events.map((e, seq) => ({ ...e, matchId, seq })));
    }
  });
}

/** A match's events in order. */
export async function listMatchEvents(db: Db, matchId: number) {
  return db
    .select({
      kind: matchEvents.kind,
      side: matchEvents.side,
      minute: matchEvents.minute,
      added: matchEvents.added,
      scorer: matchEvents.scorer,
      assist: matchEvents.assist,
      penalty: matchEvents.penalty,
      ownGoal: matchEvents.ownGoal,
    })
    .from(matchEvents)
    .where(eq(matchEvents.matchId, matchId))
    .orderBy(asc(matchEvents.seq));
}
