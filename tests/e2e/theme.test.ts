import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { DESKTOP, launchBrowser, login } from '../helpers/browser.ts';
import { waitUntilAnswering, type RunningServer } from '../helpers/e2e-server.ts';
import { useSharedServer } from '../helpers/shared-server.ts';

/** The page's background in each theme (styles.css: bg-chalk). */
const LIGHT_PAGE = 'rgb(245, 247, 242)';
const DARK_PAGE = 'rgb(15, 22, 19)';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([useSharedServer(), launchBrowser()]);
  await waitUntilAnswering(server);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** The page's background, the painted header bar's, and the browser bar's colour (theme-color). */
function readColours(page: Page) {
  return page.evaluate(() => {
    const bar = document.querySelector('#root .bg-pitch, header');
    return {
      page: getComputedStyle(document.documentElement).backgroundColor,
      bar: bar === null ? null : getComputedStyle(bar).backgroundColor,
      themeColours: [...document.querySelectorAll('meta[name="theme-color"]')].map((meta) =>
        meta.getAttribute('content'),
      ),
    };
  });
}

/** Opens the site with the app's scripts refused: what shows is the page as first painted. */
async function openWithoutApp(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  await page.route('**/assets/*.js', (route) => route.abort());
  await page.goto(server.url);
  return page;
}

describe('the colour theme on the first paint, before any of the app runs', () => {
  it.each([
    ['light', LIGHT_PAGE, '#0b3d2e'],
    ['dark', DARK_PAGE, '#14573f'],
  ] as const)('follows a system set to %s', async (scheme, background, bar) => {
    const context = await browser.newContext({ viewport: DESKTOP, colorScheme: scheme });
    const page = await openWithoutApp(context);
    const colours = await readColours(page);
    expect(colours.page).toBe(background);
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBeUndefined();
    // The browser picks the theme-color whose media matches the system.
    expect(colours.themeColours).toEqual(['#0b3d2e', '#14573f']);
    expect(
      await page.evaluate(
        () =>
          [...document.querySelectorAll('meta[name="theme-color"]')]
            .find((meta) => matchMedia(meta.getAttribute('media') ?? 'all').matches)
            ?.getAttribute('content') ?? null,
      ),
    ).toBe(bar);
    await context.close();
  });

  it('takes a stored choice over the system, browser bar included', async () => {
    const context = await browser.newContext({ viewport: DESKTOP, colorScheme: 'dark' });
    await context.addInitScript(() => localStorage.setItem('touchline:theme', 'light'));
    const page = await openWithoutApp(context);
    const colours = await readColours(page);
    expect(colours.page).toBe(LIGHT_PAGE);
    expect(colours.themeColours).toEqual(['#0b3d2e', '#0b3d2e']);
    await context.close();
  });

  it('is set by a script inside the page, before the body is parsed', async () => {
    const context = await browser.newContext({ viewport: DESKTOP, colorScheme: 'light' });
    await context.addInitScript(() => {
      localStorage.setItem('touchline:theme', 'dark');
      // What the document looks like the moment the body starts: the theme must be set already.
      new MutationObserver((_, observer) => {
        if (document.body === null) return;
        observer.disconnect();
        (window as unknown as { themeAtBody: string | undefined }).themeAtBody =
          document.documentElement.dataset.theme;
      }).observe(document, { childList: true, subtree: true });
    });
    const page = await context.newPage();
    await page.goto(server.url);
    expect(
      await page.evaluate(() => (window as unknown as { themeAtBody: string }).themeAtBody),
    ).toBe('dark');
    await context.close();
  });
});

describe("the header's theme button", () => {
  it('goes system, light, dark and back, and is remembered across reloads', async () => {
    const context = await browser.newContext({ viewport: DESKTOP, colorScheme: 'light' });
    const page = await context.newPage();
    await login(page, server.url);
    const button = page.getByRole('button', { name: /^Colour theme/ });
    await expect.poll(() => button.getAttribute('aria-label')).toBe('Colour theme: System');
    expect((await readColours(page)).page).toBe(LIGHT_PAGE);

    await button.click();
    await expect.poll(() => button.getAttribute('aria-label')).toBe('Colour theme: Light');
    await button.click();
    await expect.poll(() => button.getAttribute('aria-label')).toBe('Colour theme: Dark');
    await expect.poll(async () => (await readColours(page)).page).toBe(DARK_PAGE);
    expect(await page.getByRole('status').filter({ hasText: 'Dark theme' }).count()).toBe(1);

    await page.reload();
    await expect.poll(() => button.getAttribute('aria-label')).toBe('Colour theme: Dark');
    const colours = await readColours(page);
    expect(colours.page).toBe(DARK_PAGE);
    expect(colours.themeColours).toEqual(['#14573f', '#14573f']);

    await button.click();
    await expect.poll(() => button.getAttribute('aria-label')).toBe('Colour theme: System');
    await expect.poll(async () => (await readColours(page)).page).toBe(LIGHT_PAGE);
    expect(await page.evaluate(() => localStorage.getItem('touchline:theme'))).toBeNull();
    await context.close();
  });

  it('follows a choice made in another tab', async () => {
    const context = await browser.newContext({ viewport: DESKTOP, colorScheme: 'light' });
    const first = await context.newPage();
    await login(first, server.url);
    const second = await context.newPage();
    await second.goto(server.url);
    await second.getByRole('button', { name: /^Colour theme/ }).waitFor();
    // System, then light, then dark.
    await second.getByRole('button', { name: /^Colour theme/ }).click();
    await second.getByRole('button', { name: /^Colour theme/ }).click();
    await expect.poll(async () => (await readColours(first)).page).toBe(DARK_PAGE);
    await expect
      .poll(() => first.getByRole('button', { name: /^Colour theme/ }).getAttribute('aria-label'))
      .toBe('Colour theme: Dark');
    await context.close();
  });
});
