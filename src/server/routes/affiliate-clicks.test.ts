import { parse } from 'csv-parse/sync';
import { gte, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { offerBookmakers } from '../../../tests/helpers/small-world.ts';
import { createTestApp, loginCookie, type TestApp } from '../../../tests/helpers/test-app.ts';
import type { ClicksReport } from '../../domain/affiliate-clicks.ts';
import { affiliateClicks } from '../db/schema.ts';

const ADMIN_PASSWORD = 'offside-trap';
const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
// Saturday 21 November 2026, 17:30 in Johannesburg (GMT+2).
const NOW = new Date('2026-11-21T15:30:00Z');

/**
 * A scripted set of clicks: how many days before now, the bookmaker, league and page. A day
 * counts in GMT+2: 23:00 UTC on the 19th is already the 20th there.
 */
const SCRIPT: { at: Date; path: string }[] = [
  { at: NOW, path: '/go/bet365?event=e1&outcome=Home&league=premier-league&page=home' },
  { at: NOW, path: '/go/bet365?event=e2&outcome=Draw&league=premier-league&page=league' },
  { at: NOW, path: '/go/williamhill?event=e3&outcome=Away&league=serie-a&page=match' },
  { at: new Date(NOW.getTime() - DAY_MS), path: '/go/bet365?event=e4&league=la-liga&page=match' },
  { at: new Date(NOW.getTime() - DAY_MS), path: '/go/pinnacle?event=e5&league=la-liga&page=home' },
  { at: new Date('2026-11-19T23:00:00Z'), path: '/go/pinnacle?event=e6&league=bundesliga' },
  // An unlisted bookmaker, and a league the site does not have: the click counts as no league.
  {
    at: new Date(NOW.getTime() - 10 * DAY_MS),
    path: '/go/mystery_bet?event=e7&league=atlantis&page=team',
  },
  { at: new Date(NOW.getTime() - 29 * DAY_MS), path: '/go/bwin?event=e8&page=predictions' },
  // Before the report's 30 days, and so left out of it.
  { at: new Date(NOW.getTime() - 30 * DAY_MS), path: '/go/bwin?event=e9&page=home' },
];
const IN_REPORT = SCRIPT.length - 1;

let clock = NOW;
let t: TestApp;
let guarded: TestApp;
let cookie: string;
let fans = 0;

beforeAll(async () => {
  [t, guarded] = await Promise.all([
    createTestApp({ now: () => clock }),
    createTestApp({ now: () => clock, adminPassword: ADMIN_PASSWORD }),
  ]);
  cookie = await loginCookie(t.app);
  await offerBookmakers(t.database.db, ['mystery_bet']);
  for (const click of SCRIPT) {
    clock = click.at;
    const response = await t.app.inject({
      url: click.path,
      headers: { cookie },
      // An address each, so the click limits never hold one back.
      remoteAddress: `10.2.0.${++fans}`,
    });
    expect(response.statusCode).toBe(302);
    // Recorded beside the redirect: wait for the row before the clock moves on.
    await waitForRows(fans);
  }
  clock = NOW;
});
afterAll(async () => {
  await Promise.all([t.close(), guarded.close()]);
});

async function waitForRows(count: number) {
  for (let i = 0; i < 200; i++) {
    if ((await t.database.db.select().from(affiliateClicks)).length >= count) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`expected ${count} affiliate clicks`);
}

/** The table's own counts, grouped by `column`, over the report's 30 days (GMT+2). */
async function countRows(column: 'bookmaker' | 'league_slug' | 'source_page' | 'day') {
  const from = new Date('2026-10-23T00:00:00+02:00');
  const key =
    column === 'day'
      ? sql<string>`to_char(${affiliateClicks.createdAt} AT TIME ZONE 'Africa/Johannesburg', 'YYYY-MM-DD')`
      : sql<string | null>`${sql.identifier(column)}`;
  const rows = await t.database.db
    .select({ key, clicks: sql<number>`count(*)::int` })
    .from(affiliateClicks)
    .where(gte(affiliateClicks.createdAt, from))
    .groupBy(sql`1`);
  return Object.fromEntries(rows.map((row) => [String(row.key), Number(row.clicks)]));
}

const getReport = async () => {
  const response = await t.app.inject({ url: '/api/admin/clicks', headers: { cookie } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ClicksReport>();
};

describe('GET /api/admin/clicks', () => {
  it("totals equal the rows of affiliate_clicks in the report's 30 days", async () => {
    const report = await getReport();
    expect(report.total).toBe(IN_REPORT);
    const sum = (list: { clicks: number }[]) => list.reduce((n, row) => n + row.clicks, 0);
    for (const list of [report.days, report.bookmakers, report.leagues, report.pages]) {
      expect(sum(list)).toBe(report.total);
    }
    const byKey = <T extends { clicks: number }>(list: T[], key: (row: T) => string | null) =>
      Object.fromEntries(list.map((row) => [String(key(row)), row.clicks]));
    expect(byKey(report.bookmakers, (r) => r.key)).toEqual(await countRows('bookmaker'));
    expect(byKey(report.leagues, (r) => r.slug)).toEqual(await countRows('league_slug'));
    expect(byKey(report.pages, (r) => r.page)).toEqual(await countRows('source_page'));
    expect(
      byKey(
        report.days.filter((d) => d.clicks > 0),
        (r) => r.day,
      ),
    ).toEqual(await countRows('day'));
  });

  it('counts each of the last 30 days in the site’s zone, oldest first, empty days included', async () => {
    const report = await getReport();
    expect(report).toMatchObject({
      time_zone: 'Africa/Johannesburg',
      from: '2026-10-23',
      to: '2026-11-21',
    });
    expect(report.days).toHaveLength(30);
    expect(report.days[0]).toEqual({ day: '2026-10-23', clicks: 1 });
    expect(report.days.slice(-3)).toEqual([
      { day: '2026-11-19', clicks: 0 },
      // 23:00 UTC on the 19th is 01:00 on the 20th in Johannesburg.
      { day: '2026-11-20', clicks: 3 },
      { day: '2026-11-21', clicks: 3 },
    ]);
  });

  it('names bookmakers and leagues, most clicked first', async () => {
    const report = await getReport();
    expect(report.bookmakers).toEqual([
      { key: 'bet365', title: 'Bet365', clicks: 3 },
      { key: 'pinnacle', title: 'Pinnacle', clicks: 2 },
      { key: 'bwin', title: 'Bwin', clicks: 1 },
      { key: 'mystery_bet', title: 'mystery_bet', clicks: 1 },
      { key: 'williamhill', title: 'William Hill', clicks: 1 },
    ]);
    expect(report.leagues.slice(0, 3)).toEqual([
      { slug: 'la-liga', name: 'La Liga', clicks: 2 },
      { slug: null, name: 'No league', clicks: 2 },
      { slug: 'premier-league', name: 'Premier League', clicks: 2 },
    ]);
    expect(report.leagues.map((l) => l.slug)).not.toContain('atlantis');
    expect(report.pages).toEqual([
      { page: 'home', clicks: 2 },
      { page: 'match', clicks: 2 },
      { page: null, clicks: 1 },
      { page: 'league', clicks: 1 },
      { page: 'predictions', clicks: 1 },
      { page: 'team', clicks: 1 },
    ]);
  });
});

describe('GET /api/admin/clicks.csv', () => {
  it('downloads the same clicks as CSV that parses back to the report', async () => {
    const response = await t.app.inject({ url: '/api/admin/clicks.csv', headers: { cookie } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8; header=present');
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="affiliate-clicks-2026-10-23-to-2026-11-21.csv"',
    );
    expect(response.headers['cache-control']).toBe('private, no-store');
    const records = parse(response.body, { columns: true }) as Record<string, string>[];
    expect(Object.keys(records[0] ?? {})).toEqual(['day', 'bookmaker', 'league', 'page', 'clicks']);
    const total = records.reduce((n, r) => n + Number(r.clicks), 0);
    expect(total).toBe(IN_REPORT);
    const report = await getReport();
    for (const bookmaker of report.bookmakers) {
      const lines = records.filter((r) => r.bookmaker === bookmaker.key);
      expect(lines.reduce((n, r) => n + Number(r.clicks), 0)).toBe(bookmaker.clicks);
    }
    expect(records).toContainEqual({
      day: '2026-11-20',
      bookmaker: 'pinnacle',
      league: 'bundesliga',
      page: '',
      clicks: '1',
    });
  });

  it('keeps values stored before leagues were checked as text, split at a comma, semicolon or tab', async () => {
    // Rows an operator's database may hold from before: the report must be safe on its own.
    const stored = ['x;=1+1', '=HYPERLINK("x","y")', 'a\t@SUM(1)', 'two\nlines;-1'];
    await t.database.db.insert(affiliateClicks).values(
      stored.map((league) => ({
        bookmaker: 'bet365',
        leagueSlug: league,
        eventId: null,
        outcome: null,
        targetUrl: 'https://www.bet365.com/',
        clientHash: null,
        createdAt: NOW,
      })),
    );
    try {
      const response = await t.app.inject({ url: '/api/admin/clicks.csv', headers: { cookie } });
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain(`"'=HYPERLINK(""x"",""y"")"`);
      expect(response.body).toContain(`"x;'=1+1"`);
      const records = parse(response.body, { columns: true }) as Record<string, string>[];
      expect(records.map((r) => r.league)).toEqual(
        expect.arrayContaining(['\'=HYPERLINK("x","y")', "x;'=1+1"]),
      );
      for (const delimiter of [',', ';', '\t']) {
        const cells = (
          parse(response.body, {
            delimiter,
            relax_quotes: true,
            relax_column_count: true,
            record_delimiter: ['\r\n', '\n', '\r'],
          }) as string[][]
        ).flat();
        expect(cells.filter((cell) => /^[=+\-@]/.test(cell))).toEqual([]);
      }
    } finally {
      await t.database.db
        .delete(affiliateClicks)
        .where(inArray(affiliateClicks.leagueSlug, stored));
    }
  });
});

describe('the admin password', () => {
  it.each(['/api/admin/clicks', '/api/admin/clicks.csv'])(
    'guards %s when it is set',
    async (url) => {
      const session = await loginCookie(guarded.app);
      const without = await guarded.app.inject({ url, headers: { cookie: session } });
      expect(without.statusCode).toBe(403);
      const wrong = await guarded.app.inject({
        url,
        headers: { cookie: session, 'x-admin-password': 'nope' },
      });
      expect(wrong.statusCode).toBe(403);
      const right = await guarded.app.inject({
        url,
        headers: { cookie: session, 'x-admin-password': ADMIN_PASSWORD },
      });
      expect(right.statusCode).toBe(200);
      const none = await guarded.app.inject({
        url,
        headers: { 'x-admin-password': ADMIN_PASSWORD },
      });
      expect(none.statusCode).toBe(401);
    },
  );
});

describe('GET /metrics', () => {
  it("counts the clicks this instance recorded by bookmaker, every unlisted one as 'other'", async () => {
    const response = await t.app.inject({ url: '/metrics', headers: { cookie } });
    const counts: Record<string, number> = Object.fromEntries(
      [
        ...response.body.matchAll(
          /^touchline_affiliate_clicks_total\{bookmaker="([^"]+)"\} (\d+)$/gm,
        ),
      ].map((m) => [m[1], Number(m[2])]),
    );
    const rows = await countRows('bookmaker');
    // Every click ever recorded, the one before the report's 30 days too.
    expect(counts).toMatchObject({ bet365: 3, pinnacle: 2, bwin: 2, williamhill: 1, other: 1 });
    expect(counts.bet365).toBe(rows.bet365);
    expect(counts).not.toHaveProperty('mystery_bet');
    // A listed bookmaker nobody clicked is there at 0, so a rate can be taken from the start.
    expect(counts.betway).toBe(0);
    expect(Object.values(counts).reduce((a, b) => a + b, 0)).toBe(SCRIPT.length);
  });
});
