import { describe, expect, it } from 'vitest';

import { findHttpsUrl } from './https-url.ts';

describe('findHttpsUrl', () => {
  it.each([
    // Kept as given by every upstream.
    ['https://crests.football-data.org/57.png', 'https://crests.football-data.org/57.png'],
    [
      'https://media.api-sports.io/football/teams/50.png',
      'https://media.api-sports.io/football/teams/50.png',
    ],
    [
      'https://cdn.resfu.com/img_data/equipos/429.png?size=60x&lossy=1',
      'https://cdn.resfu.com/img_data/equipos/429.png?size=60x&lossy=1',
    ],
    ['https://www.skybet.com/football/x', 'https://www.skybet.com/football/x'],
    // Written back normalised: surrounding space trimmed, host lower-cased, path completed.
    ['  https://t.resfu.com/a.jpg \n', 'https://t.resfu.com/a.jpg'],
    ['https://Media.API-Sports.io', 'https://media.api-sports.io/'],
    ['https://cdn.example/a b.png', 'https://cdn.example/a%20b.png'],
  ])('keeps %j as %j', (value, expected) => {
    expect(findHttpsUrl(value)).toBe(expected);
  });

  it.each([
    ['http://crests.football-data.org/57.png'],
    ['javascript:alert(1)'],
    ['data:image/png;base64,AAAA'],
    ['/football/x'],
    ['//cdn.example/a.png'],
    ['not a url'],
    [''],
    ['https://'],
    ['https://user:pw@evil.example/'],
    ['https://user@evil.example/'],
    [null],
    [undefined],
  ])('refuses %j', (value) => {
    expect(findHttpsUrl(value)).toBeNull();
  });
});
