import type { Browser, ConsoleMessage, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { DESKTOP, launchBrowser, login, PHONE } from '../helpers/browser.ts';
import { startServer, type RunningServer } from '../helpers/e2e-server.ts';

const sections = (page: Page) => page.getByRole('navigation', { name: 'Sections' });

const LEAGUE_NAMES = ['Premier League', 'La Liga', 'Serie A', 'Bundesliga', 'Ligue 1'];
const LEAGUE_FLAGS = ['gb-eng', 'es', 'it', 'de', 'fr'];

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('the password gate', () => {
  it('refuses a wrong password, clears the field, then opens for the right one', async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    await page.goto(server.url);
    const field = page.getByLabel('Password');
    await field.fill('offside');
    await page.getByRole('button', { name: 'Enter' }).click();
    await expect
      .poll(() => page.getByRole('alert').textContent())
      .toBe('Incorrect password. Please try again.');
    expect(await field.inputValue()).toBe('');

    await field.fill('kickoff');
    await page.getByRole('button', { name: 'Enter' }).click();
    await page.getByRole('navigation', { name: 'Leagues' }).waitFor();
    expect(await page.evaluate(() => sessionStorage.getItem('touchline:unlocked'))).toBe('true');
    const cookies = await page.context().cookies();
    expect(cookies.find((c) => c.name === 'gate')).toMatchObject({
      httpOnly: true,
      sameSite: 'Lax',
    });
    await page.close();
  });

  it('shows the gate again when the unlocked flag is stale and the cookie is missing', async () => {
    const context = await browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    await page.goto(server.url);
    await page.evaluate(() => sessionStorage.setItem('touchline:unlocked', 'true'));
    await page.reload();
    await page.getByLabel('Password').waitFor();
    expect(await page.evaluate(() => sessionStorage.getItem('touchline:unlocked'))).toBeNull();
    await context.close();
  });
});

describe('the frame', () => {
  it('shows logo, chips with names and footer at 1280 px', async () => {
    const context = await browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    await login(page, server.url);
    const chips = page.getByRole('navigation', { name: 'Leagues' }).getByRole('link');
    await expect.poll(() => chips.count()).toBe(5);
    expect(await chips.allInnerTexts()).toEqual(LEAGUE_NAMES);
    expect(
      await sections(page).getByRole('link', { name: 'News', exact: true }).innerText(),
    ).toContain('News');
    expect(
      await sections(page).getByRole('link', { name: 'Transfers', exact: true }).innerText(),
    ).toContain('Transfers');
    const footer = await page.locator('footer').innerText();
    expect(footer).toContain(`© ${new Date().getFullYear()}`);
    expect(footer).toContain('Built with love by the AI Department of Media24');

    await page.getByRole('link', { name: 'Serie A' }).click();
    await page.waitForURL(/\/league\/serie-a$/);
    // The chip's state follows the navigation: poll rather than read it once.
    await expect
      .poll(() => page.getByRole('link', { name: 'Serie A' }).getAttribute('aria-current'))
      .toBe('page');
    expect(
      await page.getByRole('link', { name: 'La Liga' }).getAttribute('aria-current'),
    ).toBeNull();
    await context.close();
  });

  it('shows flags instead of names and hides button text at 390 px', async () => {
    const context = await browser.newContext({ viewport: PHONE, hasTouch: true, isMobile: true });
    const page = await context.newPage();
    await login(page, server.url);
    const chips = page.getByRole('navigation', { name: 'Leagues' }).getByRole('link');
    await expect.poll(() => chips.count()).toBe(5);
    // No text in a chip: only its SVG flag, named by the league.
    expect((await chips.allInnerTexts()).map((text) => text.trim())).toEqual(['', '', '', '', '']);
    for (const [i, name] of LEAGUE_NAMES.entries()) {
      expect(await page.getByRole('link', { name, exact: true }).count()).toBe(1);
      const flag = chips.nth(i).getByRole('img', { name, exact: true });
      expect(await flag.isVisible()).toBe(true);
      expect(await flag.getAttribute('data-flag')).toBe(LEAGUE_FLAGS[i]);
      // The flag is drawn: its SVG picture has loaded.
      expect(await flag.getAttribute('src')).toMatch(new RegExp(`/${LEAGUE_FLAGS[i]}\\.svg$`));
      await expect
        .poll(() => flag.evaluate((el) => (el as HTMLImageElement).naturalWidth))
        .toBeGreaterThan(0);
    }
    expect(
      (await sections(page).getByRole('link', { name: 'News', exact: true }).innerText()).trim(),
    ).toBe('');
    expect(
      (
        await sections(page).getByRole('link', { name: 'Transfers', exact: true }).innerText()
      ).trim(),
    ).toBe('');
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth > window.innerWidth,
    );
    expect(overflow).toBe(false);
    await context.close();
  });
});

describe('an unknown path', () => {
  it('shows the 404 page, logs the path and leads home', async () => {
    const context = await browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    await login(page, server.url);
    const logs: string[] = [];
    page.on('console', (message: ConsoleMessage) => logs.push(message.text()));
    await page.goto(`${server.url}/no/such/page`);
    await page.getByText('Oops! Page not found').waitFor();
    expect(logs.some((line) => line.includes('/no/such/page'))).toBe(true);
    await page.getByRole('link', { name: 'Return to Home' }).click();
    await page.waitForURL(`${server.url}/`);
    await context.close();
  });
});
