import type { Db } from '../db/client.ts';
import {
  findEarliestInPlayKickoff,
  listClubKeysByResultsName,
  listFinishedForecastMatches,
  listRecentHistoryResults,
  listScheduledForecastMatches,
} from '../db/forecast-queries.ts';
import type { ForecastInputs, ForecastRecord } from '../providers/provider.ts';
import { LIVE_SOURCE_NAMES } from '../providers/registry.ts';
import {
  mergePlayedRecords,
  pickUpcomingRecords,
  toHistoryRecord,
  toStoredRecord,
  type UpcomingRecord,
} from './forecast-records.ts';

/** Each league's next matches that get forecasts: as many as the site shows odds for. */
export const UPCOMING_PER_LEAGUE = 10;

/**
 * The stored matches the live upstreams gave (`football-data:…`, `odds-api:…`), whichever is
 * picked now. A data folder first run on the replay keeps the replay's matches: their results
 * are a past season's replayed on today's dates, and are neither learnt nor forecast.
 */
const LIVE_ID_PREFIXES = LIVE_SOURCE_NAMES.map((name) => `${name}:`);

/** The history's recent results under Touchline's club keys, oldest first. */
async function readHistoryRecords(db: Db, seasons: number | undefined): Promise<ForecastRecord[]> {
  const [rows, keyByResultsName] = await Promise.all([
    listRecentHistoryResults(db, seasons),
    listClubKeysByResultsName(db),
  ]);
  const records = rows.flatMap((row) => toHistoryRecord(row, keyByResultsName) ?? []);
  return mergePlayedRecords(records, []);
}

/**
 * The forecast inputs of live data, over the database: the models learn the shipped history
 * (every season, or the last `historySeasons`), then every finished match the upstream reported (as the sync stored it), and
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
    reading ??= readHistoryRecords(deps.db, deps.historySeasons).catch((error: unknown) => {
      // A failed read is tried again on the next call rather than kept.
      reading = undefined;
      throw error;
    });
    return reading;
  };

  return async (now) => {
    const nowMs = now.getTime();
    const stored = { now, idPrefixes: LIVE_ID_PREFIXES };
    const [history, finished, scheduled, inPlaySince] = await Promise.all([
      readHistory(),
      listFinishedForecastMatches(deps.db, stored),
      listScheduledForecastMatches(deps.db, stored),
      findEarliestInPlayKickoff(deps.db, stored),
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
      ...(inPlaySince === null ? {} : { inPlaySinceMs: inPlaySince.getTime() }),
    };
  };
}
