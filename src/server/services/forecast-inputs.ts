import type { Db } from '../db/client.ts';
import {
  listClubKeysByResultsName,
  listFinishedForecastMatches,
  listRecentHistoryResults,
  listScheduledForecastMatches,
} from '../db/forecast-queries.ts';
import type { ForecastRecord } from '../providers/provider.ts';
import { LIVE_SOURCE_NAMES } from '../providers/registry.ts';
import {
  mergePlayedRecords,
  pickUpcomingRecords,
  toHistoryRecord,
  toStoredRecord,
  type UpcomingRecord,
} from './forecast-records.ts';

/**
 * Seasons of the shipped history the models learn before the live results: the latest and the
 * three before it, as the replay learns the three seasons before its own. Learning them from
 * scratch takes about half a second.
 */
export const HISTORY_SEASONS = 4;

/** Each league's next matches that get forecasts: as many as the site shows odds for. */
export const UPCOMING_PER_LEAGUE = 10;

export type ForecastInputs = { played: ForecastRecord[]; upcoming: UpcomingRecord[] };

/**
 * The stored matches the live upstreams gave (`football-data:…`, `odds-api:…`), whichever is
 * picked now. A data folder first run on the replay keeps the replay's matches: their results
 * are a past season's replayed on today's dates, and are neither learnt nor forecast.
 */
const LIVE_ID_PREFIXES = LIVE_SOURCE_NAMES.map((name) => `${name}:`);

/** The history's recent results under Touchline's club keys, oldest first. */
async function readHistoryRecords(db: Db, seasons: number): Promise<ForecastRecord[]> {
  const [rows, keyByResultsName] = await Promise.all([
    listRecentHistoryResults(db, seasons),
    listClubKeysByResultsName(db),
  ]);
  const records = rows.flatMap((row) => toHistoryRecord(row, keyByResultsName) ?? []);
  return mergePlayedRecords(records, []);
}

/**
 * The forecast inputs of live data, over the database: the models learn the shipped history's
 * recent seasons, then every finished match the upstream reported (as the sync stored it), and
 * forecast each league's next stored matches with the latest stored pre-kick-off prices. The
 * history is read once (it changes only with a new import, at start-up); each call then reads
 * the stored matches alone.
 */
export function createLiveForecastInputs(deps: {
  db: Db;
  historySeasons?: number;
  upcomingPerLeague?: number;
}): (now: Date) => Promise<ForecastInputs> {
  let reading: Promise<ForecastRecord[]> | undefined;
  const readHistory = () => {
    reading ??= readHistoryRecords(deps.db, deps.historySeasons ?? HISTORY_SEASONS).catch(
      (error: unknown) => {
        // A failed read is tried again on the next call rather than kept.
        reading = undefined;
        throw error;
      },
    );
    return reading;
  };

  return async (now) => {
    const nowMs = now.getTime();
    const [history, finished, scheduled] = await Promise.all([
      readHistory(),
      listFinishedForecastMatches(deps.db, { now, idPrefixes: LIVE_ID_PREFIXES }),
      listScheduledForecastMatches(deps.db, { now, idPrefixes: LIVE_ID_PREFIXES }),
    ]);
    const upcoming = scheduled.map((match): UpcomingRecord => ({
      ...toStoredRecord(match),
      externalId: match.externalId,
    }));
    return {
      played: mergePlayedRecords(
        // Only what was played before now, whatever the clock says.
        history.filter((record) => record.kickoffMs < nowMs),
        finished.map(toStoredRecord),
      ),
      upcoming: pickUpcomingRecords(upcoming, deps.upcomingPerLeague ?? UPCOMING_PER_LEAGUE),
    };
  };
}
