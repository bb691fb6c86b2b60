import { render, screen, within } from '@testing-library/react';
import { expect, it } from 'vitest';

import type { MatchFacts } from '../../../domain/api/match-centre.ts';
import { describeAtFullTime, StatisticsBars } from './statistics-bars.tsx';

const facts = (over: Partial<MatchFacts> = {}): MatchFacts => ({
  goals_recorded: true,
  assist_kind: 'assist',
  statistics: [
    { key: 'shots', home: 12, away: 9 },
    { key: 'shots_on_target', home: 5, away: 0 },
    { key: 'xg', home: 1.8412, away: 0.7 },
  ],
  at_full_time: ['corners', 'fouls', 'yellow_cards', 'red_cards'],
  referee: 'Michael Oliver',
  shots: [],
  sources: [],
  ...over,
});

function renderStatistics(over: Partial<MatchFacts> = {}, finished = false) {
  render(<StatisticsBars facts={facts(over)} home="Arsenal" away="Chelsea" finished={finished} />);
}

it('draws a row with both figures and paired bars for each known statistic only', () => {
  renderStatistics();
  const rows = within(screen.getByRole('list', { name: 'Match statistics' })).getAllByRole(
    'listitem',
  );
  expect(rows.map((row) => row.dataset.statistic)).toEqual(['shots', 'shots_on_target', 'xg']);
  const [shots, onTarget] = rows;
  // Each bar's length in per cent of its half.
  const share = (row: HTMLElement | undefined, side: string) =>
    parseFloat(row?.querySelector<HTMLElement>(`[data-share="${side}"]`)?.style.width ?? '');
  expect(share(shots, 'home')).toBeCloseTo((12 / 21) * 100, 2);
  expect(share(shots, 'away')).toBeCloseTo((9 / 21) * 100, 2);
  expect(share(onTarget, 'home')).toBe(100);
  expect(share(onTarget, 'away')).toBe(0);
});

it('reads each row as one sentence to a screen reader, xG with two decimals', () => {
  renderStatistics();
  expect(screen.getByText('Shots: Arsenal 12, Chelsea 9')).toBeDefined();
  expect(screen.getByText('Expected goals (xG): Arsenal 1.84, Chelsea 0.70')).toBeDefined();
});

it('names the referee and, before full time, the statistics that only come then', () => {
  renderStatistics();
  expect(screen.getByText('Referee: Michael Oliver')).toBeDefined();
  expect(
    screen.getByText(
      'Corners, fouls and cards appear at full time: the record gives no minute for them.',
    ),
  ).toBeDefined();
});

it('drops the full-time line once the match is over', () => {
  renderStatistics({}, true);
  expect(screen.queryByText(/appear at full time/)).toBeNull();
});

it('says the statistics are not recorded where there are none and none are coming', () => {
  renderStatistics({ statistics: [], at_full_time: [], shots: null, referee: null });
  expect(screen.getByText('Statistics are not recorded for this match.')).toBeDefined();
  expect(screen.queryByRole('list')).toBeNull();
  expect(screen.queryByText(/Referee/)).toBeNull();
});

it('says none yet during a match whose statistics are on their way', () => {
  renderStatistics({ statistics: [], shots: null });
  expect(screen.getByText('No statistics yet.')).toBeDefined();
});

it('writes the full-time line for any set of statistics', () => {
  expect(describeAtFullTime([])).toBeNull();
  expect(describeAtFullTime(['corners'])).toBe(
    'Corners appear at full time: the record gives no minute for them.',
  );
  expect(describeAtFullTime(['yellow_cards', 'red_cards'])).toBe(
    'Cards appear at full time: the record gives no minute for them.',
  );
});
