import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { seedSmallWorld } from '../../../tests/helpers/small-world.ts';
import { createTestDb, type TestDatabase } from '../../../tests/helpers/test-db.ts';
import type { LiveMatch } from '../../domain/live-match.ts';
import { matches } from '../db/schema.ts';
import { createLiveBoard } from './live-board.ts';

describe('the live board of the leader', () => {
  let database: TestDatabase;
  let published: LiveMatch[][];
  const board = () =>
    createLiveBoard({
      db: database.db,
      now: () => new Date('2026-11-21T15:30:00Z'),
      timeZone: 'Africa/Johannesburg',
      publish: (items) => published.push(items),
    });

  beforeEach(async () => {
    database = await createTestDb();
    await seedSmallWorld(database.db);
    published = [];
  });
  afterEach(async () => {
    await database.close();
  });

  it("announces the whole of today's board on its first reading", async () => {
    const stored = await database.db.select({ id: matches.id }).from(matches);
    expect(await board().publishChanges()).toBeGreaterThan(0);
    expect(published).toHaveLength(1);
    expect(new Set(published[0]?.map((m) => m.id))).toEqual(new Set(stored.map((m) => m.id)));
  });

  it('then announces only the items whose score, status or minute changed', async () => {
    const live = board();
    await live.publishChanges();
    expect(await live.publishChanges()).toBe(0);

    const [first] = await database.db.select({ id: matches.id }).from(matches).limit(1);
    const id = first?.id ?? 0;
    await database.db
      .update(matches)
      .set({ homeScore: 3, awayScore: 2, status: 'live', minute: '77' })
      .where(eq(matches.id, id));
    expect(await live.publishChanges()).toBe(1);
    expect(published.at(-1)).toEqual([
      expect.objectContaining({ id, result: '3-2', status: 0, minute: '77' }),
    ]);
    expect(published.at(-1)).toHaveLength(1);

    await database.db.update(matches).set({ minute: '78' }).where(eq(matches.id, id));
    expect(await live.publishChanges()).toBe(1);
    expect(published.at(-1)?.[0]?.minute).toBe('78');
  });
});
