import { render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { useState } from 'react';
import { expect, it } from 'vitest';

import { LeagueFilterChips, parseLeagueFilter, type LeagueFilter } from './league-filter-chips.tsx';

function Harness({ onChange }: { onChange: (league: LeagueFilter) => void }) {
  const [league, setLeague] = useState<LeagueFilter>('all');
  return (
    <LeagueFilterChips
      value={league}
      onChange={(next) => {
        setLeague(next);
        onChange(next);
      }}
    />
  );
}

it('offers All and the five leagues, pressing only the chosen one', async () => {
  const user = userEvent.setup();
  const chosen: LeagueFilter[] = [];
  render(<Harness onChange={(league) => chosen.push(league)} />);

  await user.click(screen.getByRole('button', { name: 'Ligue 1' }));
  await user.click(screen.getByRole('button', { name: 'Premier League' }));

  expect(chosen).toEqual(['ligue-1', 'premier-league']);
  const pressed = screen
    .getAllByRole('button')
    .filter((b) => b.getAttribute('aria-pressed') === 'true');
  expect(pressed.map((b) => b.textContent)).toEqual(['Premier League']);
});

it.each([
  ['la-liga', 'la-liga'],
  ['all', 'all'],
  ['eredivisie', 'all'],
  [null, 'all'],
])('reads %j from an address as %j', (value, league) => {
  expect(parseLeagueFilter(value)).toBe(league);
});
