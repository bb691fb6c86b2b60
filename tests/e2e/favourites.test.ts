import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { describeViolations, findSeriousViolations } from '../helpers/accessibility.ts';
import { DESKTOP, launchBrowser, login, scrollThroughPage } from '../helpers/browser.ts';
import { type RunningServer } from '../helpers/e2e-server.ts';
import { useSharedServer } from '../helpers/shared-server.ts';

/** expect.poll waits 1 s by default: too short for a page that is still loading. */
const WAIT = { timeout: 10_000 };
const PHONE_360 = { width: 360, height: 780 };

type BoardItem = {
  id: number;
  league_slug: string;
  local: string;
  visitor: string;
  local_key: string;
  visitor_key: string;
};

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([useSharedServer(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** A logged-in context; axe-core goes in as an inline script, which the site's CSP refuses. */
async function openContext(viewport: { width: number; height: number }) {
  const context = await browser.newContext({ viewport, bypassCSP: true });
  const page = await context.newPage();
  await login(page, server.url);
  return { context, page };
}

/** A page of the context past the gate (the unlocked flag lives in session storage, per tab). */
async function openTab(context: BrowserContext, path: string): Promise<Page> {
  const page = await context.newPage();
  await page.goto(server.url);
  await page.evaluate(() => sessionStorage.setItem('touchline:unlocked', 'true'));
  await page.goto(`${server.url}${path}`);
  return page;
}

/** Today's board from the API; asked again while a busy machine makes the server shed load. */
async function readBoard(page: Page): Promise<BoardItem[]> {
  let matches: BoardItem[] | undefined;
  await expect
    .poll(async () => {
      const reply = await page.request.get(`${server.url}/api/matches/today`);
      if (reply.ok()) matches = ((await reply.json()) as { matches: BoardItem[] }).matches;
      return reply.status();
    }, WAIT)
    .toBe(200);
  return matches ?? [];
}

const getBoardRows = (page: Page) =>
  page.getByRole('region', { name: 'Match board' }).getByRole('listitem');
const getAnnouncer = (page: Page) => page.locator('[role="status"][aria-live="polite"]');
const isFocused = (locator: Locator) =>
  locator.evaluate((element) => element === document.activeElement);

/** axe-core's serious and critical violations on the page as it stands, described ('' if none). */
const describeSeriousViolations = async (page: Page) =>
  describeViolations(await findSeriousViolations(page));

describe('favourite clubs', () => {
  it('are starred by keyboard, come first on the board, filter board and news, and are remembered', async () => {
    const { context, page } = await openContext(DESKTOP);
    const board = await readBoard(page);
    // The club of the board's last match: starring it must move its match to the top.
    const last = board.at(-1) as BoardItem;
    expect(board.length).toBeGreaterThan(2);
    const club = { key: last.visitor_key, name: last.visitor, league: last.league_slug };
    const other = { key: last.local_key, name: last.local };

    // Another tab on the home page hears of the star without a reload.
    const otherTab = await openTab(context, '/');
    await getBoardRows(otherTab).first().waitFor();
    expect(await getBoardRows(otherTab).first().getAttribute('aria-label')).not.toContain(
      club.name,
    );

    // The league table: Shift+Tab from the club's link reaches its star; Space presses it.
    await page.goto(`${server.url}/league/${club.league}`);
    const table = page.getByRole('region', { name: 'League Table' });
    const row = table.getByRole('row').filter({ hasText: club.name });
    await row.getByRole('link').focus();
    await page.keyboard.press('Shift+Tab');
    const star = row.getByRole('button', { name: `Add ${club.name} to my clubs` });
    expect(await isFocused(star)).toBe(true);
    expect(await star.getAttribute('aria-pressed')).toBe('false');
    await page.keyboard.press('Space');
    const pressed = row.getByRole('button', { name: `Remove ${club.name} from my clubs` });
    expect(await pressed.getAttribute('aria-pressed')).toBe('true');
    expect(await isFocused(pressed)).toBe(true);
    await expect
      .poll(() => getAnnouncer(page).textContent(), WAIT)
      .toBe(`${club.name} added to my clubs`);
    expect(await describeSeriousViolations(page)).toBe('');

    await expect
      .poll(() => getBoardRows(otherTab).first().getAttribute('aria-label'), WAIT)
      .toContain(`my club: ${club.name}`);
    await otherTab.close();

    // The match page: the other club of that match, starred with Enter.
    await page.goto(`${server.url}/match/${String(last.id)}`);
    const matchStar = page.getByRole('button', { name: `Add ${other.name} to my clubs` });
    await matchStar.focus();
    await page.keyboard.press('Enter');
    await page
      .getByRole('button', { name: `Remove ${other.name} from my clubs`, pressed: true })
      .waitFor();
    expect(
      await page.getByRole('button', { name: `Remove ${club.name} from my clubs` }).count(),
    ).toBe(1);
    expect(await describeSeriousViolations(page)).toBe('');

    // The board: the favourite's match first, with its marker; the rest keep their order.
    await page.goto(server.url);
    const rows = getBoardRows(page);
    await rows.first().waitFor();
    expect(await rows.first().getAttribute('data-favourite')).toBe('true');
    expect(await rows.first().getAttribute('aria-label')).toContain(
      `my clubs: ${other.name} and ${club.name}`,
    );
    expect(await rows.first().locator('svg').count()).toBe(2);
    expect(await rows.nth(1).getAttribute('data-favourite')).toBeNull();

    // My clubs on the board, by keyboard: only the favourites' match is left.
    const chip = page.getByRole('button', { name: 'My clubs' });
    await chip.focus();
    await page.keyboard.press('Space');
    await expect.poll(() => chip.getAttribute('aria-pressed'), WAIT).toBe('true');
    await expect
      .poll(() => page.getByTestId('showing').textContent(), WAIT)
      .toBe('Showing 1-1 of 1 matches');
    expect(await rows.first().getAttribute('data-favourite')).toBe('true');
    expect(await describeSeriousViolations(page)).toBe('');
    await page.screenshot({ path: '/tmp/favourites-home-1280.png', fullPage: true });

    // My clubs on the news: only items naming a favourite club in their title.
    await page.goto(`${server.url}/news`);
    const feed = page.getByRole('region', { name: 'News', exact: true });
    await feed.getByRole('article').first().waitFor();
    const everything = await feed.getByRole('article').count();
    await page.getByRole('button', { name: 'My clubs' }).click();
    await expect.poll(() => feed.getByRole('article').count(), WAIT).toBeLessThan(everything);
    const titles = await feed.getByRole('heading').allTextContents();
    expect(titles.length).toBeGreaterThan(0);
    for (const title of titles) expect(title).toMatch(new RegExp(`${club.name}|${other.name}`));
    expect(new URL(page.url()).searchParams.get('clubs')).toBe('mine');
    expect(await describeSeriousViolations(page)).toBe('');

    // The team page: the other club's star is pressed; pressing it takes the club out.
    await page.goto(`${server.url}/team/${other.key}`);
    const teamStar = page.getByRole('button', { name: `Remove ${other.name} from my clubs` });
    expect(await teamStar.getAttribute('aria-pressed')).toBe('true');
    await teamStar.focus();
    await page.keyboard.press('Enter');
    const unstarred = page.getByRole('button', { name: `Add ${other.name} to my clubs` });
    expect(await unstarred.getAttribute('aria-pressed')).toBe('false');
    await expect
      .poll(() => getAnnouncer(page).textContent(), WAIT)
      .toBe(`${other.name} removed from my clubs`);
    expect(await describeSeriousViolations(page)).toBe('');

    // A reload remembers it: the other club stays out, the first club stays in.
    await page.reload();
    await unstarred.waitFor();
    expect(await unstarred.getAttribute('aria-pressed')).toBe('false');
    await page.goto(`${server.url}/team/${club.key}`);
    const kept = page.getByRole('button', { name: `Remove ${club.name} from my clubs` });
    expect(await kept.getAttribute('aria-pressed')).toBe('true');
    await page.goto(server.url);
    await rows.first().waitFor();
    expect(await rows.first().getAttribute('aria-label')).toContain(`my club: ${club.name}`);
    await context.close();
  });

  it('reads garbage in the storage as no favourites, and shows no My clubs chip then', async () => {
    const { context, page } = await openContext(DESKTOP);
    await page.evaluate(() => localStorage.setItem('touchline:favourites', '{"not":"a list"'));
    await page.goto(server.url);
    await getBoardRows(page).first().waitFor();
    expect(await page.getByRole('button', { name: 'My clubs' }).count()).toBe(0);
    expect(await page.locator('[data-favourite]').count()).toBe(0);
    await context.close();
  });

  it('shows stars without an axe violation on a 360 px phone', async () => {
    const { context, page } = await openContext(PHONE_360);
    const board = await readBoard(page);
    const first = board[0] as BoardItem;
    await page.evaluate(
      (clubs) => localStorage.setItem('touchline:favourites', JSON.stringify(clubs)),
      [{ key: first.local_key, name: first.local }],
    );
    for (const path of [
      `/league/${first.league_slug}`,
      `/match/${String(first.id)}`,
      `/team/${first.local_key}`,
      '/?clubs=mine',
      '/news?clubs=mine',
    ]) {
      await page.goto(`${server.url}${path}`);
      await page
        .getByRole('button', { name: `Remove ${first.local} from my clubs` })
        .or(page.getByRole('button', { name: 'My clubs', pressed: true }))
        .first()
        .waitFor();
      await scrollThroughPage(page);
      await page.waitForFunction(() => document.querySelector('.animate-pulse') === null);
      expect(await describeSeriousViolations(page), path).toBe('');
      // Nothing wider than the phone.
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
        path,
      ).toBe(true);
    }
    await context.close();
  });
});
