import { describe, expect, it } from 'vitest';

import {
  findActiveLeagueSlug,
  findLeagueEntry,
  getCountryFlagCode,
  getLeaguePlaces,
  LEAGUES,
  listMarketLeagues,
  type LeagueEntry,
} from './league.ts';

describe('getCountryFlagCode', () => {
  it.each([
    ['England', 'gb-eng'],
    ['Spain', 'es'],
    ['Italy', 'it'],
    ['Germany', 'de'],
    ['France', 'fr'],
    ['Portugal', 'pt'],
    ['Netherlands', 'nl'],
    ['Belgium', 'be'],
    ['Brazil', 'br'],
    ['  germany ', 'de'],
    ['Scotland', 'gb-sct'],
    ['Northern Ireland', 'gb-nir'],
    ['World', ''],
    ['Atlantis', ''],
    ['', ''],
    [null, ''],
  ])('gives %j the flag %j', (country, flag) => {
    expect(getCountryFlagCode(country)).toBe(flag);
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
    places: [{ from: '2005-2006', championsLeague: 2, relegation: 1, relegationPlayoff: 2 }],
  };
  const leagues = [...LEAGUES, eredivisie];

  it('is found by its slug, takes its market place and draws its flag', () => {
    expect(findLeagueEntry('eredivisie', leagues)).toBe(eredivisie);
    expect(findLeagueEntry('eredivisie')).toBeNull();
    expect(listMarketLeagues(leagues).at(-1)).toBe(eredivisie);
    expect(getCountryFlagCode('Netherlands', leagues)).toBe('nl');
    expect(getLeaguePlaces(eredivisie, '2030-2031')).toEqual({
      championsLeague: 2,
      relegation: 1,
      relegationPlayoff: 2,
    });
  });
});

describe('getLeaguePlaces', () => {
  const places = (slug: string, season: string) => {
    const league = findLeagueEntry(slug);
    if (league === null) throw new Error(`no league ${slug}`);
    const { championsLeague, relegation, relegationPlayoff } = getLeaguePlaces(league, season);
    return [championsLeague, relegation, relegationPlayoff];
  };

  it.each([
    ['premier-league', '2019-2020', [4, 3, 0]],
    ['premier-league', '2023-2024', [4, 3, 0]],
    ['premier-league', '2024-2025', [5, 3, 0]],
    ['premier-league', '2025-2026', [4, 3, 0]],
    ['la-liga', '2021-2022', [4, 3, 0]],
    ['la-liga', '2024-2025', [5, 3, 0]],
    ['la-liga', '2025-2026', [4, 3, 0]],
    ['serie-a', '2014-2015', [3, 3, 0]],
    ['serie-a', '2019-2020', [4, 3, 0]],
    ['serie-a', '2023-2024', [5, 3, 0]],
    ['serie-a', '2025-2026', [4, 3, 0]],
    ['bundesliga', '2006-2007', [3, 3, 0]],
    ['bundesliga', '2009-2010', [3, 2, 1]],
    ['bundesliga', '2019-2020', [4, 2, 1]],
    ['bundesliga', '2023-2024', [5, 2, 1]],
    ['bundesliga', '2025-2026', [4, 2, 1]],
    ['ligue-1', '2010-2011', [3, 3, 0]],
    ['ligue-1', '2019-2020', [3, 2, 1]],
    ['ligue-1', '2021-2022', [3, 2, 1]],
    ['ligue-1', '2022-2023', [3, 4, 0]],
    ['ligue-1', '2023-2024', [4, 2, 1]],
    ['ligue-1', '2024-2025', [4, 2, 1]],
    ['ligue-1', '2025-2026', [4, 2, 1]],
  ])('gives %s in %s [Champions League, relegated, play-off] = %j', (slug, season, expected) => {
    expect(places(slug, season)).toEqual(expected);
  });

  it("gives a season before the registry's first era that era's places", () => {
    expect(places('premier-league', '1999-2000')).toEqual([4, 3, 0]);
  });

  it("gives a season after the last era the last era's places", () => {
    expect(places('ligue-1', '2031-2032')).toEqual([4, 2, 1]);
  });

  it.each(['2023-24', '2023-2025', '', 'season'])('refuses the season %j', (season) => {
    expect(() => places('serie-a', season)).toThrow(RangeError);
  });

  it("lists every league's eras oldest first, with places that fit a table of 18 clubs", () => {
    for (const league of LEAGUES) {
      const starts = league.places.map((era) => era.from);
      expect(starts, league.slug).toEqual([...starts].sort());
      expect(new Set(starts).size, league.slug).toBe(starts.length);
      for (const era of league.places) {
        expect(era.championsLeague + era.relegation + era.relegationPlayoff).toBeLessThan(18);
      }
    }
  });
});
