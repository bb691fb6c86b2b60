import { render, screen, within } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { describe, expect, it } from 'vitest';

import type { StatsEntry } from '../../domain/player-stats.ts';
import { TopPlayers } from './top-players.tsx';

const entry = (nick: string, team: string, key: string | undefined, total: number): StatsEntry => ({
  player_id: nick,
  nick,
  player_image: '',
  flag: '',
  team_name: team,
  ...(key === undefined ? {} : { team_key: key }),
  team_shield: team === '' ? '' : `/img/crest/${nick}.svg`,
  total,
});

function renderTopPlayers(entries: StatsEntry[]) {
  const router = createMemoryRouter([
    {
      path: '/',
      element: (
        <TopPlayers
          title="Top Scorers"
          column="Goals"
          entries={entries}
          isPending={false}
          emptyText="No top scorers data available"
        />
      ),
    },
  ]);
  render(<RouterProvider router={router} />);
}

describe('TopPlayers', () => {
  it("links each player's club to its team page by the club's key", () => {
    renderTopPlayers([
      entry('Leão', 'AC Milan', 'ac-milan', 8),
      entry('Osimhen', 'Napoli', undefined, 7),
      entry('Free Agent', '', undefined, 2),
    ]);
    const rows = within(screen.getByRole('table')).getAllByRole('row').slice(1);
    const hrefs = rows.map(
      (tableRow) => within(tableRow).queryByRole('link')?.getAttribute('href') ?? null,
    );
    // A club from before entries carried a key goes by its name; no club, no link.
    expect(hrefs).toEqual(['/team/ac-milan', '/team/napoli', null]);
  });
});
