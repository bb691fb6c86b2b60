import { isNewForecastVersion } from '../../domain/forecast-version.ts';
import type { ReplayDataset } from '../../domain/history.ts';
import { getPreClosingPublishedMs } from '../../domain/pre-closing.ts';
import { getCycleStartMs, toRealTime, toReplayTime } from '../../domain/replay-clock.ts';
import type { PredictionInput } from '../db/predictions-queries.ts';
import { createForecaster } from '../predict/forecaster.ts';
import type { ModelFactory } from '../predict/model.ts';
import { createReplayProvider } from '../providers/replay/replay-provider.ts';
import { forecastMatches, type DueForecast } from './predict-upcoming.ts';

/** A stored forecast as the site keeps it: its latest version. */
export type SiteForecast = {
  /** The match, as the models name it ("E0:2022-2023:arsenal:chelsea"). */
  matchId: string;
  model: string;
  kickoffMs: number;
  version: number;
  /** When the latest version was written, on the season's own time line. */
  writtenMs: number;
  probabilities: Record<string, number>;
};

/** One second after an input changes: the run the change sets off. */
const AFTER_MS = 1_000;

/**
 * The result forecasts the site stores while it replays a whole season, without a database or a
 * clock: the replay provider's forecast inputs at every moment they change (a kick-off's last
 * match ending, so its results may be learnt; the data set's prices being published), the
 * prediction job's forecasts of every upcoming match (forecastMatches, with models learning the
 * whole history first) and its rule for what makes a new version (isNewForecastVersion). The site
 * runs the job more often (hourly and after every result), but between two such moments its
 * inputs do not change, so neither do the versions it stores. A forecast is never rewritten
 * once its match has kicked off, so each match's stored forecast is the one that counts.
 */
export async function replaySiteForecasts(
  dataset: ReplayDataset,
  factories: readonly ModelFactory[],
): Promise<{ forecasts: SiteForecast[]; versions: SiteForecast[]; runs: number }> {
  const provider = createReplayProvider(dataset);
  const forecaster = createForecaster(factories);
  const moments = provider.listSeasonMoments();
  const instants = new Set<number>();
  for (const { kickoffMs, finishedMs } of moments) {
    instants.add(finishedMs + AFTER_MS);
    instants.add(getPreClosingPublishedMs(kickoffMs) + AFTER_MS);
  }
  // The first cycle of the replay that starts after the season's real dates, so every week of
  // the calendar maps onto one real week.
  const cycleStartMs = getCycleStartMs(Date.UTC(2100, 0, 1), provider.calendar);
  const stored = new Map<string, SiteForecast & { pick: string }>();
  /** Matches with a stored forecast. */
  const forecast = new Set<string>();
  const versions: (SiteForecast & { pick: string })[] = [];
  let runs = 0;
  let lastInputs = '';
  for (const replayMs of [...instants].sort((a, b) => a - b)) {
    const realMs = toRealTime(replayMs, cycleStartMs, provider.calendar);
    // A week the replay leaves out is never shown: the site never runs in it.
    if (realMs === null || toReplayTime(realMs, provider.calendar) !== replayMs) continue;
    const inputs = await provider.listForecastInputs!(new Date(realMs));
    // What the forecasts depend on: the results the models may learn, and which prices exist.
    const learnable =
      inputs.inPlaySinceMs === undefined
        ? inputs.played.length
        : inputs.played.findLastIndex((r) => r.kickoffMs < inputs.inPlaySinceMs!) + 1;
    const priced = inputs.upcoming.filter((u) => u.preClosing.home !== undefined);
    const signature = `${learnable}|${priced.map((u) => u.id).join(',')}`;
    if (signature === lastInputs) continue;
    lastInputs = signature;
    runs += 1;
    // The job's stored match ids are the upcoming list's positions here.
    const due: DueForecast[] = inputs.upcoming
      .filter((u) => u.kickoffMs > replayMs || !forecast.has(u.id))
      .map((record, index) => ({
        record,
        matchId: index,
        homeName: record.homeKey,
        awayName: record.awayKey,
      }));
    for (const row of await forecastMatches(forecaster, inputs, due)) {
      if (row.market !== 'result') continue;
      const { record } = due[row.matchId]!;
      const key = `${record.id}\n${row.modelName}`;
      const previous = stored.get(key);
      if (previous !== undefined && !isNewForecastVersion(previous, row)) continue;
      const version = toSiteForecast(row, record.id, record.kickoffMs, replayMs, previous);
      forecast.add(record.id);
      stored.set(key, version);
      versions.push(version);
    }
  }
  const withoutPick = ({ pick: _pick, ...forecast }: SiteForecast & { pick: string }) => forecast;
  return {
    forecasts: [...stored.values()].map(withoutPick),
    versions: versions.map(withoutPick),
    runs,
  };
}

function toSiteForecast(
  row: PredictionInput,
  matchId: string,
  kickoffMs: number,
  writtenMs: number,
  previous: SiteForecast | undefined,
): SiteForecast & { pick: string } {
  return {
    matchId,
    model: row.modelName,
    kickoffMs,
    version: (previous?.version ?? 0) + 1,
    writtenMs,
    probabilities: row.probabilities,
    pick: row.pick,
  };
}
