import { describe, expect, it } from 'vitest';

import type { OddsEvent } from '../../../domain/odds.ts';
import { parseFeed } from '../../providers/rss/parse.ts';
import { renderRssDocument } from './rss-document.ts';
import {
  writeDemoNews,
  writeMatchPreview,
  writeMatchReport,
  writeTableRoundUp,
  writeTransferRumours,
  type DemoNewsContext,
  type ReportMatch,
  type RumourContext,
  type RumourMove,
} from './stories.ts';

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
    expect(item.link).toBe('http://127.0.0.1:3000/match/7');
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

  it.each([
    [{ homeScore: 2, awayScore: 1 }, '/img/report/arsenal/chelsea/2-1.svg'],
    [{ homeScore: 0, awayScore: 3 }, '/img/report/arsenal/chelsea/0-3.svg'],
  ])('pictures the result %j with a card drawn from the crests', (score, path) => {
    const item = writeMatchReport(
      context,
      report({ ...score, homeKey: 'arsenal', awayKey: 'chelsea' }),
    );
    expect(item.imageUrl).toBe(`http://127.0.0.1:3000${path}`);
  });

  it('goes out as an image enclosure that the ingestion of this site’s feeds takes back', () => {
    const item = writeMatchReport(
      { ...context, origin: '' },
      report({ homeKey: 'arsenal', awayKey: 'chelsea' }),
    );
    const xml = renderRssDocument(
      { title: 'Touchline', link: '/', description: 'News', language: 'en-gb' },
      [item],
    );
    expect(parseFeed(xml, { sitePaths: true }).items[0]?.imageUrl).toBe(
      '/img/report/arsenal/chelsea/2-1.svg',
    );
    // Another site's feed may not name a picture on this one.
    expect(parseFeed(xml).items[0]?.imageUrl ?? null).toBeNull();
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

const rumourContext: RumourContext = {
  window: 'Winter 2023',
  clubs: [
    { name: 'Chelsea', aliases: ['Chelsea FC'] },
    { name: 'Arsenal', aliases: ['Arsenal FC'] },
    { name: 'Liverpool', aliases: ['Liverpool FC'] },
    { name: 'Everton', aliases: ['Everton FC'] },
  ],
};

const move = (line: number, fields: Partial<RumourMove> = {}): RumourMove => ({
  line,
  player: `Sam Jones${line}`,
  club: 'Chelsea',
  from: 'Benfica',
  feeEurM: null,
  kind: 'transfer',
  ...fields,
});

describe('writeTransferRumours', () => {
  it('tells the biggest moves as rumours, naming the selling club and the fee', () => {
    const items = writeTransferRumours(context, rumourContext, [
      move(10, { player: 'Noni Madueke', from: 'PSV Eindhoven', feeEurM: 35 }),
      move(11, { player: 'Enzo Fernández', feeEurM: 121 }),
      move(12, { player: 'João Félix', from: 'Atlético Madrid', kind: 'loan' }),
      move(13, { player: 'Cody Gakpo', club: 'Liverpool', from: 'PSV Eindhoven', feeEurM: 42 }),
      move(14, { player: 'Ainsley Maitland-Niles', club: 'Arsenal', kind: 'end of loan' }),
      move(15, { player: 'Joe Bloggs', club: 'Everton', from: 'Without Club', kind: 'free' }),
      move(16, { player: 'Danny Ings', club: 'Everton', from: 'Aston Villa' }),
    ]);
    expect(items.map((i) => i.title)).toEqual([
      'Chelsea close to signing Enzo Fernández',
      'Cody Gakpo linked with Liverpool move',
      'Chelsea in talks to sign Noni Madueke',
      'Chelsea weigh bid for João Félix',
      'Everton in talks to sign Joe Bloggs',
      'Everton close to signing Danny Ings',
    ]);
    expect(items.map((i) => i.description)).toEqual([
      "Chelsea are said to be interested in Benfica's Enzo Fernández ahead of the January window. The fee reported is around €121M.",
      "Liverpool are said to be interested in PSV Eindhoven's Cody Gakpo ahead of the January window. The fee reported is around €42M.",
      "Chelsea are said to be interested in PSV Eindhoven's Noni Madueke ahead of the January window. The fee reported is around €35M.",
      "Chelsea are said to be interested in Atlético Madrid's João Félix ahead of the January window. A loan move is being discussed.",
      'Everton are said to be interested in Joe Bloggs, who is without a club, ahead of the January window. He would arrive on a free transfer.',
      "Everton are said to be interested in Aston Villa's Danny Ings ahead of the January window. No fee has been reported.",
    ]);
    const [first] = items;
    expect(first).toMatchObject({
      guid: 'touchline:rumour:premier-league:11',
      link: 'http://127.0.0.1:3000/news/rumour-premier-league-11',
      category: 'Premier League',
    });
  });

  it('dates them back from the start of today, seven hours apart, never after now', () => {
    const items = writeTransferRumours(context, rumourContext, [move(1), move(2), move(3)]);
    // Today starts at 22:00 UTC the day before in Johannesburg.
    expect(items.map((i) => i.publishedAt.toISOString())).toEqual([
      '2026-11-20T22:00:00.000Z',
      '2026-11-20T15:00:00.000Z',
      '2026-11-20T08:00:00.000Z',
    ]);
    expect(writeTransferRumours(context, rumourContext, [move(1), move(2), move(3)])).toEqual(
      items,
    );
  });

  it('writes at most eight, one per player, and only headlines the site reads back as meant', () => {
    const items = writeTransferRumours(context, { ...rumourContext, window: 'Summer 2023' }, [
      ...Array.from({ length: 12 }, (_, i) => move(100 + i, { feeEurM: 50 - i })),
      move(200, { player: 'Sam Jones100', club: 'Arsenal', feeEurM: 99 }),
      // One name only: no rumour the site would read.
      move(201, { player: 'Casemiro', feeEurM: 70 }),
      // A club the league does not have.
      move(202, { player: 'Kai Havertz', club: 'Real Madrid', feeEurM: 80 }),
    ]);
    expect(items).toHaveLength(8);
    expect(items[0]?.title).toContain('Arsenal');
    expect(items.map((i) => i.guid)).not.toContain('touchline:rumour:premier-league:100');
    expect(items.every((i) => i.description.includes('the summer window'))).toBe(true);
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

  it('adds the rumours among the other stories, newest first', () => {
    const items = writeDemoNews(context, [report({})], [], {
      context: rumourContext,
      moves: [move(1, { player: 'Enzo Fernández', feeEurM: 121 }), move(2, { feeEurM: 1 })],
    });
    expect(items.map((i) => i.guid)).toEqual([
      'touchline:report:replay:2022-2023:0:E0:arsenal:chelsea',
      // The first rumour and the round-up both open the day.
      'touchline:rumour:premier-league:1',
      'touchline:table:premier-league:2026-11-21',
      'touchline:rumour:premier-league:2',
    ]);
  });
});
