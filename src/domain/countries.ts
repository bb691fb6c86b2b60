// Country names as the upstreams write a player's nationality ("France", "Korea Republic",
// "England") → the flag-icons code Touchline draws the flag from.

/** The home nations have no ISO 3166-1 code: flag-icons draws them from these subdivisions. */
const HOME_NATIONS: Record<string, string> = {
  england: 'gb-eng',
  scotland: 'gb-sct',
  wales: 'gb-wls',
  northernireland: 'gb-nir',
};

/** Football's names that differ from the English region names ICU uses (normalised keys). */
const ALIASES: Record<string, string> = {
  usa: 'us',
  korearepublic: 'kr',
  koreadpr: 'kp',
  chinapr: 'cn',
  chinesetaipei: 'tw',
  czechrepublic: 'cz',
  turkey: 'tr',
  ivorycoast: 'ci',
  congodr: 'cd',
  drcongo: 'cd',
  congo: 'cg',
  capeverdeislands: 'cv',
  capeverde: 'cv',
  republicofireland: 'ie',
  hongkong: 'hk',
  macedonia: 'mk',
  fyrmacedonia: 'mk',
  northmacedonia: 'mk',
  palestine: 'ps',
  myanmar: 'mm',
  swaziland: 'sz',
  bosnia: 'ba',
  bosniaherzegovina: 'ba',
  curacao: 'cw',
};

/**
 * Region codes ICU still names that are withdrawn (FX France, YU and CS Serbia, SU Russia,
 * HV Burkina Faso, …) or are no country (EU, UN, ZZ, …): read by name, they would shadow the
 * current code of the same country.
 */
const NOT_COUNTRIES = new Set(
  'AN BU CS DD EU EZ FX HV NH NT QO RH SU TP UK UN VD YD YU ZR ZZ'.split(' '),
);

let regionCodes: Map<string, string> | undefined;

/** Lower case letters only, without accents: "Côte d’Ivoire" → "cotedivoire". */
function normaliseCountry(name: string): string {
  return name
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/&/g, 'and')
    .replace(/[^a-z]/g, '');
}

/** Normalised English region name → lower-case ISO alpha-2, built once from ICU's names. */
function getRegionCodes(): Map<string, string> {
  if (regionCodes !== undefined) return regionCodes;
  const names = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });
  const codes = new Map<string, string>();
  for (let a = 65; a <= 90; a++) {
    for (let b = 65; b <= 90; b++) {
      const code = String.fromCharCode(a, b);
      if (NOT_COUNTRIES.has(code)) continue;
      let name: string | undefined;
      try {
        name = names.of(code);
      } catch {
        name = undefined;
      }
      if (name !== undefined) codes.set(normaliseCountry(name), code.toLowerCase());
    }
  }
  regionCodes = codes;
  return codes;
}

/**
 * The flag-icons code of a country named in English: ISO 3166-1 alpha-2 in lower case, or
 * gb-eng, gb-sct, gb-wls, gb-nir for the home nations; "" when the name is no country.
 */
export function findCountryCode(name: string | null | undefined): string {
  if (name === null || name === undefined) return '';
  const key = normaliseCountry(name);
  if (key === '') return '';
  return HOME_NATIONS[key] ?? ALIASES[key] ?? getRegionCodes().get(key) ?? '';
}

const REGIONAL_A = 0x1f1e6;
const TAG_A = 0xe0061;
const BLACK_FLAG = 0x1f3f4;
const CANCEL_TAG = 0xe007f;
/** The subdivisions that have an emoji flag (Northern Ireland has none). */
const EMOJI_SUBDIVISIONS = new Set(['gb-eng', 'gb-sct', 'gb-wls']);

/** The emoji flag of a flag-icons code ("es" → 🇪🇸, "gb-eng" → 🏴󠁧󠁢󠁥󠁮󠁧󠁿), or null when it has none. */
export function getFlagEmoji(code: string): string | null {
  const lower = code.trim().toLowerCase();
  const letters = (text: string, first: number) =>
    String.fromCodePoint(...[...text].map((c) => first + c.charCodeAt(0) - 97));
  if (/^[a-z]{2}$/.test(lower)) return letters(lower, REGIONAL_A);
  if (EMOJI_SUBDIVISIONS.has(lower)) {
    return (
      String.fromCodePoint(BLACK_FLAG) +
      letters(lower.replace('-', ''), TAG_A) +
      String.fromCodePoint(CANCEL_TAG)
    );
  }
  return null;
}
