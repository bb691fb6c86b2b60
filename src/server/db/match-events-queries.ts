import { asc, eq, inArray } from 'drizzle-orm';

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

/**
 * Replaces the events of many matches in one transaction, in chunks: the season's results
 * written at once rather than a transaction a match.
 */
export async function replaceManyMatchEvents(
  db: Db,
  byMatch: ReadonlyMap<number, readonly MatchEventInput[]>,
): Promise<void> {
  const ids = [...byMatch.keys()];
  const rows = [...byMatch].flatMap(([matchId, events]) =>
    events.map((e, seq) => ({ ...e, matchId, seq })),
  );
  await db.transaction(async (tx) => {
    for (let i = 0; i < ids.length; i += 500) {
      await tx.delete(matchEvents).where(inArray(matchEvents.matchId, ids.slice(i, i + 500)));
    }
    for (let i = 0; i < rows.length; i += 500) {
      await tx.insert(matchEvents).values(rows.slice(i, i + 500));
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
