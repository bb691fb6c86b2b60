// Backtest of every prediction model against the bookmaker anchors: `npm run backtest` prints
// tables, `npm run -s backtest -- --json` prints only the rows as JSON.
import path from 'node:path';
import { Worker } from 'node:worker_threads';

import { LEAGUES } from '../src/domain/league.ts';
import {
  checkTargets,
  createReferencePredictors,
  EVALUATION_SEASONS,
  forecastModels,
  LEAGUE_CODES,
  scoreBacktest,
  scoreSiteForecasts,
  SITE_SEASON,
  type BacktestReport,
  type BacktestRow,
  type SiteResultForecast,
  type SiteRow,
} from '../src/server/predict/backtest.ts';
import { readMatchHistory } from '../src/server/predict/history.ts';
import type { CalibrationBin } from '../src/server/predict/metrics.ts';
import { MODELS } from '../src/server/predict/models.ts';

const json = process.argv.includes('--json');
/** How far the site's figures may be from the backtest's. */
const SITE_TOLERANCE = 0.0005;
const file = path.join(import.meta.dirname, '..', 'data', 'results.csv.gz');

const started = performance.now();
// The site's replay of a season runs beside the walk forward, on the other core.
const siteRun = runSiteReplay(SITE_SEASON);
const history = await readMatchHistory(file);
const readMs = performance.now() - started;
// One walk forward of every model together: the Market Blend shares Dixon-Coles and Elo Ratings.
const predictors = forecastModels(history, MODELS);
const modelsMs = performance.now() - started - readMs;
const report = scoreBacktest(history, [...predictors, ...createReferencePredictors(history)]);
const walkMs = performance.now() - started;
const siteReplay = await siteRun;
const site = scoreSiteForecasts(history, predictors, SITE_SEASON, siteReplay.site);
const totalMs = performance.now() - started;

if (json) {
  process.stdout.write(
    `${JSON.stringify({ pooled: report.pooled, by_league: report.by_league, paired: report.paired, site })}\n`,
  );
} else {
  printReport(report);
}

type SiteReplay = { site: SiteResultForecast[]; runs: number; versions: number; ms: number };

/** The site's stored forecasts of a replayed season, from a worker (scripts/backtest-site.ts). */
function runSiteReplay(season: string): Promise<SiteReplay> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./backtest-site.ts', import.meta.url), {
      workerData: { season },
    });
    worker.once('message', (message: SiteReplay) => resolve(message));
    worker.once('error', reject);
    worker.once('exit', (code) => {
      if (code !== 0) reject(new Error(`the site replay stopped with code ${code}`));
    });
  });
}

function formatSite(rows: readonly SiteRow[]): string[] {
  return alignColumns(
    [
      ['Model', 'N', 'Site RPS', 'Backtest RPS', 'Diff', 'Within 0.0005'],
      ...rows.map((r) => [
        r.model,
        String(r.matches),
        r.rps.toFixed(4),
        r.backtest_rps.toFixed(4),
        signed(r.rps - r.backtest_rps, 4),
        Math.abs(r.rps - r.backtest_rps) <= SITE_TOLERANCE ? 'yes' : 'NO',
      ]),
    ],
    1,
  );
}

function printReport(report: BacktestReport): void {
  const pooled = report.pooled[0];
  const out: string[] = [];
  out.push(
    `Backtest: ${LEAGUE_CODES.join(', ')}; seasons ${EVALUATION_SEASONS.join(', ')}.`,
    `Scored on matches priced by Pinnacle, market average and Bet365 alike: ` +
      `1X2 ${pooled?.matches ?? 0}, O/U 2.5 ${pooled?.ou_matches ?? 0}. Lower is better except Fav.`,
    "The bookmakers' probabilities are margin-free by Shin's method.",
    '',
    'Pooled',
    ...formatTable(report.pooled),
  );
  for (const code of LEAGUE_CODES) {
    const league = LEAGUES.find((l) => l.division === code);
    out.push('', `${league?.name ?? code} (${code})`, ...formatTable(report.by_league[code] ?? []));
  }
  const modelNames = new Set(report.pooled.filter((r) => r.kind === 'model').map((r) => r.name));
  for (const { name, bins } of report.calibration) {
    if (!modelNames.has(name)) continue;
    out.push('', `Calibration: ${name} (every H/D/A probability of the pooled matches)`);
    out.push(...formatCalibration(bins));
  }
  out.push(
    '',
    'Paired RPS difference, model − reference on the same matches (negative: the model is better),',
    'with a 95% interval from 2,000 bootstrap resamples of match days',
  );
  out.push(
    ...alignColumns(
      [
        ['Model', 'Against', 'Diff', '95% interval'],
        ...report.paired.map((p) => [
          p.model,
          p.against,
          signed(p.diff, 4),
          `${signed(p.lo, 4)} to ${signed(p.hi, 4)}`,
        ]),
      ],
      2,
    ),
  );
  out.push(
    '',
    `The site's own forecasts: what it stored replaying ${SITE_SEASON} (${siteReplay.runs} prediction`,
    `runs, ${siteReplay.versions} versions; the last version before kick-off counts), against the`,
    'backtest on the same matches',
    ...formatSite(site),
  );
  out.push('', 'Targets');
  for (const target of checkTargets(report.pooled)) {
    const best = target.best ? `${target.best.name} ${target.best.value.toFixed(5)}` : 'no model';
    out.push(`  ${target.met ? 'MET   ' : 'MISSED'}  ${target.label}: ${best}`);
  }
  const worst = site.reduce((max, r) => Math.max(max, Math.abs(r.rps - r.backtest_rps)), 0);
  out.push(
    `  ${worst <= SITE_TOLERANCE ? 'MET   ' : 'MISSED'}  Site within ${SITE_TOLERANCE} of the backtest: largest difference ${worst.toFixed(5)}`,
  );
  out.push(`  ${totalMs <= 30_000 ? 'MET   ' : 'MISSED'}  Whole run ≤ 30 s: ${seconds(totalMs)}`);
  out.push('', 'Timings');
  const timings = [
    ['read data', seconds(readMs)],
    ['the models walked forward together', seconds(modelsMs)],
    ['walk forward and scores', seconds(walkMs)],
    [`site replay of ${SITE_SEASON} (beside it)`, seconds(siteReplay.ms)],
    ['total', seconds(totalMs)],
  ];
  out.push(...alignColumns(timings, 1));
  process.stdout.write(`${out.join('\n')}\n`);
}

function formatTable(rows: readonly BacktestRow[]): string[] {
  const header = ['Source', 'Kind', 'Odds', 'N', 'RPS', 'LogLoss', 'Brier', 'Fav.', 'O/U N'];
  header.push('O/U LL', 'O/U Brier');
  const body = rows.map((r) => [
    r.name,
    r.kind,
    r.uses_odds ? 'yes' : 'no',
    String(r.matches),
    r.rps.toFixed(4),
    r.logloss.toFixed(4),
    r.brier.toFixed(4),
    `${(r.accuracy * 100).toFixed(1)}%`,
    String(r.ou_matches),
    r.ou_logloss.toFixed(4),
    r.ou_brier.toFixed(4),
  ]);
  return alignColumns([header, ...body], 3);
}

function formatCalibration(bins: readonly CalibrationBin[]): string[] {
  const rows = bins.map((bin) => [
    `${bin.from.toFixed(1)}–${bin.to.toFixed(1)}`,
    String(bin.count),
    bin.count === 0 ? '–' : bin.meanPredicted.toFixed(3),
    bin.count === 0 ? '–' : bin.observed.toFixed(3),
    bin.count === 0 ? '–' : signed(bin.observed - bin.meanPredicted),
  ]);
  return alignColumns([['Bin', 'N', 'Predicted', 'Observed', 'Obs − pred'], ...rows], 1);
}

/** Left-aligns the first `textColumns` columns and right-aligns the rest. */
function alignColumns(rows: readonly string[][], textColumns: number): string[] {
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((row) => row[i]!.length)));
  return rows.map(
    (row) =>
      '  ' +
      row
        .map((cell, i) => (i < textColumns ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!)))
        .join('  '),
  );
}

function signed(value: number, digits = 3): string {
  return `${value >= 0 ? '+' : '−'}${Math.abs(value).toFixed(digits)}`;
}

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`;
}
