import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { DESKTOP, launchBrowser, login } from '../helpers/browser.ts';
import { waitUntilAnswering, type RunningServer } from '../helpers/e2e-server.ts';
import { useSharedServer } from '../helpers/shared-server.ts';

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

type Manifest = {
  name?: string;
  short_name?: string;
  start_url?: string;
  display?: string;
  theme_color?: string;
  background_color?: string;
  icons?: { src: string; sizes: string; type?: string; purpose?: string }[];
};

/** Signs in and waits until the service worker controls the page (it registers after load). */
async function openControlledPage(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  await login(page, server.url);
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await page.getByRole('navigation', { name: 'Leagues' }).waitFor();
  return page;
}

describe('the web app manifest', () => {
  it('is linked from the page, open without a session, and complete', async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    await page.goto(server.url);
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(href).toBe('/manifest.webmanifest');
    // Fetched without cookies, as browsers fetch a manifest.
    const reply = await fetch(new URL(href ?? '', server.url));
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toMatch(/^application\/manifest\+json/);
    const manifest = (await reply.json()) as Manifest;
    expect(manifest.name).toBe('Touchline');
    expect(manifest.short_name).toBeTruthy();
    expect(manifest.start_url).toBe('/');
    expect(manifest.display).toBe('standalone');
    expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/i);
    expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/i);

    const icons = manifest.icons ?? [];
    for (const size of ['192x192', '512x512'])
      expect(icons.some((icon) => icon.sizes === size && icon.purpose !== 'maskable')).toBe(true);
    expect(icons.some((icon) => icon.purpose === 'maskable')).toBe(true);
    for (const icon of icons) {
      const [width, height] = icon.sizes.split('x').map(Number);
      const drawn = await page.evaluate(async (src) => {
        const image = new Image();
        image.src = src;
        await image.decode();
        return [image.naturalWidth, image.naturalHeight];
      }, icon.src);
      expect(drawn, icon.src).toEqual([width, height]);
      const file = await fetch(new URL(icon.src, server.url));
      expect(file.headers.get('content-type')).toBe(icon.type);
    }
    await page.close();
  });

  it('leaves Chromium nothing to object to for installing the site', async () => {
    const context = await browser.newContext({ viewport: DESKTOP });
    const page = await openControlledPage(context);
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
      installabilityErrors: { errorId: string }[];
    };
    // A test's browser context is an incognito one, where Chromium never offers to install;
    // everything else must be in order.
    expect(
      installabilityErrors
        .map((error) => error.errorId)
        .filter((errorId) => errorId !== 'in-incognito'),
    ).toEqual([]);
    await context.close();
  });
});

describe('the service worker', () => {
  it('is served fresh on every visit and controls the page after a reload', async () => {
    const reply = await fetch(new URL('/sw.js', server.url));
    expect(reply.status).toBe(200);
    expect(reply.headers.get('cache-control')).toBe('no-cache');
    const context = await browser.newContext({ viewport: DESKTOP });
    const page = await openControlledPage(context);
    expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null)).toBe(
      `${server.url}/sw.js`,
    );
    await context.close();
  });

  it('shows the offline page for a page opened with no connection', async () => {
    const context = await browser.newContext({ viewport: DESKTOP });
    const page = await openControlledPage(context);
    await context.setOffline(true);
    await page.goto(`${server.url}/news`);
    await page.getByRole('heading', { name: 'You are offline' }).waitFor();
    expect(await page.textContent('body')).toContain('need a connection');
    // Its own stylesheet came from the cache: the page is styled, not bare.
    expect(
      await page.evaluate(
        () => getComputedStyle(document.querySelector('.bar') ?? document.body).display,
      ),
    ).toBe('flex');
    await context.setOffline(false);
    await page.getByRole('link', { name: 'Try again' }).click();
    await page.getByRole('navigation', { name: 'Leagues' }).waitFor();
    await context.close();
  });

  it('never answers data, clicks or images from its cache, and keeps none of them', async () => {
    const context = await browser.newContext({ viewport: DESKTOP });
    const page = await openControlledPage(context);
    const fromWorker: string[] = [];
    page.on('response', (response) => {
      const { pathname } = new URL(response.url());
      if (/^\/(api|go|img|functions)\//.test(pathname) && response.fromServiceWorker())
        fromWorker.push(pathname);
    });
    // Data loads again on a page past the gate, through the controlling worker.
    await page.goto(`${server.url}/league/premier-league`);
    await page.getByRole('table').first().waitFor();
    expect(fromWorker).toEqual([]);

    const stored = await page.evaluate(async () => {
      const urls: string[] = [];
      for (const name of await caches.keys()) {
        const cache = await caches.open(name);
        for (const request of await cache.keys()) urls.push(new URL(request.url).pathname);
      }
      return urls;
    });
    expect(stored).toContain('/offline.html');
    expect(stored.some((url) => url.startsWith('/assets/'))).toBe(true);
    expect(stored.filter((url) => /^\/(api|go|img|functions|feeds)\//.test(url))).toEqual([]);
    expect(stored.filter((url) => url === '/' || !/\.\w+$/.test(url))).toEqual([]);

    // Offline, a data request fails rather than being answered with something kept.
    await context.setOffline(true);
    const offlineAnswer = await page.evaluate(async () => {
      try {
        // Past the browser's own HTTP cache, which may hold it for a few seconds.
        const reply = await fetch('/api/leagues', { cache: 'no-store' });
        return `answered ${String(reply.status)}`;
      } catch {
        return 'failed';
      }
    });
    expect(offlineAnswer).toBe('failed');
    await context.close();
  });
});
