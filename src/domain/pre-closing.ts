import { getZonedDate, getZonedInstant } from './time-zone.ts';

/** Decimal prices known before kick-off (never closing prices), where the data has them. */
export type PreClosingPrices = {
  home?: number;
  draw?: number;
  away?: number;
  over25?: number;
  under25?: number;
};

// Preference order: the market average (2019-20 on), BetBrain's average (2005-06 to 2018-19),
// then Bet365. Columns with a C after the prefix are closing prices and are never read here.
const RESULT_SOURCES = ['Avg', 'BbAv', 'B365'] as const;
const TOTALS_SOURCES = ['Avg', 'BbAv', 'B365'] as const;

/** Every column getPreClosingPrices may read. */
export const PRE_CLOSING_COLUMNS: readonly string[] = [
  ...RESULT_SOURCES.flatMap((source) => ['H', 'D', 'A'].map((outcome) => `${source}${outcome}`)),
  ...TOTALS_SOURCES.flatMap((source) => ['>2.5', '<2.5'].map((line) => `${source}${line}`)),
];

/** The pre-closing 1X2 and over/under 2.5 prices of a data-set row, from the first complete source. */
export function getPreClosingPrices(
  odds: Readonly<Record<string, number | undefined>>,
): PreClosingPrices {
  const prices: PreClosingPrices = {};
  for (const source of RESULT_SOURCES) {
    const [h, d, a] = [odds[`${source}H`], odds[`${source}D`], odds[`${source}A`]];
    if (h !== undefined && d !== undefined && a !== undefined) {
      Object.assign(prices, { home: h, draw: d, away: a });
      break;
    }
  }
  for (const source of TOTALS_SOURCES) {
    const [over, under] = [odds[`${source}>2.5`], odds[`${source}<2.5`]];
    if (over !== undefined && under !== undefined) {
      Object.assign(prices, { over25: over, under25: under });
      break;
    }
  }
  return prices;
}

const DAY_MS = 86_400_000;
/** Weekdays (0 = Sunday) football-data.co.uk collects its pre-closing prices on. */
const COLLECTION_DAYS = new Set([2, 5]);
/** The hour (UK time) of the afternoon collection. */
const COLLECTION_HOUR = 15;

/**
 * When the historical data set's pre-closing prices of a match existed: football-data.co.uk
 * collects them on Tuesday afternoons for midweek matches and on Friday afternoons for the
 * weekend's, so a match's prices are those of the last Tuesday or Friday 15:00 (UK time) before
 * its kick-off. A forecast made earlier may not use them.
 */
export function getPreClosingPublishedMs(kickoffMs: number): number {
  const [year, month, day] = getZonedDate(kickoffMs, 'Europe/London').split('-').map(Number) as [
    number,
    number,
    number,
  ];
  for (let back = 0; back <= 7; back++) {
    // Noon UTC of the UK calendar day `back` days earlier: safely inside that day.
    const noon = Date.UTC(year, month - 1, day - back, 12);
    if (!COLLECTION_DAYS.has(new Date(noon).getUTCDay())) continue;
    const date = new Date(noon);
    const collected = getZonedInstant(
      {
        year: date.getUTCFullYear(),
        month: date.getUTCMonth() + 1,
        day: date.getUTCDate(),
        hour: COLLECTION_HOUR,
        minute: 0,
      },
      'Europe/London',
    );
    if (collected < kickoffMs) return collected;
  }
  // Unreachable: a Tuesday or Friday afternoon falls in any eight days before a kick-off.
  return kickoffMs - 7 * DAY_MS;
}
