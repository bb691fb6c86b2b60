import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';

import type { OddsEvent } from '../../domain/odds.ts';
import { MatchTitle } from './match-title.tsx';

const EVENT: OddsEvent = {
  id: 'replay:E0:1',
  commence_time: '2026-11-21T15:00:00Z',
  home_team: 'Arsenal',
  away_team: 'Nottingham Forest',
  bookmakers: [],
};

describe('MatchTitle', () => {
  it('links an event with a stored match to its page', () => {
    render(
      <MemoryRouter>
        <MatchTitle event={{ ...EVENT, match_id: 7 }} />
      </MemoryRouter>,
    );
    expect(screen.getByRole('link').getAttribute('href')).toBe(
      '/match/7-arsenal-v-nottingham-forest',
    );
    expect(screen.getByRole('link').textContent).toBe('Arsenal vs Nottingham Forest');
  });

  it('names an event without a stored match, with no link', () => {
    render(
      <MemoryRouter>
        <MatchTitle event={EVENT} />
      </MemoryRouter>,
    );
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.getByText('Arsenal', { exact: false }).textContent).toBe(
      'Arsenal vs Nottingham Forest',
    );
  });
});
