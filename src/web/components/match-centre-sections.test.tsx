import { render, screen } from '@testing-library/react';
import { expect, it } from 'vitest';

import type { TimelineEntry } from '../../domain/api/match-centre.ts';
import { Timeline } from './match-centre-sections.tsx';

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
