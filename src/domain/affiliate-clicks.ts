import * as z from 'zod/mini';

import { BOOKMAKERS } from './bookmakers.ts';
import { LEAGUES } from './league.ts';
import { getZonedDate, getZonedInstant } from './time-zone.ts';

/** The kinds of page a 'Bet now' or odds link sits on, as a click records it. */
export const CLICK_PAGES = [
  'home',
  'league',
  'match',
  'team',
  'news',
  'predictions',
  'transfers',
  'other',
] as const;
export type ClickPage = (typeof CLICK_PAGES)[number];

export const ClickPageSchema = z.enum(CLICK_PAGES, `must be one of ${CLICK_PAGES.join(', ')}`);

/**
 * A well-formed league slug ("serie-a", "ligue-1"): lower-case letters and digits in words joined
 * by '-', at most 60 characters. Whether the site has that league is for the clicks service to
 * check against the stored leagues.
 */
export const LEAGUE_SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const LEAGUE_SLUG_MAX_LENGTH = 60;

export const ClickLeagueSchema = z
  .string()
  .check(
    z.maxLength(LEAGUE_SLUG_MAX_LENGTH),
    z.regex(LEAGUE_SLUG_PATTERN, 'must be a league slug (a-z, 0-9 and -)'),
  );

/** Days the operators' clicks report covers: today and the 29 before it, in the site's zone. */
export const CLICK_REPORT_DAYS = 30;

/** The kind of page at a path of this site (`/league/serie-a` is a league page). */
export function findClickPage(pathname: string): ClickPage {
  if (pathname === '/' || pathname === '') return 'home';
  const first = pathname.split('/')[1] ?? '';
  switch (first) {
    case 'league':
    case 'match':
    case 'team':
    case 'news':
    case 'predictions':
    case 'transfers':
      return first;
    default:
      return 'other';
  }
}

/** The report's days, oldest first (`YYYY-MM-DD` in the zone), and the instant the first starts. */
export function listReportDays(
  nowMs: number,
  timeZone: string,
  days = CLICK_REPORT_DAYS,
): { days: string[]; fromMs: number } {
  const [year = 1970, month = 1, day = 1] = getZonedDate(nowMs, timeZone).split('-').map(Number);
  const list = Array.from({ length: days }, (_, i) =>
    new Date(Date.UTC(year, month - 1, day - (days - 1 - i))).toISOString().slice(0, 10),
  );
  const first = new Date(Date.UTC(year, month - 1, day - (days - 1)));
  const fromMs = getZonedInstant(
    {
      year: first.getUTCFullYear(),
      month: first.getUTCMonth() + 1,
      day: first.getUTCDate(),
      hour: 0,
      minute: 0,
    },
    timeZone,
  );
  return { days: list, fromMs };
}

/** Clicks of one day, bookmaker, league and page, as the database counts them. */
export type ClickCount = {
  day: string;
  bookmaker: string;
  league: string | null;
  page: string | null;
  clicks: number;
};

export const ClicksReportSchema = z.object({
  /** The site's time zone, in which the days are counted. */
  time_zone: z.string(),
  /** First and last day of the report (YYYY-MM-DD). */
  from: z.string(),
  to: z.string(),
  total: z.number(),
  /** Every day of the report, oldest first, days without clicks included. */
  days: z.array(z.object({ day: z.string(), clicks: z.number() })),
  /** Most clicked first. */
  bookmakers: z.array(z.object({ key: z.string(), title: z.string(), clicks: z.number() })),
  /** `slug` null: clicks that named no league. */
  leagues: z.array(
    z.object({ slug: z.nullable(z.string()), name: z.string(), clicks: z.number() }),
  ),
  /** `page` null: clicks recorded before pages were. */
  pages: z.array(z.object({ page: z.nullable(z.string()), clicks: z.number() })),
});
export type ClicksReport = z.infer<typeof ClicksReportSchema>;

function sumBy<K>(rows: readonly ClickCount[], keyOf: (row: ClickCount) => K): Map<K, number> {
  const sums = new Map<K, number>();
  for (const row of rows) sums.set(keyOf(row), (sums.get(keyOf(row)) ?? 0) + row.clicks);
  return sums;
}

/** Most clicks first, then by name, so the order is the same every time. */
function rank<K>(sums: Map<K, number>, name: (key: K) => string) {
  return [...sums].sort(([a, x], [b, y]) => y - x || name(a).localeCompare(name(b)));
}

/** The operators' report of `counts` over `days`: totals by day, bookmaker, league and page. */
export function summariseClicks(
  counts: readonly ClickCount[],
  options: { days: readonly string[]; timeZone: string },
): ClicksReport {
  const inRange = counts.filter((row) => options.days.includes(row.day));
  const byDay = sumBy(inRange, (row) => row.day);
  const bookmakerTitle = (key: string) => BOOKMAKERS.find((b) => b.key === key)?.title ?? key;
  const leagueName = (slug: string | null) =>
    slug === null ? 'No league' : (LEAGUES.find((l) => l.slug === slug)?.name ?? slug);
  return {
    time_zone: options.timeZone,
    from: options.days[0] ?? '',
    to: options.days.at(-1) ?? '',
    total: inRange.reduce((sum, row) => sum + row.clicks, 0),
    days: options.days.map((day) => ({ day, clicks: byDay.get(day) ?? 0 })),
    bookmakers: rank(
      sumBy(inRange, (row) => row.bookmaker),
      bookmakerTitle,
    ).map(([key, clicks]) => ({ key, title: bookmakerTitle(key), clicks })),
    leagues: rank(
      sumBy(inRange, (row) => row.league),
      leagueName,
    ).map(([slug, clicks]) => ({
      slug,
      name: leagueName(slug),
      clicks,
    })),
    pages: rank(
      sumBy(inRange, (row) => row.page),
      (page) => page ?? '',
    ).map(([page, clicks]) => ({ page, clicks })),
  };
}

/**
 * Where a spreadsheet may start a cell inside a field's text, however it splits a line. A reader
 * splitting at commas either honours the quotes around the field (and then starts no cell inside
 * it) or takes quotes as plain characters, so after a comma only = + - @ matter. A reader
 * splitting at ';' (Excel in German, French, Spanish, Italian or Dutch) or at tabs takes a quote
 * in the middle of a line as a plain character, and so does a line break: after one of those a
 * cell may start with anything, a quote included, which such a reader would take as opening a
 * quoted cell that runs on into the lines below.
 */
const CELL_STARTS = /(?<=^|,)(?=[=+\-@])|(?<=[;\t\r\n])(?=[=+\-@"]|$)/g;

/**
 * One CSV field (RFC 4180), quoted when it holds a comma, semicolon, tab, quote or line break.
 * Text a spreadsheet would run as a formula stays text: a ' goes wherever a cell could start
 * with = + - or @ (see CELL_STARTS), or after a semicolon, tab or line break with a quote (or
 * the field's closing quote, at the end).
 */
export function toCsvField(value: string | number | null): string {
  if (value === null) return '';
  if (typeof value === 'number') return String(value);
  const text = value.replace(CELL_STARTS, "'");
  return /[",;\t\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export const CLICKS_CSV_HEADER = ['day', 'bookmaker', 'league', 'page', 'clicks'] as const;

/** The report's rows as CSV (RFC 4180, CRLF line ends): one line per day, bookmaker, league and page. */
export function renderClicksCsv(counts: readonly ClickCount[]): string {
  const sorted = counts.toSorted(
    (a, b) =>
      a.day.localeCompare(b.day) ||
      a.bookmaker.localeCompare(b.bookmaker) ||
      (a.league ?? '').localeCompare(b.league ?? '') ||
      (a.page ?? '').localeCompare(b.page ?? ''),
  );
  const lines = [
    CLICKS_CSV_HEADER.join(','),
    ...sorted.map((row) =>
      [row.day, row.bookmaker, row.league, row.page, row.clicks].map(toCsvField).join(','),
    ),
  ];
  return `${lines.join('\r\n')}\r\n`;
}
