import { chromium, type APIRequestContext, type Browser, type Page } from 'playwright-core';

import { findChromePath, HEADLESS_SHELL } from './chrome-path.ts';
import { postLogin, readSessionCookie } from './login.ts';

/**
 * Chromium, headless, with no background traffic to the network. `hostResolverRules` resolves
 * host names as Chromium's flag of that name says (see fake-bookmaker.ts).
 */
export function launchBrowser(options: { hostResolverRules?: string } = {}): Promise<Browser> {
  return chromium.launch({
    executablePath: findChromePath() ?? HEADLESS_SHELL,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      ...(options.hostResolverRules === undefined
        ? []
        : [`--host-resolver-rules=${options.hostResolverRules}`]),
    ],
  });
}

export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1280, height: 800 };

/**
 * Unlocks the gate through the page itself, as a fan would. A page whose browser already holds a
 * valid session cookie opens straight onto the site: then there is nothing to type.
 */
export async function login(page: Page, baseUrl: string, password = 'kickoff'): Promise<void> {
  await page.goto(baseUrl);
  const field = page.getByLabel('Password');
  const site = page.getByRole('navigation', { name: 'Leagues' });
  await field.or(site).first().waitFor();
  if (await site.isVisible()) return;
  await field.fill(password);
  await page.getByRole('button', { name: 'Enter' }).click();
  try {
    await site.waitFor();
  } catch (error) {
    // Say what the gate said: a refusal reads differently from a page that never came.
    const said = await page
      .locator('#gate-message')
      .textContent({ timeout: 1000 })
      .catch(() => null);
    throw new Error(
      `the site did not open after the login; the gate said: ${JSON.stringify(said)}`,
      {
        cause: error,
      },
    );
  }
}

/**
 * Signs in through the login endpoint and answers the session cookie, for a browser context to
 * start signed in (the gate lets a valid cookie straight through). The login throttle allows five
 * attempts a minute from one address: a file that opens many contexts signs in once with this.
 */
export async function fetchSessionCookie(
  baseUrl: string,
  password = 'kickoff',
): Promise<{ name: string; value: string; url: string }> {
  const reply = await postLogin(baseUrl, password);
  if (!reply.ok) throw new Error(`login answered ${reply.status}`);
  const [name = '', value = ''] = readSessionCookie(reply).split('=');
  return { name, value, url: baseUrl };
}

/**
 * Scrolls down the whole page half a screen at a time, as a fan reading it would, and back to
 * the top: sections far down a page load only when scrolled near (src/web/components/
 * near-screen.tsx). Waits until no section is still waiting.
 */
export async function scrollThroughPage(page: Page): Promise<void> {
  for (let y = 0; ;) {
    const { height, step } = await page.evaluate((top) => {
      window.scrollTo(0, top);
      return { height: document.documentElement.scrollHeight, step: window.innerHeight / 2 };
    }, y);
    // A section that has just loaded may be drawn a frame later.
    await page.waitForTimeout(50);
    if (y >= height) break;
    y += step;
  }
  await page.waitForFunction(() => document.querySelector('[data-near-screen="waiting"]') === null);
  await page.evaluate(() => {
    window.scrollTo(0, 0);
  });
}

/**
 * GETs a data route with a signed-in context's cookies (`page.request` or `context.request`) and
 * reads its JSON. A refusal that says when to come back (503 while the server sheds load, 429
 * over the rate; both with Retry-After) is asked again, as the page's own queries do: after half
 * a second for a 503, after the time given (at most 15 s) for a 429. A connection reset is asked
 * again once: the context keeps connections alive, and one the server closed as idle just as the
 * request went out resets, as a browser's would before it retried. Any other answer but 200
 * fails with its status and body.
 */
export async function getApiJson<T>(request: APIRequestContext, url: string): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    const reply = await request.get(url).catch((error: unknown) => {
      if (!String(error).includes('ECONNRESET')) throw error;
      return request.get(url);
    });
    const retryAfter = reply.headers()['retry-after'];
    const refused = [429, 503].includes(reply.status()) && retryAfter !== undefined;
    if (!refused || attempt === 30) {
      if (reply.status() !== 200)
        throw new Error(`GET ${url} answered ${reply.status()}: ${await reply.text()}`);
      return (await reply.json()) as T;
    }
    const waitMs =
      reply.status() === 503 ? 500 : Math.min(15_000, Math.max(500, Number(retryAfter) * 1000));
    await new Promise((resolve) => setTimeout(resolve, waitMs));
  }
}
