import { describe, expect, it } from 'vitest';

import {
  findScoreline,
  getReportCardPath,
  parseReportCardFile,
  ReportCardParamsSchema,
} from './report-card.ts';

const CLUBS = [
  { key: 'arsenal', names: ['Arsenal'] },
  { key: 'chelsea', names: ['Chelsea', 'Chelsea FC'] },
  { key: 'man-united', names: ['Manchester United', 'Man United', 'Man Utd'] },
  { key: 'man-city', names: ['Manchester City', 'Man City'] },
  { key: 'monchengladbach', names: ['Borussia Mönchengladbach', "M'gladbach"] },
  { key: 'bayern', names: ['Bayern Munich'] },
];

describe('findScoreline', () => {
  it.each([
    ['Arsenal 2-1 Chelsea', 'arsenal', 'chelsea', 2, 1],
    ['Arsenal 2-1 Chelsea: Saka at the double', 'arsenal', 'chelsea', 2, 1],
    ['Man Utd 0–3 Manchester City - reaction', 'man-united', 'man-city', 0, 3],
    ['Report: Borussia Monchengladbach 1 - 1 Bayern Munich', 'monchengladbach', 'bayern', 1, 1],
    ["MANCHESTER UNITED 10-0 M'gladbach, as it happened", 'man-united', 'monchengladbach', 10, 0],
    ['Chelsea FC 3-2 Arsenal (aet)', 'chelsea', 'arsenal', 3, 2],
  ])('reads %j as a score line', (title, home, away, homeScore, awayScore) => {
    expect(findScoreline(title, CLUBS)).toEqual({ home, away, homeScore, awayScore });
  });

  it.each([
    'Arsenal edge Chelsea 2-1',
    'Chelsea snatch 2-1 win at Arsenal',
    'Arsenal v Chelsea preview',
    'Arsenal 2-1 Spurs',
    'Arsenal 2-1 Arsenal',
    'Arsenal 2025-26 season review: Chelsea next',
    'Arsenal 1:0 Chelsea',
    'Arsenal 123-1 Chelsea',
    'Chelsea linked with Arsenal midfielder',
    '',
  ])('finds no score line in %j', (title) => {
    expect(findScoreline(title, CLUBS)).toBeNull();
  });

  it('prefers the longest name a headline uses', () => {
    const clubs = [
      { key: 'city', names: ['City'] },
      { key: 'man-city', names: ['Man City'] },
      { key: 'arsenal', names: ['Arsenal'] },
    ];
    expect(findScoreline('Man City 1-0 Arsenal', clubs)?.home).toBe('man-city');
  });
});

describe('getReportCardPath', () => {
  it('writes the home club, the away club and the score', () => {
    expect(
      getReportCardPath({ home: 'arsenal', away: 'man-united', homeScore: 2, awayScore: 0 }),
    ).toBe('/img/report/arsenal/man-united/2-0.svg');
  });

  it.each([
    { home: 'Arsenal', away: 'chelsea', homeScore: 1, awayScore: 0 },
    { home: '../x', away: 'chelsea', homeScore: 1, awayScore: 0 },
    { home: 'arsenal', away: 'arsenal', homeScore: 1, awayScore: 0 },
    { home: 'arsenal', away: 'chelsea', homeScore: -1, awayScore: 0 },
    { home: 'arsenal', away: 'chelsea', homeScore: 1.5, awayScore: 0 },
    { home: 'arsenal', away: 'chelsea', homeScore: 100, awayScore: 0 },
    { home: 'a'.repeat(81), away: 'chelsea', homeScore: 1, awayScore: 0 },
  ])('draws nothing for %j', (line) => {
    expect(getReportCardPath(line)).toBeNull();
  });

  it('writes addresses the route accepts, and reads back the same score', () => {
    const line = { home: 'man-city', away: 'chelsea', homeScore: 10, awayScore: 0 };
    const [, , , home, away, file] = (getReportCardPath(line) ?? '').split('/');
    const params = ReportCardParamsSchema.parse({ home, away, file });
    expect(parseReportCardFile(params.file)).toEqual({ homeScore: 10, awayScore: 0 });
  });
});
