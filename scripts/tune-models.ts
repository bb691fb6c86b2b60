/**
 * Tuning of the prediction models (not part of the app): walks each model forward over
 * 2005-06..2021-22 and prints pooled RPS, 1X2 log loss and over/under 2.5 log loss for the tuning
 * seasons (2012-13..2021-22). The evaluation seasons (2022-23..2024-25) are never walked here, so
 * tuning cannot peek at them: `npm run backtest` scores those.
 *
 *   node scripts/tune-models.ts                      # every model in MODELS
 *   node scripts/tune-models.ts elo '{"k":25}'       # one model with option overrides
 *   node scripts/tune-models.ts shots '{"k":0.05}'   # (selectors: elo, dc, shots, blend)
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

import { createDixonColes } from '../src/server/predict/dixon-coles.ts';
import { createEloRatings } from '../src/server/predict/elo-ratings.ts';
import { readPlayedMatches } from '../src/server/predict/history.ts';
import { createMarketBlend } from '../src/server/predict/market-blend.ts';
import type { Forecast, ModelFactory, PlayedMatch } from '../src/server/predict/model.ts';
import { MODELS } from '../src/server/predict/models.ts';
import { createShotRatings } from '../src/server/predict/shot-ratings.ts';
import { runWalkForward } from '../src/server/predict/walk-forward.ts';

/** Parsed tuning matches (with shots), cached between runs. */
const CACHE = '/tmp/touchline-tuning-matches.json';
const FIRST_TUNING_SEASON = '2012-2013';
const LAST_TUNING_SEASON = '2021-2022';

async function loadMatches(): Promise<PlayedMatch[]> {
  if (existsSync(CACHE)) return JSON.parse(readFileSync(CACHE, 'utf8')) as PlayedMatch[];
  const file = path.resolve(import.meta.dirname, '../data/results.csv.gz');
  const matches = (await readPlayedMatches(file)).filter((m) => m.season <= LAST_TUNING_SEASON);
  writeFileSync(CACHE, JSON.stringify(matches));
  return matches;
}

type Score = { n: number; rps: number; logLoss: number; nOu: number; ouLogLoss: number };

export function scoreForecasts(
  matches: PlayedMatch[],
  forecasts: Map<string, Forecast>,
  keep: (m: PlayedMatch) => boolean,
): Score {
  const s: Score = { n: 0, rps: 0, logLoss: 0, nOu: 0, ouLogLoss: 0 };
  for (const m of matches) {
    if (!keep(m)) continue;
    const f = forecasts.get(m.id)!;
    const oh = m.homeGoals > m.awayGoals ? 1 : 0;
    const od = m.homeGoals === m.awayGoals ? 1 : 0;
    s.n++;
    s.rps += 0.5 * ((f.home - oh) ** 2 + (f.home + f.draw - oh - od) ** 2);
    s.logLoss -= Math.log(oh ? f.home : od ? f.draw : f.away);
    s.nOu++;
    s.ouLogLoss -= Math.log(m.homeGoals + m.awayGoals > 2.5 ? f.over25 : f.under25);
  }
  return { ...s, rps: s.rps / s.n, logLoss: s.logLoss / s.n, ouLogLoss: s.ouLogLoss / s.nOu };
}

function format(s: Score): string {
  return `n=${s.n} RPS ${s.rps.toFixed(4)} LL ${s.logLoss.toFixed(4)} OU ${s.ouLogLoss.toFixed(4)}`;
}

const matches = await loadMatches();
const [which, json] = process.argv.slice(2);
const overrides = json ? (JSON.parse(json) as Record<string, number>) : {};
const factories: ModelFactory[] =
  which === 'elo'
    ? [() => createEloRatings(overrides)]
    : which === 'dc'
      ? [() => createDixonColes(overrides)]
      : which === 'shots'
        ? [() => createShotRatings(overrides)]
        : which === 'blend'
          ? [() => createMarketBlend(overrides)]
          : MODELS;
let totalMs = 0;
for (const factory of factories) {
  // CPU time rather than wall time: the machine is shared.
  const started = process.cpuUsage();
  const forecasts = runWalkForward(matches, factory);
  const used = process.cpuUsage(started);
  const ms = (used.user + used.system) / 1000;
  totalMs += ms;
  const name = factory().name;
  const tune = scoreForecasts(matches, forecasts, (m) => m.season >= FIRST_TUNING_SEASON);
  console.log(`${name.padEnd(12)} ${(ms / 1000).toFixed(1)}s  tune ${format(tune)}`);
}
console.log(`total ${(totalMs / 1000).toFixed(1)}s CPU for ${matches.length} matches`);
