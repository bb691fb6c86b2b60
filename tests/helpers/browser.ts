import { chromium, type Browser, type Page } from 'playwright-core';

/** Debian's Chromium (or CHROME_PATH), headless, with no background traffic to the network. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
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
  await site.waitFor();
}
