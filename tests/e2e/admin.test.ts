import { readFile } from 'node:fs/promises';

import { parse } from 'csv-parse/sync';
import type { Browser, Page, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { DESKTOP, getApiJson, launchBrowser, login } from '../helpers/browser.ts';
import { startServer, type RunningServer } from '../helpers/e2e-server.ts';

const NOW = '2026-11-21T15:30:00Z';
const ADMIN_PASSWORD = 's3cret-admin';
const LEAGUE_NAMES = ['Premier League', 'La Liga', 'Serie A', 'Bundesliga', 'Ligue 1'];
const LEAGUE_SLUGS = ['premier-league', 'la-liga', 'serie-a', 'bundesliga', 'ligue-1'];
/** expect.poll waits 1 s by default: too short for a page that is still loading. */
const WAIT = { timeout: 10_000 };

type SyncResponse = {
  success: boolean;
  total_new: number;
  total_processed: number;
  sources: { source: string; new_items: number; total_items: number; error: string | null }[];
};
type Sources = {
  sources: { name: string; item_count: number; error_count: number; last_error: string | null }[];
};

let server: RunningServer;
let guarded: RunningServer;
let browser: Browser;

beforeAll(async () => {
  // Two servers, started together: an open admin page, and one behind ADMIN_PASSWORD.
  [server, guarded, browser] = await Promise.all([
    startServer({ NOW }),
    startServer({ NOW, ADMIN_PASSWORD }),
    launchBrowser(),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await guarded?.stop();
});

const isSync = (response: Response) =>
  new URL(response.url()).pathname === '/api/news/sync' && response.request().method() === 'POST';

/**
 * Waits for the server's first scheduled sync (about a second after it listens) to have read
 * every demo feed and failed on the real ones (offline).
 */
async function waitForFirstSync(page: Page, base: string) {
  await expect
    .poll(
      async () => {
        const { sources } = await getApiJson<Sources>(page.request, `${base}/api/news/sources`);
        const demo = sources.filter((s) => s.name === 'Touchline');
        const real = sources.filter((s) => s.name !== 'Touchline');
        return (
          demo.length === 5 &&
          demo.every((s) => s.item_count > 0) &&
          real.length > 0 &&
          real.every((s) => s.error_count > 0 || s.item_count > 0)
        );
      },
      { timeout: 45_000, interval: 500 },
    )
    .toBe(true);
}

async function openAdmin(base: string): Promise<Page> {
  const context = await browser.newContext({ viewport: DESKTOP });
  const page = await context.newPage();
  await login(page, base);
  await waitForFirstSync(page, base);
  await page.goto(`${base}/admin`);
  await page.getByRole('heading', { level: 1, name: 'Admin Panel' }).waitFor();
  return page;
}

const getSyncCard = (page: Page) => page.getByRole('region', { name: 'News RSS Sync' });
const getSyncButton = (page: Page) => getSyncCard(page).getByRole('button');
const getOutcome = (page: Page) => getSyncCard(page).getByRole('status');

describe('the admin page', () => {
  it('shows the sync card and the feed sources with their items and errors', async () => {
    const page = await openAdmin(server.url);
    expect(await page.getByText('Manage news feeds and system operations').isVisible()).toBe(true);
    const card = getSyncCard(page);
    expect(await card.getByRole('heading', { name: 'News RSS Sync' }).isVisible()).toBe(true);
    expect(await card.innerText()).toMatch(/once every 5\s+minutes/);
    // No manual sync yet, but the scheduled one read every feed: that is the last sync.
    await expect
      .poll(() => card.getByTestId('last-sync').innerText(), WAIT)
      .toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{2}:\d{2}$/);
    expect(await getSyncButton(page).innerText()).toBe('Sync News Now');
    // No admin password on this server: no field for one.
    expect(await card.getByLabel('Admin password').count()).toBe(0);

    const sources = page.getByRole('region', { name: 'Feed sources' });
    const table = sources.getByRole('table');
    await table.waitFor();
    expect(await table.locator('thead th').allInnerTexts()).toEqual([
      'SOURCE',
      'LEAGUE',
      'LAST FETCH',
      'ITEMS',
      'ERRORS',
    ]);
    const rows = await table
      .locator('tbody tr')
      .evaluateAll((trs) =>
        trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => (td as HTMLElement).innerText)),
      );
    const demo = rows.filter(([name]) => name === 'Touchline');
    expect(demo.map((row) => row[1])).toEqual(LEAGUE_NAMES);
    for (const [, , fetched = '', items = '', errors = ''] of demo) {
      expect(fetched).toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{2}:\d{2}$/);
      expect(Number(items)).toBeGreaterThan(0);
      expect(errors).toBe('0');
    }
    // Offline, the real feeds fail one by one, each with its own error under its count.
    const failed = rows.filter(
      ([name, , , , errors = '']) => name !== 'Touchline' && errors !== '0',
    );
    expect(failed.length, JSON.stringify(rows)).toBeGreaterThan(0);
    for (const [, , , items, errors = ''] of failed) {
      expect(items).toBe('0');
      expect(errors).toMatch(/^\d+\n+rss: .+/);
    }
    await page.context().close();
  });

  it('syncs on demand, shows the result per source, then refuses a second sync with 429', async () => {
    const page = await openAdmin(server.url);
    const button = getSyncButton(page);
    const outcome = getOutcome(page);

    // The sync takes a fraction of a second offline: hold the request until the button has been
    // seen busy.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/news/sync', async (route) => {
      await held;
      await route.continue();
    });
    const answered = page.waitForResponse(isSync);
    await button.click();
    await expect.poll(() => button.innerText(), WAIT).toBe('Syncing...');
    expect(await button.isDisabled()).toBe(true);
    release();
    const response = await answered;
    await page.unroute('**/api/news/sync');
    expect(response.status()).toBe(200);
    const result = (await response.json()) as SyncResponse;

    await outcome.getByText('Sync completed successfully!').waitFor();
    expect(await button.innerText()).toBe('Sync News Now');
    expect(await button.isEnabled()).toBe(true);
    const text = await outcome.innerText();
    expect(text).toContain(`New articles: ${result.total_new}`);
    expect(text).toContain(`Total processed: ${result.total_processed}`);
    const lines = outcome.getByRole('list', { name: 'Sources synced' }).getByRole('listitem');
    const shown = await lines.allInnerTexts();
    expect(shown).toHaveLength(result.sources.length);
    result.sources.forEach((source, i) => {
      expect(shown[i]).toContain(
        `${source.source}: ${source.new_items} new of ${source.total_items}`,
      );
      if (source.error !== null) expect(shown[i]).toContain(`Error: ${source.error}`);
    });
    // Every demo feed is read without error; the real ones fail offline.
    expect(
      shown.filter((line) => line.startsWith('Touchline (') && !line.includes('Error:')),
    ).toHaveLength(5);
    expect(shown.some((line) => line.includes('Error: rss: '))).toBe(true);
    // The last sync time is now shown.
    await expect
      .poll(() => getSyncCard(page).getByTestId('last-sync').innerText(), WAIT)
      .toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{2}:\d{2}$/);

    // Within 5 minutes of the last one, the server refuses and says why.
    const [refused] = await Promise.all([page.waitForResponse(isSync), button.click()]);
    expect(refused.status()).toBe(429);
    expect(Number(refused.headers()['retry-after'])).toBeGreaterThan(0);
    const { error } = (await refused.json()) as { error: string };
    expect(error).toBe('News sync is limited to once every 5 minutes');
    await outcome.getByText(error).waitFor();
    expect(await outcome.getByText('Sync completed successfully!').count()).toBe(0);
    expect(await button.isEnabled()).toBe(true);
    await page.context().close();
  });
});

describe('the admin page with ADMIN_PASSWORD set', () => {
  it('refuses a sync without the admin password and runs one with it', async () => {
    const page = await openAdmin(guarded.url);
    const card = getSyncCard(page);
    const field = card.getByLabel('Admin password');
    await field.waitFor();
    expect(await field.getAttribute('type')).toBe('password');
    const button = getSyncButton(page);
    const outcome = getOutcome(page);

    const [refused] = await Promise.all([page.waitForResponse(isSync), button.click()]);
    expect(refused.status()).toBe(403);
    expect(refused.request().headers()['x-admin-password']).toBeUndefined();
    await outcome.getByText('Admin password required').waitFor();

    await field.fill('wrong-password');
    const [wrong] = await Promise.all([page.waitForResponse(isSync), button.click()]);
    expect(wrong.status()).toBe(403);
    await outcome.getByText('Admin password required').waitFor();

    // A refused request does not count against the 5-minute limit.
    await field.fill(ADMIN_PASSWORD);
    const [accepted] = await Promise.all([page.waitForResponse(isSync), button.click()]);
    expect(accepted.status()).toBe(200);
    expect(accepted.request().headers()['x-admin-password']).toBe(ADMIN_PASSWORD);
    await outcome.getByText('Sync completed successfully!').waitFor();
    expect(await outcome.getByText('Admin password required').count()).toBe(0);
    await page.context().close();
  });
});

describe('the clicks report', () => {
  it("counts a scripted set of 'Bet now' clicks by day, bookmaker, league and page, with a CSV", async () => {
    const page = await openAdmin(server.url);
    // The home page's 'Bet now' links name their league and the page they are on.
    await page.goto(server.url);
    const bet = page.getByRole('link', { name: 'Bet now' }).first();
    await bet.waitFor();
    const href = new URL((await bet.getAttribute('href')) ?? '', server.url);
    expect(href.pathname).toMatch(/^\/go\/[a-z0-9_-]+$/);
    expect(href.searchParams.get('page')).toBe('home');
    expect(LEAGUE_SLUGS).toContain(href.searchParams.get('league'));

    const clicks = [
      href.pathname + href.search,
      '/go/bet365?event=s1&outcome=Home&league=premier-league&page=league',
      '/go/bet365?event=s2&outcome=Draw&league=serie-a&page=match',
      '/go/pinnacle?event=s3&outcome=Away&league=serie-a&page=match',
      '/go/williamhill?event=s4&league=la-liga&page=team',
    ];
    for (const click of clicks) {
      const answer = await page.request.get(`${server.url}${click}`, { maxRedirects: 0 });
      expect(answer.status()).toBe(302);
    }
    const bookmaker = href.pathname.slice('/go/'.length);

    await page.goto(`${server.url}/admin`);
    const card = page.getByRole('region', { name: 'Affiliate clicks' });
    // Clicks are stored beside the redirect: reload until every one is in.
    await expect
      .poll(
        async () => {
          await page.reload();
          return card.getByTestId('clicks-total').innerText({ timeout: 10_000 });
        },
        { timeout: 20_000, interval: 500 },
      )
      .toBe(String(clicks.length));

    const chart = card.getByRole('img', { name: /^Clicks per day\./ });
    expect(await chart.locator('rect').count()).toBe(30);
    // NOW pins the site's clock: every click is today's, the last bar.
    expect(await chart.locator('rect').last().getAttribute('data-clicks')).toBe(
      String(clicks.length),
    );
    const rows = async (name: string) =>
      card
        .getByRole('table', { name })
        .locator('tbody tr')
        .evaluateAll((trs) =>
          trs.map((tr) =>
            [...tr.querySelectorAll('th, td')].map((c) => (c as HTMLElement).innerText),
          ),
        );
    const bookmakers = await rows('Clicks by bookmaker');
    const expected = new Map<string, number>();
    for (const click of clicks) {
      const key = new URL(click, server.url).pathname.slice('/go/'.length);
      expected.set(key, (expected.get(key) ?? 0) + 1);
    }
    expect(bookmakers.reduce((n, row) => n + Number(row[1]), 0)).toBe(clicks.length);
    expect(bookmakers.length).toBe(expected.size);
    expect(await rows('Clicks by page')).toContainEqual(['Match pages', '2', '40%']);
    expect((await rows('Clicks by league')).map((row) => row[0])).toContain('Serie A');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      card.getByRole('button', { name: 'Download CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(
      /^affiliate-clicks-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/,
    );
    const csv = await readFile((await download.path()) ?? '', 'utf8');
    const records = parse(csv, { columns: true }) as Record<string, string>[];
    expect(records.reduce((n, r) => n + Number(r.clicks), 0)).toBe(clicks.length);
    const inCsv = new Map<string, number>();
    for (const r of records) {
      inCsv.set(r.bookmaker ?? '', (inCsv.get(r.bookmaker ?? '') ?? 0) + Number(r.clicks));
    }
    expect(inCsv).toEqual(expected);
    expect(inCsv.get(bookmaker)).toBeGreaterThan(0);
    await page.context().close();
  });

  it('asks for the admin password before showing the report when one is set', async () => {
    const page = await openAdmin(guarded.url);
    const card = page.getByRole('region', { name: 'Affiliate clicks' });
    const field = card.getByLabel('Admin password');
    await field.waitFor();
    expect(await card.getByTestId('clicks-chart').count()).toBe(0);
    await field.fill(ADMIN_PASSWORD);
    await card.getByRole('button', { name: 'Show report' }).click();
    await card.getByTestId('clicks-chart').waitFor();
    expect(await card.getByTestId('clicks-total').innerText()).toBe('0');
    await page.context().close();
  });
});
