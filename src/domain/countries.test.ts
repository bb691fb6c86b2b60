import { describe, expect, it } from 'vitest';

import { findCountryCode, getFlagEmoji } from './countries.ts';

describe('findCountryCode', () => {
  it.each([
    ['Norway', 'no'],
    ['Egypt', 'eg'],
    ['Poland', 'pl'],
    ['England', 'gb-eng'],
    ['Scotland', 'gb-sct'],
    ['Wales', 'gb-wls'],
    ['Northern Ireland', 'gb-nir'],
    ['Korea Republic', 'kr'],
    ["Côte d'Ivoire", 'ci'],
    ['Côte d’Ivoire', 'ci'],
    ['Ivory Coast', 'ci'],
    ['Bosnia and Herzegovina', 'ba'],
    ['Bosnia-Herzegovina', 'ba'],
    ['Czech Republic', 'cz'],
    ['Turkey', 'tr'],
    ['Curacao', 'cw'],
    ['Congo DR', 'cd'],
    ['DR Congo', 'cd'],
    ['USA', 'us'],
    ['Republic of Ireland', 'ie'],
    ['Cape Verde Islands', 'cv'],
    ['North Macedonia', 'mk'],
    ['  germany ', 'de'],
    ['Atlantis', ''],
    ['', ''],
    [null, ''],
    [undefined, ''],
  ])('reads %j as %j', (name, code) => {
    expect(findCountryCode(name)).toBe(code);
  });

  // ICU still names the withdrawn codes FX, YU, CS, SU and HV after today's countries.
  it.each([
    ['France', 'fr'],
    ['Serbia', 'rs'],
    ['Russia', 'ru'],
    ['Burkina Faso', 'bf'],
    ['Myanmar', 'mm'],
    ['Timor-Leste', 'tl'],
    ['United Kingdom', 'gb'],
  ])('gives %j its current code %j, not a withdrawn one', (name, code) => {
    expect(findCountryCode(name)).toBe(code);
  });
});

describe('getFlagEmoji', () => {
  it.each([
    ['es', '🇪🇸'],
    ['FR', '🇫🇷'],
    ['gb-eng', '🏴󠁧󠁢󠁥󠁮󠁧󠁿'],
    ['gb-sct', '🏴󠁧󠁢󠁳󠁣󠁴󠁿'],
    ['gb-wls', '🏴󠁧󠁢󠁷󠁬󠁳󠁿'],
    ['gb-nir', null],
    ['', null],
    ['xyz', null],
  ])('draws %j as %j', (code, emoji) => {
    expect(getFlagEmoji(code)).toBe(emoji);
  });
});
