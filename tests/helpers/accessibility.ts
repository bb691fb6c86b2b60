// What the accessibility checks share (tests/e2e/accessibility*.test.ts, keyboard.test.ts): the
// pages past the gate, the viewports and themes they are checked in, browser contexts signed in
// once, axe-core's run, and a walk through a page by the Tab key.
import axe from 'axe-core';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  DESKTOP,
  fetchSessionCookie,
  getApiJson,
  launchBrowser,
  PHONE,
  scrollThroughPage,
} from './browser.ts';
import { useSharedServer } from './shared-server.ts';

/** Stands for the match page of the board's first match, whose id is known once the server runs. */
export const FIRST_MATCH = '/match/<first on the board>';

/** Every page past the gate, with something that shows it has finished loading. */
export const PAGES = [
  { name: 'home', path: '/', ready: (page: Page) => page.getByRole('article').first() },
  {
    name: 'league',
    path: '/league/premier-league',
    ready: (page: Page) => page.getByRole('table').first(),
  },
  { name: 'news', path: '/news', ready: (page: Page) => page.getByRole('article').first() },
  {
    name: 'match',
    path: FIRST_MATCH,
    ready: (page: Page) => page.getByRole('heading', { name: 'Standing' }),
  },
  {
    name: 'team',
    path: '/team/arsenal',
    ready: (page: Page) => page.getByRole('heading', { name: 'Arsenal', level: 1 }),
  },
  {
    name: 'transfers',
    path: '/transfers',
    ready: (page: Page) => page.getByRole('searchbox', { name: 'Find a club in any league' }),
    // Clubs start collapsed: the first is opened, so its tabs and moves are checked too.
    open: async (page: Page) => {
      await page
        .getByRole('button', { name: /^Show transfers of / })
        .first()
        .click();
      await page.getByRole('tablist').first().waitFor();
    },
  },
  {
    name: 'predictions',
    path: '/predictions',
    ready: (page: Page) =>
      page
        .getByRole('table')
        .first()
        .or(page.getByText('Forecasts are scored once their matches are played.')),
  },
  {
    name: 'admin',
    path: '/admin',
    ready: (page: Page) => page.getByRole('region', { name: 'News RSS Sync' }),
  },
  {
    name: '404',
    path: '/no-such-page',
    ready: (page: Page) => page.getByText('Oops! Page not found'),
  },
];
export type CheckedPage = (typeof PAGES)[number];
export const VIEWPORTS = [
  { name: 'phone', size: PHONE },
  { name: 'desktop', size: DESKTOP },
];
/** Both colour themes, each as the system's setting (the site follows it when nothing is chosen). */
export const THEMES = ['light', 'dark'] as const;
export type Theme = (typeof THEMES)[number];

/**
 * Browser contexts signed in with one session cookie, one per viewport and theme asked for; axe-core
 * goes in as an inline script, which the site's CSP (rightly) refuses, so they bypass it.
 */
export async function openSignedInContexts(
  browser: Browser,
  baseUrl: string,
  viewports: readonly (typeof VIEWPORTS)[number][],
): Promise<(viewport: string, theme: Theme) => BrowserContext> {
  // Signed in once for all: the login throttle allows five failed attempts a minute from one
  // address, and the files sharing a server all come from this one.
  const session = await fetchSessionCookie(baseUrl);
  const contexts = new Map<string, BrowserContext>();
  for (const viewport of viewports) {
    for (const theme of THEMES) {
      const context = await browser.newContext({
        viewport: viewport.size,
        bypassCSP: true,
        colorScheme: theme,
      });
      await context.addCookies([session]);
      // The gate's unlocked flag lives in session storage, per tab: set on every document, so a
      // page opens straight at its own address, not by way of the home page.
      await context.addInitScript(() => sessionStorage.setItem('touchline:unlocked', 'true'));
      contexts.set(`${viewport.name}/${theme}`, context);
    }
  }
  return (viewport, theme) => {
    const context = contexts.get(`${viewport}/${theme}`);
    if (context === undefined) throw new Error(`no context for ${viewport} (${theme})`);
    return context;
  };
}

/** The match page of the first match on today's board (the page's context holds the cookie). */
async function findFirstMatchPath(page: Page, baseUrl: string): Promise<string> {
  const { matches } = await getApiJson<{ matches: { id: number }[] }>(
    page.request,
    `${baseUrl}/api/matches/today`,
  );
  if (matches[0] === undefined) throw new Error('no match on the board to open');
  return `/match/${String(matches[0].id)}`;
}

/** Opens a page past the gate in a context of openSignedInContexts. */
export async function openPage(
  context: BrowserContext,
  baseUrl: string,
  target: CheckedPage,
): Promise<Page> {
  const page = await context.newPage();
  const path = target.path === FIRST_MATCH ? await findFirstMatchPath(page, baseUrl) : target.path;
  await page.goto(`${baseUrl}${path}`);
  await target.ready(page).waitFor();
  if ('open' in target && target.open !== undefined) await target.open(page);
  // Every section, those far down the page too, as a fan scrolling through sees them.
  await scrollThroughPage(page);
  // Loaded: no skeleton left.
  await page.waitForFunction(() => document.querySelector('.animate-pulse') === null);
  return page;
}

type Violation = {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: unknown[]; failureSummary?: string }[];
};

/** axe-core's serious and critical violations on the page as it stands. */
export async function findSeriousViolations(page: Page): Promise<Violation[]> {
  await page.addScriptTag({ content: axe.source });
  const violations = await page.evaluate(async () => {
    const { axe: injected } = window as unknown as { axe: typeof axe };
    // WCAG 2.2's target size (24 px) is off by default in axe-core; Lighthouse checks it.
    const results = await injected.run(document, {
      resultTypes: ['violations'],
      rules: { 'target-size': { enabled: true } },
    });
    return results.violations.map((v) => ({
      id: v.id,
      impact: v.impact ?? null,
      help: v.help,
      nodes: v.nodes.map((n) => ({ target: n.target, failureSummary: n.failureSummary })),
    }));
  });
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

export function describeViolations(violations: Violation[]): string {
  return violations
    .map(
      (v) =>
        `${v.id} (${String(v.impact)}): ${v.help}\n` +
        v.nodes
          .map((n) => `  ${JSON.stringify(n.target)}\n    ${n.failureSummary ?? ''}`)
          .join('\n'),
    )
    .join('\n');
}

type Ring = { outline: string; boxShadow: string };
type Control = { key: string; label: string };

/**
 * Marks every control a keyboard should reach by Tab (visible, enabled, not taken out of the
 * tab order) with data-a11y-key, and returns them with their unfocused outline and shadow.
 */
function markTabbableControls(page: Page): Promise<(Control & Ring)[]> {
  return page.evaluate(() => {
    const selector = [
      'a[href]',
      'button',
      'input',
      'select',
      'textarea',
      'summary',
      '[tabindex]',
      '[role="tab"]',
    ].join(',');
    const found: (Control & Ring)[] = [];
    document.querySelectorAll<HTMLElement>(selector).forEach((element, index) => {
      const disabled = (element as HTMLButtonElement).disabled === true;
      if (disabled || element.tabIndex < 0 || !element.checkVisibility()) return;
      const rect = element.getBoundingClientRect();
      if (rect.width === 0 || rect.height === 0) return;
      const key = String(index);
      element.dataset.a11yKey = key;
      const style = getComputedStyle(element);
      found.push({
        key,
        label: `${element.tagName.toLowerCase()} "${(element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 40)}"`,
        outline: `${style.outlineStyle} ${style.outlineWidth} ${style.outlineColor}`,
        boxShadow: style.boxShadow,
      });
    });
    return found;
  });
}

/**
 * The focused element's key, its focus ring, and whether that ring is drawn at all and lies
 * inside every ancestor that clips its overflow (so it can be seen).
 */
export function readFocused(page: Page) {
  return page.evaluate(() => {
    const element = document.activeElement;
    // A shot on the shot map is an SVG element: focusable, and ringed like any control.
    const isControl = element instanceof HTMLElement || element instanceof SVGElement;
    if (!isControl || element === document.body) return null;
    const style = getComputedStyle(element);
    const outlineWidth = Number.parseFloat(style.outlineWidth) || 0;
    const hasOutline = style.outlineStyle !== 'none' && outlineWidth > 0;
    const hasShadow = style.boxShadow !== 'none';
    // How far the ring reaches outside the element (a negative offset draws it inside).
    const grow = hasOutline
      ? Math.max(0, (Number.parseFloat(style.outlineOffset) || 0) + outlineWidth)
      : 0;
    const rect = element.getBoundingClientRect();
    const ring = {
      top: rect.top - grow,
      left: rect.left - grow,
      bottom: rect.bottom + grow,
      right: rect.right + grow,
    };
    let clippedBy: string | null = null;
    for (let parent = element.parentElement; parent !== null; parent = parent.parentElement) {
      if (parent === document.body || parent === document.documentElement) break;
      const parentStyle = getComputedStyle(parent);
      if (parentStyle.overflowX === 'visible' && parentStyle.overflowY === 'visible') continue;
      const box = parent.getBoundingClientRect();
      const clipsX =
        parentStyle.overflowX !== 'visible' &&
        (ring.left < box.left - 0.5 || ring.right > box.right + 0.5);
      const clipsY =
        parentStyle.overflowY !== 'visible' &&
        (ring.top < box.top - 0.5 || ring.bottom > box.bottom + 0.5);
      if (clipsX || clipsY) {
        clippedBy = `${parent.tagName.toLowerCase()}.${[...parent.classList].slice(0, 4).join('.')}`;
        break;
      }
    }
    return {
      key: element.dataset.a11yKey ?? null,
      label: `${element.tagName.toLowerCase()} "${(element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 40)}"`,
      outline: `${style.outlineStyle} ${style.outlineWidth} ${style.outlineColor}`,
      boxShadow: style.boxShadow,
      drawn: hasOutline || hasShadow,
      clippedBy,
    };
  });
}

/**
 * Tabs from the top of the page to the end, and returns the problems found: controls never
 * reached, and controls whose focus is not visibly shown.
 */
/**
 * Focus back at the top, as on a page just opened: the next Tab goes to the first control.
 * (blur() alone would not do: Chromium starts the next Tab from the last focused element.)
 */
export async function blurFocus(page: Page): Promise<void> {
  await page.evaluate(() => {
    const start = document.createElement('div');
    start.tabIndex = -1;
    document.body.prepend(start);
    start.focus();
    start.addEventListener('blur', () => start.remove(), { once: true });
  });
}

export async function tabThrough(page: Page): Promise<{ reached: number; problems: string[] }> {
  await page.evaluate(() => window.scrollTo(0, 0));
  // A page may have focused a control itself (the gate's field): each control's look is read
  // unfocused, and the walk starts from the top.
  await blurFocus(page);
  const controls = await markTabbableControls(page);
  const unfocused = new Map(controls.map((c) => [c.key, c]));
  const reached = new Set<string>();
  const problems: string[] = [];
  // Generous: a control may be added while tabbing (the news page loads more as it scrolls).
  for (let i = 0; i < controls.length + 200; i++) {
    await page.keyboard.press('Tab');
    const focused = await readFocused(page);
    if (focused === null) break;
    if (focused.key !== null && reached.has(focused.key)) break;
    if (focused.key !== null) reached.add(focused.key);
    const before = focused.key === null ? undefined : unfocused.get(focused.key);
    const changed =
      before === undefined ||
      before.outline !== focused.outline ||
      before.boxShadow !== focused.boxShadow;
    if (!focused.drawn || !changed) problems.push(`no focus indicator on ${focused.label}`);
    else if (focused.clippedBy !== null)
      problems.push(`focus indicator of ${focused.label} cut off by ${focused.clippedBy}`);
  }
  for (const control of controls)
    if (!reached.has(control.key)) problems.push(`never reached by Tab: ${control.label}`);
  return { reached: reached.size, problems };
}

/**
 * axe-core's checks of the gate and every page at one viewport, in both themes, on the shared
 * server: a file per viewport, so that the two run side by side.
 */
export function describeAxeChecks(viewportName: (typeof VIEWPORTS)[number]['name']): void {
  const viewport = VIEWPORTS.find((v) => v.name === viewportName);
  if (viewport === undefined) throw new Error(`no viewport ${viewportName}`);
  const server = useSharedServer();
  let browser: Browser;
  let getContext: Awaited<ReturnType<typeof openSignedInContexts>>;
  beforeAll(async () => {
    browser = await launchBrowser();
    getContext = await openSignedInContexts(browser, server.url, [viewport]);
  });
  afterAll(async () => {
    await browser?.close();
  });

  describe(`axe-core finds no serious or critical violation, contrast included (${viewport.name})`, () => {
    for (const theme of THEMES) {
      it(`on the password gate (${viewport.name}, ${theme})`, async () => {
        const context = await browser.newContext({
          viewport: viewport.size,
          bypassCSP: true,
          colorScheme: theme,
        });
        const page = await context.newPage();
        await page.goto(server.url);
        await page.getByLabel('Password').waitFor();
        let violations = await findSeriousViolations(page);
        expect(violations, describeViolations(violations)).toEqual([]);

        // And with the wrong-password message showing: once, on a phone in the dark theme. The
        // login throttle allows five failed attempts a minute from one address, and every file
        // on the shared server comes from this one (keyboard.test.ts makes one more).
        if (viewport.name === 'phone' && theme === 'dark') {
          await page.getByLabel('Password').fill('offside');
          await page.getByRole('button', { name: 'Enter' }).click();
          await page.getByText('Incorrect password. Please try again.').waitFor();
          violations = await findSeriousViolations(page);
          expect(violations, describeViolations(violations)).toEqual([]);
        }
        await context.close();
      });

      for (const target of PAGES) {
        it(`on the ${target.name} page (${viewport.name}, ${theme})`, async () => {
          const page = await openPage(getContext(viewport.name, theme), server.url, target);
          // The page is drawn in the theme under test (styles.css: the page's background).
          expect(
            await page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor),
          ).toBe(theme === 'dark' ? 'rgb(15, 22, 19)' : 'rgb(245, 247, 242)');
          const violations = await findSeriousViolations(page);
          expect(violations, describeViolations(violations)).toEqual([]);
          await page.close();
        });
      }
    }
  });
}
