import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { DESKTOP, getApiJson, launchBrowser, login } from '../helpers/browser.ts';
import { type RunningServer } from '../helpers/e2e-server.ts';
import { useSharedServer } from '../helpers/shared-server.ts';

/** The first page of a league's news, as the news page asks for it. */
const PAGE_SIZE = 10;
const LEAGUES = ['premier-league', 'la-liga', 'serie-a', 'bundesliga', 'ligue-1'];
/** How long the match page may take to show its heading before it counts as not rendered. */
const MATCH_PAGE_WAIT_MS = 15_000;

type NewsItem = { title: string; summary: string | null; link: string };
type Story = NewsItem & { league: string };

let server: RunningServer;
let startedAt: number;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([useSharedServer(), launchBrowser()]);
  startedAt = Date.now();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** The stories on the first page of each league's news: what its news page shows first. */
async function listFirstPages(page: Page): Promise<Story[]> {
  const pages = await Promise.all(
    LEAGUES.map(async (league) => {
      const { items } = await getApiJson<{ items: NewsItem[] }>(
        page.request,
        `${server.url}/api/news?league=${league}&page=1&page_size=${PAGE_SIZE}`,
      );
      return items.map((item) => ({ ...item, league }));
    }),
  );
  return pages.flat();
}

/**
 * The first story on a league's first news page whose link matches `pattern`, waiting for the
 * replay's feeds to be ingested (about a second after the server listens, well within a minute).
 */
async function findStory(page: Page, pattern: RegExp): Promise<Story> {
  let found: Story | undefined;
  await expect
    .poll(
      async () => {
        found = (await listFirstPages(page)).find((story) => pattern.test(story.link));
        return found !== undefined;
      },
      { timeout: Math.max(1000, 60_000 - (Date.now() - startedAt)), interval: 500 },
    )
    .toBe(true);
  return found as Story;
}

/**
 * Clicks 'Read at Source' on the story's card of its league's news page and returns the tab it
 * opens, past the gate (a tab without opener has empty session storage; its cookie opens it).
 */
async function readAtSource(page: Page, story: Story): Promise<Page> {
  await page.goto(`${server.url}/news?league=${story.league}`);
  const card = page
    .getByRole('region', { name: 'News', exact: true })
    .getByRole('article')
    .filter({ has: page.locator(`a[href="${story.link}"]`) })
    .first();
  const link = card.getByRole('link', { name: 'Read at Source' });
  expect(await card.getByRole('heading').innerText()).toBe(story.title);
  const [tab] = await Promise.all([page.context().waitForEvent('page'), link.click()]);
  await tab.waitForURL((url) => url.pathname === story.link);
  const gate = tab.getByLabel('Password');
  // The gate has a heading too: whichever shows first, both are drawn at once.
  const heading = tab.getByRole('heading', { level: 1 });
  await gate.or(heading).first().waitFor({ timeout: MATCH_PAGE_WAIT_MS });
  if (await gate.isVisible()) {
    await gate.fill('kickoff');
    await tab.getByRole('button', { name: 'Enter' }).click();
  }
  return tab;
}

/** The match page's heading ("Home v Away"), or null when the page shows none in time. */
async function readMatchHeading(tab: Page): Promise<string | null> {
  const heading = tab.getByRole('heading', { level: 1, name: /\S v \S/ });
  try {
    await heading.waitFor({ state: 'attached', timeout: MATCH_PAGE_WAIT_MS });
  } catch {
    return null;
  }
  return heading.textContent();
}

describe("'Read at Source' on a replay story", () => {
  for (const kind of ['rumour', 'preview']) {
    it(`opens the ${kind}'s own page with its title and summary`, async () => {
      const page = await browser.newPage({ viewport: DESKTOP });
      await login(page, server.url);
      const story = await findStory(page, new RegExp(`^/news/${kind}-`));
      const tab = await readAtSource(page, story);

      await tab.getByRole('heading', { level: 1, name: story.title, exact: true }).waitFor();
      expect(await tab.getByText(story.summary ?? '', { exact: true }).isVisible()).toBe(true);
      expect(new URL(tab.url()).pathname).toBe(story.link);
      await page.context().close();
    });
  }

  it("fits a story's page to a 360 px screen without sideways scrolling", async () => {
    const page = await browser.newPage({ viewport: { width: 360, height: 740 } });
    await login(page, server.url);
    const story = await findStory(page, /^\/news\/rumour-/);
    await page.goto(`${server.url}${story.link}`);
    await page.getByRole('heading', { level: 1, name: story.title, exact: true }).waitFor();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBe(0);
    await page.screenshot({ path: '/tmp/news-story-360.png', fullPage: true });
    await page.setViewportSize(DESKTOP);
    await page.screenshot({ path: '/tmp/news-story-1280.png', fullPage: true });
    await page.close();
  });

  it('opens the match page of a match report', async ({ annotate }) => {
    const page = await browser.newPage({ viewport: DESKTOP });
    await login(page, server.url);
    const story = await findStory(page, /^\/match\/\d+/);
    const tab = await readAtSource(page, story);
    expect(new URL(tab.url()).pathname).toMatch(/^\/match\/\d+(-[a-z0-9-]+)?$/);

    // The match page shows the report once it renders one; until then only the address counts.
    const heading = await readMatchHeading(tab);
    if (heading === null) {
      const shown = (await tab.getByRole('heading', { level: 1 }).allTextContents()).join(', ');
      await annotate(`the match page shows no heading of the match (${shown}): report not checked`);
    } else {
      await annotate(`the match page shows ${heading}: report checked`);
      await tab.getByText(story.title, { exact: true }).waitFor();
      if (story.summary !== null) {
        expect(await tab.getByText(story.summary, { exact: true }).isVisible()).toBe(true);
      }
    }
    await page.context().close();
  });
});
