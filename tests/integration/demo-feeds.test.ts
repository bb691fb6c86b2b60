import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Db } from '../../src/server/db/client.ts';
import { replaceFeedSources } from '../../src/server/db/feed-sources-queries.ts';
import { findMatchesByExternalIds } from '../../src/server/db/matches-queries.ts';
import { savePredictionVersions } from '../../src/server/db/predictions-queries.ts';
import { historyTransfers, newsArticles, teams } from '../../src/server/db/schema.ts';
import { runIngestRss, type FetchFeed } from '../../src/server/jobs/ingest-rss.ts';
import { runSyncLeagueData, runSyncMatches } from '../../src/server/jobs/sync-provider.ts';
import { parseFeed } from '../../src/server/providers/rss/parse.ts';
import { renderDemoFeed } from '../../src/server/services/demo-newsroom/feed.ts';
import {
  renderRssDocument,
  type RssItem,
} from '../../src/server/services/demo-newsroom/rss-document.ts';
import { createLeagueDirectory } from '../../src/server/services/leagues.ts';
import {
  createFakeProvider,
  createProviderMatch,
  createProviderOdds,
} from '../helpers/fake-provider.ts';
import { createTestApp, loginCookie, type TestApp } from '../helpers/test-app.ts';

// The test app's clock: Saturday 21 November 2026, 17:30 in Johannesburg.
const NOW = new Date('2026-11-21T15:30:00Z');

const team = (key: string, name: string) => ({
  key,
  leagueSlug: 'premier-league',
  name,
  shortName: name.slice(0, 3).toUpperCase(),
  logoUrl: null,
});
const finished = createProviderMatch({
  id: 'ars-bha',
  leagueSlug: 'premier-league',
  homeKey: 'arsenal',
  awayKey: 'brighton',
  kickoff: new Date('2026-11-21T12:30:00Z'),
  phase: 'finished',
  homeScore: 1,
  awayScore: 3,
  htHomeScore: 1,
  htAwayScore: 0,
});
const upcoming = createProviderMatch({
  id: 'liv-eve',
  leagueSlug: 'premier-league',
  homeKey: 'liverpool',
  awayKey: 'everton',
  kickoff: new Date('2026-11-22T16:30:00Z'),
});
const provider = createFakeProvider({
  teams: [
    team('arsenal', 'Arsenal'),
    team('brighton', 'Brighton & "Hove" <Albion>'),
    team('liverpool', 'Liverpool'),
    team('everton', 'Everton'),
  ],
  matches: [finished],
  standings: {
    'premier-league': [
      {
        teamKey: 'brighton',
        pos: 1,
        wins: 9,
        draws: 1,
        losses: 2,
        goalsFor: 25,
        goalsAgainst: 10,
        points: 28,
      },
      {
        teamKey: 'liverpool',
        pos: 2,
        wins: 8,
        draws: 1,
        losses: 3,
        goalsFor: 22,
        goalsAgainst: 12,
        points: 25,
      },
      {
        teamKey: 'arsenal',
        pos: 3,
        wins: 7,
        draws: 3,
        losses: 2,
        goalsFor: 20,
        goalsAgainst: 11,
        points: 24,
      },
      {
        teamKey: 'everton',
        pos: 4,
        wins: 0,
        draws: 1,
        losses: 11,
        goalsFor: 5,
        goalsAgainst: 30,
        points: 1,
      },
    ],
  },
  odds: [
    createProviderOdds(upcoming, { home: 'Liverpool', away: 'Everton' }, { h2h: [1.5, 4.5, 7] }),
  ],
});

/**
 * The news ingestion as main.ts runs it on the demo feeds: rendered in-process, with a fetch that
 * records every call it gets (and fails them: nothing is meant to be fetched).
 */
function createDemoIngestion(db: Db) {
  const fetchCalls: string[] = [];
  const fetch: FetchFeed = (url) => {
    fetchCalls.push(url);
    return Promise.reject(new Error(`rss: unexpected fetch of ${url}`));
  };
  const demoFeeds = {
    db,
    leagues: createLeagueDirectory(db),
    now: () => NOW,
    timeZone: 'Africa/Johannesburg',
    brandName: 'Touchline',
  };
  const ingest = () =>
    runIngestRss({
      db,
      now: () => NOW,
      fetch,
      readSiteFeed: (path) => renderDemoFeed(demoFeeds, path),
      sources: 'all',
    });
  return { fetchCalls, ingest };
}

let t: TestApp;
let cookie: string;
beforeAll(async () => {
  t = await createTestApp({ meta: { brandName: 'Touchline', creditLine: '', replayLabel: '' } });
  const sync = { db: t.database.db, provider, now: NOW, timeZone: 'Africa/Johannesburg' };
  await runSyncLeagueData(sync);
  await runSyncMatches(sync);
  const [stored] = await findMatchesByExternalIds(t.database.db, [upcoming.externalId]);
  await savePredictionVersions(
    t.database.db,
    [
      {
        matchId: stored?.id ?? 0,
        modelName: 'Elo',
        market: 'result',
        pick: 'Liverpool to win',
        confidencePct: 71,
        rationale: '',
        probabilities: {},
      },
    ],
    NOW,
  );
  cookie = await loginCookie(t.app);
});
afterAll(async () => {
  await t.close();
});

const get = (url: string) => t.app.inject({ url, headers: { cookie } });

describe('GET /feeds/:league.xml', () => {
  it('is behind the gate', async () => {
    const response = await t.app.inject({ url: '/feeds/premier-league.xml' });
    expect(response.statusCode).toBe(401);
    expect(response.body).not.toContain('<rss');
  });

  it('serves the league’s reports and previews as RSS to the session cookie', async () => {
    const response = await get('/feeds/premier-league.xml');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/rss+xml; charset=utf-8');
    const feed = parseFeed(response.body);
    expect(feed.title).toBe('Touchline: Premier League news');
    // Titles are plain text: a `<` that would open a tag is kept as ‹, as in summaries.
    expect(feed.items.map((i) => i.title)).toEqual([
      'Brighton & "Hove" ‹Albion> come from behind to beat Arsenal 3-1',
      'Brighton & "Hove" ‹Albion> lead the Premier League by 3 points',
      'Liverpool v Everton: Liverpool strong favourites',
    ]);
    const [report, , preview] = feed.items;
    expect(report?.summary).toContain(
      'Brighton & "Hove" ‹Albion> won 3-1 away at Arsenal in the Premier League on Saturday.',
    );
    // The report's page is its match's: /match/<stored id>.
    expect(report?.link).toMatch(/^http:\/\/localhost(:\d+)?\/match\/\d+$/);
    expect(report?.guid).toBe(`touchline:report:${finished.externalId}`);
    expect(report?.publishedAt).toEqual(new Date('2026-11-21T14:25:00Z'));
    expect(preview?.summary).toBe(
      'Liverpool host Everton in the Premier League on Sunday 22 November, kick-off 18:30 (GMT+2). ' +
        'Best prices: Liverpool 1.50 (Bet365), the draw 4.50 (Bet365), Everton 7.00 (Bet365). ' +
        "Touchline's Elo model picks Liverpool to win with 71% confidence. " +
        'Liverpool are 2nd in the table on 25 points, Everton 4th on 1 point.',
    );
  });

  it('answers 304 to a reader holding the same version', async () => {
    const first = await get('/feeds/premier-league.xml');
    expect(first.headers['cache-control']).toBe('private, max-age=60');
    const etag = String(first.headers.etag);
    const again = await t.app.inject({
      url: '/feeds/premier-league.xml',
      headers: { 'if-none-match': etag, cookie },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('serves an empty feed for a league with no stories yet', async () => {
    const response = await get('/feeds/ligue-1.xml');
    expect(response.statusCode).toBe(200);
    expect(parseFeed(response.body).items).toEqual([]);
  });

  it.each(['/feeds/eredivisie.xml', '/feeds/premier-league', '/feeds/premier-league.json'])(
    'answers 404 for %s',
    async (url) => {
      const response = await get(url);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: 'Feed not found' });
    },
  );
});

describe('ingesting the demo feeds in-process', () => {
  it('stores their stories, filed under the league, without a single fetch', async () => {
    // The feed list's own spelling: a path on this site, kept as the source's url.
    await replaceFeedSources(
      t.database.db,
      [{ name: 'Touchline', url: '/feeds/premier-league.xml', leagueSlug: 'premier-league' }],
      NOW,
    );
    const { fetchCalls, ingest } = createDemoIngestion(t.database.db);

    const first = await ingest();
    expect(first).toEqual({
      success: true,
      total_new: 3,
      totalIngested: 3,
      total_processed: 3,
      sources: [{ source: 'Touchline', new_items: 3, total_items: 3, error: null }],
    });
    // The same document again is skipped as unchanged; nothing is added either way.
    const second = await ingest();
    expect(second).toMatchObject({ success: true, total_new: 0 });
    expect(fetchCalls).toEqual([]);

    const news = await t.app.inject({
      url: '/api/news?league=premier-league',
      headers: { cookie },
    });
    const items = news.json<{ items: { title: string; source: string; link: string }[] }>().items;
    expect(items).toHaveLength(3);
    expect(items.every((i) => i.source === 'Touchline')).toBe(true);
    // A path on this site: it opens wherever the fan reaches the site, proxy or not.
    expect(items[0]?.link).toMatch(/^\/match\/\d+$/);
    const sources = await t.app.inject({ url: '/api/news/sources', headers: { cookie } });
    expect(sources.json<{ sources: { url: string }[] }>().sources.map((s) => s.url)).toEqual([
      '/feeds/premier-league.xml',
    ]);
  });

  it('reports a path on this site that is no demo feed as that feed’s error', async () => {
    await replaceFeedSources(
      t.database.db,
      [{ name: 'Not a feed', url: '/api/news', leagueSlug: null }],
      NOW,
    );
    const { fetchCalls, ingest } = createDemoIngestion(t.database.db);
    const result = await ingest();
    expect(result.sources).toEqual([
      {
        source: 'Not a feed',
        new_items: 0,
        total_items: 0,
        error: 'rss: this site has no feed at /api/news',
      },
    ]);
    expect(fetchCalls).toEqual([]);
  });

  it('takes a path as a link from the demo feeds only: an outside feed’s is dropped', async () => {
    const before = await t.database.db.select().from(newsArticles);
    const outside: FetchFeed = () =>
      Promise.resolve({
        status: 200,
        body: renderRssDocument(channel, [item({ guid: 'x', link: '/league/serie-a?report=1' })]),
        etag: null,
        lastModified: null,
        finalUrl: 'https://wire.example/feed.xml',
      });
    await replaceFeedSources(
      t.database.db,
      [{ name: 'Wire', url: 'https://wire.example/feed.xml', leagueSlug: null }],
      NOW,
    );
    const result = await runIngestRss({
      db: t.database.db,
      now: () => NOW,
      fetch: outside,
      readSiteFeed: (path) => Promise.reject(new Error(`unexpected render of ${path}`)),
      sources: 'all',
    });
    expect(result.sources).toEqual([{ source: 'Wire', new_items: 0, total_items: 0, error: null }]);
    expect(await t.database.db.select().from(newsArticles)).toHaveLength(before.length);
  });
});

const channel = {
  title: 'Touchline: Premier League news',
  link: 'http://127.0.0.1:3000/league/premier-league',
  description: 'Match reports and previews',
  language: 'en-gb',
  selfUrl: 'http://127.0.0.1:3000/feeds/premier-league.xml',
  ttlMinutes: 15,
};

const item = (fields: Partial<RssItem> & Pick<RssItem, 'guid'>): RssItem => ({
  title: 'Arsenal 2-1 Chelsea',
  link: `http://127.0.0.1:3000/league/premier-league?report=${fields.guid}`,
  description: 'Arsenal beat Chelsea 2-1.',
  publishedAt: new Date('2026-11-21T14:55:00Z'),
  ...fields,
});

describe('renderRssDocument read back by parseFeed', () => {
  it('writes an RSS 2.0 document that the feed parser reads back', () => {
    const xml = renderRssDocument(channel, [
      item({ guid: 'touchline:report:1' }),
      item({
        guid: 'touchline:preview:2',
        title: `Brighton & Hove Albion v "Spurs" (Nottingham Forest's 'away day')`,
        description: `Kick-off 17:00 & "best" prices.`,
        publishedAt: new Date('2026-11-20T00:00:00Z'),
      }),
    ]);
    expect(xml.startsWith('<?xml version="1.0" encoding="utf-8"?>\n<rss version="2.0"')).toBe(true);
    const feed = parseFeed(xml);
    expect(feed.title).toBe(channel.title);
    expect(feed.items).toEqual([
      {
        guid: 'touchline:report:1',
        title: 'Arsenal 2-1 Chelsea',
        link: 'http://127.0.0.1:3000/league/premier-league?report=touchline:report:1',
        summary: 'Arsenal beat Chelsea 2-1.',
        imageUrl: null,
        publishedAt: new Date('2026-11-21T14:55:00Z'),
      },
      {
        guid: 'touchline:preview:2',
        title: `Brighton & Hove Albion v "Spurs" (Nottingham Forest's 'away day')`,
        link: 'http://127.0.0.1:3000/league/premier-league?report=touchline:preview:2',
        summary: `Kick-off 17:00 & "best" prices.`,
        imageUrl: null,
        publishedAt: new Date('2026-11-20T00:00:00Z'),
      },
    ]);
  });

  it('never lets text become markup', () => {
    const xml = renderRssDocument(channel, [
      item({
        guid: '<x>',
        title: '<script>alert(1)</script>',
        description: '<img src=x onerror=alert(1)>',
      }),
    ]);
    expect(xml).not.toMatch(/<(script|img)/);
    const [parsed] = parseFeed(xml).items;
    expect(parsed?.summary).not.toMatch(/<img/);
    expect(parsed?.guid).toBe('<x>');
  });

  it('writes a valid empty channel', () => {
    const xml = renderRssDocument(channel, []);
    expect(xml).not.toContain('lastBuildDate');
    expect(parseFeed(xml).items).toEqual([]);
  });

  it('keeps any description and any title without markup intact through a round trip', () => {
    const text = fc
      .string({ unit: 'grapheme', minLength: 1, maxLength: 60 })
      .filter((s) => s.trim() !== '');
    const words = (s: string) => s.replace(/\s+/g, ' ').trim();
    fc.assert(
      fc.property(
        text.filter((s) => !/[<>]/.test(s)),
        text.filter((s) => !s.includes('<')),
        (title, description) => {
          const xml = renderRssDocument(channel, [item({ guid: 'x', title, description })]);
          const [parsed] = parseFeed(xml).items;
          expect(parsed?.title).toBe(words(title));
          expect(parsed?.summary).toBe(words(description));
        },
      ),
      { numRuns: 200, seed: 21 },
    );
  });
});

describe('transfer rumours in the demo feeds', () => {
  let u: TestApp;
  const move = (teamKey: string, playerName: string) => ({
    teamKey,
    direction: 'in' as const,
    playerId: `tm-${playerName}`,
    playerName,
    imageUrl: null,
    flag: '',
    otherClub: 'Somewhere',
    type: 'transfer',
    valor: '10',
    window: 'Summer 2022',
  });
  const history = (
    line: number,
    fields: { div?: string; window?: string; club: string; player: string; direction?: string },
    otherClub: string,
    feeRaw: string,
    feeEurM: number | null,
  ) => ({
    line,
    div: fields.div ?? 'E0',
    season: '2022-2023',
    window: fields.window ?? 'Winter',
    club: fields.club,
    player: fields.player,
    otherClub,
    direction: fields.direction ?? 'in',
    feeRaw,
    feeEurM,
  });

  beforeAll(async () => {
    u = await createTestApp({ meta: { brandName: 'Touchline', creditLine: '', replayLabel: '' } });
    const db = u.database.db;
    await runSyncLeagueData({
      db,
      provider: createFakeProvider({
        teams: [
          team('chelsea', 'Chelsea'),
          team('liverpool', 'Liverpool'),
          team('everton', 'Everton'),
        ],
        // The site shows the summer window of 2022.
        transfers: { 'premier-league': [move('everton', 'Conor Coady')] },
      }),
      now: NOW,
      timeZone: 'Africa/Johannesburg',
    });
    for (const [key, transfermarkt] of [
      ['chelsea', 'Chelsea FC'],
      ['liverpool', 'Liverpool FC'],
      ['everton', 'Everton FC'],
    ] as const) {
      await db
        .update(teams)
        .set({ aliases: { results: key, understat: [], transfermarkt: [transfermarkt] } })
        .where(eq(teams.key, key));
    }
    await db.insert(historyTransfers).values([
      history(1, { club: 'Chelsea FC', player: 'Enzo Fernández' }, 'Benfica', '€121.00m', 121),
      history(2, { club: 'Liverpool FC', player: 'Cody Gakpo' }, 'PSV Eindhoven', '€42.00m', 42),
      history(
        3,
        { club: 'Chelsea FC', player: 'João Félix' },
        'Atlético Madrid',
        'loan transfer',
        null,
      ),
      // Not rumours: a loan ending, a departure, the window shown, another league, a club
      // the site does not know.
      history(
        4,
        { club: 'Everton FC', player: 'Ellis Simms' },
        'Sunderland',
        'End of loanJan 2, 2023',
        null,
      ),
      history(
        5,
        { club: 'Everton FC', player: 'Anthony Gordon', direction: 'out' },
        'Newcastle',
        '€45.60m',
        45.6,
      ),
      history(
        6,
        { club: 'Chelsea FC', player: 'Raheem Sterling', window: 'Summer' },
        'Man City',
        '€56.20m',
        56.2,
      ),
      history(
        7,
        { div: 'SP1', club: 'Chelsea FC', player: 'Memphis Depay' },
        'Barcelona',
        '€3.00m',
        3,
      ),
      history(8, { club: 'Leeds United', player: 'Georginio Rutter' }, 'Hoffenheim', '€28.00m', 28),
    ]);
  });
  afterAll(async () => {
    await u.close();
  });

  it('tells the next window’s real moves into the league’s clubs as rumours', async () => {
    const cookie = await loginCookie(u.app);
    const response = await u.app.inject({ url: '/feeds/premier-league.xml', headers: { cookie } });
    const rumours = parseFeed(response.body).items.filter((i) =>
      i.guid?.startsWith('touchline:rumour:'),
    );
    expect(rumours.map((i) => [i.guid, i.title])).toEqual([
      ['touchline:rumour:premier-league:1', 'Chelsea weigh bid for Enzo Fernández'],
      ['touchline:rumour:premier-league:2', 'Cody Gakpo linked with Liverpool move'],
      ['touchline:rumour:premier-league:3', 'Chelsea eye move for João Félix'],
    ]);
    expect(rumours[0]?.summary).toBe(
      "Chelsea are said to be interested in Benfica's Enzo Fernández ahead of the January window. The fee reported is around €121M.",
    );
    expect(rumours.every((i) => (i.publishedAt?.getTime() ?? Infinity) <= NOW.getTime())).toBe(
      true,
    );
    // A league that shows no window has no rumours.
    const laLiga = await u.app.inject({ url: '/feeds/la-liga.xml', headers: { cookie } });
    expect(parseFeed(laLiga.body).items).toEqual([]);
  });

  it('turns them into rumours on the transfers page once ingested', async () => {
    await replaceFeedSources(
      u.database.db,
      [{ name: 'Touchline', url: '/feeds/premier-league.xml', leagueSlug: 'premier-league' }],
      NOW,
    );
    const { fetchCalls, ingest } = createDemoIngestion(u.database.db);
    expect(await ingest()).toMatchObject({ success: true, total_new: 3 });
    expect(fetchCalls).toEqual([]);

    const cookie = await loginCookie(u.app);
    const response = await u.app.inject({ url: '/api/transfers', headers: { cookie } });
    const clubs = response.json<{
      transfers: { name: string; arrivals: unknown[]; rumors: { name: string; link: string }[] }[];
    }>().transfers;
    expect(clubs.map((c) => [c.name, c.arrivals.length, c.rumors.map((r) => r.name)])).toEqual([
      ['Chelsea', 0, ['Enzo Fernández', 'João Félix']],
      ['Everton', 1, []],
      ['Liverpool', 0, ['Cody Gakpo']],
    ]);
    // A rumour's page of its own, which shows it.
    expect(clubs[0]?.rumors[0]?.link).toBe('/news/rumour-premier-league-1');
  });
});
