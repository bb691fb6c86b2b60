import { BOOKMAKERS } from '../../../domain/bookmakers.ts';
import type { ClubInfo, HistoryMatch } from '../../../domain/history.ts';
import { findLeagueEntry, type LeagueEntry } from '../../../domain/league.ts';
import type { Bookmaker, OddsEvent } from '../../../domain/odds.ts';
import type { ProviderMatch } from '../provider.ts';

/** What a replayed match's prices need: its data row, clubs and league. */
export type PricedMatch = {
  source: HistoryMatch;
  leagueSlug: string;
  homeKey: string;
  awayKey: string;
};

/**
 * The data row's prices in The Odds API's shape: h2h and the 2.5 totals line of each bookmaker
 * with a column in the data set; null when no bookmaker has either. `early` (the default): the
 * prices the data set took days before kick-off; `closing`: the last ones before kick-off.
 */
export function buildOddsEvent(
  match: PricedMatch,
  item: ProviderMatch,
  clubByKey: ReadonlyMap<string, ClubInfo>,
  leagues: readonly LeagueEntry[],
  moment: 'early' | 'closing' = 'early',
): OddsEvent | null {
  const odds = match.source.odds;
  // Closing columns are the early ones with a C after the prefix (B365H → B365CH, P>2.5 →
  // PC>2.5); a bookmaker the data set has no closing price of keeps its early one.
  const price = (prefix: string, suffix: string) =>
    (moment === 'closing' ? odds[`${prefix}C${suffix}`] : undefined) ?? odds[`${prefix}${suffix}`];
  const home = (clubByKey.get(match.homeKey) as ClubInfo).name;
  const away = (clubByKey.get(match.awayKey) as ClubInfo).name;
  const bookmakers: Bookmaker[] = [];
  for (const b of BOOKMAKERS) {
    const markets: Bookmaker['markets'] = [];
    if (b.column !== null) {
      const [h, d, a] = [price(b.column, 'H'), price(b.column, 'D'), price(b.column, 'A')];
      if (h !== undefined && d !== undefined && a !== undefined) {
        markets.push({
          key: 'h2h',
          outcomes: [
            { name: home, price: h },
            { name: away, price: a },
            { name: 'Draw', price: d },
          ],
        });
      }
    }
    if (b.totalsColumn !== null) {
      const [over, under] = [price(b.totalsColumn, '>2.5'), price(b.totalsColumn, '<2.5')];
      if (over !== undefined && under !== undefined) {
        markets.push({
          key: 'totals',
          outcomes: [
            { name: 'Over', price: over, point: 2.5 },
            { name: 'Under', price: under, point: 2.5 },
          ],
        });
      }
    }
    if (markets.length > 0) bookmakers.push({ key: b.key, title: b.title, link: b.site, markets });
  }
  if (bookmakers.length === 0) return null;
  return {
    id: item.externalId,
    sport_key: findLeagueEntry(match.leagueSlug, leagues)?.oddsApiSportKey ?? 'soccer',
    commence_time: item.kickoff.toISOString(),
    home_team: home,
    away_team: away,
    bookmakers,
  };
}
