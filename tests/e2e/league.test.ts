import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { OddsEvent } from '../../src/domain/odds.ts';
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
  { slug: 'premier-league', name: 'Premier League', teams: 20 },
  { slug: 'la-liga', name: 'La Liga', teams: 20 },
  { slug: 'serie-a', name: 'Serie A', teams: 20 },
  { slug: 'bundesliga', name: 'Bundesliga', teams: 18 },
  { slug: 'ligue-1', name: 'Ligue 1', teams: 20 },
];

let server: RunningServer;
let browser: Browser;
/**
 * A context per viewport, signed in once for the file: each test opens a tab of its own straight
 * onto its league (the gate lets the cookie through). The login through the form, and the home
 * page it opens on, are the phone and keyboard tests' to check; here they cost a home page's
 * load per test.
 */
const contexts = new Map<number, BrowserContext>();

beforeAll(async () => {
  [server, browser] = await Promise.all([
    // Sixteen page loads in two minutes from one address: more than the per-address limit lets through.
    useSharedServer(),
    launchBrowser(),
  ]);
  const session = await fetchSessionCookie(server.url);
  for (const viewport of [DESKTOP, PHONE]) {
    const context = await browser.newContext({ viewport });
    await context.addCookies([session]);
    contexts.set(viewport.width, context);
  }
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function openLeague(
  viewport: { width: number; height: number },
  slug: string,
): Promise<Page> {
  const context = contexts.get(viewport.width);
  if (context === undefined) throw new Error(`no context at ${viewport.width} px`);
  const page = await context.newPage();
  await page.goto(`${server.url}/league/${slug}`);
  await page.getByRole('heading', { level: 1 }).or(page.getByText('League not found')).waitFor();
  // The projection and the top players load as the fan scrolls down to them.
  await scrollThroughPage(page);
  return page;
}

/** The table's rows as numbers: [pos, P, W, D, L, Pts]. */
async function readTable(page: Page): Promise<number[][]> {
  const table = page.getByRole('region', { name: 'League Table' }).getByRole('table');
  await table.waitFor();
  return table.locator('tbody tr').evaluateAll((rows) =>
    rows.map((row) =>
      [...row.querySelectorAll('td')]
        // The favourite star's cell holds a button, not a number.
        .filter((cell) => cell.querySelector('button') === null)
        .map((cell) => Number(cell.textContent)),
    ),
  );
}

describe.each(LEAGUES)('the $name page', (league) => {
  it.each([
    ['1280 px', DESKTOP],
    ['390 px', PHONE],
  ])('shows its table, scorers, assisters and best odds at %s', async (_, viewport) => {
    const page = await openLeague(viewport, league.slug);
    await page.getByRole('heading', { level: 1, name: league.name }).waitFor();
    await page.getByRole('heading', { name: `Today's ${league.name} Matches` }).waitFor();

    const rows = await readTable(page);
    expect(rows).toHaveLength(league.teams);
    for (const [pos, played, wins, draws, losses, points] of rows) {
      expect(played, `row ${pos}`).toBe((wins ?? 0) + (draws ?? 0) + (losses ?? 0));
      expect(points, `row ${pos}`).toBe(3 * (wins ?? 0) + (draws ?? 0));
    }
    expect(rows.map((r) => r[0])).toEqual(Array.from({ length: league.teams }, (_, i) => i + 1));

    for (const title of ['Top Scorers', 'Top Assists']) {
      const section = page.getByRole('region', { name: title });
      await section.locator('tbody th').nth(9).waitFor();
      const names = await section.locator('tbody th').allInnerTexts();
      expect(names, title).toHaveLength(10);
      for (const name of names) expect(name.trim(), title).toMatch(/\p{L}{2,}/u);
    }

    // Each cell's best price is the highest across the bookmakers of that event in the API answer.
    const { events } = await getApiJson<{ events: OddsEvent[] }>(
      page.request,
      `${server.url}/api/odds?league=${league.slug}&market=h2h`,
    );
    const cards = page.getByRole('region', { name: 'Upcoming Matches' }).getByRole('article');
    await expect.poll(() => cards.count()).toBe(Math.min(5, events.length));
    for (const [index, event] of events.slice(0, 5).entries()) {
      const best = (name: string) =>
        Math.max(
          ...event.bookmakers.flatMap((b) =>
            b.markets.flatMap((m) => m.outcomes.filter((o) => o.name === name).map((o) => o.price)),
          ),
        );
      const card = cards.nth(index);
      expect(await card.getAttribute('aria-label')).toBe(
        `${event.home_team} vs ${event.away_team}`,
      );
      for (const [label, name] of [
        ['Home', event.home_team],
        ['Draw', 'Draw'],
        ['Away', event.away_team],
      ] as const) {
        // The link's name (its text) gives the outcome, the best price and its bookmaker.
        const cell = card.getByRole('link', {
          name: new RegExp(`^${label} ${best(name).toFixed(2).replace('.', '\\.')} at \\S`),
        });
        expect(await cell.count()).toBe(1);
        expect(await cell.getAttribute('target')).toBe('_blank');
        expect(await cell.getAttribute('rel')).toMatch(/noopener/);
        expect(await cell.getAttribute('rel')).toMatch(/noreferrer/);
        expect(await cell.getAttribute('href')).toMatch(/^\/go\//);
      }
    }

    if (viewport === PHONE) {
      const teamName = page
        .getByRole('region', { name: 'League Table' })
        .locator('tbody th .md\\:inline')
        .first();
      expect(await teamName.isVisible()).toBe(false);
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth > window.innerWidth,
      );
      expect(overflow).toBe(false);
    }
    await page.close();
  });
});

describe.each(LEAGUES)('the $name season projection', (league) => {
  it("shows every club's chances, which add up to the places at stake", async () => {
    const page = await openLeague(PHONE, league.slug);
    const section = page.getByRole('region', { name: 'Season projection', exact: true });
    const table = section.getByRole('region', {
      name: 'Season projection table, scrolls sideways',
    });
    await table.locator('tbody tr').first().waitFor();
    expect(await table.locator('tbody tr').count()).toBe(league.teams);
    expect(await section.innerText()).toMatch(
      /From 10,000 simulations of the remaining \d+ matches/,
    );

    const projection = await getApiJson<{
      simulations: number;
      places: { champions_league: number; relegation: number; relegation_playoff: number };
      rows: {
        title: number;
        champions_league: number;
        relegation: number;
        relegation_playoff: number;
      }[];
    }>(page.request, `${server.url}/api/leagues/${league.slug}/projection`);
    expect(projection.simulations).toBe(10_000);
    expect(projection.rows).toHaveLength(league.teams);
    const sum = (key: 'title' | 'champions_league' | 'relegation' | 'relegation_playoff') =>
      projection.rows.reduce((total, row) => total + row[key], 0);
    expect(Math.abs(sum('title') - 1)).toBeLessThanOrEqual(0.001);
    expect(sum('champions_league')).toBeCloseTo(projection.places.champions_league, 3);
    expect(sum('relegation')).toBeCloseTo(projection.places.relegation, 3);
    expect(sum('relegation_playoff')).toBeCloseTo(projection.places.relegation_playoff, 3);
    await page.close();
  });
});

it('says "League not found" for an unknown league', async () => {
  const page = await openLeague(DESKTOP, 'unknown');
  await page.getByText('League not found').waitFor();
  await page.close();
});
