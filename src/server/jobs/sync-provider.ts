import { LEAGUES } from '../../domain/league.ts';
import { getZonedDayRange } from '../../domain/time-zone.ts';
import type { Db } from '../db/client.ts';
import { listLeagues } from '../db/leagues-queries.ts';
import { upsertMarkets } from '../db/markets-queries.ts';
import { deleteMatchesNotIn, upsertMatches, type MatchInput } from '../db/matches-queries.ts';
import { replacePlayerStats } from '../db/player-stats-queries.ts';
import { replaceStandings } from '../db/standings-queries.ts';
import { getTeamIdsByKey, upsertTeams } from '../db/teams-queries.ts';
import { replaceTransfers } from '../db/transfers-queries.ts';
import type { FootballProvider, ProviderMatch } from '../providers/provider.ts';

export type SyncDeps = {
  db: Db;
  provider: FootballProvider;
  now: Date;
  timeZone: string;
  /** What was last written per league and kind: unchanged data is not written again. */
  written?: Map<string, string>;
};

/** Runs `write` unless the same rows were written last time under this key. */
async function writeIfChanged(
  written: Map<string, string> | undefined,
  key: string,
  rows: unknown,
  write: () => Promise<unknown>,
): Promise<void> {
  const fingerprint = JSON.stringify(rows);
  if (written?.get(key) === fingerprint) return;
  await write();
  written?.set(key, fingerprint);
}

async function getLeagueIds(db: Db): Promise<Map<string, number>> {
  return new Map((await listLeagues(db)).map((l) => [l.slug, l.id]));
}

async function storeMatches(
  db: Db,
  items: ProviderMatch[],
  now: Date,
): Promise<Map<string, number>> {
  const leagueIds = await getLeagueIds(db);
  const teamIds = await getTeamIdsByKey(
    db,
    items.flatMap((m) => [m.homeKey, m.awayKey]),
  );
  const rows: MatchInput[] = [];
  for (const m of items) {
    const leagueId = leagueIds.get(m.leagueSlug);
    const homeTeamId = teamIds.get(m.homeKey);
    const awayTeamId = teamIds.get(m.awayKey);
    if (leagueId === undefined || homeTeamId === undefined || awayTeamId === undefined) continue;
    rows.push({
      externalId: m.externalId,
      leagueId,
      homeTeamId,
      awayTeamId,
      kickoffUtc: m.kickoff,
      status: m.phase,
      minute: m.minute,
      homeScore: m.homeScore,
      awayScore: m.awayScore,
      htHomeScore: m.htHomeScore,
      htAwayScore: m.htAwayScore,
    });
  }
  return upsertMatches(db, rows, now);
}

/** Writes today's matches (in the site's time zone) as the provider reports them now. */
export async function runSyncMatches(deps: SyncDeps): Promise<ProviderMatch[]> {
  const { startMs, endMs } = getZonedDayRange(deps.now.getTime(), deps.timeZone);
  const [from, to] = [new Date(startMs), new Date(endMs)];
  const items = await deps.provider.listMatches(from, to, deps.now);
  await storeMatches(deps.db, items, deps.now);
  await deleteMatchesNotIn(deps.db, {
    idPrefix: `${deps.provider.name}:`,
    from,
    to,
    keepExternalIds: items.map((m) => m.externalId),
  });
  return items;
}

/** Writes each league's teams, table, top players, upcoming odds and transfers. */
export async function runSyncLeagueData(deps: SyncDeps): Promise<void> {
  const leagueIds = await getLeagueIds(deps.db);
  for (const league of LEAGUES) {
    const leagueId = leagueIds.get(league.slug);
    if (leagueId === undefined) continue;
    const { db, provider, now } = deps;

    const teams = await provider.listTeams(league.slug);
    await writeIfChanged(deps.written, `${league.slug}:teams`, teams, () => upsertTeams(db, teams));

    const table = await provider.getStandings(league.slug, now);
    const top = await provider.getTopPlayers(league.slug, now);
    const odds = await provider.listOdds(league.slug, now);
    const moves = await provider.listTransfers(league.slug, now);
    const teamIds = await getTeamIdsByKey(db, [
      ...table.map((r) => r.teamKey),
      ...[...top.goals, ...top.assists].flatMap((p) => (p.teamKey === null ? [] : [p.teamKey])),
      ...moves.map((t) => t.teamKey),
    ]);

    const standingRows = table.flatMap((row) => {
      const teamId = teamIds.get(row.teamKey);
      return teamId === undefined ? [] : [{ ...row, teamId }];
    });
    await writeIfChanged(deps.written, `${league.slug}:standings`, standingRows, () =>
      replaceStandings(db, leagueId, standingRows, now),
    );
    const statRows = (['goals', 'assists'] as const).flatMap((kind) =>
      top[kind].map((p, index) => ({
        kind,
        rank: index + 1,
        playerId: p.playerId,
        nick: p.nick,
        imageUrl: p.imageUrl,
        flag: p.flag,
        teamId: p.teamKey === null ? null : (teamIds.get(p.teamKey) ?? null),
        total: p.total,
      })),
    );
    await writeIfChanged(deps.written, `${league.slug}:stats`, statRows, () =>
      replacePlayerStats(db, leagueId, statRows, now),
    );

    const matchIds = await storeMatches(
      db,
      odds.map((o) => o.match),
      now,
    );
    await upsertMarkets(
      db,
      odds.flatMap(({ match, event }) => {
        const matchId = matchIds.get(match.externalId);
        if (matchId === undefined) return [];
        return (['h2h', 'totals'] as const).flatMap((type) => {
          const bookmakers = event.bookmakers
            .map((b) => ({ ...b, markets: b.markets.filter((m) => m.key === type) }))
            .filter((b) => b.markets.length > 0);
          return bookmakers.length === 0 ? [] : [{ matchId, type, data: { ...event, bookmakers } }];
        });
      }),
      now,
    );

    const transferRows = moves.flatMap((t) => {
      const teamId = teamIds.get(t.teamKey);
      return teamId === undefined ? [] : [{ ...t, teamId }];
    });
    await writeIfChanged(deps.written, `${league.slug}:transfers`, transferRows, () =>
      replaceTransfers(db, leagueId, transferRows, now),
    );
  }
}
