import { describe, expect, it } from 'vitest';

import { HistoryFileError, parseMatchHistory } from './history.ts';

const HEADER =
  'div,season,date,time,home,away,fthg,ftag,hthg,htag,hs,as,hst,ast,B365H,B365D,B365A,PSH,PSD,PSA,AvgH,AvgD,AvgA,' +
  'BbAvH,BbAvD,BbAvA,PSCH,PSCD,PSCA,AvgCH,AvgCD,AvgCA,B365>2.5,B365<2.5,P>2.5,P<2.5,Avg>2.5,Avg<2.5,' +
  'BbAv>2.5,BbAv<2.5,PC>2.5,PC<2.5';
const COLUMNS = HEADER.split(',');

function parseRows(...rows: Record<string, string>[]) {
  const lines = rows.map((row) =>
    COLUMNS.map((column) => row[column] ?? DEFAULTS[column] ?? '').join(','),
  );
  return parseMatchHistory([HEADER, ...lines].join('\n'));
}

const DEFAULTS: Record<string, string> = {
  div: 'E0',
  season: '2023-2024',
  date: '2023-12-02',
  time: '15:00',
  home: 'Arsenal',
  away: 'Wolves',
  fthg: '2',
  ftag: '0',
};

describe('parseMatchHistory', () => {
  it.each([
    ['a winter kick-off (GMT)', '2023-12-02', '15:00', '2023-12-02T15:00:00.000Z'],
    ['a summer kick-off (BST)', '2023-08-11', '20:00', '2023-08-11T19:00:00.000Z'],
    ['a missing time in winter: 15:00 UK', '2010-01-02', '', '2010-01-02T15:00:00.000Z'],
    ['a missing time in summer: 15:00 UK', '2010-04-03', '', '2010-04-03T14:00:00.000Z'],
  ])('converts %s to UTC', (_label, date, time, expected) => {
    const [match] = parseRows({ date, time }).matches;
    expect(new Date(match!.kickoffMs).toISOString()).toBe(expected);
  });

  it('builds the fixture id and result from the row', () => {
    const [match] = parseRows({ home: 'Man City', away: 'Leeds', fthg: '1', ftag: '3' }).matches;
    expect(match).toMatchObject({
      id: 'E0:2023-12-02:Man City:Leeds',
      league: 'E0',
      season: '2023-2024',
      home: 'Man City',
      away: 'Leeds',
      homeGoals: 1,
      awayGoals: 3,
    });
  });

  const closing = { PSCH: '2', PSCD: '3', PSCA: '4', AvgCH: '2', AvgCD: '3', AvgCA: '4' };
  it.each([
    [
      'the market average first',
      { AvgH: '2.1', AvgD: '3.3', AvgA: '3.5', BbAvH: '2', BbAvD: '3', BbAvA: '4', B365H: '2' },
      { home: 2.1, draw: 3.3, away: 3.5 },
    ],
    [
      'the BetBrain average when the market average is incomplete',
      { AvgH: '2.1', AvgD: '', AvgA: '3.5', BbAvH: '2.2', BbAvD: '3.2', BbAvA: '3.4' },
      { home: 2.2, draw: 3.2, away: 3.4 },
    ],
    [
      'Bet365 when neither average is there',
      { B365H: '2.3', B365D: '3.1', B365A: '3.3', PSH: '2.4', PSD: '3.2', PSA: '3.4' },
      { home: 2.3, draw: 3.1, away: 3.3 },
    ],
    [
      'over/under from the market average, then BetBrain, then Bet365',
      { 'BbAv>2.5': '1.8', 'BbAv<2.5': '2', 'B365>2.5': '1.9', 'B365<2.5': '1.9' },
      { over25: 1.8, under25: 2 },
    ],
  ])('gives the models pre-closing prices: %s', (_label, prices, expected) => {
    const [match] = parseRows({ ...closing, ...prices }).matches;
    expect(match!.preClosing).toEqual(expected);
  });

  it('never gives the models closing prices, and treats odds of 1.0 or less as missing', () => {
    const [match] = parseRows({
      ...closing,
      'PC>2.5': '1.9',
      'PC<2.5': '1.9',
      B365H: '1.0',
      B365D: '3',
      B365A: '4',
    }).matches;
    expect(match!.preClosing).toBeUndefined();
  });

  it('keeps evaluation prices apart, with the anchors’ column fallbacks', () => {
    const history = parseRows({
      PSH: '2.2',
      PSD: '3.3',
      PSA: '3.4',
      PSCH: '2.1',
      PSCD: '3.4',
      PSCA: '',
      'P>2.5': '1.8',
      'P<2.5': '2.05',
      BbAvH: '2.15',
      BbAvD: '3.2',
      BbAvA: '3.3',
      'Avg>2.5': '1.85',
      'Avg<2.5': '1.95',
    });
    expect(history.evaluationOdds.get('E0:2023-12-02:Arsenal:Wolves')).toEqual({
      pinnacle: { result: [2.2, 3.3, 3.4], overUnder: [1.8, 2.05] },
      average: { result: [2.15, 3.2, 3.3], overUnder: [1.85, 1.95] },
      bet365: { result: null, overUnder: null },
    });
  });

  it('reads shots and shots on target into the result', () => {
    const [match] = parseRows({ hs: '17', as: '0', hst: '6', ast: '0' }).matches;
    expect(match!.shots).toEqual({ home: 17, away: 0, homeOnTarget: 6, awayOnTarget: 0 });
  });

  it.each([
    ['every shot count is missing', {}],
    ['shots on target are missing', { hs: '12', as: '9' }],
    ['one count is missing', { hs: '12', as: '9', hst: '4' }],
  ])('leaves the shots out when %s', (_label, row) => {
    const [match] = parseRows(row).matches;
    expect(match).not.toHaveProperty('shots');
    expect(match).toMatchObject({ homeGoals: 2, awayGoals: 0 });
  });

  it.each([
    ['a negative count', '-3'],
    ['a fraction', '4.5'],
    ['a word', 'ten'],
    ['a number with spaces', ' 4'],
    ['an absurd count', '123456'],
  ])('leaves the shots out for %s, keeping the match', (_label, value) => {
    const history = parseRows(
      { hs: '12', as: '9', hst: '4', ast: value },
      { home: 'Leeds', hs: '8', as: '11', hst: '3', ast: '5' },
    );
    expect(history.matches).toHaveLength(2);
    expect(history.matches[0]).not.toHaveProperty('shots');
    expect(history.matches[1]!.shots).toEqual({
      home: 8,
      away: 11,
      homeOnTarget: 3,
      awayOnTarget: 5,
    });
  });

  it('reads a file without shot columns, with no shots', () => {
    const history = parseMatchHistory(
      'div,season,date,time,home,away,fthg,ftag\nE0,2023-2024,2023-12-02,15:00,Arsenal,Wolves,2,0',
    );
    expect(history.matches).toHaveLength(1);
    expect(history.matches[0]).not.toHaveProperty('shots');
  });

  it.each([
    ['a goal count that is not a number', { fthg: 'x' }, /line 2: fthg/],
    ['a missing goal count', { ftag: '' }, /line 2: ftag/],
    ['a malformed date', { date: '02/12/2023' }, /line 2: date/],
  ])('rejects %s', (_label, row, message) => {
    expect(() => parseRows(row)).toThrow(HistoryFileError);
    expect(() => parseRows(row)).toThrow(message);
  });

  it('rejects a duplicate match', () => {
    expect(() => parseRows({}, {})).toThrow(/line 3: duplicate E0:2023-12-02:Arsenal:Wolves/);
  });
});
