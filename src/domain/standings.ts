import * as z from 'zod/mini';

export const TableRowSchema = z.object({
  id: z.number(),
  pos: z.number(),
  team: z.string(),
  /** The club's key (its team page is `/team/<key>`); absent in a provider's own table. */
  key: z.optional(z.string()),
  shield: z.string(),
  wins: z.number(),
  draws: z.number(),
  losses: z.number(),
  points: z.number(),
  goals_for: z.optional(z.number()),
  goals_against: z.optional(z.number()),
});
export type TableRow = z.infer<typeof TableRowSchema>;

export type StandingsTeam = { id: number; name: string; shield: string };
export type StandingsResult = { homeId: number; awayId: number; home: number; away: number };

/**
 * The league table from played results: 3 points a win and 1 a draw, ordered
 * by points, goal difference, goals for, then name. Every team gets a row.
 */
export function computeStandings(teams: StandingsTeam[], results: StandingsResult[]): TableRow[] {
  const rows = new Map<number, TableRow>();
  for (const team of teams) {
    if (rows.has(team.id)) throw new RangeError(`standings: team ${team.id} listed twice`);
    rows.set(team.id, {
      id: team.id,
      pos: 0,
      team: team.name,
      shield: team.shield,
      wins: 0,
      draws: 0,
      losses: 0,
      points: 0,
      goals_for: 0,
      goals_against: 0,
    });
  }

  const record = (row: TableRow, scored: number, conceded: number): void => {
    row.goals_for = (row.goals_for ?? 0) + scored;
    row.goals_against = (row.goals_against ?? 0) + conceded;
    if (scored > conceded) {
      row.wins += 1;
      row.points += 3;
    } else if (scored === conceded) {
      row.draws += 1;
      row.points += 1;
    } else {
      row.losses += 1;
    }
  };

  for (const result of results) {
    const home = rows.get(result.homeId);
    const away = rows.get(result.awayId);
    if (home === undefined || away === undefined) {
      throw new RangeError(
        `standings: result ${result.homeId} v ${result.awayId} names a team not in the league`,
      );
    }
    record(home, result.home, result.away);
    record(away, result.away, result.home);
  }

  const goalDifference = (row: TableRow): number => (row.goals_for ?? 0) - (row.goals_against ?? 0);
  return [...rows.values()]
    .sort(
      (a, b) =>
        b.points - a.points ||
        goalDifference(b) - goalDifference(a) ||
        (b.goals_for ?? 0) - (a.goals_for ?? 0) ||
        a.team.localeCompare(b.team, 'en'),
    )
    .map((row, index) => ({ ...row, pos: index + 1 }));
}
