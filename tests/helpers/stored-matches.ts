import type { Db } from '../../src/server/db/client.ts';
import { listLeagues } from '../../src/server/db/leagues-queries.ts';
import { upsertMarkets } from '../../src/server/db/markets-queries.ts';
import { upsertMatches } from '../../src/server/db/matches-queries.ts';
import { getTeamIdsByKey } from '../../src/server/db/teams-queries.ts';
import type { MatchPhase, ProviderMatch } from '../../src/server/providers/provider.ts';
import { createProviderOdds } from './fake-provider.ts';

/** A match to store: `id` is the external id, or the football-data.org id when it has no colon. */
export type StoredMatchInput = {
  id: string;
  /** League slug; default premier-league. */
  league?: string;
  /** Club keys; the clubs must be stored already. */
  home: string;
  away: string;
  kickoff: Date;
  phase?: MatchPhase;
  score?: [number, number] | null;
};

/** Stores matches as the sync writes them (at `kickoff` of the first), returning ids by external id. */
export async function storeMatches(
  db: Db,
  items: StoredMatchInput[],
): Promise<Map<string, number>> {
  const leagueIds = new Map((await listLeagues(db)).map((l) => [l.slug, l.id]));
  const teamIds = await getTeamIdsByKey(
    db,
    items.flatMap((m) => [m.home, m.away]),
  );
  return upsertMatches(
    db,
    items.map((m) => ({
      externalId: m.id.includes(':') ? m.id : `football-data:${m.id}`,
      leagueId: leagueIds.get(m.league ?? 'premier-league') as number,
      homeTeamId: teamIds.get(m.home) as number,
      awayTeamId: teamIds.get(m.away) as number,
      kickoffUtc: m.kickoff,
      status: m.phase ?? 'scheduled',
      minute: '',
      homeScore: m.score?.[0] ?? null,
      awayScore: m.score?.[1] ?? null,
      htHomeScore: null,
      htAwayScore: null,
    })),
    items[0]?.kickoff ?? new Date(0),
  );
}

/** Stores one bookmaker's prices for a stored match as the odds sync does, written at `at`. */
export async function storeOdds(
  db: Db,
  matchId: number,
  prices: { h2h: [number, number, number]; totals?: [number, number] },
  at: Date,
): Promise<void> {
  const match = { externalId: `odds-api:${matchId}`, kickoff: at } as ProviderMatch;
  const { event } = createProviderOdds(match, { home: 'Home', away: 'Away' }, prices);
  const only = (key: 'h2h' | 'totals') => ({
    ...event,
    bookmakers: event.bookmakers.map((b) => ({
      ...b,
      markets: b.markets.filter((m) => m.key === key),
    })),
  });
  const rows: Parameters<typeof upsertMarkets>[1] = [{ matchId, type: 'h2h', data: only('h2h') }];
  if (prices.totals !== undefined) rows.push({ matchId, type: 'totals', data: only('totals') });
  await upsertMarkets(db, rows, at);
}
