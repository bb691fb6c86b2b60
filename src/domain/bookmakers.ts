/** Bookmakers Touchline links to, keyed as The Odds API keys them, with their sites. */
export const BOOKMAKERS = [
  {
    key: 'bet365',
    title: 'Bet365',
    site: 'https://www.bet365.com',
    column: 'B365',
    totalsColumn: 'B365',
  },
  { key: 'bwin', title: 'Bwin', site: 'https://sports.bwin.com', column: 'BW', totalsColumn: null },
  {
    key: 'interwetten',
    title: 'Interwetten',
    site: 'https://www.interwetten.com',
    column: 'IW',
    totalsColumn: null,
  },
  {
    key: 'pinnacle',
    title: 'Pinnacle',
    site: 'https://www.pinnacle.com',
    column: 'PS',
    totalsColumn: 'P',
  },
  {
    key: 'williamhill',
    title: 'William Hill',
    site: 'https://sports.williamhill.com',
    column: 'WH',
    totalsColumn: null,
  },
  {
    key: 'vcbet',
    title: 'VC Bet',
    site: 'https://www.vcbet.com',
    column: 'VC',
    totalsColumn: null,
  },
  {
    key: 'ladbrokes_uk',
    title: 'Ladbrokes',
    site: 'https://sports.ladbrokes.com',
    column: 'LB',
    totalsColumn: null,
  },
  {
    key: 'betfair_sb_uk',
    title: 'Betfair Sportsbook',
    site: 'https://www.betfair.com',
    column: 'BF',
    totalsColumn: null,
  },
  { key: 'onexbet', title: '1xBet', site: 'https://1xbet.com', column: '1XB', totalsColumn: null },
  {
    key: 'betfair_ex_uk',
    title: 'Betfair Exchange',
    site: 'https://www.betfair.com',
    column: 'BFE',
    totalsColumn: 'BFE',
  },
  {
    key: 'unibet_uk',
    title: 'Unibet',
    site: 'https://www.unibet.co.uk',
    column: null,
    totalsColumn: null,
  },
  {
    key: 'paddypower',
    title: 'Paddy Power',
    site: 'https://www.paddypower.com',
    column: null,
    totalsColumn: null,
  },
  {
    key: 'skybet',
    title: 'Sky Bet',
    site: 'https://m.skybet.com',
    column: null,
    totalsColumn: null,
  },
  {
    key: 'betvictor',
    title: 'BetVictor',
    site: 'https://www.betvictor.com',
    column: null,
    totalsColumn: null,
  },
  {
    key: 'coral',
    title: 'Coral',
    site: 'https://sports.coral.co.uk',
    column: null,
    totalsColumn: null,
  },
  {
    key: 'betfred_uk',
    title: 'Betfred',
    site: 'https://www.betfred.com',
    column: null,
    totalsColumn: null,
  },
  {
    key: 'betmgm',
    title: 'BetMGM',
    site: 'https://www.betmgm.co.uk',
    column: null,
    totalsColumn: null,
  },
  {
    key: 'marathonbet',
    title: 'Marathon Bet',
    site: 'https://www.marathonbet.com',
    column: null,
    totalsColumn: null,
  },
  { key: 'betway', title: 'Betway', site: 'https://betway.com', column: null, totalsColumn: null },
] as const;

export type BookmakerInfo = (typeof BOOKMAKERS)[number];

export function findBookmaker(key: string): BookmakerInfo | null {
  return BOOKMAKERS.find((b) => b.key === key) ?? null;
}

/**
 * A well-formed bookmaker key as The Odds API spells them: lower-case letters and digits in
 * words joined by '_' or '-' ("betfair_ex_uk", "888sport"), at most 60 characters.
 */
export const BOOKMAKER_KEY_PATTERN = /^[a-z0-9]+(?:[_-][a-z0-9]+)*$/;
export const BOOKMAKER_KEY_MAX_LENGTH = 60;

/** Whether `key` is a well-formed bookmaker key (listed or not). */
export function isBookmakerKey(key: string): boolean {
  return key.length <= BOOKMAKER_KEY_MAX_LENGTH && BOOKMAKER_KEY_PATTERN.test(key);
}

/**
 * The site of a bookmaker off the list, guessed from its key: the brand is the key up to its
 * first '_' (the region and product suffixes, as in "unibet_uk"), at www.<brand>.com. Null for a
 * key that is not well formed.
 */
export function guessBookmakerSite(key: string): string | null {
  if (!isBookmakerKey(key)) return null;
  const brand = key.split('_')[0] ?? '';
  return new URL(`https://www.${brand}.com/`).href;
}

/** The site 'Bet now' sends a fan to: the listed bookmaker's, else one guessed from the key. */
export function findBookmakerSite(key: string): string | null {
  const known = findBookmaker(key);
  return known === null ? guessBookmakerSite(key) : new URL(known.site).href;
}
