// A club's season from its stored matches and today's table: pure rules, no I/O.

/** A stored league match as the team page reads it. */
export type SeasonMatch = {
  id: number;
  kickoffMs: number;
  status: string;
  homeId: number;
  awayId: number;
  homeScore: number | null;
  awayScore: number | null;
};

/** A club's row in today's table. */
export type TableStanding = {
  teamId: number;
  name: string;
  wins: number;
  draws: number;
  losses: number;
  goalsFor: number;
  goalsAgainst: number;
  points: number;
};

export type Outcome = 'W' | 'D' | 'L';

/**
 * The season containing `nowMs`: 1 July to 1 July (UTC), the European leagues' calendar, so a
 * match of last season never counts in this one.
 */
export function getSeasonRange(nowMs: number): { startMs: number; endMs: number } {
  const now = new Date(nowMs);
  const year = now.getUTCMonth() >= 6 ? now.getUTCFullYear() : now.getUTCFullYear() - 1;
  return { startMs: Date.UTC(year, 6, 1), endMs: Date.UTC(year + 1, 6, 1) };
}

/** Whether a match has a final result that counts in the table. */
export function isFinishedMatch(match: SeasonMatch): boolean {
  return match.status === 'finished' && match.homeScore !== null && match.awayScore !== null;
}

/** W, D or L for the club in a finished match it played. */
export function scoreOutcome(match: SeasonMatch, teamId: number): Outcome {
  const scored = (match.homeId === teamId ? match.homeScore : match.awayScore) ?? 0;
  const conceded = (match.homeId === teamId ? match.awayScore : match.homeScore) ?? 0;
  if (scored > conceded) return 'W';
  return scored === conceded ? 'D' : 'L';
}

/** Points, goal difference, goals for, then name: the order computeStandings gives. */
function compareStandings(a: TableStanding, b: TableStanding): number {
  return (
    b.points - a.points ||
    b.goalsFor - b.goalsAgainst - (a.goalsFor - a.goalsAgainst) ||
    b.goalsFor - a.goalsFor ||
    a.name.localeCompare(b.name, 'en')
  );
}

/** Takes one finished match back out of the table; false when the table never held it. */
function undoResult(rows: Map<number, TableStanding>, match: SeasonMatch): boolean {
  const home = rows.get(match.homeId);
  const away = rows.get(match.awayId);
  if (home === undefined || away === undefined) return false;
  for (const [row, scored, conceded] of [
    [home, match.homeScore ?? 0, match.awayScore ?? 0],
    [away, match.awayScore ?? 0, match.homeScore ?? 0],
  ] as const) {
    const outcome = scored > conceded ? 'wins' : scored === conceded ? 'draws' : 'losses';
    if (row[outcome] === 0 || row.goalsFor < scored || row.goalsAgainst < conceded) return false;
    row[outcome] -= 1;
    row.points -= outcome === 'wins' ? 3 : outcome === 'draws' ? 1 : 0;
    row.goalsFor -= scored;
    row.goalsAgainst -= conceded;
  }
  return true;
}

export type PositionPoint = { matchday: number; pos: number };

/**
 * The club's league position after each of its matchdays, oldest first, walked back from
 * today's table by taking out the stored finished results one kick-off at a time: exact for
 * the stretch the stored matches cover (a table that never held a result stops the walk), and
 * today's position alone when no match is stored. Empty when the club is not in the table.
 */
export function tracePositions(
  table: readonly TableStanding[],
  matches: readonly SeasonMatch[],
  teamId: number,
): PositionPoint[] {
  const rows = new Map(table.map((row) => [row.teamId, { ...row }]));
  const club = rows.get(teamId);
  if (club === undefined) return [];
  const pointAt = (): PositionPoint => ({
    matchday: club.wins + club.draws + club.losses,
    pos: [...rows.values()].sort(compareStandings).findIndex((r) => r.teamId === teamId) + 1,
  });
  const points = [pointAt()];
  const finished = matches.filter(isFinishedMatch).sort((a, b) => b.kickoffMs - a.kickoffMs);
  for (const match of finished) {
    if (!undoResult(rows, match)) break;
    // Without the club's match k+1 and everything after it: where it stood after matchday k.
    if (match.homeId === teamId || match.awayId === teamId) points.push(pointAt());
  }
  const byMatchday = new Map<number, PositionPoint>();
  for (const point of points) {
    if (!byMatchday.has(point.matchday)) byMatchday.set(point.matchday, point);
  }
  return [...byMatchday.values()].filter((p) => p.matchday > 0).reverse();
}
