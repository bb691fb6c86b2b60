// A country as the upstreams send it → the flag-icons code Touchline draws the flag from. The
// upstreams name a player's nationality or a competition's country in English ("France",
// "Korea Republic", "Congo DR", "Saudi-Arabia"), by an ISO alpha-2 code ("es", "GB"), by
// football-data.org's area code (alpha-3 or FIFA trigraph: "FRA", "ENG", "POR") or already by a
// flag-icons code ("gb-eng"). Every form comes out as a code flag-icons draws: the current ISO
// 3166-1 alpha-2 code in lower case, "xk" for Kosovo, or gb-eng, gb-sct, gb-wls, gb-nir for the
// home nations; withdrawn codes (FX, YU, SU, HV…) never come out.

/** "ABC:xy ABD:xz" → ABC → xy, ABD → xz. */
function readPairs(text: string): ReadonlyMap<string, string> {
  return new Map(
    text
      .trim()
      .split(/\s+/)
      .map((pair) => pair.split(':') as [string, string]),
  );
}

/** The home nations have no ISO 3166-1 code: flag-icons draws them from these subdivisions. */
const HOME_NATIONS: ReadonlyMap<string, string> = new Map([
  ['england', 'gb-eng'],
  ['scotland', 'gb-sct'],
  ['wales', 'gb-wls'],
  ['northernireland', 'gb-nir'],
]);

/** ISO 3166-1 alpha-3 → alpha-2 of every current country (the standard's 249 codes). */
const ISO_ALPHA3 = readPairs(`
  ABW:aw AFG:af AGO:ao AIA:ai ALA:ax ALB:al AND:ad ARE:ae ARG:ar ARM:am ASM:as ATA:aq ATF:tf
  ATG:ag AUS:au AUT:at AZE:az BDI:bi BEL:be BEN:bj BES:bq BFA:bf BGD:bd BGR:bg BHR:bh BHS:bs
  BIH:ba BLM:bl BLR:by BLZ:bz BMU:bm BOL:bo BRA:br BRB:bb BRN:bn BTN:bt BVT:bv BWA:bw CAF:cf
  CAN:ca CCK:cc CHE:ch CHL:cl CHN:cn CIV:ci CMR:cm COD:cd COG:cg COK:ck COL:co COM:km CPV:cv
  CRI:cr CUB:cu CUW:cw CXR:cx CYM:ky CYP:cy CZE:cz DEU:de DJI:dj DMA:dm DNK:dk DOM:do DZA:dz
  ECU:ec EGY:eg ERI:er ESH:eh ESP:es EST:ee ETH:et FIN:fi FJI:fj FLK:fk FRA:fr FRO:fo FSM:fm
  GAB:ga GBR:gb GEO:ge GGY:gg GHA:gh GIB:gi GIN:gn GLP:gp GMB:gm GNB:gw GNQ:gq GRC:gr GRD:gd
  GRL:gl GTM:gt GUF:gf GUM:gu GUY:gy HKG:hk HMD:hm HND:hn HRV:hr HTI:ht HUN:hu IDN:id IMN:im
  IND:in IOT:io IRL:ie IRN:ir IRQ:iq ISL:is ISR:il ITA:it JAM:jm JEY:je JOR:jo JPN:jp KAZ:kz
  KEN:ke KGZ:kg KHM:kh KIR:ki KNA:kn KOR:kr KWT:kw LAO:la LBN:lb LBR:lr LBY:ly LCA:lc LIE:li
  LKA:lk LSO:ls LTU:lt LUX:lu LVA:lv MAC:mo MAF:mf MAR:ma MCO:mc MDA:md MDG:mg MDV:mv MEX:mx
  MHL:mh MKD:mk MLI:ml MLT:mt MMR:mm MNE:me MNG:mn MNP:mp MOZ:mz MRT:mr MSR:ms MTQ:mq MUS:mu
  MWI:mw MYS:my MYT:yt NAM:na NCL:nc NER:ne NFK:nf NGA:ng NIC:ni NIU:nu NLD:nl NOR:no NPL:np
  NRU:nr NZL:nz OMN:om PAK:pk PAN:pa PCN:pn PER:pe PHL:ph PLW:pw PNG:pg POL:pl PRI:pr PRK:kp
  PRT:pt PRY:py PSE:ps PYF:pf QAT:qa REU:re ROU:ro RUS:ru RWA:rw SAU:sa SDN:sd SEN:sn SGP:sg
  SGS:gs SHN:sh SJM:sj SLB:sb SLE:sl SLV:sv SMR:sm SOM:so SPM:pm SRB:rs SSD:ss STP:st SUR:sr
  SVK:sk SVN:si SWE:se SWZ:sz SXM:sx SYC:sc SYR:sy TCA:tc TCD:td TGO:tg THA:th TJK:tj TKL:tk
  TKM:tm TLS:tl TON:to TTO:tt TUN:tn TUR:tr TUV:tv TWN:tw TZA:tz UGA:ug UKR:ua UMI:um URY:uy
  USA:us UZB:uz VAT:va VCT:vc VEN:ve VGB:vg VIR:vi VNM:vn VUT:vu WLF:wf WSM:ws YEM:ye ZAF:za
  ZMB:zm ZWE:zw
`);

/**
 * Trigraphs football writes where they differ from ISO: FIFA's (GER, NED, POR, SUI, CRO, the
 * home nations…), the IOC's that sports data also uses (LAT, SLO, LIB, MGL, SUD), Kosovo's, and
 * withdrawn codes read as the country FIFA counts as their successor (YUG and SCG Serbia, URS
 * Russia, TCH Czechia, GDR and FRG Germany, ZAI DR Congo, HVO Burkina Faso…). FIFA's SAM (Samoa)
 * and NCA (Nicaragua) are left out: football-data.org's areas use them for South America and N/C
 * America. None of these is an ISO alpha-3 code of another country.
 */
const FOOTBALL_TRIGRAPHS = readPairs(`
  ENG:gb-eng NIR:gb-nir SCO:gb-sct WAL:gb-wls KVX:xk XKX:xk
  BUL:bg CRO:hr DEN:dk GER:de GRE:gr LAT:lv NED:nl POR:pt SLO:si SUI:ch CHI:cl PAR:py URU:uy
  ARU:aw BAH:bs BER:bm BOE:bq CAY:ky CRC:cr GRN:gd GUA:gt GYF:gf HAI:ht HON:hn PUR:pr SKN:kn
  TRI:tt VIN:vc ALG:dz ANG:ao BOT:bw CGO:cg CHA:td CTA:cf EQG:gq GAM:gm GUI:gn LES:ls MAD:mg
  MRI:mu MTN:mr NIG:ne RSA:za SEY:sc SUD:sd TAN:tz TOG:tg ZAM:zm ZIM:zw BAN:bd BHU:bt BRU:bn
  CAM:kh KSA:sa KUW:kw LIB:lb MAS:my MGL:mn MYA:mm NEP:np OMA:om PHI:ph PLE:ps SIN:sg SRI:lk
  TPE:tw UAE:ae VIE:vn ASA:as FIJ:fj SOL:sb TAH:pf TGA:to VAN:vu
  YUG:rs SCG:rs SUN:ru URS:ru CSK:cz TCH:cz DDR:de GDR:de FRG:de ZAR:cd ZAI:cd BUR:mm TMP:tl
  HVO:bf FXX:fr DHY:bj NHB:vu RHO:zw VDR:vn YMD:ye
`);

/**
 * Alpha-2 codes that are withdrawn or reserved (ICU still names most of them after today's
 * countries) → the current code of the same country. AN (Netherlands Antilles) split in several
 * and stays unknown.
 */
const WITHDRAWN_ALPHA2 = readPairs(`
  BU:mm CS:rs DD:de DY:bj FX:fr HV:bf NH:vu RH:zw SU:ru TP:tl UK:gb VD:vn YD:ye YU:rs ZR:cd
`);

/** Every code findCountryCode gives: current ISO alpha-2 codes, Kosovo and the home nations. */
const FLAG_CODES: ReadonlySet<string> = new Set([
  ...ISO_ALPHA3.values(),
  'xk',
  ...HOME_NATIONS.values(),
]);

/** Names football uses that differ from the English region names ICU gives (normalised keys). */
const ALIASES: ReadonlyMap<string, string> = new Map(
  Object.entries({
    usa: 'us',
    unitedstatesofamerica: 'us',
    greatbritain: 'gb',
    holland: 'nl',
    korearepublic: 'kr',
    republicofkorea: 'kr',
    koreasouth: 'kr',
    koreadpr: 'kp',
    dprkorea: 'kp',
    koreanorth: 'kp',
    chinapr: 'cn',
    chinesetaipei: 'tw',
    hongkong: 'hk',
    hongkongchina: 'hk',
    macao: 'mo',
    macau: 'mo',
    czechrepublic: 'cz',
    turkey: 'tr',
    turkiye: 'tr',
    ivorycoast: 'ci',
    cotedivoire: 'ci',
    congodr: 'cd',
    drcongo: 'cd',
    democraticrepublicofcongo: 'cd',
    democraticrepublicofthecongo: 'cd',
    congo: 'cg',
    republicofthecongo: 'cg',
    capeverde: 'cv',
    capeverdeislands: 'cv',
    caboverde: 'cv',
    republicofireland: 'ie',
    macedonia: 'mk',
    fyrmacedonia: 'mk',
    macedoniafyr: 'mk',
    northmacedonia: 'mk',
    palestine: 'ps',
    myanmar: 'mm',
    burma: 'mm',
    swaziland: 'sz',
    eswatini: 'sz',
    bosnia: 'ba',
    bosniaherzegovina: 'ba',
    curacao: 'cw',
    iriran: 'ir',
    kyrgyzrepublic: 'kg',
    laopdr: 'la',
    bruneidarussalam: 'bn',
    russianfederation: 'ru',
    syrianarabrepublic: 'sy',
    republicofmoldova: 'md',
    stvincentandthegrenadines: 'vc',
    easttimor: 'tl',
    holysee: 'va',
    tahiti: 'pf',
    bonaire: 'bq',
    // Withdrawn countries, read as the successor FIFA counts their records to.
    yugoslavia: 'rs',
    serbiaandmontenegro: 'rs',
    sovietunion: 'ru',
    ussr: 'ru',
    czechoslovakia: 'cz',
    eastgermany: 'de',
    westgermany: 'de',
    zaire: 'cd',
  }),
);

/**
 * Lower case letters only, without accents, "&" read as "and", "Saint" as "St" and a leading
 * "The" dropped: "Côte d’Ivoire" → "cotedivoire", "Saint Kitts & Nevis" → "stkittsandnevis".
 */
function normaliseCountry(name: string): string {
  return name
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/\bsaint\b/g, 'st')
    .replace(/^\s*the\s+/, '')
    .replace(/[^a-z]/g, '');
}

/**
 * The English name of every two-letter flag code, as ICU names the region
 * (`Intl.DisplayNames(['en'], { type: 'region' })`, checked by countries.test.ts). Written out:
 * in a browser, ICU's names cost a phone tens of milliseconds on the first flag a page names.
 */
const REGION_NAMES: ReadonlyMap<string, string> = new Map(
  `
  AD Andorra
  AE United Arab Emirates
  AF Afghanistan
  AG Antigua & Barbuda
  AI Anguilla
  AL Albania
  AM Armenia
  AO Angola
  AQ Antarctica
  AR Argentina
  AS American Samoa
  AT Austria
  AU Australia
  AW Aruba
  AX Åland Islands
  AZ Azerbaijan
  BA Bosnia & Herzegovina
  BB Barbados
  BD Bangladesh
  BE Belgium
  BF Burkina Faso
  BG Bulgaria
  BH Bahrain
  BI Burundi
  BJ Benin
  BL St. Barthélemy
  BM Bermuda
  BN Brunei
  BO Bolivia
  BQ Caribbean Netherlands
  BR Brazil
  BS Bahamas
  BT Bhutan
  BV Bouvet Island
  BW Botswana
  BY Belarus
  BZ Belize
  CA Canada
  CC Cocos (Keeling) Islands
  CD Congo - Kinshasa
  CF Central African Republic
  CG Congo - Brazzaville
  CH Switzerland
  CI Côte d’Ivoire
  CK Cook Islands
  CL Chile
  CM Cameroon
  CN China
  CO Colombia
  CR Costa Rica
  CU Cuba
  CV Cape Verde
  CW Curaçao
  CX Christmas Island
  CY Cyprus
  CZ Czechia
  DE Germany
  DJ Djibouti
  DK Denmark
  DM Dominica
  DO Dominican Republic
  DZ Algeria
  EC Ecuador
  EE Estonia
  EG Egypt
  EH Western Sahara
  ER Eritrea
  ES Spain
  ET Ethiopia
  FI Finland
  FJ Fiji
  FK Falkland Islands
  FM Micronesia
  FO Faroe Islands
  FR France
  GA Gabon
  GB United Kingdom
  GD Grenada
  GE Georgia
  GF French Guiana
  GG Guernsey
  GH Ghana
  GI Gibraltar
  GL Greenland
  GM Gambia
  GN Guinea
  GP Guadeloupe
  GQ Equatorial Guinea
  GR Greece
  GS South Georgia & South Sandwich Islands
  GT Guatemala
  GU Guam
  GW Guinea-Bissau
  GY Guyana
  HK Hong Kong SAR China
  HM Heard & McDonald Islands
  HN Honduras
  HR Croatia
  HT Haiti
  HU Hungary
  ID Indonesia
  IE Ireland
  IL Israel
  IM Isle of Man
  IN India
  IO British Indian Ocean Territory
  IQ Iraq
  IR Iran
  IS Iceland
  IT Italy
  JE Jersey
  JM Jamaica
  JO Jordan
  JP Japan
  KE Kenya
  KG Kyrgyzstan
  KH Cambodia
  KI Kiribati
  KM Comoros
  KN St. Kitts & Nevis
  KP North Korea
  KR South Korea
  KW Kuwait
  KY Cayman Islands
  KZ Kazakhstan
  LA Laos
  LB Lebanon
  LC St. Lucia
  LI Liechtenstein
  LK Sri Lanka
  LR Liberia
  LS Lesotho
  LT Lithuania
  LU Luxembourg
  LV Latvia
  LY Libya
  MA Morocco
  MC Monaco
  MD Moldova
  ME Montenegro
  MF St. Martin
  MG Madagascar
  MH Marshall Islands
  MK North Macedonia
  ML Mali
  MM Myanmar (Burma)
  MN Mongolia
  MO Macao SAR China
  MP Northern Mariana Islands
  MQ Martinique
  MR Mauritania
  MS Montserrat
  MT Malta
  MU Mauritius
  MV Maldives
  MW Malawi
  MX Mexico
  MY Malaysia
  MZ Mozambique
  NA Namibia
  NC New Caledonia
  NE Niger
  NF Norfolk Island
  NG Nigeria
  NI Nicaragua
  NL Netherlands
  NO Norway
  NP Nepal
  NR Nauru
  NU Niue
  NZ New Zealand
  OM Oman
  PA Panama
  PE Peru
  PF French Polynesia
  PG Papua New Guinea
  PH Philippines
  PK Pakistan
  PL Poland
  PM St. Pierre & Miquelon
  PN Pitcairn Islands
  PR Puerto Rico
  PS Palestinian Territories
  PT Portugal
  PW Palau
  PY Paraguay
  QA Qatar
  RE Réunion
  RO Romania
  RS Serbia
  RU Russia
  RW Rwanda
  SA Saudi Arabia
  SB Solomon Islands
  SC Seychelles
  SD Sudan
  SE Sweden
  SG Singapore
  SH St. Helena
  SI Slovenia
  SJ Svalbard & Jan Mayen
  SK Slovakia
  SL Sierra Leone
  SM San Marino
  SN Senegal
  SO Somalia
  SR Suriname
  SS South Sudan
  ST São Tomé & Príncipe
  SV El Salvador
  SX Sint Maarten
  SY Syria
  SZ Eswatini
  TC Turks & Caicos Islands
  TD Chad
  TF French Southern Territories
  TG Togo
  TH Thailand
  TJ Tajikistan
  TK Tokelau
  TL Timor-Leste
  TM Turkmenistan
  TN Tunisia
  TO Tonga
  TR Türkiye
  TT Trinidad & Tobago
  TV Tuvalu
  TW Taiwan
  TZ Tanzania
  UA Ukraine
  UG Uganda
  UM U.S. Outlying Islands
  US United States
  UY Uruguay
  UZ Uzbekistan
  VA Vatican City
  VC St. Vincent & Grenadines
  VE Venezuela
  VG British Virgin Islands
  VI U.S. Virgin Islands
  VN Vietnam
  VU Vanuatu
  WF Wallis & Futuna
  WS Samoa
  XK Kosovo
  YE Yemen
  YT Mayotte
  ZA South Africa
  ZM Zambia
  ZW Zimbabwe
`
    .trim()
    .split('\n')
    .map((line) => {
      const [code = '', ...name] = line.trim().split(' ');
      return [code.toLowerCase(), name.join(' ')];
    }),
);

/**
 * Normalised English name → code, for every current two-letter code (withdrawn codes have no
 * name here, so their names never shadow today's codes).
 */
function readRegionNames(): ReadonlyMap<string, string> {
  const byName = new Map<string, string>();
  for (const [code, name] of REGION_NAMES) byName.set(normaliseCountry(name), code);
  return byName;
}

/** Made on the first name that needs it, kept off page start-up. */
let regionNames: ReadonlyMap<string, string> | undefined;

/** A two- or three-letter code, or a flag-icons home nation code → its flag code. */
function readCode(text: string): string | undefined {
  const upper = text.toUpperCase();
  if (/^[A-Z]{2}$/.test(upper)) {
    const lower = upper.toLowerCase();
    return FLAG_CODES.has(lower) ? lower : WITHDRAWN_ALPHA2.get(upper);
  }
  if (/^[A-Z]{3}$/.test(upper)) return ISO_ALPHA3.get(upper) ?? FOOTBALL_TRIGRAPHS.get(upper);
  if (/^GB-(ENG|SCT|WLS|NIR)$/.test(upper)) return upper.toLowerCase();
  return undefined;
}

/** An English country name → its flag code. */
function readName(text: string): string | undefined {
  const key = normaliseCountry(text);
  return HOME_NATIONS.get(key) ?? ALIASES.get(key) ?? (regionNames ??= readRegionNames()).get(key);
}

/**
 * The flag-icons code of a country given by English name, ISO alpha-2 or alpha-3 code, FIFA
 * trigraph or flag-icons code: ISO 3166-1 alpha-2 in lower case, "xk" for Kosovo, or gb-eng,
 * gb-sct, gb-wls, gb-nir for the home nations; "" when it names no country ("World", "Europe").
 */
export function findCountryCode(name: string | null | undefined): string {
  const text = (name ?? '').trim();
  if (text === '') return '';
  const code = readCode(text) ?? readName(text);
  return code !== undefined && FLAG_CODES.has(code) ? code : '';
}

/**
 * Whether `code` is a flag code exactly as findCountryCode gives them ("fr", "gb-eng", "xk"):
 * not a withdrawn code ("fx"), an organisation ("eu"), a region ("es-ct") or upper case.
 */
export function isFlagCode(code: string): boolean {
  return code !== '' && findCountryCode(code) === code;
}

const HOME_NATION_NAMES: ReadonlyMap<string, string> = new Map([
  ['gb-eng', 'England'],
  ['gb-sct', 'Scotland'],
  ['gb-wls', 'Wales'],
  ['gb-nir', 'Northern Ireland'],
]);

/**
 * The English name of a flag code, as a flag's accessible name: "fr" → "France", "gb-eng" →
 * "England"; the code in capitals when it has no name.
 */
export function getCountryName(code: string): string {
  const lower = code.trim().toLowerCase();
  const nation = HOME_NATION_NAMES.get(lower);
  if (nation !== undefined) return nation;
  return REGION_NAMES.get(lower) ?? lower.toUpperCase();
}
