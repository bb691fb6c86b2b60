import { randomBytes } from 'node:crypto';

import pg from 'pg';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { TransferTeam } from '../../src/domain/transfers.ts';
import { DESKTOP, launchBrowser, login, PHONE } from '../helpers/browser.ts';
import { startServer, type RunningServer } from '../helpers/e2e-server.ts';
import { POSTGRES_ADMIN_URL } from '../helpers/global-db-setup.ts';

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
  [server, browser] = await Promise.all([startServer({ NOW }), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** The API's answer as the page sees it (same cookie), read from inside the page. */
function fetchTransfers(page: Page, league = 'all'): Promise<TransferTeam[]> {
  return page.evaluate(async (slug) => {
    const response = await fetch(`/api/transfers?league=${slug}`, { cache: 'no-store' });
    return ((await response.json()) as { transfers: TransferTeam[] }).transfers;
  }, league);
}

/** Calls `read` until it answers true, or fails after `timeoutMs` (expect.poll is for tests only). */
async function waitUntil(read: () => Promise<boolean>, what: string, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await read())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

const section = (page: Page) => page.getByRole('region', { name: 'Transfers' });
const cards = (page: Page) => section(page).getByRole('article');
const summary = (page: Page) => section(page).getByText(/^Showing \d+ team\(s\)/);

/** Opens each tab of a card and checks the count in its label against the rows shown. */
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
    page = await browser.newPage({ viewport: PHONE });
    await login(page, server.url);
    // The first news sync fetches the demo feeds a second after start: wait for its rumours.
    await page.goto(`${server.url}/transfers`);
    await waitUntil(
      async () => (await fetchTransfers(page)).some((t) => t.rumors.length > 0),
      'the first rumours',
    );
    await page.reload();
  });
  afterAll(async () => {
    await page?.close();
  });

  it('shows a card for every club with activity, in all leagues, without overflowing 390 px', async () => {
    await page.getByRole('heading', { level: 1, name: 'Transfer Rumours' }).waitFor();
    await page.getByText('Latest transfer news and rumors from top leagues').waitFor();
    const teams = (await fetchTransfers(page)).filter(
      (t) => t.arrivals.length + t.departures.length + t.rumors.length > 0,
    );
    await expect
      .poll(() => summary(page).innerText())
      .toBe(`Showing ${teams.length} team(s) with transfer activity`);
    expect(await cards(page).count()).toBe(teams.length);
    expect(new Set(teams.map((t) => t.league_alias))).toEqual(new Set(LEAGUES.map((l) => l.slug)));
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
  });

  it.each(LEAGUES)('filters by $name with its chip', async (league) => {
    await page
      .getByRole('group', { name: 'Filter by league' })
      .getByRole('button', {
        name: league.name,
        exact: true,
      })
      .click();
    await expect.poll(() => summary(page).innerText()).toMatch(new RegExp(` in ${league.name}$`));
    expect(page.url()).toBe(`${server.url}/transfers?league=${league.slug}`);
    const expected = (await fetchTransfers(page, league.slug)).map((t) => t.name);
    expect(expected.length).toBeGreaterThan(0);
    expect(await summary(page).innerText()).toBe(
      `Showing ${expected.length} team(s) with transfer activity in ${league.name}`,
    );
    await expect
      .poll(() => cards(page).getByRole('heading', { level: 2 }).allInnerTexts())
      .toEqual(expected);
    // Each card's tabs count what their panels list.
    await checkTabs(cards(page).first());
  });

  it('counts in each tab what its panel lists, on every Premier League card', async () => {
    await page.goto(`${server.url}/transfers?league=premier-league`);
    await summary(page).waitFor();
    const teams = await fetchTransfers(page, 'premier-league');
    const total = await cards(page).count();
    expect(total).toBe(teams.length);
    for (let i = 0; i < total; i++) {
      const card = cards(page).nth(i);
      const team = teams[i] as TransferTeam;
      expect(await card.getByRole('heading').innerText()).toBe(team.name);
      expect(await checkTabs(card)).toEqual({
        In: team.arrivals.length,
        Out: team.departures.length,
        Rumors: team.rumors.length,
      });
    }
  });

  it('shows fees as €{amount}M, highest first, and links rumours to their source', async () => {
    await page.goto(`${server.url}/transfers?league=premier-league`);
    const teams = await fetchTransfers(page, 'premier-league');
    const withFees = teams.find((t) => t.arrivals.filter((p) => Number(p.valor) > 0).length > 1);
    expect(withFees).toBeDefined();
    const card = cards(page).filter({
      has: page.getByRole('heading', { name: withFees?.name, exact: true }),
    });
    await card.getByRole('tab', { name: /^In \d+$/ }).click();
    const fees = (await card.getByRole('tabpanel').getByRole('listitem').allInnerTexts())
      .map((row) => /€([\d.]+)M/.exec(row)?.[1])
      .filter((fee) => fee !== undefined)
      .map(Number);
    expect(fees.length).toBeGreaterThan(1);
    expect(fees).toEqual([...fees].sort((a, b) => b - a));

    const rumoured = teams.find((t) => t.rumors.length > 0) as TransferTeam;
    const rumourCard = cards(page).filter({
      has: page.getByRole('heading', { name: rumoured.name, exact: true }),
    });
    const rumoursTab = rumourCard.getByRole('tab', { name: /^Rumors \d+$/ });
    await rumoursTab.focus();
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowLeft');
    expect(await rumoursTab.getAttribute('aria-selected')).toBe('true');
    const links = rumourCard.getByRole('tabpanel').getByRole('link');
    expect(await links.count()).toBe(rumoured.rumors.length);
    const link = links.first();
    expect((await link.textContent())?.replace(' ↗', '')).toBe(rumoured.rumors[0]?.name);
    expect(await link.getAttribute('href')).toBe(rumoured.rumors[0]?.link);
    expect(await link.getAttribute('target')).toBe('_blank');
    expect(await link.getAttribute('rel')).toBe('noopener noreferrer nofollow');
    expect(
      await rumourCard.getByRole('tabpanel').getByRole('listitem').first().innerText(),
    ).toContain(rumoured.rumors[0]?.source ?? '');
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
    await admin(`CREATE DATABASE ${name}`);
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
