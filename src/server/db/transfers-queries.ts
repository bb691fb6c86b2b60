import { and, asc, desc, eq, inArray } from 'drizzle-orm';

import type { TransferPlayer, TransferTeam } from '../../domain/transfers.ts';
import type { Db } from './client.ts';
import { leagues, teams, transfers } from './schema.ts';

/** One club's move in a window: every column but the id, league and update time. */
export type TransferInput = Required<
  Omit<typeof transfers.$inferInsert, 'id' | 'leagueId' | 'updatedAt' | 'direction'>
> & { direction: 'in' | 'out' };

export async function replaceTransfers(
  db: Db,
  leagueId: number,
  rows: TransferInput[],
  now: Date,
  /** Replace only these clubs' moves (an answer that could not read every club); default all. */
  onlyTeamIds?: readonly number[],
) {
  await db.transaction(async (tx) => {
    await tx
      .delete(transfers)
      .where(
        onlyTeamIds === undefined
          ? eq(transfers.leagueId, leagueId)
          : and(eq(transfers.leagueId, leagueId), inArray(transfers.teamId, [...onlyTeamIds])),
      );
    for (let i = 0; i < rows.length; i += 500) {
      await tx
        .insert(transfers)
        .values(rows.slice(i, i + 500).map((r) => ({ ...r, leagueId, updatedAt: now })));
    }
  });
}

/** The transfer window a league's moves are from (e.g. "Summer 2022"); null when it has none. */
export async function findTransferWindow(db: Db, leagueId: number): Promise<string | null> {
  const rows = await db
    .select({ window: transfers.window })
    .from(transfers)
    .where(eq(transfers.leagueId, leagueId))
    .orderBy(desc(transfers.updatedAt), desc(transfers.id))
    .limit(1);
  return rows[0]?.window ?? null;
}

/** Clubs with their arrivals and departures, in league order then club name. */
export async function listTransferTeams(db: Db, leagueIds?: number[]): Promise<TransferTeam[]> {
  const query = db
    .select({
      teamId: teams.id,
      teamName: teams.name,
      teamKey: teams.key,
      shield: teams.logoUrl,
      leagueSlug: leagues.slug,
      direction: transfers.direction,
      playerId: transfers.playerId,
      playerName: transfers.playerName,
      imageUrl: transfers.imageUrl,
      flag: transfers.flag,
      otherClub: transfers.otherClub,
      type: transfers.type,
      valor: transfers.valor,
    })
    .from(transfers)
    .innerJoin(teams, eq(transfers.teamId, teams.id))
    .innerJoin(leagues, eq(transfers.leagueId, leagues.id))
    .orderBy(asc(leagues.orderIndex), asc(teams.name), desc(transfers.id));
  const rows =
    leagueIds === undefined
      ? await query
      : await query.where(inArray(transfers.leagueId, leagueIds));
  const byTeam = new Map<number, TransferTeam>();
  for (const row of rows) {
    let team = byTeam.get(row.teamId);
    if (team === undefined) {
      team = {
        id: row.teamId,
        name: row.teamName,
        key: row.teamKey,
        shield: row.shield ?? '',
        league_alias: row.leagueSlug,
        arrivals: [],
        departures: [],
        rumors: [],
      };
      byTeam.set(row.teamId, team);
    }
    const player: TransferPlayer = {
      id: row.playerId,
      name: row.playerName,
      image: row.imageUrl ?? '',
      flag: row.flag,
      team: row.otherClub,
      type: row.type,
      valor: row.valor,
    };
    (row.direction === 'in' ? team.arrivals : team.departures).push(player);
  }
  return [...byTeam.values()];
}
