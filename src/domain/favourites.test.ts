import { describe, expect, it } from 'vitest';

import {
  isAboutClubs,
  MAX_FAVOURITES,
  mentionsClub,
  parseFavourites,
  rankFavouriteMatches,
} from './favourites.ts';

describe('parseFavourites', () => {
  it.each([
    ['nothing stored', null],
    ['an empty value', ''],
    ['broken JSON', '[{"key":'],
    ['an object instead of a list', '{"key":"arsenal","name":"Arsenal"}'],
    ['a number', '42'],
    ['the string null', 'null'],
  ])('reads %s as no favourites', (_, text) => {
    expect(parseFavourites(text)).toEqual([]);
  });

  it('keeps the good entries of a list and drops the bad ones', () => {
    const text = JSON.stringify([
      { key: 'arsenal', name: 'Arsenal' },
      'chelsea',
      { key: '', name: 'Nobody' },
      { key: 'inter', name: 42 },
      null,
      { key: 'napoli', name: 'Napoli', extra: true },
    ]);
    expect(parseFavourites(text)).toEqual([
      { key: 'arsenal', name: 'Arsenal' },
      { key: 'napoli', name: 'Napoli' },
    ]);
  });

  it('keeps each key once, the first spelling', () => {
    const text = JSON.stringify([
      { key: 'arsenal', name: 'Arsenal' },
      { key: 'arsenal', name: 'Arsenal FC' },
    ]);
    expect(parseFavourites(text)).toEqual([{ key: 'arsenal', name: 'Arsenal' }]);
  });

  it('reads no more than the most a fan follows', () => {
    const text = JSON.stringify(
      Array.from({ length: MAX_FAVOURITES + 20 }, (_, i) => ({ key: `c${i}`, name: `Club ${i}` })),
    );
    expect(parseFavourites(text)).toHaveLength(MAX_FAVOURITES);
  });
});

describe('rankFavouriteMatches', () => {
  const items = [
    { id: 1, local_key: 'juventus', visitor_key: 'napoli' },
    { id: 2, local_key: 'liverpool', visitor_key: 'everton' },
    { id: 3, local_key: 'arsenal', visitor_key: 'chelsea' },
    { id: 4, local: 'No keys', visitor: 'At all' },
    { id: 5, local_key: 'inter', visitor_key: 'arsenal' },
  ];

  it("puts the favourite clubs' matches first and keeps the order within each group", () => {
    const ranked = rankFavouriteMatches(items, new Set(['arsenal', 'everton']));
    expect(ranked.map((m) => m.id)).toEqual([2, 3, 5, 1, 4]);
  });

  it('keeps the order as it is without favourites', () => {
    expect(rankFavouriteMatches(items, new Set()).map((m) => m.id)).toEqual([1, 2, 3, 4, 5]);
  });

  it('matches clubs by key, not by name', () => {
    const byName = rankFavouriteMatches(
      [
        { id: 1, local: 'Everton', visitor: 'Leeds', local_key: 'everton', visitor_key: 'leeds' },
        { id: 2, local: 'Arsenal', visitor: 'Spurs', local_key: 'a', visitor_key: 'b' },
      ],
      new Set(['arsenal']),
    );
    expect(byName.map((m) => m.id)).toEqual([1, 2]);
  });
});

describe('mentionsClub', () => {
  it.each([
    ['Arsenal edge Chelsea 2-1', 'Arsenal', true],
    ["Arsenal's title hopes rise", 'Arsenal', true],
    ['Köln beat Mainz', '1. FC Köln', true],
    ['Borussia Monchengladbach held', 'Borussia Mönchengladbach', true],
    ['MANCHESTER CITY cruise', 'Manchester City', true],
    ['Internacional sign a striker', 'Inter', false],
    ['Manchester United win', 'Manchester City', false],
    ['Anything at all', '', false],
  ])('%s names %s: %s', (text, club, expected) => {
    expect(mentionsClub(text, club)).toBe(expected);
  });
});

describe('isAboutClubs', () => {
  const clubs = [
    { key: 'arsenal', name: 'Arsenal' },
    { key: 'inter', name: 'Inter' },
  ];

  it('is true when the title names one of the clubs', () => {
    expect(isAboutClubs({ title: 'Inter and Napoli share the spoils' }, clubs)).toBe(true);
  });

  it('is false when no club is named in the title', () => {
    expect(isAboutClubs({ title: 'Liverpool see off Everton 2-0' }, clubs)).toBe(false);
    expect(isAboutClubs({ title: 'Arsenal edge Chelsea' }, [])).toBe(false);
  });
});
