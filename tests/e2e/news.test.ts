import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  DESKTOP,
  fetchSessionCookie,
  getApiJson,
  launchBrowser,
  PHONE,
  scrollThroughPage,
} from '../helpers/browser.ts';
import { type RunningServer } from '../helpers/e2e-server.ts';
import { useSharedServer } from '../helpers/shared-server.ts';

const LEAGUES = [
  { slug: 'premier-league', name: 'Premier League' },
  { slug: 'la-liga', name: 'La Liga' },
  { slug: 'serie-a', name: 'Serie A' },
  { slug: 'bundesliga', name: 'Bundesliga' },
  { slug: 'ligue-1', name: 'Ligue 1' },
];
const PAGE_SIZE = 10;
/** expect.poll waits 1 s by default: too short for a page that is still loading. */
const WAIT = { timeout: 10_000 };

let server: RunningServer;
let startedAt: number;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([
    // The journeys page through every league's news from one address, past the per-address
    // limit (it has tests of its own).
    useSharedServer(),
    launchBrowser(),
  ]);
  startedAt = Date.now();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const getFeed = (page: Page) => page.getByRole('region', { name: 'News', exact: true });
const getChips = (page: Page) => page.getByRole('group', { name: 'Filter by league' });
const getCards = (scope: Locator) => scope.getByRole('article');

/** The 'Read at Source' address of every card, in order ('' for a card without one). */
const readLinks = (scope: Locator) =>
  getCards(scope).evaluateAll((cards) =>
    cards.map((card) => card.querySelector('a')?.getAttribute('href') ?? ''),
  );

/**
 * The league a card belongs to, as this server says: the demo feeds' articles link to a page of
 * this server that holds them (a match report to its match, /match/<id>; another story to its
 * own page, /news/<story>), whose answer names the league; anything else (a real feed's
 * article) belongs to none.
 */
async function getLinkLeague(page: Page, href: string): Promise<string | null> {
  // Asked once per link: the polls below read the same cards many times, and every request
  // counts against the per-address rate limit.
  const known = leagueByLink.get(href);
  if (known !== undefined) return known;
  const league = await askLinkLeague(page, href);
  leagueByLink.set(href, league);
  return league;
}

const leagueByLink = new Map<string, string | null>();

async function askLinkLeague(page: Page, href: string): Promise<string | null> {
  const url = new URL(href, server.url);
  if (url.origin !== server.url) return null;
  const match = /^\/match\/(\d+)/.exec(url.pathname);
  if (match !== null) {
    const answer = await getApiJson<{ match: { league_slug?: string } }>(
      page.request,
      `${server.url}/api/matches/${match[1]}`,
    );
    return answer.match.league_slug ?? null;
  }
  const story = /^\/news\/([^/]+)$/.exec(url.pathname);
  if (story !== null) {
    const answer = await getApiJson<{ article: { league: { slug: string } | null } }>(
      page.request,
      `${server.url}/api/news/articles/${story[1]}`,
    );
    return answer.article.league?.slug ?? null;
  }
  return null;
}

/** The league of each card of `scope`, in order. */
const readLeagues = async (page: Page, scope: Locator) =>
  Promise.all((await readLinks(scope)).map((href) => getLinkLeague(page, href)));

const isNewsRequest = (url: string, params: Record<string, string>) => {
  const target = new URL(url);
  return (
    target.pathname === '/api/news' &&
    Object.entries(params).every(([key, value]) => target.searchParams.get(key) === value)
  );
};

/** Every article the API holds for a league ('all' for every league), paging through. */
async function countArticles(page: Page, league: string): Promise<number> {
  let total = 0;
  for (let n = 1; ; n += 1) {
    const url = `${server.url}/api/news?league=${league}&page=${n}&page_size=50`;
    const { items } = await getApiJson<{ items: unknown[] }>(page.request, url);
    total += items.length;
    if (items.length < 50) return total;
  }
}

/**
 * Waits until every league has articles. The server syncs its feeds about a second after it
 * listens, so they are there well within a minute of start.
 */
async function waitForArticles(page: Page) {
  await expect
    .poll(
      async () => {
        const counts = await Promise.all(LEAGUES.map((l) => countArticles(page, l.slug)));
        return counts.every((n) => n > 0);
      },
      { timeout: Math.max(1000, 60_000 - (Date.now() - startedAt)), interval: 500 },
    )
    .toBe(true);
}

/**
 * A fresh context past the gate, once the feeds have been ingested: a blank tab whose first
 * page the test opens (the gate lets the session cookie through), with no home page loaded
 * before it.
 */
let sessionCookie: ReturnType<typeof fetchSessionCookie> | undefined;

async function openNews(viewport: { width: number; height: number }, mobile = false) {
  const context = await browser.newContext(
    mobile ? { viewport, hasTouch: true, isMobile: true } : { viewport },
  );
  // Signed in once for the file: six logins a minute from one address would meet the throttle.
  sessionCookie ??= fetchSessionCookie(server.url);
  await context.addCookies([await sessionCookie]);
  const page = await context.newPage();
  await waitForArticles(page);
  return page;
}

describe('the news page at 1280 px', () => {
  it('shows the demo articles of every league within a minute of start', async () => {
    const page = await openNews(DESKTOP);
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));

    await page.goto(`${server.url}/news`);
    await page.getByRole('heading', { level: 1, name: 'Football News' }).waitFor();
    expect(await page.getByText('Latest football news from top sources').isVisible()).toBe(true);
    const chips = getChips(page).getByRole('button');
    expect(await chips.allInnerTexts()).toEqual(['All', ...LEAGUES.map((l) => l.name)]);
    expect(await chips.first().getAttribute('aria-pressed')).toBe('true');

    const feed = getFeed(page);
    await expect.poll(() => getCards(feed).count(), WAIT).toBe(PAGE_SIZE);
    const first = getCards(feed).first();
    // Time (short month, day, 24-hour time), source, title, summary and 'Read at Source'.
    expect(await first.locator('time').innerText()).toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{2}:\d{2}$/);
    expect(await first.getByText('Touchline', { exact: true }).isVisible()).toBe(true);
    expect((await first.getByRole('heading', { level: 2 }).innerText()).length).toBeGreaterThan(0);
    expect(await first.getByRole('link', { name: 'Read at Source' }).isVisible()).toBe(true);

    for (const league of LEAGUES) {
      const chip = getChips(page).getByRole('button', { name: league.name, exact: true });
      const [request] = await Promise.all([
        page.waitForRequest((r) => isNewsRequest(r.url(), { league: league.slug, page: '1' })),
        chip.click(),
      ]);
      expect(new URL(request.url()).searchParams.get('page_size')).toBe(String(PAGE_SIZE));
      expect(new URL(page.url()).searchParams.get('league')).toBe(league.slug);
      expect(await chip.getAttribute('aria-pressed')).toBe('true');
      // At least one of this league's demo articles, and none of another league's.
      await expect
        .poll(async () => {
          const leagues = await readLeagues(page, feed);
          return leagues.includes(league.slug) && leagues.every((l) => l === league.slug);
        }, WAIT)
        .toBe(true);
      // The summary names the league too (a report or preview "in the <league>").
      const texts = await getCards(feed).allInnerTexts();
      expect(
        texts.some((text) => text.includes(league.name)),
        texts.join('\n---\n'),
      ).toBe(true);
    }
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('loads the next page on scrolling to the bottom, and All shows every article again', async () => {
    const page = await openNews(DESKTOP);
    await page.goto(`${server.url}/news`);
    const feed = getFeed(page);
    await expect.poll(() => getCards(feed).count(), WAIT).toBe(PAGE_SIZE);
    // Page 1 ends well below the fold at 800 px: nothing more is asked for until the fan scrolls.
    await page.waitForTimeout(300);
    expect(await getCards(feed).count()).toBe(PAGE_SIZE);

    const [second] = await Promise.all([
      page.waitForRequest((r) => isNewsRequest(r.url(), { league: 'all', page: '2' })),
      page.getByTestId('news-feed-end').scrollIntoViewIfNeeded(),
    ]);
    expect(new URL(second.url()).searchParams.get('page_size')).toBe(String(PAGE_SIZE));
    await expect.poll(() => getCards(feed).count(), WAIT).toBeGreaterThan(PAGE_SIZE);

    // A league, then All again: every article of every league comes back, page by page.
    await getChips(page).getByRole('button', { name: 'Serie A', exact: true }).click();
    await expect
      .poll(async () => {
        const leagues = await readLeagues(page, feed);
        return leagues.length > 0 && leagues.every((l) => l === 'serie-a');
      }, WAIT)
      .toBe(true);
    const all = getChips(page).getByRole('button', { name: 'All', exact: true });
    await all.click();
    // The chip and the address change when React has rendered the click, not at once.
    await expect.poll(() => all.getAttribute('aria-pressed'), WAIT).toBe('true');
    expect(new URL(page.url()).searchParams.has('league')).toBe(false);
    const total = await countArticles(page, 'all');
    expect(total).toBeGreaterThan(2 * PAGE_SIZE);
    await expect
      .poll(
        async () => {
          await page.mouse.wheel(0, 5000);
          return getCards(feed).count();
        },
        { timeout: 15_000 },
      )
      .toBe(total);
    const leagues = new Set(await readLeagues(page, feed));
    expect([...leagues].sort()).toEqual(LEAGUES.map((l) => l.slug).sort());
    // The last page was short: nothing more is asked for.
    expect(await feed.getByTestId('news-card-skeleton').count()).toBe(0);
    await page.context().close();
  });

  it('pictures each match report with a card drawn from the crests, never a grey box', async () => {
    const page = await openNews(DESKTOP);
    await page.goto(`${server.url}/news`);
    const feed = getFeed(page);
    await expect.poll(() => getCards(feed).count(), WAIT).toBeGreaterThanOrEqual(PAGE_SIZE);
    // A report links to its match page.
    const reports = getCards(feed).filter({ has: page.locator('a[href^="/match/"]') });
    await expect.poll(() => reports.count(), WAIT).toBeGreaterThan(0);
    for (const report of await reports.all()) {
      const image = report.locator('img');
      await image.scrollIntoViewIfNeeded();
      expect(await image.getAttribute('src')).toMatch(
        /^\/img\/report\/[a-z0-9-]+\/[a-z0-9-]+\/\d{1,2}-\d{1,2}\.svg$/,
      );
      // Loaded and drawn: a broken or missing picture has no natural size.
      await expect
        .poll(
          () => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0),
          WAIT,
        )
        .toBe(true);
      const box = await image.boundingBox();
      expect((box?.width ?? 0) / (box?.height ?? 1)).toBeCloseTo(16 / 9, 1);
    }
    // No card is half grey placeholder: without a picture, a card is compact.
    expect(await feed.getByTestId('news-image-placeholder').count()).toBe(0);
    await page.context().close();
  });

  it("opens 'Read at Source' in a new tab without opener", async () => {
    const page = await openNews(DESKTOP);
    await page.goto(`${server.url}/news?league=la-liga`);
    // A preview, a round-up or a rumour: it links to a page of its own on this server.
    const card = getCards(getFeed(page))
      .filter({ has: page.locator('a[href^="/news/"]') })
      .first();
    const link = card.getByRole('link', { name: 'Read at Source' });
    await link.waitFor();
    expect(await link.getAttribute('target')).toBe('_blank');
    const rel = ((await link.getAttribute('rel')) ?? '').split(/\s+/);
    expect(rel).toContain('noopener');
    // A site path: the replay's reports reach the ingestion in-process, not from an origin.
    const href = new URL((await link.getAttribute('href')) ?? '', server.url).href;
    expect(await getLinkLeague(page, href)).toBe('la-liga');
    const title = (await card.getByRole('heading').first().textContent())?.trim() ?? '';
    expect(title).not.toBe('');

    const [popup] = await Promise.all([page.context().waitForEvent('page'), link.click()]);
    await popup.waitForURL(href);
    expect(await popup.evaluate(() => window.opener)).toBeNull();
    // The article is this server's page of the story. A new tab without opener starts with
    // empty session storage; the session cookie opens it past the gate (were the cookie gone,
    // the gate would ask first). Either way the story shows under its title.
    const gate = popup.getByLabel('Password');
    const heading = popup.getByRole('heading', { level: 1, name: title });
    await gate.or(heading).waitFor();
    if (await gate.isVisible()) {
      await gate.fill('kickoff');
      await popup.getByRole('button', { name: 'Enter' }).click();
    }
    await heading.waitFor();
    expect(popup.url()).toBe(href);
    expect(page.isClosed()).toBe(false);
    expect(page.url()).toBe(`${server.url}/news?league=la-liga`);
    await page.context().close();
  });
});

describe('Latest News on the home page', () => {
  it("shows 6 cards and 'View All News' leads to /news", async () => {
    const page = await openNews(DESKTOP);
    // Opened once the first sync is in: before it, the home page keeps 'No news available' for
    // a minute.
    await page.goto(server.url);
    const latest = page.getByRole('region', { name: 'Latest News' });
    // The news is at the foot of the home page: it loads as the fan scrolls down to it.
    await latest.waitFor();
    await scrollThroughPage(page);
    await expect.poll(() => getCards(latest).count(), WAIT).toBe(6);
    expect(await latest.getByTestId('news-card-skeleton').count()).toBe(0);
    for (const href of await readLinks(latest)) {
      expect(await getLinkLeague(page, href)).not.toBeNull();
    }
    await latest.getByRole('link', { name: 'View All News' }).click();
    await page.waitForURL(`${server.url}/news`);
    await page.getByRole('heading', { level: 1, name: 'Football News' }).waitFor();
    // Page 1 at least. (The page keeps the home page's scroll position, about 1070 px down, so
    // the feed's end is already in reach and page 2 follows at once: no ScrollRestoration.)
    await expect
      .poll(() => getCards(getFeed(page)).count(), WAIT)
      .toBeGreaterThanOrEqual(PAGE_SIZE);
    await page.context().close();
  });
});

describe('the news page at 390 px', () => {
  it('does not overflow sideways', async () => {
    const page = await openNews(PHONE, true);
    await page.goto(`${server.url}/news`);
    await expect.poll(() => getCards(getFeed(page)).count(), WAIT).toBe(PAGE_SIZE);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth > window.innerWidth,
    );
    expect(overflow).toBe(false);
    const card = await getCards(getFeed(page)).first().boundingBox();
    expect(card?.width).toBeLessThanOrEqual(PHONE.width);
    await page.context().close();
  });
});
