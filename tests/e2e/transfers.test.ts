import { randomBytes } from 'node:crypto';

import pg from 'pg';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { TransferTeam } from '../../src/domain/transfers.ts';
import { DESKTOP, getApiJson, launchBrowser, login, PHONE } from '../helpers/browser.ts';
import { startServer, type RunningServer } from '../helpers/e2e-server.ts';
import { createPostgresHistoryDatabase, POSTGRES_ADMIN_URL } from '../helpers/global-db-setup.ts';
import { useSharedServer } from '../helpers/shared-server.ts';

const NOW = '2026-11-21T15:30:00Z';
const LEAGUES = [
  { slug: 'premier-league', name: 'Premier League' },
  { slug: 'la-liga', name: 'La Liga' },
  { slug: 'serie-a', name: 'Serie A' },
  { slug: 'bundesliga', name: 'Bundesliga' },
  { slug: 'ligue-1', name: 'Ligue 1' },
];

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  // Many page loads and polls from one address: the per-address rate limit is off.
  [server, browser] = await Promise.all([useSharedServer(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** The API's answer as the page sees it (same cookie), read from inside the page. */
/** The transfers the server of `page` (one of two here) answers for a league. */
async function fetchTransfers(page: Page, league = 'all'): Promise<TransferTeam[]> {
  const answer = await getApiJson<{ transfers: TransferTeam[] }>(
    page.request,
    `${new URL(page.url()).origin}/api/transfers?league=${league}`,
  );
  return answer.transfers;
}

/** Calls `read` until it answers true, or fails after `timeoutMs` (expect.poll is for tests only). */
async function waitUntil(read: () => Promise<boolean>, what: string, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await read())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

const NARROW = { width: 360, height: 800 };
/** Where the page remembers the league chosen last (src/web/routes/transfers.tsx). */
const LEAGUE_KEY = 'touchline:transfers-league';

const section = (page: Page) => page.getByRole('region', { name: 'Transfers' });
const cards = (page: Page) => section(page).getByRole('article');
const summary = (page: Page) => section(page).getByText(/^Showing \d+ team\(s\)/);
const chip = (page: Page, name: string) =>
  page.getByRole('group', { name: 'Filter by league' }).getByRole('button', { name, exact: true });
const cardOf = (page: Page, name: string) =>
  cards(page).filter({ has: page.getByRole('heading', { name, exact: true }) });

/** Opens a card's moves with its disclosure button, from the keyboard. */
async function openCard(card: Locator): Promise<void> {
  const toggle = card.getByRole('button', { expanded: false });
  await toggle.focus();
  await toggle.press('Enter');
  await card.getByRole('button', { expanded: true }).waitFor();
}

/** Opens each tab of an open card and checks the count in its label against the rows shown. */
async function checkTabs(card: Locator): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const label of ['In', 'Out', 'Rumors']) {
    const tab = card.getByRole('tab', { name: new RegExp(`^${label} \\d+$`) });
    await tab.click();
    expect(await tab.getAttribute('aria-selected')).toBe('true');
    const count = Number((await tab.innerText()).replace(/\D+/g, ''));
    const rows = await card.getByRole('tabpanel').getByRole('listitem').count();
    expect(rows, `${label} of ${await card.getByRole('heading').innerText()}`).toBe(count);
    counts[label] = count;
  }
  return counts;
}

describe('the transfers page', () => {
  let page: Page;
  beforeAll(async () => {
    page = await browser.newPage({ viewport: NARROW });
    await login(page, server.url);
    // The first news sync fetches the demo feeds a second after start: wait for its rumours.
    await page.goto(`${server.url}/transfers`);
    await waitUntil(
      async () => (await fetchTransfers(page)).some((t) => t.rumors.length > 0),
      'the first rumours',
    );
    await page.evaluate((key) => window.localStorage.removeItem(key), LEAGUE_KEY);
    await page.reload();
  });
  afterAll(async () => {
    await page?.close();
  });

  it('opens on the first league, a modest page at 360 px with no sideways scroll', async () => {
    await page.getByRole('heading', { level: 1, name: 'Transfer Rumours' }).waitFor();
    const first = LEAGUES[0] as (typeof LEAGUES)[number];
    const teams = await fetchTransfers(page, first.slug);
    await expect
      .poll(() => summary(page).innerText())
      .toBe(`Showing ${teams.length} team(s) with transfer activity in ${first.name}`);
    expect(await chip(page, first.name).getAttribute('aria-pressed')).toBe('true');
    expect(await cards(page).getByRole('heading', { level: 2 }).allInnerTexts()).toEqual(
      teams.map((t) => t.name),
    );
    // Every club collapsed to its counts: no list of moves until one is opened.
    expect(await section(page).getByRole('tabpanel').count()).toBe(0);
    const size = await page.evaluate(() => ({
      height: document.documentElement.scrollHeight,
      overflow: document.documentElement.scrollWidth - document.documentElement.clientWidth,
    }));
    expect(size.overflow).toBeLessThanOrEqual(0);
    // About 70 px a club: a league of 20 clubs with the frame stays under 3,000 px.
    expect(size.height).toBeLessThan(3000);
  });

  it('switches league with its chip, and opens on the league chosen last', async () => {
    for (const league of LEAGUES.slice(1)) {
      await chip(page, league.name).click();
      const teams = await fetchTransfers(page, league.slug);
      await expect
        .poll(() => summary(page).innerText())
        .toBe(`Showing ${teams.length} team(s) with transfer activity in ${league.name}`);
      expect(page.url()).toBe(`${server.url}/transfers?league=${league.slug}`);
      await expect
        .poll(() => cards(page).getByRole('heading', { level: 2 }).allInnerTexts())
        .toEqual(teams.map((t) => t.name));
    }
    await chip(page, 'Serie A').click();
    await summary(page).filter({ hasText: 'in Serie A' }).waitFor();
    await page.goto(`${server.url}/transfers`);
    await summary(page).filter({ hasText: 'in Serie A' }).waitFor();
    expect(await chip(page, 'Serie A').getAttribute('aria-pressed')).toBe('true');
  });

  it('finds a club of another league with the search box', async () => {
    await page.goto(`${server.url}/transfers?league=premier-league`);
    await summary(page).waitFor();
    const wanted = (await fetchTransfers(page, 'bundesliga'))[0] as TransferTeam;
    await page.getByRole('searchbox', { name: /find a club/i }).fill(wanted.name);
    await cardOf(page, wanted.name).waitFor();
    expect(await cards(page).getByRole('heading', { level: 2 }).allInnerTexts()).toContain(
      wanted.name,
    );
    expect(await cards(page).count()).toBeLessThan(5);
  });

  it('opens a club to its moves, counted in each tab, other clubs named as in the table', async () => {
    await page.goto(`${server.url}/transfers?league=premier-league`);
    await summary(page).waitFor();
    const teams = await fetchTransfers(page, 'premier-league');
    const tableNames = new Set(
      (
        await getApiJson<{ table: { team: string }[] }>(
          page.request,
          `${server.url}/api/leagues/premier-league/table`,
        )
      ).table.map((row) => row.team),
    );
    const team = teams.find((t) => t.arrivals.length > 1 && t.departures.length > 0);
    expect(team).toBeDefined();
    const card = cardOf(page, team?.name ?? '');
    await openCard(card);
    expect(await checkTabs(card)).toEqual({
      In: team?.arrivals.length,
      Out: team?.departures.length,
      Rumors: team?.rumors.length,
    });
    // A move between two Premier League clubs names the other club as the league table does.
    const others = [...(team?.arrivals ?? []), ...(team?.departures ?? [])].map((p) => p.team);
    for (const other of others) {
      expect(['Man City', 'Man Utd', 'Spurs', 'Nottm Forest', 'Sheff Utd']).not.toContain(other);
    }
    const moves = teams.flatMap((t) => [...t.arrivals, ...t.departures]);
    expect(moves.filter((m) => tableNames.has(m.team)).length).toBeGreaterThan(0);
    await card.getByRole('button', { expanded: true }).press('Enter');
    expect(await card.getByRole('tabpanel').count()).toBe(0);
  });

  it('tells a rumour as its news story does: the selling club and the fee', async () => {
    const all = await fetchTransfers(page);
    // Each league's latest stories hold its rumours (a few a day).
    const news: { title: string; summary: string; link: string }[] = [];
    for (const { slug } of LEAGUES) {
      const answer = await getApiJson<{ items: typeof news }>(
        page.request,
        `${server.url}/api/news?league=${slug}&page_size=50`,
      );
      news.push(...answer.items);
    }
    const own = all.flatMap((t) => t.rumors.filter((r) => r.source === 'Touchline'));
    expect(own.length).toBeGreaterThan(0);
    let checked = 0;
    for (const rumour of own) {
      const story = news.find((item) => item.link === rumour.link);
      if (story === undefined) continue;
      checked++;
      expect(rumour.team).not.toBe('Touchline');
      expect(story.summary).toMatch(
        rumour.team === 'Without Club' ? /without a club/ : `${rumour.team}'s ${rumour.name}`,
      );
      const fee = Number(rumour.valor);
      if (rumour.valor !== '' && fee > 0) {
        expect(story.summary).toContain(`€${String(Math.round(fee * 100) / 100)}M`);
      } else {
        expect(story.summary).not.toMatch(/The fee reported is/);
      }
    }
    expect(checked).toBeGreaterThan(0);
  });

  it('lays the cards out side by side at 1280 px', async () => {
    const wide = await browser.newPage({ viewport: DESKTOP });
    await login(wide, server.url);
    await wide.goto(`${server.url}/transfers`);
    await summary(wide).waitFor();
    const [first, second] = await Promise.all([
      cards(wide).nth(0).boundingBox(),
      cards(wide).nth(1).boundingBox(),
    ]);
    expect(second?.y).toBe(first?.y);
    await wide.close();
  });
});

/** Whether the local Postgres server answers. */
async function isPostgresUp(): Promise<boolean> {
  const client = new pg.Client({
    connectionString: POSTGRES_ADMIN_URL,
    connectionTimeoutMillis: 2000,
  });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

// PGlite lives inside the server process; on Postgres the test can take a league's activity away.
describe.skipIf(!(await isPostgresUp()))('a league without transfer activity (on Postgres)', () => {
  const name = `touchline_e2e_${randomBytes(6).toString('hex')}`;
  const url = POSTGRES_ADMIN_URL.replace(/\/test$/, `/${name}`);
  let pgServer: RunningServer | undefined;
  const admin = async (sql: string, params: unknown[] = [], database = POSTGRES_ADMIN_URL) => {
    const client = new pg.Client({ connectionString: database });
    await client.connect();
    try {
      return await client.query(sql, params);
    } finally {
      await client.end();
    }
  };

  beforeAll(async () => {
    await createPostgresHistoryDatabase(name);
    pgServer = await startServer({ NOW, DATABASE_URL: url });
  });
  afterAll(async () => {
    await pgServer?.stop();
    await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  });

  it('says "No Transfer Activity" for Ligue 1 once its transfers and rumours are gone', async () => {
    const base = pgServer?.url ?? '';
    let page = await browser.newPage({ viewport: PHONE });
    await login(page, base);
    await page.goto(`${base}/transfers?league=ligue-1`);
    // Wait for the first news sync to have read the Ligue 1 demo feed (and its rumours).
    await expect
      .poll(
        async () =>
          (
            await admin(
              `SELECT count(*)::int AS n FROM news_articles WHERE league_slug = 'ligue-1' AND guid LIKE 'touchline:rumour:%'`,
              [],
              url,
            )
          ).rows[0]?.n,
        { timeout: 30_000, interval: 500 },
      )
      .toBeGreaterThan(0);
    // The page opened before that; on a busy machine it may still be drawing its cards.
    await summary(page).waitFor({ timeout: 30_000 });

    await admin(
      `DELETE FROM transfers WHERE league_id = (SELECT id FROM leagues WHERE slug = 'ligue-1')`,
      [],
      url,
    );
    // Every article that could be read as a Ligue 1 rumour: the league's, and any filed nowhere.
    await admin(
      `DELETE FROM news_articles WHERE league_slug = 'ligue-1' OR league_slug IS NULL`,
      [],
      url,
    );
    // The server holds an answer for 2 s, and the browser may keep one for 15 s (max-age): wait
    // for the server, then look with a fresh browser context.
    await expect
      .poll(async () => (await fetchTransfers(page, 'ligue-1')).length, { timeout: 15_000 })
      .toBe(0);
    await page.close();
    const context = await browser.newContext({ viewport: PHONE });
    page = await context.newPage();
    await login(page, base);
    await page.goto(`${base}/transfers?league=ligue-1`);
    await page.getByRole('heading', { name: 'No Transfer Activity' }).waitFor();
    expect(await page.getByText('No transfer activity found for Ligue 1').isVisible()).toBe(true);
    expect(await cards(page).count()).toBe(0);

    // The other leagues are untouched; All leaves Ligue 1's clubs out.
    await page.getByRole('button', { name: 'All', exact: true }).click();
    await summary(page).waitFor();
    const all = await fetchTransfers(page);
    expect(all.length).toBeGreaterThan(0);
    expect(all.some((t) => t.league_alias === 'ligue-1')).toBe(false);
    expect(await cards(page).count()).toBe(all.length);
    await context.close();
  });
});
