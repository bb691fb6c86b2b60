import { randomBytes } from 'node:crypto';

import pg from 'pg';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { findBookmaker } from '../../src/domain/bookmakers.ts';
import { getConfidenceTone, type Prediction } from '../../src/domain/prediction.ts';
import {
  DESKTOP,
  fetchSessionCookie,
  getApiJson,
  launchBrowser,
  login,
  PHONE,
  scrollThroughPage,
} from '../helpers/browser.ts';
import { startServer, type RunningServer } from '../helpers/e2e-server.ts';
import { startFakeBookmaker, type FakeBookmaker } from '../helpers/fake-bookmaker.ts';
import { createPostgresHistoryDatabase, POSTGRES_ADMIN_URL } from '../helpers/global-db-setup.ts';

/** The season whose matches and pages these tests name (e.g. Fulham v Bournemouth, 2-2). */
const REPLAY_SEASON = '2022-2023';

// 2026-11-21 replays Saturday 15 October 2022 (18 matches). At 14:50 UTC the board holds every
// kind of row: second halves in Serie A and the Bundesliga (LIVE), Fulham v Bournemouth and
// Wolves v Forest at half-time (HT), the early games over (FT) and the evening ones to come (VS).
const SATURDAY = '2026-11-21T14:50:00Z';

// The prediction models the scheduler runs.
const MODELS = ['Elo Ratings', 'Dixon-Coles', 'Shot Ratings', 'Market Blend'];
const MARKET_ORDER = ['Serie A', 'La Liga', 'Premier League', 'Bundesliga', 'Ligue 1'];
// The flag-icons flag each competition's row shows on a phone.
const FLAGS: Record<string, string> = {
  'Premier League': 'gb-eng',
  'La Liga': 'es',
  'Serie A': 'it',
  Bundesliga: 'de',
  'Ligue 1': 'fr',
};

// A row's accessible name: "Fulham v Bournemouth, LIVE 39', 1-1" (minute only while playing).
const ROW_LABEL = /^(.+) v (.+), (LIVE|HT|FT|VS|ET|PENS|POSTPONED)(?: (\S+))?, (.+)$/;
type Row = { home: string; away: string; badge: string; minute: string; score: string };

function parseRow(label: string): Row {
  const match = ROW_LABEL.exec(label);
  if (match === null) throw new Error(`unexpected row label: ${label}`);
  const [, home = '', away = '', badge = '', minute = '', score = ''] = match;
  return { home, away, badge, minute, score };
}

const getBoard = (page: Page) => page.getByRole('region', { name: 'Match board' });
const getRows = (board: Locator) => board.locator('li[aria-label]');
const readLabels = (board: Locator) =>
  getRows(board).evaluateAll((items) => items.map((item) => item.getAttribute('aria-label') ?? ''));

/** Goes back to the first page of the board. */
async function goToFirstPage(board: Locator) {
  const previous = board.getByRole('button', { name: 'Previous' });
  while (await previous.isEnabled()) await previous.click({ timeout: 5000 });
}

/** Every row of every page, as a fan paging through with Next sees them. */
async function readAllPages(board: Locator): Promise<string[]> {
  await goToFirstPage(board);
  const next = board.getByRole('button', { name: 'Next' });
  const labels = await readLabels(board);
  while (await next.isEnabled()) {
    await next.click({ timeout: 5000 });
    labels.push(...(await readLabels(board)));
  }
  return labels;
}

/** Whether the local Postgres of the server tests answers (the README's test database). */
async function hasPostgres(): Promise<boolean> {
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
    await client.end().catch(() => {});
  }
}

async function adminQuery(sql: string) {
  const client = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

const postgres = await hasPostgres();
// A database of its own on the local Postgres, for the 'Bet now' server.
const pgName = `touchline_e2e_${randomBytes(6).toString('hex')}`;
const pgUrl = POSTGRES_ADMIN_URL.replace(/\/test$/, `/${pgName}`);

let server: RunningServer;
let pgServer: RunningServer | undefined;
let browser: Browser;

beforeAll(async () => {
  // Started together: the Postgres server's database is a copy of a template with the history
  // imported, the embedded one's data folder a copy of the history snapshot.
  const startPgServer = async () => {
    if (!postgres) return undefined;
    await createPostgresHistoryDatabase(pgName);
    return startServer({ NOW: SATURDAY, DATABASE_URL: pgUrl, REPLAY_SEASON });
  };
  [server, browser, pgServer] = await Promise.all([
    startServer({ NOW: SATURDAY, REPLAY_SEASON }),
    launchBrowser(),
    startPgServer(),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await pgServer?.stop();
  if (postgres) await adminQuery(`DROP DATABASE IF EXISTS ${pgName} WITH (FORCE)`);
});

describe('the home page at 1280 px on a Saturday afternoon', () => {
  it('shows live, half-time, finished and coming matches, the status strip and pages of 4', async () => {
    const context = await browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await login(page, server.url);
    await page.getByRole('heading', { name: "Today's Main Football Matches" }).waitFor();
    expect(await page.getByText('All times displayed are in GMT+2 timezone').isVisible()).toBe(
      true,
    );

    const board = getBoard(page);
    const rows = getRows(board);
    await expect.poll(() => rows.count()).toBe(4);
    const indicator = board.getByTestId('page-indicator');
    const showing = board.getByTestId('showing');
    expect(await indicator.innerText()).toBe('1 / 5');
    expect(await showing.innerText()).toBe('Showing 1-4 of 18 matches');

    // While matches are live and at half-time, the strip says so and how fresh the data is.
    const strip = board.getByRole('status');
    expect(await strip.getByText('LIVE', { exact: true }).isVisible()).toBe(true);
    expect(await strip.getByText('HT', { exact: true }).isVisible()).toBe(true);
    // The live stream is open: the strip says Live instead of its polling interval.
    await strip.getByText('Live', { exact: true }).waitFor({ timeout: 15_000 });
    expect(await strip.getByText('Updates every 30s').count()).toBe(0);
    expect(await strip.getByText(/^Updated \d+s ago$/).isVisible()).toBe(true);

    // Live matches come first, each with its minute marked by an apostrophe.
    for (const label of await readLabels(board)) expect(parseRow(label).badge).toBe('LIVE');
    const minutes = await board.getByTestId('minute').allInnerTexts();
    expect(minutes).toHaveLength(4);
    for (const minute of minutes) expect(minute).toMatch(/^\d+(\+\d+)?'$/);
    // Desktop rows name the competition and both teams.
    const first = parseRow((await readLabels(board))[0] ?? '');
    expect(await rows.first().getByText(first.home, { exact: true }).isVisible()).toBe(true);
    expect(await rows.first().getByText(first.away, { exact: true }).isVisible()).toBe(true);
    expect(await rows.first().locator('img[data-flag]').isVisible()).toBe(false);

    const next = board.getByRole('button', { name: 'Next' });
    const previous = board.getByRole('button', { name: 'Previous' });
    expect(await previous.isDisabled()).toBe(true);
    await next.click();
    await expect.poll(() => indicator.innerText()).toBe('2 / 5');
    expect(await showing.innerText()).toBe('Showing 5-8 of 18 matches');
    await previous.click();
    await expect.poll(() => indicator.innerText()).toBe('1 / 5');
    expect(await showing.innerText()).toBe('Showing 1-4 of 18 matches');

    const all = (await readAllPages(board)).map(parseRow);
    expect(await indicator.innerText()).toBe('5 / 5');
    expect(await showing.innerText()).toBe('Showing 17-18 of 18 matches');
    expect(await board.getByTestId('placeholder-row').count()).toBe(2);
    expect(await next.isDisabled()).toBe(true);
    expect(new Set(all.map((r) => `${r.home} v ${r.away}`)).size).toBe(18);
    expect(new Set(all.map((r) => r.badge))).toEqual(new Set(['LIVE', 'HT', 'FT', 'VS']));
    for (const row of all) expect(row.minute === '').toBe(row.badge !== 'LIVE');
    expect(all).toContainEqual({
      home: 'Fulham',
      away: 'Bournemouth',
      badge: 'HT',
      minute: '',
      score: '1-2',
    });
    // A match to come shows its kick-off in GMT+2 (16:00 UTC).
    expect(all).toContainEqual({
      home: 'Torino',
      away: 'Juventus',
      badge: 'VS',
      minute: '',
      score: '18:00',
    });
    expect(all).toContainEqual({
      home: 'Girona',
      away: 'Cádiz',
      badge: 'FT',
      minute: '',
      score: '1-1',
    });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows one Totals and one Match Markets card per league in order, and the predictions', async () => {
    const context = await browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    await login(page, server.url);
    const markets = page.getByRole('region', { name: 'Markets & AI Predictions' });
    const cards = markets.locator('article[aria-label]');
    // The cards below the screen load as the fan scrolls down to them.
    await markets.waitFor();
    await scrollThroughPage(page);
    // Every card has finished loading once each shows its 'Bet now' link.
    await expect.poll(() => markets.getByRole('link', { name: 'Bet now' }).count()).toBe(10);
    expect(await markets.getByRole('heading', { name: 'Totals Market' }).isVisible()).toBe(true);
    expect(await markets.getByRole('heading', { name: 'Match Markets' }).isVisible()).toBe(true);
    expect(await cards.evaluateAll((all) => all.map((a) => a.getAttribute('aria-label')))).toEqual([
      ...MARKET_ORDER.map((league) => `${league} Total Goals 2.5`),
      ...MARKET_ORDER.map((league) => `${league} Match Result`),
    ]);
    for (const card of await cards.all()) {
      const text = await card.innerText();
      expect(text).toMatch(/ vs /);
      expect(text).toMatch(/\b\d+\.\d{2}\b/);
      expect(text).not.toContain('No odds available');
    }
    // The evening's first Serie A match, priced by the first bookmaker that has the market.
    const serieA = await cards.first().innerText();
    expect(serieA).toContain('Torino vs Juventus');

    // The scheduler writes predictions for the coming matches after its first league sync:
    // wait for them, then load the page again (a first load may have found none).
    const PREDICTIONS_URL = `${server.url}/api/predictions?upcoming=true&limit=6`;
    await expect
      .poll(
        async () => {
          const answer = await getApiJson<{ predictions: unknown[] }>(
            page.request,
            PREDICTIONS_URL,
          );
          return answer.predictions.length;
        },
        { timeout: 30_000, interval: 500 },
      )
      .toBeGreaterThan(0);
    const [answer] = await Promise.all([
      page.waitForResponse((r) => r.url() === PREDICTIONS_URL && r.status() === 200),
      page.reload(),
    ]);
    // The forecasts of the next matches to kick off, each naming its match.
    const { predictions: latest } = (await answer.json()) as { predictions: Prediction[] };
    // Six fetched, up to four shown.
    const shown = latest.slice(0, 4);
    expect(shown.length).toBe(Math.min(latest.length, 4));
    expect(shown.length).toBeGreaterThan(0);
    const column = markets.locator('div', {
      has: page.getByRole('heading', { name: 'AI Predictions' }),
    });
    const predictionCards = column.last().getByRole('article');
    await expect.poll(() => predictionCards.count(), { timeout: 10_000 }).toBe(shown.length);
    expect(await markets.getByText('No predictions available').count()).toBe(0);
    for (const [i, prediction] of shown.entries()) {
      const card = predictionCards.nth(i);
      // Model name, the match, the pick and a confidence bar as wide as the confidence.
      expect(MODELS).toContain(prediction.model_name);
      expect(await card.getByText(prediction.model_name, { exact: true }).isVisible()).toBe(true);
      const { match } = prediction;
      expect(match).toBeDefined();
      const heading = card.getByRole('heading', { name: `${match?.home} v ${match?.away}` });
      expect(await heading.isVisible()).toBe(true);
      expect(await heading.getByRole('link').getAttribute('href')).toMatch(
        new RegExp(`^/match/${String(prediction.match_id)}-`),
      );
      expect(await card.getByText(prediction.pick, { exact: true }).isVisible()).toBe(true);
      const meter = card.getByRole('meter', { name: `${prediction.model_name} confidence` });
      expect(await meter.getAttribute('aria-valuenow')).toBe(
        String(Math.round(prediction.confidence_pct)),
      );
      expect(
        await card
          .getByText(`${Math.round(prediction.confidence_pct)}%`, { exact: true })
          .isVisible(),
      ).toBe(true);
      const bar = meter.getByTestId('confidence-bar');
      expect(await bar.evaluate((el) => el.style.width)).toBe(`${prediction.confidence_pct}%`);
      const tone = getConfidenceTone(prediction.confidence_pct);
      expect(await bar.getAttribute('class')).toContain(`bg-${tone}`);
      const widths = await meter.evaluate((el) => [
        el.getBoundingClientRect().width,
        (el.firstElementChild as HTMLElement).getBoundingClientRect().width,
      ]);
      const [track = 0, fill = 0] = widths;
      expect(fill / track).toBeCloseTo(prediction.confidence_pct / 100, 2);
    }
    await context.close();
  });
});

describe('a match followed on the home page on a sped-up clock', () => {
  it('goes LIVE, HT, LIVE, then FT 2-2 on the board', { timeout: 150_000 }, async () => {
    // 10 minutes into Fulham v Bournemouth (14:00 UTC), 120 times real speed: one real second
    // is two minutes of play, so half-time comes about 18 s after the server's clock starts and
    // lasts about 7 s, and the final whistle comes about 50 s in. A pinned clock starts when the
    // server is ready, however long its first update took on a busy machine. The context is
    // unlocked before the server starts (session storage by an init script, the cookie through
    // the API right after), since logging in through the form would cost more time.
    const context = await browser.newContext({ viewport: DESKTOP });
    await context.addInitScript(() => sessionStorage.setItem('touchline:unlocked', 'true'));
    const page = await context.newPage();
    const fast = await startServer({
      NOW: '2026-11-21T14:10:00Z',
      CLOCK_SPEED: '120',
      REPLAY_SEASON,
    });
    try {
      await context.request.post(`${fast.url}/api/session`, { data: { password: 'kickoff' } });
      await page.goto(fast.url);
      const board = getBoard(page);
      await getRows(board).first().waitFor();

      const seen: Row[] = [];
      const deadline = Date.now() + 100_000;
      while (Date.now() < deadline) {
        // The board refetches on its interval (30 s while a match is live), which is an hour
        // of play here: left alone, the page goes from the first half straight to full time.
        // A fan gets fresh data sooner by coming back to the tab, so the test does that:
        // TanStack Query v5 refetches on 'visibilitychange' (not on window 'focus', which it no
        // longer listens to: dispatching 'focus' triggers no request at all). Each refetch
        // reaches the server only because /api/matches/today must be revalidated every time:
        // with max-age=15 and stale-while-revalidate=30, Chrome answered from its HTTP cache and
        // this page saw LIVE 39', then LIVE 85' 15 s later, then FT, and never HT.
        await page.evaluate(() => window.dispatchEvent(new Event('visibilitychange')));
        // The match changes pages as it moves between the live, other and finished groups.
        let label = (await readLabels(board)).find((l) => l.startsWith('Fulham v Bournemouth'));
        if (label === undefined) {
          label = (await readAllPages(board)).find((l) => l.startsWith('Fulham v Bournemouth'));
        }
        if (label !== undefined) {
          const row = parseRow(label);
          const last = seen.at(-1);
          if (last?.badge !== row.badge || last.minute !== row.minute) seen.push(row);
          if (row.badge === 'FT') break;
        }
        await page.waitForTimeout(250);
      }

      const badges = seen.map((r) => r.badge).filter((b, i, all) => i === 0 || all[i - 1] !== b);
      expect(badges, JSON.stringify(seen)).toEqual(['LIVE', 'HT', 'LIVE', 'FT']);
      const live = seen.filter((r) => r.badge === 'LIVE');
      for (const row of live) expect(row.minute).toMatch(/^\d+(\+\d+)?'$/);
      expect(live.some((r) => Number.parseInt(r.minute, 10) <= 45)).toBe(true);
      expect(live.some((r) => Number.parseInt(r.minute, 10) > 45)).toBe(true);
      expect(seen.find((r) => r.badge === 'HT')?.score).toBe('1-2');
      expect(seen.at(-1)).toMatchObject({ badge: 'FT', minute: '', score: '2-2' });
    } finally {
      await context.close();
      await fast.stop();
    }
  });
});

describe('the home page at 390 px', () => {
  it('shows competition flags instead of team names and does not overflow', async () => {
    const context = await browser.newContext({ viewport: PHONE, hasTouch: true, isMobile: true });
    const page = await context.newPage();
    await login(page, server.url);
    const board = getBoard(page);
    const rows = getRows(board);
    await expect.poll(() => rows.count()).toBe(4);
    for (const row of await rows.all()) {
      const { home, away } = parseRow((await row.getAttribute('aria-label')) ?? '');
      expect(await row.getByText(home, { exact: true }).isHidden()).toBe(true);
      expect(await row.getByText(away, { exact: true }).isHidden()).toBe(true);
      const flag = row.locator('img[data-flag]');
      expect(await flag.isVisible()).toBe(true);
      const competition = (await flag.getAttribute('alt')) ?? '';
      expect(Object.keys(FLAGS)).toContain(competition);
      expect(await flag.getAttribute('data-flag')).toBe(FLAGS[competition]);
      await expect
        .poll(() => flag.evaluate((el) => (el as HTMLImageElement).naturalWidth))
        .toBeGreaterThan(0);
      expect(await row.getByText(competition, { exact: true }).isHidden()).toBe(true);
    }
    await scrollThroughPage(page);
    await expect
      .poll(() => page.getByRole('link', { name: 'Bet now' }).count(), { timeout: 10_000 })
      .toBe(10);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth > window.innerWidth,
    );
    expect(overflow).toBe(false);
    await context.close();
  });
});

describe('the heading painted before the script runs', () => {
  /** The heading's text and place on the page, with or without the page's script. */
  async function readHeading(width: number, javaScriptEnabled: boolean) {
    const context = await browser.newContext({
      viewport: { ...PHONE, width },
      javaScriptEnabled,
    });
    const page = await context.newPage();
    if (javaScriptEnabled) {
      await login(page, server.url);
    } else {
      // Without a script the gate cannot unlock: sign in as it does and send the cookie.
      await context.addCookies([await fetchSessionCookie(server.url)]);
      await page.goto(server.url);
    }
    const heading = page.getByRole('heading', { level: 1 });
    const subtitle = page.getByText('All times displayed are in GMT+2 timezone');
    const result = {
      text: await heading.innerText(),
      box: await heading.boundingBox(),
      subtitleBox: await subtitle.boundingBox(),
    };
    await context.close();
    return result;
  }

  it.each([390, 1280])('stands where React draws it, at %i px', async (width) => {
    const painted = await readHeading(width, false);
    const drawn = await readHeading(width, true);
    expect(painted.text).toBe("Today's Main Football Matches");
    expect(painted).toEqual(drawn);
  });
});

describe.skipIf(!postgres)("'Bet now' on Postgres", () => {
  let db: pg.Client | undefined;
  let bookmaker: FakeBookmaker | undefined;
  /** A browser that finds the bookmaker's site on this machine, under the bookmaker's name. */
  let bookmakerBrowser: Browser | undefined;
  const countClicks = async () =>
    Number(
      (await db?.query<{ n: string }>('SELECT count(*) AS n FROM affiliate_clicks'))?.rows[0]?.n,
    );

  beforeAll(async () => {
    db = new pg.Client({ connectionString: pgUrl });
    await db.connect();
    bookmaker = await startFakeBookmaker();
    bookmakerBrowser = await launchBrowser({ hostResolverRules: bookmaker.hostResolverRules });
  });
  afterAll(async () => {
    await bookmakerBrowser?.close();
    await bookmaker?.close();
    await db?.end();
  });

  it('opens the bookmaker in a new tab without opener and records one click', async () => {
    if (pgServer === undefined || bookmakerBrowser === undefined || bookmaker === undefined)
      throw new Error('no server');
    const base = pgServer.url;
    // The bookmaker's site here has a throw-away certificate.
    const context: BrowserContext = await bookmakerBrowser.newContext({
      viewport: DESKTOP,
      ignoreHTTPSErrors: true,
    });
    const page = await context.newPage();
    await login(page, base);
    const card = page.getByRole('article', { name: 'Serie A Total Goals 2.5' });
    const link = card.getByRole('link', { name: 'Bet now' });
    await link.waitFor();
    expect(await link.getAttribute('target')).toBe('_blank');
    const rel = ((await link.getAttribute('rel')) ?? '').split(/\s+/);
    expect(rel).toEqual(expect.arrayContaining(['noopener', 'noreferrer']));
    const href = new URL((await link.getAttribute('href')) ?? '', base);
    const key = /^\/go\/([^/]+)$/.exec(href.pathname)?.[1] ?? '';
    const known = findBookmaker(key);
    expect(known, `a known bookmaker: ${href.href}`).not.toBeNull();
    const site = new URL(known?.site ?? '');

    const before = await countClicks();
    const [popup] = await Promise.all([context.waitForEvent('page'), link.click()]);
    // The tab opens on about:blank, goes through /go/ and lands on the bookmaker.
    await popup.waitForURL((target) => target.origin === site.origin);
    expect(await popup.title()).toBe('Bookmaker');
    expect(bookmaker.requests.map((r) => r.host)).toContain(site.host);
    expect(await popup.evaluate(() => window.opener)).toBeNull();
    expect(await popup.evaluate(() => document.referrer)).toBe('');
    expect(page.isClosed()).toBe(false);
    expect(page.url()).toBe(`${base}/`);

    // The click is recorded without holding up the redirect: wait for it to land.
    await expect.poll(countClicks, { timeout: 10_000 }).toBe(before + 1);
    const last = await db?.query<{
      bookmaker: string;
      league_slug: string;
      event_id: string;
      source_page: string;
    }>(
      'SELECT bookmaker, league_slug, event_id, source_page FROM affiliate_clicks ORDER BY id DESC LIMIT 1',
    );
    expect(last?.rows[0]).toEqual({
      bookmaker: key,
      league_slug: 'serie-a',
      event_id: href.searchParams.get('event'),
      // The operators' report counts clicks by the page they came from.
      source_page: 'home',
    });
    await context.close();
  });
});
