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
