import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { DESKTOP, launchBrowser, login } from '../helpers/browser.ts';
import { startServer, type RunningServer } from '../helpers/e2e-server.ts';

// 2026-11-21 15:30 UTC replays Saturday 15 October 2022: the 15:00 matches are under way.
let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([
    startServer({ NOW: '2026-11-21T15:30:00Z' }),
    launchBrowser(),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** How far the page scrolls sideways beyond the window (0 when it does not). */
const sidewaysOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

describe('the match centre on a replayed Saturday', () => {
  it('opens from a live board row and tells the whole match', async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    await login(page, server.url);
    const board = page.locator('main');
    const liveRow = board
      .getByRole('listitem')
      .filter({ has: page.getByTestId('badge').getByText('LIVE', { exact: true }) })
      .first();
    const boardScore = (await liveRow.getByTestId('score').textContent())?.trim() ?? '';
    expect(boardScore).toMatch(/^\d+-\d+$/);
    await liveRow.getByTestId('score').click();
    await page.waitForURL(/\/match\/\d+-[a-z0-9-]+-v-[a-z0-9-]+$/);

    // The header shows the board's score, LIVE with its minute.
    const score = page.getByTestId('match-score');
    await score.waitFor();
    expect((await score.textContent())?.trim()).toBe(boardScore);
    expect(await page.getByTestId('match-status').textContent()).toMatch(/^LIVE \d+(\+\d+)?'$/);

    // The timeline's goals add up to the score, side by side.
    const [home, away] = boardScore.split('-').map(Number);
    const goals = page.getByRole('list', { name: 'Goals' });
    expect(await goals.locator('[data-goal="home"]').count()).toBe(home);
    expect(await goals.locator('[data-goal="away"]').count()).toBe(away);

    // At least three bookmakers, each with a payout.
    const rows = page.getByRole('region', { name: /Odds table/ }).locator('tbody tr');
    expect(await rows.count()).toBeGreaterThanOrEqual(3);
    for (const payout of await rows.locator('td:nth-last-child(2)').allTextContents()) {
      expect(payout).toMatch(/^\d{2,3}\.\d%$/);
    }

    // The market's bar and each model's.
    const bars = page.getByRole('img', { name: /: home \d+%, draw \d+%, away \d+%$/ });
    expect(await bars.count()).toBeGreaterThanOrEqual(3);
    await page.getByRole('img', { name: /^Market \(Shin's method\)/ }).waitFor();

    // Five league results for each club, and past meetings.
    const forms = page.getByRole('list', { name: / form$/ });
    expect(await forms.count()).toBe(2);
    for (const form of await forms.all()) expect(await form.getByRole('listitem').count()).toBe(5);
    const meetings = page.getByRole('list', { name: 'Past meetings' }).getByRole('listitem');
    expect(await meetings.count()).toBeGreaterThan(0);

    // Both clubs highlighted in today's table.
    await page.getByRole('heading', { name: 'Standing' }).waitFor();
    expect(await sidewaysOverflow(page)).toBe(0);
    await page.screenshot({ path: '/tmp/match-centre-1280.png', fullPage: true });

    // The home club's page, then a match from its fixtures, which draws its own header.
    const homeName = (await page.locator('header a[href^="/team/"]').first().textContent()) ?? '';
    await page.locator('header a[href^="/team/"]').first().click();
    await page.getByRole('heading', { level: 1, name: homeName.trim() }).waitFor();
    const fixture = page.getByRole('list', { name: 'Fixtures' }).getByRole('link').first();
    await fixture.click();
    await page.waitForURL(/\/match\/\d+/);
    await page.getByTestId('match-score').waitFor();
    await page.close();
  });

  it('fits a 360 px phone: only the odds table scrolls sideways, and says so', async () => {
    const page = await browser.newPage({ viewport: { width: 360, height: 780 } });
    await login(page, server.url);
    const link = page.getByTestId('score').first();
    await link.click();
    await page.getByTestId('match-score').waitFor();
    await page.getByRole('heading', { name: 'Standing' }).waitFor();
    expect(await sidewaysOverflow(page)).toBe(0);
    await page.getByText('Scroll sideways for every price').waitFor();
    await page.screenshot({ path: '/tmp/match-centre-360.png', fullPage: true });
    await page.close();
  });

  it('says "Match not found" for an id no match has', async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    await login(page, server.url);
    await page.goto(`${server.url}/match/987654`);
    await page.getByRole('heading', { name: 'Match not found' }).waitFor();
    await page.getByRole('link', { name: /home/i }).waitFor();
    await page.close();
  });
});
