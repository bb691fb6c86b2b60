import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { launchBrowser, login } from '../helpers/browser.ts';
import { type RunningServer } from '../helpers/e2e-server.ts';
import { useSharedServer } from '../helpers/shared-server.ts';

const PHONE_360 = { width: 360, height: 780 };

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([useSharedServer(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
});

/** A gated answer as the page's own script would read it: status, through the HTTP cache. */
function readThroughCache(page: Page, path: string, cache: RequestCache) {
  return page.evaluate(
    async ({ path, cache }) => (await fetch(path, { cache, credentials: 'same-origin' })).status,
    { path, cache },
  );
}

describe('signing out', () => {
  it('leaves the next person at the browser the gate, and nothing gated in its cache', async () => {
    const context = await browser.newContext({ viewport: PHONE_360 });
    try {
      const page = await context.newPage();
      await login(page, server.url);
      // Answers the browser may now hold: the leagues, read twice so the second comes from it.
      expect(await readThroughCache(page, '/api/leagues', 'default')).toBe(200);
      expect(await readThroughCache(page, '/api/leagues', 'force-cache')).toBe(200);

      const signOut = page.getByRole('button', { name: 'Sign out' });
      await expect.poll(() => signOut.isVisible()).toBe(true);
      await signOut.click();
      await page.getByLabel('Password').waitFor();

      expect(await context.cookies()).toEqual([]);
      // Neither a normal read nor one that prefers the cache gets the signed-in answer back.
      expect(await readThroughCache(page, '/api/leagues', 'default')).toBe(401);
      expect(await readThroughCache(page, '/api/leagues', 'force-cache')).toBe(401);
      // A reload shows the gate again, not the site.
      await page.reload();
      await page.getByLabel('Password').waitFor();
      expect(await page.getByRole('navigation', { name: 'Leagues' }).count()).toBe(0);
    } finally {
      await context.close();
    }
  });
});
