import { render, screen } from '@testing-library/react';
import { expect, it } from 'vitest';

import type { TimelineEntry } from '../../domain/api/match-centre.ts';
import { Timeline } from './match-centre-sections.tsx';

const RECORDED = { goals_recorded: true, assist_kind: 'assist' } as const;

const goal = (over: Partial<TimelineEntry>): TimelineEntry => ({
  type: 'goal',
  minute: '6',
  side: 'home',
  scorer: 'Jefferson Lerma',
  assist: 'Lewis Cook',
  penalty: false,
  own_goal: false,
  score: '1-0',
  ...over,
});

it('draws each goal with a drawn ball and text, never an emoji a phone may lack', () => {
  render(
    <Timeline
      lines={[
        goal({}),
        goal({ minute: '45+2', side: 'away', scorer: null, assist: null, score: '1-1' }),
        { ...goal({}), type: 'half-time', minute: 'HT', side: null, score: '1-1' },
      ]}
      facts={RECORDED}
    />,
  );
  const goals = screen.getByRole('list', { name: 'Goals' });
  // Emoji (⚽ and the like) are drawn from an emoji font, or as empty boxes without one.
  expect(goals.textContent).not.toMatch(/\p{Extended_Pictographic}/u);
  const items = goals.querySelectorAll('[data-goal]');
  expect(items).toHaveLength(2);
  for (const item of items) {
    expect(item.querySelector('svg[aria-hidden="true"]')).not.toBeNull();
  }
  expect(items[0]?.textContent).toContain('Jefferson Lerma (assist Lewis Cook)');
  expect(items[1]?.textContent).toContain('Goal');
});

it('names the player who made the chance where the record gives no official assists', () => {
  render(<Timeline lines={[goal({})]} facts={{ ...RECORDED, assist_kind: 'chance' }} />);
  const line = screen.getByRole('list', { name: 'Goals' }).querySelector('[data-goal]');
  expect(line?.textContent).toContain('Jefferson Lerma (chance created by Lewis Cook)');
  expect(line?.textContent).not.toContain('assist');
});

it('shows only the markers, under a line saying so, where goal times and scorers are not on record', () => {
  const markers: TimelineEntry[] = [
    { ...goal({}), type: 'half-time', minute: 'HT', side: null, score: '1-0' },
    { ...goal({}), type: 'full-time', minute: 'FT', side: null, score: '2-1' },
  ];
  render(
    <Timeline
      lines={[goal({}), ...markers]}
      facts={{ goals_recorded: false, assist_kind: 'assist' }}
    />,
  );
  expect(
    screen.getByText('Goal times and scorers are not on record for this season; the score is.'),
  ).toBeDefined();
  const list = screen.getByRole('list', { name: 'Goals' });
  expect(list.querySelectorAll('[data-goal]')).toHaveLength(0);
  expect(list.textContent).toContain('Half-time 1-0');
  expect(list.textContent).toContain('Full-time 2-1');
  expect(screen.queryByText('No goals yet')).toBeNull();
});

it('says no goals yet only where goals are on record', () => {
  const { unmount } = render(<Timeline lines={[]} facts={RECORDED} />);
  expect(screen.getByText('No goals yet')).toBeDefined();
  unmount();
  render(<Timeline lines={[]} facts={{ ...RECORDED, goals_recorded: false }} />);
  expect(screen.queryByText('No goals yet')).toBeNull();
  expect(screen.getByText(/not on record for this season/)).toBeDefined();
});
