import { describe, expect, it } from 'vitest';

import {
  classifyTransfer,
  findNextTransferWindow,
  formatFee,
  hasTransferActivity,
  pickTransferWindow,
  sortByFee,
  type TransferPlayer,
} from './transfers.ts';

describe('classifyTransfer', () => {
  it.each([
    ['€121.00m', 'transfer'],
    ['€350k', 'transfer'],
    ['€500Th.', 'transfer'],
    ['?', 'transfer'],
    ['-', 'transfer'],
    ['loan transfer', 'loan'],
    ['Loan fee:€2.96m', 'loan'],
    ['Loan fee:€750k', 'loan'],
    ['free transfer', 'free'],
    ['End of loanJan 2, 2023', 'end of loan'],
    ['End of loanJun 30, 2023', 'end of loan'],
  ])('classifies the fee text %j as %s', (feeRaw, type) => {
    expect(classifyTransfer(feeRaw)).toBe(type);
  });
});

describe('formatFee', () => {
  it.each([
    ['52.2', '€52.2M'],
    ['121', '€121M'],
    ['0.5', '€0.5M'],
    ['20.23', '€20.23M'],
    ['52.20', '€52.2M'],
    [' 45 ', '€45M'],
    ['0.25', '€0.25M'],
  ])('shows %j as %j', (valor, shown) => {
    expect(formatFee(valor)).toBe(shown);
  });

  it.each([[''], ['0'], ['0.0'], ['-5'], ['abc'], ['€45m'], ['1e3'], ['NaN'], ['Infinity']])(
    'shows no fee for %j',
    (valor) => {
      expect(formatFee(valor)).toBeNull();
    },
  );
});

const player = (name: string, valor: string): TransferPlayer => ({
  id: name,
  name,
  image: '',
  flag: '',
  team: 'Elsewhere',
  type: 'transfer',
  valor,
});

describe('hasTransferActivity', () => {
  const empty = { arrivals: [], departures: [], rumors: [] };
  it.each([
    ['no moves and no rumours', empty, false],
    ['an arrival', { ...empty, arrivals: [player('A', '1')] }, true],
    ['a departure', { ...empty, departures: [player('B', '')] }, true],
    ['a rumour only', { ...empty, rumors: [player('C', '')] }, true],
  ])('%s: %s', (_, team, expected) => {
    expect(hasTransferActivity(team)).toBe(expected);
  });
});

describe('sortByFee', () => {
  it.each([
    [
      'highest fee first',
      [player('a', '13'), player('b', '121'), player('c', '0.5')],
      ['b', 'a', 'c'],
    ],
    [
      'moves without a fee last, in their order',
      [player('a', ''), player('b', '45'), player('c', '0'), player('d', 'loan'), player('e', '2')],
      ['b', 'e', 'a', 'c', 'd'],
    ],
    ['equal fees keep their order', [player('a', '10'), player('b', '10.0')], ['a', 'b']],
    ['nothing to sort', [], []],
  ])('%s', (_, players, names) => {
    expect(sortByFee(players).map((p) => p.name)).toEqual(names);
  });

  it('leaves the list it was given alone', () => {
    const players = [player('a', '1'), player('b', '2')];
    sortByFee(players);
    expect(players.map((p) => p.name)).toEqual(['a', 'b']);
  });
});

describe('pickTransferWindow', () => {
  it.each([
    ['2026-07-15T12:00:00Z', 'Summer 2026'],
    ['2026-10-15T12:00:00Z', 'Summer 2026'],
    ['2026-11-01T00:00:00Z', 'Summer 2026'],
    ['2026-11-01T00:00:00.001Z', 'Winter 2027'],
    ['2026-11-20T12:00:00Z', 'Winter 2027'],
    ['2027-02-10T12:00:00Z', 'Winter 2027'],
    ['2027-05-31T23:59:59Z', 'Winter 2027'],
    ['2027-06-01T00:00:00Z', 'Summer 2027'],
  ])('puts %s in the %s window', (iso, label) => {
    expect(pickTransferWindow(Date.parse(iso)).label).toBe(label);
  });

  it.each([
    ['before the season', '2022-06-01T00:00:00Z', 'Summer 2022'],
    ['in August', '2022-08-08T00:00:00Z', 'Summer 2022'],
    ['while the summer window is open', '2022-08-31T23:00:00Z', 'Summer 2022'],
    ['in mid-October', '2022-10-15T15:30:00Z', 'Summer 2022'],
    ['halfway between the windows', '2022-11-01T00:00:00Z', 'Summer 2022'],
    ['just past halfway', '2022-11-01T00:00:00.001Z', 'Winter 2023'],
    ['in January', '2023-01-15T00:00:00Z', 'Winter 2023'],
    ['in April', '2023-04-01T15:30:00Z', 'Winter 2023'],
    ['at the end of the season', '2023-06-04T19:00:00Z', 'Winter 2023'],
  ])('keeps to the season it is given: %s is %s', (_, iso, label) => {
    expect(pickTransferWindow(Date.parse(iso), '2022-2023')).toEqual({
      season: '2022-2023',
      window: label.slice(0, 6),
      label,
    });
  });
});

describe('findNextTransferWindow', () => {
  it.each([
    ['Summer 2022', { season: '2022-2023', window: 'Winter', label: 'Winter 2023' }],
    ['Winter 2023', { season: '2023-2024', window: 'Summer', label: 'Summer 2023' }],
    ['Summer 2014', { season: '2014-2015', window: 'Winter', label: 'Winter 2015' }],
    ['', null],
    ['Autumn 2022', null],
    ['Summer 22', null],
  ])('%j → %j', (label, next) => {
    expect(findNextTransferWindow(label)).toEqual(next);
  });
});
