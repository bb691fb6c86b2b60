// The site by the keyboard alone: every control of every page reached by Tab with its focus
// shown, the gate unlocked, tabs moved with the arrow keys. axe-core's checks are in
// accessibility-phone.test.ts and accessibility-desktop.test.ts.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  blurFocus,
  openPage,
  openSignedInContexts,
  PAGES,
  readFocused,
  tabThrough,
  VIEWPORTS,
  type CheckedPage,
} from '../helpers/accessibility.ts';
import { launchBrowser, PHONE } from '../helpers/browser.ts';
import { useSharedServer } from '../helpers/shared-server.ts';

const server = useSharedServer();
let browser: Browser;
let getContext: Awaited<ReturnType<typeof openSignedInContexts>>;

beforeAll(async () => {
  browser = await launchBrowser();
  getContext = await openSignedInContexts(
    browser,
    server.url,
    VIEWPORTS.filter((v) => v.name === 'phone'),
  );
});
afterAll(async () => {
  await browser?.close();
});

describe('the keyboard alone', () => {
  it('unlocks the gate: Tab to the field, a wrong password, then the right one', async () => {
    const context = await browser.newContext({ viewport: PHONE });
    const page = await context.newPage();
    await page.goto(server.url);
    const field = page.getByLabel('Password');
    await field.waitFor();

    const { problems } = await tabThrough(page);
    expect(problems).toEqual([]);

    await blurFocus(page);
    await page.keyboard.press('Tab');
    expect(await field.evaluate((element) => element === document.activeElement)).toBe(true);
    await page.keyboard.type('offside');
    await page.keyboard.press('Tab');
    expect(
      await page
        .getByRole('button', { name: 'Enter' })
        .evaluate((element) => element === document.activeElement),
    ).toBe(true);
    await page.keyboard.press('Space');
    await page.getByText('Incorrect password. Please try again.').waitFor();
    expect(await field.inputValue()).toBe('');

    // Focus goes back to the (cleared) field: the fan types again at once.
    expect(await field.evaluate((element) => element === document.activeElement)).toBe(true);
    await page.keyboard.type('kickoff');
    await page.keyboard.press('Enter');
    await page.getByRole('navigation', { name: 'Leagues' }).waitFor();
    await context.close();
  });

  // Fans are on phones: the walk runs at phone width (axe above checks both widths). Each
  // Tab is a round trip to the browser, and the transfers page has hundreds of controls.
  for (const viewport of VIEWPORTS.filter((v) => v.name === 'phone')) {
    for (const target of PAGES) {
      it(`reaches every control of the ${target.name} page with a visible focus (${viewport.name})`, async () => {
        const page = await openPage(getContext(viewport.name, 'light'), server.url, target);
        const { reached, problems } = await tabThrough(page);
        expect(problems).toEqual([]);
        expect(reached).toBeGreaterThan(0);
        await page.close();
      }, 240_000);
    }
  }

  it('moves between transfer tabs with the arrow keys, focus shown', async () => {
    const page = await openPage(
      getContext('phone', 'light'),
      server.url,
      PAGES.find((p) => p.name === 'transfers') as CheckedPage,
    );
    const tabs = page.getByRole('tablist').first().getByRole('tab');
    await tabs.first().focus();
    const count = await tabs.count();
    for (let i = 1; i < count; i++) {
      await page.keyboard.press('ArrowRight');
      const focused = await readFocused(page);
      expect(await tabs.nth(i).evaluate((element) => element === document.activeElement)).toBe(
        true,
      );
      expect(await tabs.nth(i).getAttribute('aria-selected')).toBe('true');
      expect(focused?.drawn).toBe(true);
      expect(focused?.clippedBy).toBeNull();
    }
    await page.close();
  });
});
