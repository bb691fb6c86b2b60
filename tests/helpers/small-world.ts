import type { OddsEvent } from '../../src/domain/odds.ts';
import type { Db } from '../../src/server/db/client.ts';
import { replaceFeedSources } from '../../src/server/db/feed-sources-queries.ts';
import { upsertMarkets } from '../../src/server/db/markets-queries.ts';
import { createNewsArticles } from '../../src/server/db/news-articles-queries.ts';
import { saveProviderStatus } from '../../src/server/db/provider-status-queries.ts';
import { matches, predictions } from '../../src/server/db/schema.ts';
import type { NewsSync } from '../../src/server/jobs/news-sync.ts';
import { runSyncLeagueData, runSyncMatches } from '../../src/server/jobs/sync-provider.ts';
import { createFakeProvider, createProviderMatch, createProviderOdds } from './fake-provider.ts';

/** The test app's clock (see createTestApp). */
const NOW = new Date('2026-11-21T15:30:00Z');

// A small world: two Serie A and two Premier League clubs, matches today, a table, top players,
// odds, a transfer, news, feeds, predictions and an upstream's status.
const team = (key: string, leagueSlug: string, name: string) => ({
  key,
  leagueSlug,
  name,
  shortName: name.slice(0, 3).toUpperCase(),
  logoUrl: `/img/crest/${key}.svg`,
});
const live = createProviderMatch({
  id: 'sa1',
  leagueSlug: 'serie-a',
  homeKey: 'inter',
  awayKey: 'napoli',
  kickoff: new Date('2026-11-21T14:30:00Z'),
  phase: 'live',
  minute: '62',
  homeScore: 0,
  awayScore: 1,
});
const tonight = createProviderMatch({
  id: 'pl2',
  leagueSlug: 'premier-league',
  homeKey: 'liverpool',
  awayKey: 'everton',
  kickoff: new Date('2026-11-21T19:00:00Z'),
});
const statEntry = (playerId: string, nick: string, teamKey: string, total: number) => ({
  playerId,
  nick,
  imageUrl: `/img/player/${playerId}.svg`,
  flag: 'it',
  teamKey,
  total,
});
const provider = createFakeProvider({
  teams: [
    team('inter', 'serie-a', 'Inter'),
    team('napoli', 'serie-a', 'Napoli'),
    team('liverpool', 'premier-league', 'Liverpool'),
    team('everton', 'premier-league', 'Everton'),
  ],
  matches: [live, tonight],
  standings: {
    'serie-a': [
      {
        teamKey: 'inter',
        pos: 1,
        wins: 8,
        draws: 2,
        losses: 1,
        goalsFor: 20,
        goalsAgainst: 8,
        points: 26,
      },
      {
        teamKey: 'napoli',
        pos: 2,
        wins: 7,
        draws: 3,
        losses: 1,
        goalsFor: 18,
        goalsAgainst: 9,
        points: 24,
      },
    ],
  },
  topPlayers: {
    'serie-a': {
      goals: [statEntry('p1', 'Lautaro', 'inter', 9)],
      assists: [statEntry('p2', 'Kvara', 'napoli', 5)],
    },
  },
  odds: [
    createProviderOdds(
      tonight,
      { home: 'Liverpool', away: 'Everton' },
      { h2h: [1.5, 4.2, 6.5], totals: [1.7, 2.15] },
    ),
  ],
  transfers: {
    'serie-a': [
      {
        teamKey: 'inter',
        direction: 'in',
        playerId: 't1',
        playerName: 'Piotr Zieliński',
        imageUrl: null,
        flag: 'pl',
        otherClub: 'Napoli',
        type: 'free',
        valor: '0',
        window: 'Summer',
      },
    ],
  },
});

/** A news sync that finds three new articles, then is limited for five minutes. */
export function createOnceNewsSync(): NewsSync {
  let syncs = 0;
  return {
    runDue: async () => null,
    runManual: async () =>
      syncs++ === 0
        ? {
            status: 'done',
            response: {
              success: true,
              total_new: 3,
              totalIngested: 3,
              total_processed: 12,
              sources: [{ source: 'BBC Sport', new_items: 3, total_items: 12, error: null }],
            },
          }
        : { status: 'limited', lastSyncAt: NOW, retryAfterS: 240 },
    getLastSyncAt: async () => NOW,
  };
}

/**
 * A small world on `db`: two Serie A and two Premier League clubs, a match live and one to come
 * today, a table, top players, odds, a transfer, a prediction, news, a feed and an upstream's
 * status: an example of every kind of answer.
 */
export async function seedSmallWorld(db: Db): Promise<void> {
  const deps = {
    db,
    provider,
    now: new Date('2026-11-21T15:29:30Z'),
    timeZone: 'Africa/Johannesburg',
  };
  await runSyncLeagueData(deps);
  await runSyncMatches(deps);
  const [match] = await db.select({ id: matches.id }).from(matches).limit(1);
  if (match === undefined) throw new Error('no match stored');
  await db.insert(predictions).values({
    matchId: match.id,
    modelName: 'Elo',
    pick: 'Inter to win',
    confidencePct: 64,
    rationale: null,
    probabilities: { home: 0.5, draw: 0.3, away: 0.2 },
    createdAt: NOW,
  });
  await createNewsArticles(
    db,
    [1, 2, 3].map((n) => ({
      title: `Story ${n}`,
      summary: n === 1 ? null : `Summary ${n}`,
      imageUrl: n === 2 ? `https://img.example.com/${n}.jpg` : null,
      sourceName: 'BBC Sport',
      publishedAt: new Date(NOW.getTime() - n * 3_600_000),
      link: `https://news.example.com/${n}`,
      dedupeKey: `https://news.example.com/${n}`,
      guid: null,
      leagueSlug: n === 3 ? null : 'serie-a',
    })),
    NOW,
  );
  await replaceFeedSources(
    db,
    [{ name: 'One', url: 'https://one.example.com/feed', leagueSlug: null }],
    NOW,
  );
  await saveProviderStatus(
    db,
    [
      {
        provider: 'football-data',
        callsToday: 4,
        day: '2026-11-21',
        requests: 5,
        retries: 1,
        failures: 1,
        lastSuccessAt: '2026-11-21T15:28:30.000Z',
        lastErrorAt: null,
        lastError: null,
        creditsLeft: null,
        creditsUsed: null,
        breaker: 'closed',
      },
    ],
    NOW,
  );
}

/**
 * Makes `keys` bookmakers the site's stored prices name (with no prices of their own), as an
 * odds sync does for a bookmaker off the list: seeds the small world first if no match is stored.
 */
export async function offerBookmakers(db: Db, keys: string[]): Promise<void> {
  let [match] = await db.select({ id: matches.id }).from(matches).limit(1);
  if (match === undefined) {
    await seedSmallWorld(db);
    [match] = await db.select({ id: matches.id }).from(matches).limit(1);
  }
  if (match === undefined) throw new Error('no match stored');
  const bookmakers = keys.map((key) => ({
    key,
    title: key,
    last_update: NOW.toISOString(),
    markets: [],
  }));
  const event = { id: `offered-${match.id}`, bookmakers } as unknown as OddsEvent;
  await upsertMarkets(db, [{ matchId: match.id, type: 'totals', data: event }], NOW);
}
