import { render, screen } from '@testing-library/react';
import { expect, it } from 'vitest';

import { FactSources } from './fact-sources.tsx';
import { ShotsSection } from './shots-section.tsx';

it('says shots are not recorded where the record has none, with no map or race', () => {
  render(<ShotsSection shots={null} home="Arsenal" away="Chelsea" finished />);
  expect(screen.getByText('Shots are not recorded for this match.')).toBeDefined();
  expect(screen.queryByRole('group')).toBeNull();
  expect(screen.queryByRole('img')).toBeNull();
});

it('says no shots yet where none have been taken', () => {
  render(<ShotsSection shots={[]} home="Arsenal" away="Chelsea" finished={false} />);
  expect(screen.getByText('No shots yet.')).toBeDefined();
  expect(screen.queryByText(/not recorded/)).toBeNull();
  expect(screen.queryByRole('group')).toBeNull();
});

it('draws the map and the race once there are shots', () => {
  render(
    <ShotsSection
      shots={[
        {
          side: 'home',
          half: 1,
          minute: '5',
          at: 5,
          player: 'Bukayo Saka',
          assist: null,
          result: 'goal',
          situation: 'open-play',
          x: 0.9,
          y: 0.5,
          xg: 0.4,
        },
      ]}
      home="Arsenal"
      away="Chelsea"
      finished={false}
    />,
  );
  expect(screen.getByRole('group', { name: /^Shot map/ })).toBeDefined();
  expect(screen.getByRole('heading', { name: 'xG race' })).toBeDefined();
  expect(screen.getByTestId('xg-summary').textContent).toBe('xG: Arsenal 0.40, Chelsea 0.00');
});

it('credits and links each source of the facts', () => {
  render(
    <FactSources
      sources={[
        { name: 'Understat', url: 'https://understat.com/' },
        { name: 'football-data.co.uk', url: 'https://www.football-data.co.uk/' },
      ]}
    />,
  );
  const links = screen.getAllByRole('link');
  expect(links.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
    ['Understat', 'https://understat.com/'],
    ['football-data.co.uk', 'https://www.football-data.co.uk/'],
  ]);
  expect(links[0]?.parentElement?.parentElement?.textContent).toBe(
    'Match facts recorded by Understat and football-data.co.uk.',
  );
});
