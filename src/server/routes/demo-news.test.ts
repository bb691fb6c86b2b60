import { describe, expect, it } from 'vitest';

import type { OddsEvent } from '../../domain/odds.ts';
import {
  writeDemoNews,
  writeMatchPreview,
  writeMatchReport,
  writeTableRoundUp,
  type DemoNewsContext,
  type ReportMatch,
} from './demo-news.ts';

// Saturday 21 November 2026, 17:30 in Johannesburg.
const NOW = new Date('2026-11-21T15:30:00Z');

const context: DemoNewsContext = {
  league: { name: 'Premier League', slug: 'premier-league' },
  origin: 'http://127.0.0.1:3000',
  now: NOW,
  timeZone: 'Africa/Johannesburg',
  table: [
    { team: 'Arsenal', pos: 1, points: 28, played: 12 },
    { team: 'Chelsea', pos: 2, points: 25, played: 12 },
    { team: 'Liverpool', pos: 3, points: 24, played: 12 },
    { team: 'Everton', pos: 20, points: 1, played: 12 },
  ],
};

const report = (fields: Partial<ReportMatch>): ReportMatch => ({
  id: 7,
  externalId: 'replay:2022-2023:0:E0:arsenal:chelsea',
  home: 'Arsenal',
  away: 'Chelsea',
  kickoff: new Date('2026-11-21T12:30:00Z'),
  homeScore: 2,
  awayScore: 1,
  htHomeScore: 1,
  htAwayScore: 0,
  ...fields,
});

const odds: OddsEvent = {
  id: 'e1',
  sport_key: 'soccer_epl',
  commence_time: '2026-11-22T16:30:00Z',
  home_team: 'Liverpool',
  away_team: 'Everton',
  bookmakers: [
    {
      key: 'bet365',
      title: 'Bet365',
      link: 'https://www.bet365.com',
      markets: [
        {
          key: 'h2h',
          outcomes: [
            { name: 'Liverpool', price: 1.45 },
            { name: 'Everton', price: 7 },
            { name: 'Draw', price: 4.5 },
          ],
        },
      ],
    },
    {
      key: 'pinnacle',
      title: 'Pinnacle',
      link: 'https://www.pinnacle.com',
      markets: [
        {
          key: 'h2h',
          outcomes: [
            { name: 'Liverpool', price: 1.5 },
            { name: 'Everton', price: 6.8 },
            { name: 'Draw', price: 4.75 },
          ],
        },
      ],
    },
  ],
};

describe('writeMatchReport', () => {
  it('reports the result, the half-time score and the table', () => {
    const item = writeMatchReport(context, report({}));
    expect(item.title).toMatch(/^Arsenal (edge|hold on to beat) Chelsea 2-1$/);
    expect(item.description).toBe(
      'Arsenal beat Chelsea 2-1 in the Premier League on Saturday. Arsenal led 1-0 at half-time and did not look back. ' +
        'Arsenal are 1st in the table on 28 points, Chelsea 2nd on 25 points.',
    );
    expect(item.guid).toBe('touchline:report:replay:2022-2023:0:E0:arsenal:chelsea');
    expect(item.link).toBe('http://127.0.0.1:3000/league/premier-league?report=7');
    // About full time, 115 minutes after kick-off.
    expect(item.publishedAt).toEqual(new Date('2026-11-21T14:25:00Z'));
  });

  it.each([
    [
      { homeScore: 0, awayScore: 0, htHomeScore: 0, htAwayScore: 0 },
      'Arsenal and Chelsea play out goalless draw',
      'Neither side found a way through in either half.',
    ],
    [
      { homeScore: 1, awayScore: 3, htHomeScore: 1, htAwayScore: 0 },
      'Chelsea come from behind to beat Arsenal 3-1',
      'Arsenal led 1-0 at half-time, but Chelsea turned it round.',
    ],
    [
      { homeScore: 4, awayScore: 0, htHomeScore: 0, htAwayScore: 0 },
      'Arsenal thrash Chelsea 4-0',
      'It was 0-0 at half-time before Arsenal took control after the break.',
    ],
    [
      { homeScore: 0, awayScore: 2, htHomeScore: 0, htAwayScore: 1 },
      'Chelsea win 2-0 at Arsenal',
      'Chelsea led 1-0 at half-time and did not look back.',
    ],
    [
      { homeScore: 3, awayScore: 2, htHomeScore: 3, htAwayScore: 0 },
      null,
      'Arsenal led 3-0 at half-time and held on as Chelsea fought back.',
    ],
    [
      { homeScore: 2, awayScore: 2, htHomeScore: 2, htAwayScore: 0 },
      null,
      'Arsenal led 2-0 at the break but could not hold on.',
    ],
  ])('tells the story of %j', (score, title, sentence) => {
    const item = writeMatchReport(context, report(score));
    if (title !== null) expect(item.title).toBe(title);
    expect(item.description).toContain(sentence);
  });

  it('leaves out the half-time score when it is unknown', () => {
    const item = writeMatchReport(context, report({ htHomeScore: null, htAwayScore: null }));
    expect(item.description).not.toContain('half-time');
  });

  it('never dates a report after now', () => {
    const item = writeMatchReport(context, report({ kickoff: new Date('2026-11-21T14:00:00Z') }));
    expect(item.publishedAt).toEqual(NOW);
  });
});

describe('writeMatchPreview', () => {
  const match = {
    id: 9,
    externalId: 'replay:2022-2023:0:E0:liverpool:everton',
    home: 'Liverpool',
    away: 'Everton',
    kickoff: new Date('2026-11-22T16:30:00Z'),
    odds,
    predictions: [
      { modelName: 'Elo', market: 'result', pick: 'Liverpool to win', confidencePct: 71.6 },
      { modelName: 'Poisson xG', market: 'totals', pick: 'Over 2.5 goals', confidencePct: 58 },
      { modelName: 'Poisson xG', market: 'result', pick: 'Liverpool to win', confidencePct: 64 },
    ],
  };

  it('gives the kick-off, the best prices and the most confident predictions', () => {
    const item = writeMatchPreview(context, match);
    expect(item.title).toBe('Liverpool v Everton: Liverpool strong favourites');
    expect(item.description).toBe(
      'Liverpool host Everton in the Premier League on Sunday 22 November, kick-off 18:30 (GMT+2). ' +
        'Best prices: Liverpool 1.50 (Pinnacle), the draw 4.75 (Pinnacle), Everton 7.00 (Bet365). ' +
        "Touchline's Elo model picks Liverpool to win with 72% confidence, and the Poisson xG model expects over 2.5 goals (58%). " +
        'Liverpool are 3rd in the table on 24 points, Everton 20th on 1 point.',
    );
    expect(item.guid).toBe('touchline:preview:replay:2022-2023:0:E0:liverpool:everton');
  });

  it('is dated two days before kick-off, or at the start of today for a match further off', () => {
    expect(writeMatchPreview(context, match).publishedAt).toEqual(new Date('2026-11-20T16:30:00Z'));
    const later = { ...match, kickoff: new Date('2026-11-28T12:00:00Z') };
    // Midnight in Johannesburg.
    expect(writeMatchPreview(context, later).publishedAt).toEqual(new Date('2026-11-20T22:00:00Z'));
  });

  it('writes a plain preview without prices or predictions', () => {
    const item = writeMatchPreview(context, { ...match, odds: null, predictions: [] });
    expect(item.title).toBe('Liverpool v Everton preview');
    expect(item.description).not.toMatch(/Best prices|model/);
  });
});

describe('writeTableRoundUp', () => {
  it('names the leaders, their lead and the bottom club, once a day', () => {
    const item = writeTableRoundUp(context);
    expect(item?.title).toBe('Arsenal lead the Premier League by 3 points');
    expect(item?.description).toBe(
      'Arsenal top the Premier League table on 28 points after 12 games, 3 points clear of Chelsea. ' +
        'Liverpool are third on 24 points. At the bottom, Everton have 1 point.',
    );
    expect(item?.guid).toBe('touchline:table:premier-league:2026-11-21');
  });

  it('waits for the first match of the season', () => {
    const table = context.table.map((r) => ({ ...r, points: 0, played: 0 }));
    expect(writeTableRoundUp({ ...context, table })).toBeNull();
  });
});

describe('writeDemoNews', () => {
  it('lists every story newest first, none dated after now, with distinct guids and links', () => {
    const items = writeDemoNews(
      context,
      [report({}), report({ id: 8, externalId: 'x:8', kickoff: new Date('2026-11-20T19:00:00Z') })],
      [
        {
          id: 9,
          externalId: 'x:9',
          home: 'Liverpool',
          away: 'Everton',
          kickoff: new Date('2026-11-22T16:30:00Z'),
          odds: null,
          predictions: [],
        },
      ],
    );
    expect(items).toHaveLength(4);
    const times = items.map((i) => i.publishedAt.getTime());
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(Math.max(...times)).toBeLessThanOrEqual(NOW.getTime());
    expect(new Set(items.map((i) => i.guid)).size).toBe(4);
    expect(new Set(items.map((i) => i.link)).size).toBe(4);
  });
});
