import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { DESKTOP, launchBrowser, login } from '../helpers/browser.ts';
import { type RunningServer } from '../helpers/e2e-server.ts';
import { useSharedServer } from '../helpers/shared-server.ts';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([useSharedServer(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const SECTIONS = [
  'Form',
  'League Position by Matchday',
  'Fixtures',
  'Results',
  'Top Scorers',
  'Top Assists',
  'Transfers In',
  'Transfers Out',
];

describe('the team page on a replayed Saturday', () => {
  it('opens from the league table, shows the season and opens a fixture', async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    await login(page, server.url);
    await page.goto(`${server.url}/league/premier-league`);
    const table = page.getByRole('region', { name: 'League Table' });
    const first = table.locator('tbody tr').first().getByRole('link');
    // The name is drawn twice (shown on wide screens, for screen readers on phones).
    const name = (await first.locator('.sr-only').textContent())?.trim() ?? '';
    // Linked by the club's key: the page is at the address the table links to.
    const link = await first.getAttribute('href');
    expect(link).toMatch(/^\/team\/[a-z0-9-]+$/);
    await first.click();
    await page.getByRole('heading', { level: 1, name }).waitFor();
    expect(new URL(page.url()).pathname).toBe(link);

    const standing = page.getByRole('definition');
    expect(await standing.first().textContent()).toBe('1st');
    expect(Number(await standing.nth(1).textContent())).toBeGreaterThan(0);
    for (const title of SECTIONS) await page.getByRole('heading', { name: title }).waitFor();
    await page.getByRole('img', { name: /^League position by matchday: matchday \d+/ }).waitFor();
    expect(
      await page.getByRole('list', { name: 'Top scorers' }).getByRole('listitem').count(),
    ).toBeGreaterThan(0);
    await page.screenshot({ path: '/tmp/team-page-1280.png', fullPage: true });

    const fixture = page.getByRole('list', { name: 'Fixtures' }).getByRole('link').first();
    const href = await fixture.getAttribute('href');
    expect(href).toMatch(/^\/match\/\d+-[a-z0-9-]+-v-[a-z0-9-]+$/);
    await fixture.click();
    await page.waitForURL((url) => url.pathname === href);
    await page.close();
  });

  it('fits a 360 px screen without sideways scrolling', async () => {
    const page = await browser.newPage({ viewport: { width: 360, height: 740 } });
    await login(page, server.url);
    await page.goto(`${server.url}/team/arsenal`);
    await page.getByRole('heading', { level: 1, name: 'Arsenal' }).waitFor();
    await page.getByRole('heading', { name: 'Transfers Out' }).waitFor();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBe(0);
    await page.screenshot({ path: '/tmp/team-page-360.png', fullPage: true });
    await page.close();
  });

  it('says "Team not found" with a link home for a slug that is no club', async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    await login(page, server.url);
    await page.goto(`${server.url}/team/no-such-club`);
    await page.getByRole('heading', { name: 'Team not found' }).waitFor();
    expect(await page.getByRole('link', { name: 'Return to Home' }).getAttribute('href')).toBe('/');
    await page.close();
  });
});
