import { describe, expect, it } from 'vitest';

import { createTeamNameIndex, normalizeTeamName, slugifyTeamName } from './team-names.ts';

const CLUBS = [
  { key: 'man-united', leagueSlug: 'premier-league', names: ['Manchester United', 'Man United'] },
  { key: 'man-city', leagueSlug: 'premier-league', names: ['Manchester City', 'Man City'] },
  { key: 'brighton', leagueSlug: 'premier-league', names: ['Brighton', 'Brighton & Hove Albion'] },
  { key: 'wolves', leagueSlug: 'premier-league', names: ['Wolves', 'Wolverhampton Wanderers'] },
  { key: 'koln', leagueSlug: 'bundesliga', names: ['FC Koln', '1. FC Köln'] },
  { key: 'ac-milan', leagueSlug: 'serie-a', names: ['AC Milan', 'Milan'] },
  { key: 'inter', leagueSlug: 'serie-a', names: ['Inter', 'Internazionale'] },
  { key: 'real-madrid', leagueSlug: 'la-liga', names: ['Real Madrid'] },
  { key: 'real-sociedad', leagueSlug: 'la-liga', names: ['Real Sociedad', 'Sociedad'] },
  { key: 'psg', leagueSlug: 'ligue-1', names: ['Paris Saint-Germain', 'Paris SG'] },
];

describe('normalizeTeamName', () => {
  it('drops accents, punctuation, case and words that name no club', () => {
    expect(normalizeTeamName('1. FC Köln')).toBe('koln');
    expect(normalizeTeamName('Manchester United FC')).toBe('manchester united');
    expect(normalizeTeamName('Brighton & Hove Albion FC')).toBe('brighton hove albion');
    expect(normalizeTeamName('Paris Saint-Germain FC')).toBe('paris saint germain');
  });

  it('keeps a name made only of such words', () => {
    expect(normalizeTeamName('AC')).toBe('ac');
    expect(normalizeTeamName('  ')).toBe('');
  });
});

describe('createTeamNameIndex', () => {
  const index = createTeamNameIndex(CLUBS);

  it('finds a club from the spellings different upstreams use', () => {
    expect(index.resolve('Manchester United FC', 'premier-league')).toBe('man-united');
    expect(index.resolve('Man United', 'premier-league')).toBe('man-united');
    expect(index.resolve('Brighton and Hove Albion', 'premier-league')).toBe('brighton');
    expect(index.resolve('Wolverhampton Wanderers FC', 'premier-league')).toBe('wolves');
    expect(index.resolve('FC Köln', 'bundesliga')).toBe('koln');
    expect(index.resolve('AC Milan', 'serie-a')).toBe('ac-milan');
    expect(index.resolve('FC Internazionale Milano', 'serie-a')).toBe('inter');
    expect(index.resolve('Paris Saint Germain', 'ligue-1')).toBe('psg');
  });

  it('refuses to guess between two clubs', () => {
    expect(index.resolve('Manchester', 'premier-league')).toBeNull();
    expect(index.resolve('Real', 'la-liga')).toBeNull();
    expect(index.resolve('Atalanta', 'serie-a')).toBeNull();
  });

  it('gives unknown clubs a readable key', () => {
    expect(slugifyTeamName('Real Oviedo')).toBe('real-oviedo');
    expect(slugifyTeamName('!!')).toBe('unknown');
  });
});
