import { describe, expect, it } from 'vitest';

import { findActiveLeagueSlug, getCountryFlag, LEAGUES } from './league.ts';

describe('getCountryFlag', () => {
  it.each([
    ['England', '🏴󠁧󠁢󠁥󠁮󠁧󠁿'],
    ['Spain', '🇪🇸'],
    ['Italy', '🇮🇹'],
    ['Germany', '🇩🇪'],
    ['France', '🇫🇷'],
    ['Portugal', '🇵🇹'],
    ['Netherlands', '🇳🇱'],
    ['Belgium', '🇧🇪'],
    ['Brazil', '🇧🇷'],
    ['  germany ', '🇩🇪'],
    ['Scotland', '🌍'],
    ['', '🌍'],
    [null, '🌍'],
  ])('gives %j the flag %s', (country, flag) => {
    expect(getCountryFlag(country)).toBe(flag);
  });
});

describe('findActiveLeagueSlug', () => {
  const slugs = LEAGUES.map((l) => l.slug);
  it.each([
    ['/league/serie-a', 'serie-a'],
    ['/league/premier-league', 'premier-league'],
    ['/league/serie-a/extra', null],
    ['/league/unknown', null],
    ['/news', null],
    ['/', null],
    ['/leagues/serie-a', null],
  ])('for %s is %s', (pathname, active) => {
    expect(findActiveLeagueSlug(pathname, slugs)).toBe(active);
  });
});

describe('LEAGUES', () => {
  it('lists the five leagues in the site order', () => {
    expect(LEAGUES.map((l) => l.name)).toEqual([
      'Premier League',
      'La Liga',
      'Serie A',
      'Bundesliga',
      'Ligue 1',
    ]);
  });
});
