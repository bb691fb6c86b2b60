import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';

import {
  ClickLeagueSchema,
  findClickPage,
  listReportDays,
  renderClicksCsv,
  summariseClicks,
  toCsvField,
} from './affiliate-clicks.ts';
import { LEAGUES } from './league.ts';

describe('findClickPage', () => {
  it.each([
    ['/', 'home'],
    ['/league/serie-a', 'league'],
    ['/match/12-inter-v-milan', 'match'],
    ['/team/inter', 'team'],
    ['/news', 'news'],
    ['/news/rumour-serie-a-3', 'news'],
    ['/predictions', 'predictions'],
    ['/transfers', 'transfers'],
    ['/admin', 'other'],
    ['/leagues', 'other'],
  ])('%s is a %s page', (path, page) => {
    expect(findClickPage(path)).toBe(page);
  });
});

describe('listReportDays', () => {
  it('lists today and the 29 days before it in the zone, from the first one’s midnight', () => {
    // 23:30 UTC on 21 November is already the 22nd in Johannesburg.
    const { days, fromMs } = listReportDays(
      Date.parse('2026-11-21T23:30:00Z'),
      'Africa/Johannesburg',
    );
    expect(days).toHaveLength(30);
    expect(days[0]).toBe('2026-10-24');
    expect(days.at(-1)).toBe('2026-11-22');
    expect(new Date(fromMs).toISOString()).toBe('2026-10-23T22:00:00.000Z');
  });

  it('crosses a change of clocks and a month end', () => {
    const { days, fromMs } = listReportDays(Date.parse('2026-04-05T12:00:00Z'), 'Europe/London');
    expect(days[0]).toBe('2026-03-07');
    expect(days).toContain('2026-03-29');
    expect(new Set(days).size).toBe(30);
    expect(new Date(fromMs).toISOString()).toBe('2026-03-07T00:00:00.000Z');
  });
});

describe('toCsvField', () => {
  it.each([
    ['plain', 'plain'],
    ['a,b', '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ['two\nlines', '"two\nlines"'],
    ['=1+2', "'=1+2"],
    ['+44 20', "'+44 20"],
    ['-3', "'-3"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\t=1', `"\t'=1"`],
    ['=HYPERLINK("x","y")', `"'=HYPERLINK(""x"",""y"")"`],
    ['x,=1', `"x,'=1"`],
    ['a;b', '"a;b"'],
    ['a\tb', '"a\tb"'],
    ['x;=1+1', `"x;'=1+1"`],
    ['x;"=1"', `"x;'""=1"""`],
    ['x;', `"x;'"`],
    ['two\n-lines', `"two\n'-lines"`],
    ['', ''],
  ])('writes %j as %j', (value, field) => {
    expect(toCsvField(value)).toBe(field);
  });

  it('writes numbers as they are and null as an empty field', () => {
    expect(toCsvField(12)).toBe('12');
    expect(toCsvField(null)).toBe('');
  });
});

describe('renderClicksCsv in a spreadsheet', () => {
  // Values stored before the league was checked, or written to trip up a spreadsheet.
  const HOSTILE = [
    'x;=1+1',
    '=HYPERLINK("https://evil.example","Click")',
    '+1',
    '-1',
    '@SUM(1)',
    'a\t=1',
    '\t-1',
    'a;"=1"',
    'a;',
    ';;@x',
    'x,=1',
    'say "hi";-2',
    'two\nlines\n=1',
    'cr\r+1',
    'crlf\r\n@x',
    '"=1',
  ];
  const counts = HOSTILE.map((value, i) => ({
    day: value,
    bookmaker: value,
    league: value,
    page: value,
    clicks: i,
  }));
  const csv = renderClicksCsv(counts);

  it('keeps one record per count, and no formula, read with commas', () => {
    const records = parse(csv, { columns: true }) as Record<string, string>[];
    expect(records.map((r) => r.clicks)).toEqual(
      counts.toSorted((a, b) => a.day.localeCompare(b.day)).map((c) => String(c.clicks)),
    );
    expect(
      records.flatMap((r) => Object.values(r)).filter((cell) => /^[=+\-@]/.test(cell)),
    ).toEqual([]);
  });

  // Excel splits at ';' in many locales and at tabs when asked to, and honours a quote only at
  // a cell's start; some imports take no notice of quotes at all.
  it.each([
    [',', '"'],
    [';', '"'],
    ['\t', '"'],
    [',', false],
    [';', false],
    ['\t', false],
  ] as const)('leaves no cell a formula when split at %j with quote %j', (delimiter, quote) => {
    const rows = parse(csv, {
      delimiter,
      quote,
      relax_quotes: true,
      relax_column_count: true,
      record_delimiter: ['\r\n', '\n', '\r'],
    }) as string[][];
    expect(rows.length).toBeGreaterThan(HOSTILE.length);
    expect(rows.flat().filter((cell) => /^[=+\-@]/.test(cell))).toEqual([]);
  });
});

describe('ClickLeagueSchema', () => {
  it.each(LEAGUES.map((l) => l.slug))('takes the slug %s of a league of the site', (slug) => {
    expect(ClickLeagueSchema.safeParse(slug).success).toBe(true);
  });

  it.each(['x;=1+1', '=1', '-1', 'serie-a-', 'Serie-A', 'serie_a', 'serie a', '', 'l'.repeat(61)])(
    'refuses %j',
    (value) => {
      expect(ClickLeagueSchema.safeParse(value).success).toBe(false);
    },
  );
});

describe('renderClicksCsv and summariseClicks', () => {
  const counts = [
    { day: '2026-11-21', bookmaker: 'bet365', league: 'serie-a', page: 'home', clicks: 2 },
    { day: '2026-11-20', bookmaker: '-x', league: 'a,"b"', page: null, clicks: 1 },
    { day: '2026-01-01', bookmaker: 'bwin', league: null, page: 'match', clicks: 5 },
  ];

  it('writes one CRLF line per count that parses back to the same values', () => {
    const csv = renderClicksCsv(counts);
    expect(csv.startsWith('day,bookmaker,league,page,clicks\r\n')).toBe(true);
    expect(csv.endsWith('\r\n')).toBe(true);
    const records = parse(csv, { columns: true }) as Record<string, string>[];
    expect(records).toEqual([
      { day: '2026-01-01', bookmaker: 'bwin', league: '', page: 'match', clicks: '5' },
      { day: '2026-11-20', bookmaker: "'-x", league: 'a,"b"', page: '', clicks: '1' },
      { day: '2026-11-21', bookmaker: 'bet365', league: 'serie-a', page: 'home', clicks: '2' },
    ]);
  });

  it('sums only the days of the report', () => {
    const report = summariseClicks(counts, {
      days: ['2026-11-20', '2026-11-21'],
      timeZone: 'Africa/Johannesburg',
    });
    expect(report.total).toBe(3);
    expect(report.days).toEqual([
      { day: '2026-11-20', clicks: 1 },
      { day: '2026-11-21', clicks: 2 },
    ]);
    expect(report.bookmakers.map((b) => b.key)).toEqual(['bet365', '-x']);
    expect(report.leagues).toEqual([
      { slug: 'serie-a', name: 'Serie A', clicks: 2 },
      { slug: 'a,"b"', name: 'a,"b"', clicks: 1 },
    ]);
  });
});
