import { toMatchShots } from '../../domain/history.ts';
import { OddsEventSchema, TOTALS_POINT, type OddsEvent } from '../../domain/odds.ts';
import { getPreClosingPrices, type PreClosingPrices } from '../../domain/pre-closing.ts';
import { getUkKickoffMs } from '../../domain/time-zone.ts';
import type { ForecastMatchRow, HistoryResultRow } from '../db/forecast-queries.ts';
import type { ForecastRecord } from '../providers/provider.ts';

/*
 * Plain rules turning the shipped history and the stored matches into what the prediction models
 * see. A match has one id in both, `<league code>:<season>:<home key>:<away key>` as the replay
 * writes it, so a stored match the history also holds is learnt once, and a fixture forecast
 * before kick-off is learnt under the id it was forecast with.
 */

export type UpcomingRecord = ForecastRecord & { externalId: string };

/** The id the models know a match by: a league meets each pairing once a season at home. */
function getRecordId(league: string, season: string, homeKey: string, awayKey: string): string {
  return `${league}:${season}:${homeKey}:${awayKey}`;
}

/**
 * The season a match kicking off at `kickoffMs` belongs to, as the history names seasons
 * ("2026-2027"): the five leagues start in August and finish by the end of May, so July opens a
 * season. (The history's own 2019-2020 ran into August 2020; the live seasons do not.)
 */
export function getSeasonOf(kickoffMs: number): string {
  const date = new Date(kickoffMs);
  const first = date.getUTCMonth() >= 6 ? date.getUTCFullYear() : date.getUTCFullYear() - 1;
  return `${first}-${first + 1}`;
}

/** A played match of the history under its clubs' keys; null for a club without a key. */
export function toHistoryRecord(
  row: HistoryResultRow,
  keyByResultsName: ReadonlyMap<string, string>,
): ForecastRecord | null {
  const homeKey = keyByResultsName.get(row.home);
  const awayKey = keyByResultsName.get(row.away);
  if (homeKey === undefined || awayKey === undefined) return null;
  const shots = toMatchShots(row);
  return {
    ...(shots === undefined ? {} : { shots }),
    id: getRecordId(row.div, row.season, homeKey, awayKey),
    league: row.div,
    season: row.season,
    kickoffMs: getUkKickoffMs(row.date, row.time),
    homeKey,
    awayKey,
    homeGoals: row.homeGoals,
    awayGoals: row.awayGoals,
    preClosing: getPreClosingPrices(row.odds),
  };
}

/** The stored odds event, or null when what is stored is not one (it is read back untrusted). */
function readOddsEvent(data: unknown): OddsEvent | null {
  const parsed = OddsEventSchema.safeParse(data);
  return parsed.success ? parsed.data : null;
}

/** A valid decimal price: above 1, finite. */
function isPrice(price: number | undefined): price is number {
  return price !== undefined && Number.isFinite(price) && price > 1;
}

/**
 * The mean price of each outcome over the bookmakers that price them all (the market average the
 * history's prices come from); null when no bookmaker does.
 */
function averageOutcomes(prices: readonly (readonly (number | undefined)[])[]): number[] | null {
  const complete = prices.filter((set) => set.every(isPrice)) as number[][];
  if (complete.length === 0) return null;
  const width = (complete[0] as number[]).length;
  return Array.from(
    { length: width },
    (_, i) => complete.reduce((sum, set) => sum + (set[i] as number), 0) / complete.length,
  );
}

/** Home, draw and away as each bookmaker of the event prices them. */
function listResultPrices(event: OddsEvent): (number | undefined)[][] {
  return event.bookmakers.flatMap((bookmaker) =>
    bookmaker.markets
      .filter((market) => market.key === 'h2h')
      .map((market) => {
        const priceOf = (name: string) => market.outcomes.find((o) => o.name === name)?.price;
        return [priceOf(event.home_team), priceOf('Draw'), priceOf(event.away_team)];
      }),
  );
}

/** Over and under 2.5 goals as each bookmaker of the event prices them. */
function listTotalsPrices(event: OddsEvent): (number | undefined)[][] {
  return event.bookmakers.flatMap((bookmaker) =>
    bookmaker.markets
      .filter((market) => market.key === 'totals')
      .map((market) => {
        const priceOf = (name: string) =>
          market.outcomes.find((o) => o.name.toLowerCase() === name && o.point === TOTALS_POINT)
            ?.price;
        return [priceOf('over'), priceOf('under')];
      }),
  );
}

/**
 * The pre-kick-off prices of a stored match: the average of its bookmakers' latest stored
 * prices, per market; a market written at or after kick-off, or not stored, gives none.
 */
export function getStoredPrices(match: ForecastMatchRow): PreClosingPrices {
  const kickoffMs = match.kickoffUtc.getTime();
  const before = (updatedAt: Date | null) => updatedAt !== null && updatedAt.getTime() < kickoffMs;
  const prices: PreClosingPrices = {};
  const h2h = before(match.h2hUpdatedAt) ? readOddsEvent(match.h2h) : null;
  const result = h2h === null ? null : averageOutcomes(listResultPrices(h2h));
  if (result !== null) {
    const [homePrice, draw, awayPrice] = result as [number, number, number];
    Object.assign(prices, { home: homePrice, draw, away: awayPrice });
  }
  const totals = before(match.totalsUpdatedAt) ? readOddsEvent(match.totals) : null;
  const overUnder = totals === null ? null : averageOutcomes(listTotalsPrices(totals));
  if (overUnder !== null) {
    const [over25, under25] = overUnder as [number, number];
    Object.assign(prices, { over25, under25 });
  }
  return prices;
}

/** A stored match as the models see it; with its score when it has been played. */
export function toStoredRecord(match: ForecastMatchRow): ForecastRecord {
  const kickoffMs = match.kickoffUtc.getTime();
  const season = getSeasonOf(kickoffMs);
  return {
    id: getRecordId(match.leagueCode, season, match.homeKey, match.awayKey),
    league: match.leagueCode,
    season,
    kickoffMs,
    homeKey: match.homeKey,
    awayKey: match.awayKey,
    ...(match.homeScore === null ? {} : { homeGoals: match.homeScore }),
    ...(match.awayScore === null ? {} : { awayGoals: match.awayScore }),
    preClosing: getStoredPrices(match),
  };
}

/**
 * Every played match once, in kick-off order (then by id): the history, then each stored result
 * the history does not hold already. The order is stable, so results added later extend what the
 * models learnt rather than make them start again.
 */
export function mergePlayedRecords(
  history: readonly ForecastRecord[],
  stored: readonly ForecastRecord[],
): ForecastRecord[] {
  const byId = new Map<string, ForecastRecord>();
  for (const record of [...history, ...stored]) {
    if (!byId.has(record.id)) byId.set(record.id, record);
  }
  return [...byId.values()].sort((a, b) => a.kickoffMs - b.kickoffMs || compareIds(a.id, b.id));
}

function compareIds(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Each league's first `perLeague` of the upcoming matches given soonest first. */
export function pickUpcomingRecords(
  upcoming: readonly UpcomingRecord[],
  perLeague: number,
): UpcomingRecord[] {
  const taken = new Map<string, number>();
  return upcoming.filter((record) => {
    const count = taken.get(record.league) ?? 0;
    taken.set(record.league, count + 1);
    return count < perLeague;
  });
}
