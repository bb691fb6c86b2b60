// The backtest's `site` figures, run in a worker beside the walk forward (see scripts/backtest.ts):
// replays a season as the site does and posts back the result forecasts it stored.
import path from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';

import { readReplayDatasetFiles } from '../src/server/jobs/import-history.ts';
import { replaySiteForecasts } from '../src/server/jobs/replay-site-forecasts.ts';
import type { SiteResultForecast } from '../src/server/predict/backtest.ts';
import { MODELS } from '../src/server/predict/models.ts';

const { season } = workerData as { season: string };
const started = performance.now();
const dataset = await readReplayDatasetFiles(path.join(import.meta.dirname, '..', 'data'), season);
// The site names a match by its clubs' keys, the history by the data set's names and date.
const keyOf = new Map(dataset.clubs.map((club) => [club.aliases.results, club.key]));
const historyId = new Map(
  dataset.matches.map((m) => [
    `${m.div}:${m.season}:${keyOf.get(m.home)}:${keyOf.get(m.away)}`,
    `${m.div}:${m.date}:${m.home}:${m.away}`,
  ]),
);
const { forecasts, runs, versions } = await replaySiteForecasts(dataset, MODELS);
const site: SiteResultForecast[] = forecasts.flatMap((f) => {
  const matchId = historyId.get(f.matchId);
  const { home, draw, away } = f.probabilities;
  if (matchId === undefined || home === undefined || draw === undefined || away === undefined)
    return [];
  return [{ matchId, model: f.model, home, draw, away }];
});
parentPort?.postMessage({
  site,
  runs,
  versions: versions.length,
  ms: performance.now() - started,
});
