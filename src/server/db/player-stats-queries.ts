import { and, asc, eq } from 'drizzle-orm';

import type { LeagueStats, StatsEntry } from '../../domain/player-stats.ts';
import type { Db } from './client.ts';
import { playerStats, teams } from './schema.ts';

/** One ranked scorer or assister of a league: every column but the id, league and update time. */
export type PlayerStatInput = Required<
  Omit<typeof playerStats.$inferInsert, 'id' | 'leagueId' | 'updatedAt' | 'kind'>
> & { kind: 'goals' | 'assists' };

export async function replacePlayerStats(
  db: Db,
  leagueId: number,
  rows: PlayerStatInput[],
  now: Date,
) {
  await db.transaction(async (tx) => {
    await tx.delete(playerStats).where(eq(playerStats.leagueId, leagueId));
    if (rows.length > 0) {
      await tx.insert(playerStats).values(rows.map((r) => ({ ...r, leagueId, updatedAt: now })));
    }
  });
}

export async function getLeagueStats(db: Db, leagueId: number): Promise<LeagueStats> {
  const rows = await db
    .select({
      kind: playerStats.kind,
      player_id: playerStats.playerId,
      nick: playerStats.nick,
      player_image: playerStats.imageUrl,
      flag: playerStats.flag,
      team_name: teams.name,
      team_key: teams.key,
      team_shield: teams.logoUrl,
      total: playerStats.total,
    })
    .from(playerStats)
    .leftJoin(teams, eq(playerStats.teamId, teams.id))
    .where(and(eq(playerStats.leagueId, leagueId)))
    .orderBy(asc(playerStats.kind), asc(playerStats.rank));
  const toEntry = (r: (typeof rows)[number]): StatsEntry => ({
    player_id: r.player_id,
    nick: r.nick,
    player_image: r.player_image ?? '',
    flag: r.flag,
    team_name: r.team_name ?? '',
    ...(r.team_key === null ? {} : { team_key: r.team_key }),
    team_shield: r.team_shield ?? '',
    total: r.total,
  });
  return {
    goals: rows.filter((r) => r.kind === 'goals').map(toEntry),
    asists: rows.filter((r) => r.kind === 'assists').map(toEntry),
  };
}
