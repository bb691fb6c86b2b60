import { createHash } from 'node:crypto';

import type { MatchFacts } from '../../domain/match-facts.ts';
import type { MarketKey, OddsEvent } from '../../domain/odds.ts';
import { getZonedDayRange } from '../../domain/time-zone.ts';
import type { Db } from '../db/client.ts';
import { listLeagues } from '../db/leagues-queries.ts';
import { upsertMarkets } from '../db/markets-queries.ts';
import { replaceManyMatchEvents, replaceMatchEvents } from '../db/match-events-queries.ts';
import { writeMatchFacts } from '../db/match-facts-queries.ts';
import {
  deleteMatchesNotIn,
  findMatchesByExternalIds,
  findSameFixtures,
  renameMatch,
  upsertMatches,
  type MatchInput,
} from '../db/matches-queries.ts';
import { replacePlayerStats } from '../db/player-stats-queries.ts';
import { replaceStandings } from '../db/standings-queries.ts';
import { getTeamIdsByKey, upsertTeams } from '../db/teams-queries.ts';
import { replaceTransfers } from '../db/transfers-queries.ts';
import {
  QuotaDeferral,
  readListGaps,
  type DataKind,
  type FootballProvider,
  type ProviderMatch,
  type ProviderOdds,
  type ProviderTeam,
} from '../providers/provider.ts';

export type SyncDeps = {
  db: Db;
  provider: FootballProvider;
  now: Date;
  timeZone: string;
  /**
   * A digest of what was last written per league and kind: unchanged data is not written again.
   * A digest, not the rows' JSON: a league's transfers alone are hundreds of kilobytes.
   */
  written?: Map<string, string>;
};

/** A digest of rows, to tell whether they are as last written. */
const fingerprintOf = (rows: unknown) =>
  createHash('sha256').update(JSON.stringify(rows)).digest('base64');

/** Runs `write` unless the same rows were written last time under this key. */
async function writeIfChanged(
  written: Map<string, string> | undefined,
  key: string,
  rows: unknown,
  write: () => Promise<unknown>,
): Promise<void> {
  const fingerprint = fingerprintOf(rows);
  if (written?.get(key) === fingerprint) return;
  await write();
  written?.set(key, fingerprint);
}

async function getLeagueIds(db: Db): Promise<Map<string, number>> {
  return new Map((await listLeagues(db)).map((l) => [l.slug, l.id]));
}

/** The teams that come with a provider's data, written before the rows that refer to them. */
async function storeCarriedTeams(db: Db, teams: (ProviderTeam | undefined)[]): Promise<void> {
  const byKey = new Map<string, ProviderTeam>();
  for (const team of teams) if (team !== undefined) byKey.set(team.key, team);
  await upsertTeams(db, [...byKey.values()]);
}

/**
 * Writes matches and returns their row ids by external id. `authoritative`: the provider of
 * today's matches, whose state overwrites what is stored and whose ids replace those other
 * providers gave the same fixture; `fill-in` (odds): a fixture already stored is only looked
 * up and a new one inserted; `lookup`: only looked up, nothing inserted.
 */
async function storeMatches(
  db: Db,
  items: ProviderMatch[],
  now: Date,
  mode: 'authoritative' | 'fill-in' | 'lookup',
): Promise<Map<string, number>> {
  await storeCarriedTeams(
    db,
    items.flatMap((m) => [m.home, m.away]),
  );
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
  const known = new Map(
    (
      await findMatchesByExternalIds(
        db,
        rows.map((r) => r.externalId),
      )
    ).map((r) => [r.externalId, r.id]),
  );
  const unknown = rows.filter((r) => !known.has(r.externalId));
  const same = await findSameFixtures(db, unknown);
  const ids = new Map<string, number>();
  const inserts: MatchInput[] = [];
  for (const [index, row] of unknown.entries()) {
    const stored = same[index];
    if (stored === undefined || stored.externalId.startsWith(row.externalId.split(':')[0] + ':')) {
      inserts.push(row);
    } else if (mode === 'authoritative') {
      await renameMatch(db, stored.id, row.externalId);
      known.set(row.externalId, stored.id);
    } else {
      ids.set(row.externalId, stored.id);
    }
  }
  if (mode !== 'authoritative') {
    for (const row of rows) {
      const id = known.get(row.externalId);
      if (id !== undefined) ids.set(row.externalId, id);
    }
    if (mode === 'lookup') return ids;
    for (const [externalId, id] of await upsertMatches(db, inserts, now)) ids.set(externalId, id);
    return ids;
  }
  return upsertMatches(db, rows, now);
}

/**
 * The external ids of the day's stored matches the provider's list still vouches for, or null
 * when the list cannot tell what is gone: a list marked partial (an item it could not name), or
 * an empty list, which never replaces the stored day with nothing. Items the provider left out
 * for bad data are vouched for too: a broken item is not a cancelled match.
 */
function listKeptMatches(items: ProviderMatch[]): string[] | null {
  const gaps = readListGaps(items);
  if (gaps.partial || items.length === 0) return null;
  return [...items.map((m) => m.externalId), ...gaps.leftOut];
}

/**
 * Writes today's matches (in the site's time zone) as the provider reports them now, and
 * removes the day's stored matches of this provider that its whole list no longer contains.
 * A provider that cannot read its list whole throws, and nothing is written or removed.
 */
export async function runSyncMatches(deps: SyncDeps): Promise<ProviderMatch[]> {
  const { startMs, endMs } = getZonedDayRange(deps.now.getTime(), deps.timeZone);
  const [from, to] = [new Date(startMs), new Date(endMs)];
  const items = await deps.provider.listMatches(from, to, deps.now);
  const ids = await storeMatches(deps.db, items, deps.now, 'authoritative');
  await storeMatchEvents(deps, items, ids);
  const keep = listKeptMatches(items);
  if (keep !== null) {
    await deleteMatchesNotIn(deps.db, {
      idPrefix: deps.provider.matchIdPrefix ?? `${deps.provider.name}:`,
      from,
      to,
      keepExternalIds: keep,
    });
  }
  return items;
}

/**
 * Writes the goals of each match whose provider reports them (a match without an events list
 * keeps its stored ones), skipping matches whose goals are as last written.
 */
async function storeMatchEvents(
  deps: SyncDeps,
  items: ProviderMatch[],
  ids: Map<string, number>,
): Promise<void> {
  for (const item of items) {
    const matchId = ids.get(item.externalId);
    if (matchId === undefined) continue;
    const { events, facts } = item;
    if (events !== undefined) {
      await writeIfChanged(deps.written, `events:${matchId}`, events, () =>
        replaceMatchEvents(deps.db, matchId, events),
      );
    }
    if (facts !== undefined) {
      await writeIfChanged(deps.written, `facts:${matchId}`, facts, () =>
        writeMatchFacts(deps.db, new Map([[matchId, facts]])),
      );
    }
  }
}

/**
 * The stored ids of the odds' matches: upcoming ones are stored when new (fill-in); matches
 * under way are only looked up, so prices never bring back a finished day's matches.
 */
async function storeOddsMatches(
  db: Db,
  odds: ProviderOdds[],
  now: Date,
): Promise<Map<string, number>> {
  const isUpcoming = (o: ProviderOdds) => o.match.kickoff.getTime() > now.getTime();
  const ids = await storeMatches(
    db,
    odds.filter(isUpcoming).map((o) => o.match),
    now,
    'fill-in',
  );
  const started = odds.filter((o) => !isUpcoming(o)).map((o) => o.match);
  for (const [externalId, id] of await storeMatches(db, started, now, 'lookup')) {
    ids.set(externalId, id);
  }
  return ids;
}

/** The odds event restricted to one market's bookmakers, or null when none prices it. */
function pickMarket(event: OddsEvent, type: MarketKey): OddsEvent | null {
  const bookmakers = event.bookmakers
    .map((b) => ({ ...b, markets: b.markets.filter((m) => m.key === type) }))
    .filter((b) => b.markets.length > 0);
  return bookmakers.length === 0 ? null : { ...event, bookmakers };
}

/**
 * Stores every match of the season the provider holds (the replay): the results so far with
 * their goals, and the fixtures to come, so team pages, form and the position line have the
 * whole season. Returns how many matches it wrote; 0 for a provider without the season.
 */
export async function runSyncSeason(deps: SyncDeps): Promise<number> {
  if (deps.provider.listSeasonMatches === undefined) return 0;
  const items = await deps.provider.listSeasonMatches(deps.now);
  const ids = await storeMatches(deps.db, items, deps.now, 'authoritative');
  const events = new Map(
    items.flatMap((item) => {
      const id = ids.get(item.externalId);
      return id === undefined || item.events === undefined ? [] : [[id, item.events] as const];
    }),
  );
  await replaceManyMatchEvents(deps.db, events);
  // Facts only where they changed since this process last wrote them: a season's shots are
  // megabytes, and most of them stay as they were from one season sync to the next.
  const facts = new Map<number, MatchFacts>();
  for (const item of items) {
    const id = ids.get(item.externalId);
    if (id === undefined || item.facts === undefined) continue;
    const fingerprint = fingerprintOf(item.facts);
    if (deps.written?.get(`facts:${id}`) === fingerprint) continue;
    facts.set(id, item.facts);
    deps.written?.set(`facts:${id}`, fingerprint);
  }
  await writeMatchFacts(deps.db, facts);
  return ids.size;
}

export type SyncFailure = { kind: DataKind | 'teams'; league: string; error: unknown };
/** A kind the provider's own quota planning put off for a league: nothing failed. */
export type SyncDeferral = { kind: DataKind | 'teams'; league: string; deferral: QuotaDeferral };

/**
 * Writes each league's teams, table, top players, upcoming odds and transfers (or the given
 * kinds only). A kind that fails for one league is reported and leaves that league's stored
 * data as it was; the other kinds and leagues still sync. A kind the provider's quota planning
 * put off is reported apart, as deferred, and leaves the stored data as it was too. Empty
 * tables and player lists are not written over stored ones: an upstream that answers nothing
 * has not lost the table.
 */
export async function runSyncLeagueData(
  deps: SyncDeps & { kinds?: readonly DataKind[] },
): Promise<{ failures: SyncFailure[]; deferred: SyncDeferral[] }> {
  // The leagues the database was seeded with, in the site's order.
  const leagues = await listLeagues(deps.db);
  const { db, provider, now } = deps;
  const offered = new Set(
    provider.offers ?? ['matches', 'standings', 'players', 'odds', 'transfers'],
  );
  const wanted = (kind: DataKind) =>
    offered.has(kind) && (deps.kinds === undefined || deps.kinds.includes(kind));
  const failures: SyncFailure[] = [];
  const deferred: SyncDeferral[] = [];
  const attempt = async (kind: SyncFailure['kind'], league: string, work: () => Promise<void>) => {
    try {
      await work();
    } catch (error) {
      if (error instanceof QuotaDeferral) deferred.push({ kind, league, deferral: error });
      else failures.push({ kind, league, error });
    }
  };

  for (const league of leagues) {
    const leagueId = league.id;

    await attempt('teams', league.slug, async () => {
      const teams = await provider.listTeams(league.slug);
      await writeIfChanged(deps.written, `${league.slug}:teams`, teams, () =>
        upsertTeams(db, teams),
      );
    });

    if (wanted('standings')) {
      await attempt('standings', league.slug, async () => {
        const table = await provider.getStandings(league.slug, now);
        if (table.length === 0) return;
        await storeCarriedTeams(
          db,
          table.map((r) => r.team),
        );
        const teamIds = await getTeamIdsByKey(
          db,
          table.map((r) => r.teamKey),
        );
        const rows = table.flatMap(({ team: _team, ...row }) => {
          const teamId = teamIds.get(row.teamKey);
          return teamId === undefined ? [] : [{ ...row, teamId }];
        });
        await writeIfChanged(deps.written, `${league.slug}:standings`, rows, () =>
          replaceStandings(db, leagueId, rows, now),
        );
      });
    }

    if (wanted('players')) {
      await attempt('players', league.slug, async () => {
        const top = await provider.getTopPlayers(league.slug, now);
        if (top.goals.length === 0 && top.assists.length === 0) return;
        const players = [...top.goals, ...top.assists];
        await storeCarriedTeams(
          db,
          players.map((p) => p.team),
        );
        const teamIds = await getTeamIdsByKey(
          db,
          players.flatMap((p) => (p.teamKey === null ? [] : [p.teamKey])),
        );
        const rows = (['goals', 'assists'] as const).flatMap((kind) =>
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
        await writeIfChanged(deps.written, `${league.slug}:stats`, rows, () =>
          replacePlayerStats(db, leagueId, rows, now),
        );
      });
    }

    if (wanted('odds')) {
      await attempt('odds', league.slug, async () => {
        const odds = await provider.listOdds(league.slug, now);
        const matchIds = await storeOddsMatches(db, odds, now);
        await upsertMarkets(
          db,
          odds.flatMap(({ match, event, opening }) => {
            const matchId = matchIds.get(match.externalId);
            if (matchId === undefined) return [];
            return (['h2h', 'totals'] as const).flatMap((type) => {
              const data = pickMarket(event, type);
              if (data === null) return [];
              const first = opening === undefined ? null : pickMarket(opening, type);
              return [{ matchId, type, data, ...(first === null ? {} : { opening: first }) }];
            });
          }),
          now,
        );
      });
    }

    if (wanted('transfers')) {
      await attempt('transfers', league.slug, async () => {
        const moves = await provider.listTransfers(league.slug, now);
        await storeCarriedTeams(
          db,
          moves.map((t) => t.team),
        );
        const teamIds = await getTeamIdsByKey(
          db,
          moves.map((t) => t.teamKey),
        );
        const rows = moves.flatMap(({ team: _team, ...t }) => {
          const teamId = teamIds.get(t.teamKey);
          return teamId === undefined ? [] : [{ ...t, teamId }];
        });
        // A list short of some clubs replaces the moves of the clubs it names, no others.
        const onlyTeams = readListGaps(moves).partial
          ? [...new Set(rows.map((r) => r.teamId))]
          : undefined;
        await writeIfChanged(deps.written, `${league.slug}:transfers`, rows, () =>
          replaceTransfers(db, leagueId, rows, now, onlyTeams),
        );
      });
    }
  }
  return { failures, deferred };
}
