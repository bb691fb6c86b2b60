import { asc, eq } from 'drizzle-orm';

import type { TableRow } from '../../domain/standings.ts';
import type { Db } from './client.ts';
import { standings, teams } from './schema.ts';

/** One row of a league's table: every column but the id, league and update time. */
export type StandingInput = Required<
  Omit<typeof standings.$inferInsert, 'id' | 'leagueId' | 'updatedAt'>
>;

/** Replaces a league's table in one transaction, and keeps teams.position in step. */
export async function replaceStandings(db: Db, leagueId: number, rows: StandingInput[], now: Date) {
  await db.transaction(async (tx) => {
    await tx.delete(standings).where(eq(standings.leagueId, leagueId));
    if (rows.length > 0) {
      await tx.insert(standings).values(rows.map((r) => ({ ...r, leagueId, updatedAt: now })));
    }
    for (const row of rows) {
      await tx.update(teams).set({ position: row.pos }).where(eq(teams.id, row.teamId));
    }
  });
}

export async function listStandings(db: Db, leagueId: number): Promise<TableRow[]> {
  return db
    .select({
      id: teams.id,
      pos: standings.pos,
      team: teams.name,
      key: teams.key,
      shield: teams.logoUrl,
      wins: standings.wins,
      draws: standings.draws,
      losses: standings.losses,
      points: standings.points,
      goals_for: standings.goalsFor,
      goals_against: standings.goalsAgainst,
    })
    .from(standings)
    .innerJoin(teams, eq(standings.teamId, teams.id))
    .where(eq(standings.leagueId, leagueId))
    .orderBy(asc(standings.pos))
    .then((rows) => rows.map((r) => ({ ...r, shield: r.shield ?? '' })));
}
