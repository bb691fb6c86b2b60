import { describe, expect, it } from 'vitest';

import {
  findActiveLeagueSlug,
  findLeagueEntry,
  getCountryFlag,
  LEAGUES,
  listMarketLeagues,
  type LeagueEntry,
} from './league.ts';

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
    ['Scotland', '🏴󠁧󠁢󠁳󠁣󠁴󠁿'],
    ['Northern Ireland', '🌍'],
    ['Atlantis', '🌍'],
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

  it('gives each league one slug and one key in every source', () => {
    for (const key of ['slug', 'division', 'footballDataCode', 'oddsApiSportKey'] as const) {
      expect(new Set(LEAGUES.map((l) => l[key])).size).toBe(LEAGUES.length);
    }
    expect(new Set(LEAGUES.map((l) => l.apiFootballId)).size).toBe(LEAGUES.length);
    expect(new Set(LEAGUES.map((l) => l.besoccer.id)).size).toBe(LEAGUES.length);
  });
});

describe('listMarketLeagues', () => {
  it('orders the market widgets Serie A, La Liga, Premier League, Bundesliga, Ligue 1', () => {
    expect(listMarketLeagues().map((l) => l.name)).toEqual([
      'Serie A',
      'La Liga',
      'Premier League',
      'Bundesliga',
      'Ligue 1',
    ]);
  });
});

describe('a league added to the registry', () => {
  const eredivisie: LeagueEntry = {
    slug: 'eredivisie',
    name: 'Eredivisie',
    country: 'Netherlands',
    flag: 'nl',
    division: 'N1',
    footballDataCode: 'DED',
    apiFootballId: 88,
    besoccer: { id: 14, name: 'Eredivisie' },
    oddsApiSportKey: 'soccer_netherlands_eredivisie',
    marketOrder: 6,
    newsNames: [],
    newsFeeds: [],
  };
  const leagues = [...LEAGUES, eredivisie];

  it('is found by its slug, takes its market place and draws its flag', () => {
    expect(findLeagueEntry('eredivisie', leagues)).toBe(eredivisie);
    expect(findLeagueEntry('eredivisie')).toBeNull();
    expect(listMarketLeagues(leagues).at(-1)).toBe(eredivisie);
    expect(getCountryFlag('Netherlands', leagues)).toBe('🇳🇱');
  });
});
