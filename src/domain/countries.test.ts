import { readdirSync, readFileSync } from 'node:fs';

import { describe, expect, it } from 'vitest';

import { findCountryCode, getCountryName } from './countries.ts';

/** The codes flag-icons draws: the file names of its 4×3 flags. */
const DRAWABLE: ReadonlySet<string> = new Set(
  readdirSync(new URL('../../node_modules/flag-icons/flags/4x3/', import.meta.url))
    .filter((file) => file.endsWith('.svg'))
    .map((file) => file.slice(0, -'.svg'.length)),
);

/** Codes that were withdrawn from ISO 3166-1 (or only reserved) and that flag-icons lacks. */
const WITHDRAWN = ['fx', 'yu', 'cs', 'su', 'hv', 'zr', 'bu', 'tp', 'dd', 'uk', 'an', 'dy', 'nh'];

const LETTERS = [...'ABCDEFGHIJKLMNOPQRSTUVWXYZ'];
const ALPHA2 = LETTERS.flatMap((a) => LETTERS.map((b) => a + b));
const ALPHA3 = ALPHA2.flatMap((ab) => LETTERS.map((c) => ab + c));

describe('findCountryCode', () => {
  it.each([
    ['France', 'fr'],
    ['Serbia', 'rs'],
    ['Russia', 'ru'],
    ['Burkina Faso', 'bf'],
    ['England', 'gb-eng'],
    ['Scotland', 'gb-sct'],
    ['Wales', 'gb-wls'],
    ['Northern Ireland', 'gb-nir'],
    ['ENG', 'gb-eng'],
    ['FRA', 'fr'],
  ])('reads %j as %j', (name, code) => {
    expect(findCountryCode(name)).toBe(code);
  });

  it.each([
    ['Norway', 'no'],
    ['Egypt', 'eg'],
    ['Benin', 'bj'],
    ['Korea Republic', 'kr'],
    ['South-Korea', 'kr'],
    ['Korea DPR', 'kp'],
    ["Côte d'Ivoire", 'ci'],
    ['Côte d’Ivoire', 'ci'],
    ['Ivory Coast', 'ci'],
    ['Türkiye', 'tr'],
    ['Turkey', 'tr'],
    ['Congo DR', 'cd'],
    ['DR Congo', 'cd'],
    ['Congo', 'cg'],
    ['Bosnia and Herzegovina', 'ba'],
    ['Bosnia-Herzegovina', 'ba'],
    ['USA', 'us'],
    ['United States', 'us'],
    ['Czech Republic', 'cz'],
    ['Czechia', 'cz'],
    ['Curacao', 'cw'],
    ['Curaçao', 'cw'],
    ['Republic of Ireland', 'ie'],
    ['Cape Verde Islands', 'cv'],
    ['Cabo Verde', 'cv'],
    ['North Macedonia', 'mk'],
    ['China PR', 'cn'],
    ['Chinese Taipei', 'tw'],
    ['Hong Kong', 'hk'],
    ['IR Iran', 'ir'],
    ['Kosovo', 'xk'],
    ['The Gambia', 'gm'],
    ['Saint Kitts and Nevis', 'kn'],
    ['St. Lucia', 'lc'],
    ['Saint Vincent and the Grenadines', 'vc'],
    ['Trinidad and Tobago', 'tt'],
    ['São Tomé and Príncipe', 'st'],
    ['Saudi-Arabia', 'sa'],
    ['United-Arab-Emirates', 'ae'],
    ['Faroe-Islands', 'fo'],
    ['Tahiti', 'pf'],
    ['  germany ', 'de'],
    ['United Kingdom', 'gb'],
    ['Timor-Leste', 'tl'],
    ['Myanmar', 'mm'],
  ])('reads the football name %j as %j', (name, code) => {
    expect(findCountryCode(name)).toBe(code);
  });

  it.each([
    // ISO alpha-2, in either case.
    ['es', 'es'],
    ['GB', 'gb'],
    ['XK', 'xk'],
    // ISO alpha-3, as football-data.org's area codes mostly are.
    ['BRA', 'br'],
    ['ITA', 'it'],
    ['DEU', 'de'],
    ['PRT', 'pt'],
    ['usa', 'us'],
    // FIFA trigraphs that are no ISO code.
    ['GER', 'de'],
    ['NED', 'nl'],
    ['POR', 'pt'],
    ['SUI', 'ch'],
    ['CRO', 'hr'],
    ['KSA', 'sa'],
    ['RSA', 'za'],
    ['UAE', 'ae'],
    ['SCO', 'gb-sct'],
    ['WAL', 'gb-wls'],
    ['NIR', 'gb-nir'],
    ['KVX', 'xk'],
    // flag-icons codes.
    ['gb-eng', 'gb-eng'],
    ['GB-NIR', 'gb-nir'],
  ])('reads the code %j as %j', (code, expected) => {
    expect(findCountryCode(code)).toBe(expected);
  });

  it.each([
    ['FX', 'fr'],
    ['YU', 'rs'],
    ['CS', 'rs'],
    ['SU', 'ru'],
    ['HV', 'bf'],
    ['ZR', 'cd'],
    ['UK', 'gb'],
    ['YUG', 'rs'],
    ['URS', 'ru'],
    ['TCH', 'cz'],
    ['FRG', 'de'],
    ['Yugoslavia', 'rs'],
    ['Soviet Union', 'ru'],
    ['Zaire', 'cd'],
  ])('reads the withdrawn %j as today’s %j', (code, expected) => {
    expect(findCountryCode(code)).toBe(expected);
  });

  it.each([
    ['World', ''],
    ['Europe', ''],
    ['Atlantis', ''],
    ['South America', ''],
    // FIFA's Samoa and Nicaragua, but football-data.org's South America and N/C America.
    ['SAM', ''],
    ['NCA', ''],
    ['EU', ''],
    ['AN', ''],
    ['es-ct', ''],
    ['', ''],
    [null, ''],
    [undefined, ''],
  ])('finds no country in %j', (name, code) => {
    expect(findCountryCode(name)).toBe(code);
  });
});

describe('findCountryCode over every input it can be given', () => {
  /** The codes that come out of `inputs`, with one input that gave each. */
  function collect(inputs: readonly string[]): Map<string, string> {
    const found = new Map<string, string>();
    for (const input of inputs) {
      const code = findCountryCode(input);
      if (code !== '' && !found.has(code)) found.set(code, input);
    }
    return found;
  }

  it('gives only codes flag-icons draws, for every ISO region name and every code', () => {
    const names = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });
    const regionNames = ALPHA2.flatMap((code) => names.of(code) ?? []);
    expect(regionNames.length).toBeGreaterThan(249);
    const found = collect([...regionNames, ...ALPHA2, ...ALPHA3]);
    const undrawable = [...found].filter(([code]) => !DRAWABLE.has(code));
    expect(undrawable).toEqual([]);
    for (const code of WITHDRAWN) expect(found.has(code)).toBe(false);
    // Every current country comes out: 249 ISO codes, Kosovo and the four home nations.
    expect(found.size).toBe(254);
  });

  it('reads the ICU name and the code of every country flag-icons draws as that country', () => {
    const names = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });
    const countries = [...DRAWABLE].filter((code) => /^[a-z]{2}$/.test(code));
    const wrong = countries.flatMap((code) => {
      const name = names.of(code.toUpperCase()) ?? '';
      const read = [findCountryCode(name), findCountryCode(code)];
      // flag-icons also draws groups (eu, un, pc), places without an ISO code (Canary Islands,
      // Clipperton, Diego Garcia) and a placeholder (xx): none is a country.
      const expected = ['eu', 'un', 'pc', 'ic', 'cp', 'dg', 'xx'].includes(code) ? '' : code;
      return read.every((r) => r === expected) ? [] : [{ code, name, read }];
    });
    expect(wrong).toEqual([]);
  });
});

/** Fields of the recorded bodies that hold a country, by key (an `area`'s by its parent). */
const COUNTRY_KEYS = new Set(['nationality', 'country', 'countryofbirth', 'countrycode', 'cc']);

/** Every country name or code the recorded bodies of the four upstreams hold, by body. */
function readRecordedCountries(): { files: string[]; values: Map<string, string> } {
  const providers = new URL('../server/providers/', import.meta.url);
  const files: string[] = [];
  const values = new Map<string, string>();
  const visit = (value: unknown, key: string, parent: string, file: string) => {
    if (Array.isArray(value)) {
      for (const item of value) visit(item, key, parent, file);
    } else if (typeof value === 'object' && value !== null) {
      for (const [child, item] of Object.entries(value)) visit(item, child, key, file);
    } else if (typeof value === 'string' && value.trim() !== '' && !value.includes('/')) {
      const lower = key.toLowerCase();
      // BeSoccer's `flag` is the player's country code; elsewhere `flag` is an image address.
      const isCountry =
        COUNTRY_KEYS.has(lower) ||
        lower === 'flag' ||
        (parent === 'area' && (lower === 'name' || lower === 'code'));
      if (isCountry && !values.has(value)) values.set(value, `${file} ${key}`);
    }
  };
  for (const upstream of readdirSync(providers)) {
    const real = new URL(`${upstream}/fixtures/real/`, providers);
    let names: string[];
    try {
      names = readdirSync(real).filter((name) => name.endsWith('.json'));
    } catch {
      continue; // an adapter without recorded bodies
    }
    for (const name of names) {
      files.push(`${upstream}/${name}`);
      visit(JSON.parse(readFileSync(new URL(name, real), 'utf8')), '', '', name);
    }
  }
  return { files, values };
}

describe('findCountryCode on the recorded upstream bodies', () => {
  const { files, values } = readRecordedCountries();
  /** API-Football's `league.country` of international competitions. */
  const NOT_COUNTRIES = new Set(['World']);

  it('reads the bodies of all four upstreams', () => {
    const upstreams = new Set(files.map((file) => file.split('/')[0]));
    expect([...upstreams].sort()).toEqual([
      'api-football',
      'besoccer',
      'football-data',
      'odds-api',
    ]);
    // Names (Korea Republic, Congo DR, Saudi-Arabia…), alpha-2 (es, gb) and alpha-3 (ENG, POR).
    expect(values.size).toBeGreaterThan(60);
    for (const sample of ['Korea Republic', 'Congo DR', 'Saudi-Arabia', 'ENG', 'POR', 'gb', 'ES']) {
      expect(values.has(sample)).toBe(true);
    }
  });

  it('gives every country they name a flag flag-icons draws', () => {
    const unreadable = [...values]
      .filter(([value]) => !NOT_COUNTRIES.has(value))
      .map(([value, where]) => ({ value, where, code: findCountryCode(value) }))
      .filter(({ code }) => !DRAWABLE.has(code));
    expect(unreadable).toEqual([]);
    for (const value of NOT_COUNTRIES) expect(findCountryCode(value)).toBe('');
  });
});

describe('getCountryName', () => {
  it.each([
    ['es', 'Spain'],
    ['FR', 'France'],
    ['gb-eng', 'England'],
    ['gb-sct', 'Scotland'],
    ['gb-wls', 'Wales'],
    ['gb-nir', 'Northern Ireland'],
    ['xk', 'Kosovo'],
    ['zz', 'ZZ'],
    ['xyz', 'XYZ'],
  ])('names %j %j', (code, name) => {
    expect(getCountryName(code)).toBe(name);
  });

  it("gives ICU's English name of every two-letter code it reads", () => {
    const names = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });
    const codes = ALPHA2.map((code) => findCountryCode(code)).filter((code) => code.length === 2);
    expect(new Set(codes).size).toBe(250);
    const differing = codes.filter((code) => getCountryName(code) !== names.of(code.toUpperCase()));
    expect(differing).toEqual([]);
  });
});
