// The match page's recorded facts as a fan sees them: statistics, shot map and xG race at phone
// and desktop widths in both themes, axe-clean; and a replayed season without recorded events,
// which names no scorer.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { MatchCentre } from '../../src/domain/api/match-centre.ts';
import { describeViolations, findSeriousViolations } from '../helpers/accessibility.ts';
import {
  DESKTOP,
  getApiJson,
  launchBrowser,
  login,
  scrollThroughPage,
} from '../helpers/browser.ts';
import { startServer, type RunningServer } from '../helpers/e2e-server.ts';
import { useSharedServer } from '../helpers/shared-server.ts';

let server: RunningServer;
let unrecorded: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, unrecorded, browser] = await Promise.all([
    useSharedServer(),
    // 2026-11-21 17:30 UTC replays a Saturday evening of 2022-23, a season the shots file does
    // not reach: the afternoon's matches are over.
    startServer({ NOW: '2026-11-21T17:30:00Z', CLOCK_SPEED: '0', REPLAY_SEASON: '2022-2023' }),
    launchBrowser(),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await Promise.all([server?.stop(), unrecorded?.stop()]);
});

const sidewaysOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

/** The first of today's matches under way or over with recorded shots, and its answer. */
async function findMatchWithShots(page: Page, baseUrl: string) {
  const { matches } = await getApiJson<{ matches: { id: number; status: number }[] }>(
    page.request,
    `${baseUrl}/api/matches/today`,
  );
  for (const { id, status } of matches) {
    if (status === -1) continue;
    const answer = await getApiJson<MatchCentre>(page.request, `${baseUrl}/api/matches/${id}`);
    if ((answer.facts.shots?.length ?? 0) >= 5) return answer;
  }
  throw new Error('no match of the day has recorded shots');
}

describe('the match page of a replayed season with recorded events', () => {
  for (const viewport of [
    { name: 'phone', width: 360, height: 780 },
    { name: 'desktop', ...DESKTOP },
  ]) {
    for (const theme of ['light', 'dark'] as const) {
      it(`shows statistics, every shot and the xG race at ${viewport.width} px (${theme}), axe-clean`, async () => {
        const context = await browser.newContext({
          viewport: { width: viewport.width, height: viewport.height },
          colorScheme: theme,
          // axe-core goes into the page as an inline script, which the site's policy refuses.
          bypassCSP: true,
        });
        const page = await context.newPage();
        await login(page, server.url);
        const answer = await findMatchWithShots(page, server.url);
        const shots = answer.facts.shots ?? [];
        await page.goto(`${server.url}/match/${answer.match.id}`);

        // Statistics: the shots line gives both sides' counts.
        const statistics = page.getByRole('list', { name: 'Match statistics' });
        await statistics.waitFor();
        const count = (side: string) => shots.filter((s) => s.side === side).length;
        const shotsLine = await statistics.locator('[data-statistic="shots"]').textContent();
        expect(shotsLine).toContain(
          `Shots: ${answer.match.home.name} ${count('home')}, ${answer.match.away.name} ${count('away')}`,
        );

        // The shot map: every shot, placed and focusable; focus tells its minute, player and xG.
        const map = page.getByRole('group', { name: /^Shot map/ });
        const marks = map.getByRole('img');
        expect(await marks.count()).toBe(shots.length);
        const first = shots[0];
        await marks.first().focus();
        const label = page.getByTestId('shot-label');
        await label.waitFor();
        const text = (await label.textContent()) ?? '';
        expect(text).toContain(first?.player ?? '?');
        expect(text).toContain(first?.minute ?? '?');
        // The table equivalent lists every shot too.
        await page.getByText(`All shots (${shots.length})`).click();
        const table = page.getByRole('table', { name: /shots/i });
        expect(await table.locator('tbody tr').count()).toBe(shots.length);

        // The xG race ends at each side's total.
        const total = (side: string) =>
          shots
            .filter((s) => s.side === side)
            .reduce((sum, s) => sum + s.xg, 0)
            .toFixed(2);
        const summary = (await page.getByTestId('xg-summary').textContent()) ?? '';
        expect(summary.replace(/\s+/g, ' ')).toContain(
          `${answer.match.home.name} ${total('home')}`,
        );
        expect(summary.replace(/\s+/g, ' ')).toContain(
          `${answer.match.away.name} ${total('away')}`,
        );

        expect(await sidewaysOverflow(page)).toBe(0);
        const violations = await findSeriousViolations(page);
        expect(violations, describeViolations(violations)).toEqual([]);
        await page.getByRole('heading', { name: 'Shots' }).scrollIntoViewIfNeeded();
        await page.screenshot({
          path: `/tmp/match-facts-${viewport.width}-${theme}.png`,
          fullPage: true,
        });
        await context.close();
      });
    }
  }
});

describe('a replayed season without recorded events', () => {
  it('names no scorer and no goal minute on a match page, and says so', async () => {
    const page = await browser.newPage({ viewport: { width: 360, height: 780 } });
    await login(page, unrecorded.url);
    const { matches } = await getApiJson<{
      matches: { id: number; status: number; result: string }[];
    }>(page.request, `${unrecorded.url}/api/matches/today`);
    const scored = matches.find((m) => m.status === 1 && m.result !== '0-0');
    if (scored === undefined) throw new Error('no finished match with goals on the board');
    const answer = await getApiJson<MatchCentre>(
      page.request,
      `${unrecorded.url}/api/matches/${scored.id}`,
    );
    expect(answer.facts.goals_recorded).toBe(false);
    expect(answer.timeline.filter((line) => line.type === 'goal')).toEqual([]);
    expect(answer.facts.shots).toBeNull();

    await page.goto(`${unrecorded.url}/match/${scored.id}`);
    await page.getByTestId('match-score').waitFor();
    expect((await page.getByTestId('match-score').textContent())?.trim()).toBe(scored.result);
    await page.getByText('Goal times and scorers are not on record for this season').waitFor();
    expect(await page.locator('[data-goal]').count()).toBe(0);
    await page.getByText('Shots are not recorded for this match.').waitFor();
    // Whole-match totals are known: the statistics show them.
    await page.locator('[data-statistic="corners"]').waitFor();

    // Nor does the league page credit anyone with a goal.
    await page.goto(`${unrecorded.url}/league/premier-league`);
    await page.getByRole('table').first().waitFor();
    // The lists load as the fan scrolls near them.
    await scrollThroughPage(page);
    await page.getByText('No top scorers data available').waitFor();
    await page.close();
  });
});
