import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  DESKTOP,
  fetchSessionCookie,
  getApiJson,
  launchBrowser,
  login,
  PHONE,
} from '../helpers/browser.ts';
import { type RunningServer } from '../helpers/e2e-server.ts';
import { useSharedServer } from '../helpers/shared-server.ts';

// 2026-11-21 15:30 UTC replays Saturday 15 October 2022: the 15:00 matches are under way.
let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([useSharedServer(), launchBrowser()]);
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

describe('a page opened from its address', () => {
  let signedIn: BrowserContext;
  beforeAll(async () => {
    signedIn = await browser.newContext({ viewport: PHONE });
    await signedIn.addCookies([await fetchSessionCookie(server.url)]);
  });
  afterAll(async () => {
    await signedIn?.close();
  });

  it('fetches what the server names beside it once each, the page using those answers', async () => {
    const page = await signedIn.newPage();
    const { matches } = await getApiJson<{ matches: { id: number }[] }>(
      page.request,
      `${server.url}/api/matches/today`,
    );
    // Without the live stream: a stream that opens refetches the board and the match once, to
    // close the gap since the page's first answers, which would be a second fetch of its own.
    await page.route(/\/api\/live$/, (route) => route.abort());
    const requested: string[] = [];
    page.on('request', (request) => requested.push(request.url().replace(server.url, '')));
    const warnings: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'warning' || message.type() === 'error') warnings.push(message.text());
    });
    for (const [address, drawn] of [
      [`/match/${String(matches[0]?.id)}`, page.getByTestId('match-score')],
      ['/league/serie-a', page.getByRole('table').first()],
      ['/news?league=la-liga', page.getByRole('article').first()],
    ] as const) {
      requested.length = 0;
      const response = await page.goto(`${server.url}${address}`);
      const hinted = [...(response?.headers().link ?? '').matchAll(/<([^>]+)>/g)].map((m) => m[1]);
      // The page's module and its answers, at least.
      expect(
        hinted.some((file) => file?.startsWith('/assets/')),
        address,
      ).toBe(true);
      expect(hinted.filter((file) => file?.startsWith('/api/')).length, address).toBeGreaterThan(1);
      await drawn.waitFor();
      // A hint the page did not take would be fetched a second time by the page itself.
      for (const file of hinted) {
        expect(
          requested.filter((url) => url === file),
          `${address}: ${String(file)}`,
        ).toHaveLength(1);
      }
    }
    // Chromium warns of a hint it fetched but the page never used.
    await page.waitForTimeout(3_500);
    expect(warnings.filter((text) => /preload/i.test(text))).toEqual([]);
    await page.close();
  });

  it("keeps the frame on screen while the page's own module is still loading", async () => {
    // A context of its own: the module must not be in the browser's cache already.
    const context = await browser.newContext({ viewport: PHONE });
    await context.addCookies(await signedIn.cookies());
    const page = await context.newPage();
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/match-[\w-]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    const opened = page.goto(`${server.url}/match/1`);
    // The script has run (the frame's links are the app's) while the page's module is held.
    await page.getByRole('navigation', { name: 'Leagues' }).waitFor();
    expect(await page.getByRole('banner').isVisible()).toBe(true);
    // Nothing below the page area is on the first screen, to be moved when the page comes.
    const footerTop = await page
      .getByRole('contentinfo')
      .evaluate((f) => f.getBoundingClientRect().top);
    expect(footerTop).toBeGreaterThanOrEqual(PHONE.height);
    release();
    await opened;
    await page
      .getByRole('heading', { level: 1 })
      .or(page.getByText(/not found/i))
      .first()
      .waitFor();
    await context.close();
  });

  it.each(['/match/1', '/league/la-liga', '/team/arsenal', '/news', '/predictions', '/transfers'])(
    'does not move what is on screen while %s loads',
    async (address) => {
      const page = await signedIn.newPage();
      await page.goto(`${server.url}${address}`);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      // Late answers and pictures have a moment to arrive and be drawn.
      await page.waitForTimeout(1_000);
      // Cumulative layout shift as the browser counts it (no input on this page).
      const shift = await page.evaluate(
        () =>
          new Promise<number>((resolve) => {
            new PerformanceObserver((list) => {
              const entries = list.getEntries() as unknown as { value: number }[];
              resolve(entries.reduce((sum, entry) => sum + entry.value, 0));
            }).observe({ type: 'layout-shift', buffered: true });
            // No entry at all means nothing moved.
            setTimeout(() => resolve(0), 500);
          }),
      );
      expect(shift).toBeLessThan(0.01);
      await page.close();
    },
  );
});
