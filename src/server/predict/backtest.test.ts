import path from 'node:path';

import { beforeAll, describe, expect, it } from 'vitest';

import { getShinProbabilities } from '../../domain/shin.ts';
import {
  checkTargets,
  createBookmakerPredictor,
  createModelPredictor,
  createReferencePredictors,
  forecastModels,
  LEAGUE_CODES,
  scoreBacktest,
  scorePairedDifferences,
  selectEvaluationSet,
  type BacktestReport,
  type BacktestRow,
  type LeagueCode,
} from './backtest.ts';
import { parseMatchHistory, readMatchHistory, type MatchHistory } from './history.ts';
import { normaliseOdds, scoreRps, getOutcome } from './metrics.ts';
import type { Forecast, ModelFactory } from './model.ts';

const DATA_FILE = path.join(import.meta.dirname, '..', '..', '..', 'data', 'results.csv.gz');

const COLUMNS = [
  'div',
  'season',
  'date',
  'time',
  'home',
  'away',
  'fthg',
  'ftag',
  'hthg',
  'htag',
  'B365H',
  'B365D',
  'B365A',
  'AvgH',
  'AvgD',
  'AvgA',
  'PSCH',
  'PSCD',
  'PSCA',
  'B365>2.5',
  'B365<2.5',
  'Avg>2.5',
  'Avg<2.5',
  'PC>2.5',
  'PC<2.5',
];
const PRICED = {
  B365H: '2.1',
  B365D: '3.4',
  B365A: '3.6',
  AvgH: '2.05',
  AvgD: '3.4',
  AvgA: '3.7',
  PSCH: '2.15',
  PSCD: '3.5',
  PSCA: '3.8',
  'B365>2.5': '1.9',
  'B365<2.5': '1.9',
  'Avg>2.5': '1.88',
  'Avg<2.5': '1.92',
  'PC>2.5': '1.95',
  'PC<2.5': '1.95',
};

function toCsv(rows: Record<string, string>[]): string {
  const lines = rows.map((row) => COLUMNS.map((column) => row[column] ?? '').join(','));
  return [COLUMNS.join(','), ...lines].join('\n');
}

function match(
  home: string,
  prices: Record<string, string>,
  season = '2023-2024',
  goals: [number, number] = [2, 1],
) {
  const year = Number(season.slice(0, 4));
  return {
    div: 'E0',
    season,
    date: `${year}-10-01`,
    time: '15:00',
    home,
    away: `${home} Away`,
    fthg: String(goals[0]),
    ftag: String(goals[1]),
    ...prices,
  };
}

const constantForecast: Forecast = {
  home: 0.45,
  draw: 0.27,
  away: 0.28,
  expectedHomeGoals: 1.5,
  expectedAwayGoals: 1.2,
  over25: 0.52,
  under25: 0.48,
};
const constantModel: ModelFactory = () => ({
  name: 'Constant',
  usesOdds: false,
  learn: () => {},
  forecast: () => constantForecast,
});

describe('the match set rule', () => {
  const history = parseMatchHistory(
    toCsv([
      match('Arsenal', PRICED),
      match('Brentford', { ...PRICED, B365H: '' }),
      match('Chelsea', { ...PRICED, 'PC>2.5': '', 'PC<2.5': '' }),
      match('Everton', { ...PRICED, AvgA: '1.0' }),
      match('Fulham', PRICED, '2021-2022'),
      match('Leeds', PRICED, '2025-2026'),
      match('Spurs', PRICED, '2022-2023', [0, 0]),
      { ...match('Wolves', PRICED), div: 'N1' },
    ]),
  );

  it('scores a market only where Pinnacle, the market average and Bet365 all price it', () => {
    const set = selectEvaluationSet(history);
    expect(set.result.map((m) => m.home)).toEqual(['Arsenal', 'Chelsea', 'Spurs']);
    expect(set.overUnder.map((m) => m.home)).toEqual(['Arsenal', 'Brentford', 'Everton', 'Spurs']);
  });

  it('gives every row the same matches, models included', () => {
    const predictors = [
      ...forecastModels(history, [constantModel]),
      ...createReferencePredictors(history),
    ];
    const report = scoreBacktest(history, predictors);
    expect(report.pooled.map((row) => [row.name, row.matches, row.ou_matches])).toEqual([
      ['Constant', 3, 4],
      ['Pinnacle closing', 3, 4],
      ['Market average', 3, 4],
      ['Bet365', 3, 4],
      ['Naive (prev. season freq.)', 3, 4],
    ]);
  });

  it("takes the bookmakers' margin off by Shin's method unless told to normalise", () => {
    const [match] = selectEvaluationSet(history).result;
    if (match === undefined) throw new Error('no scored match');
    const prices = history.evaluationOdds.get(match.id)?.pinnacle.result ?? [];
    const shin = getShinProbabilities(prices)?.probabilities ?? [];
    const basic = normaliseOdds(prices) ?? [];
    expect(createBookmakerPredictor(history, 'pinnacle').result(match)).toEqual({
      home: shin[0],
      draw: shin[1],
      away: shin[2],
    });
    expect(createBookmakerPredictor(history, 'pinnacle', 'basic').result(match)).toEqual({
      home: basic[0],
      draw: basic[1],
      away: basic[2],
    });
    // Shin takes more of the margin off the long shot than off the favourite.
    expect(shin[2]).toBeLessThan(basic[2] as number);
    expect(shin[0]).toBeGreaterThan(basic[0] as number);
  });

  it("compares each model's RPS with Pinnacle closing and the market average, match by match", () => {
    const predictors = [
      ...forecastModels(history, [constantModel]),
      ...createReferencePredictors(history),
    ];
    const set = selectEvaluationSet(history).result;
    const paired = scorePairedDifferences(set, predictors, 500);
    expect(paired.map((p) => [p.model, p.against])).toEqual([
      ['Constant', 'Pinnacle closing'],
      ['Constant', 'Market average'],
    ]);
    const mean = (name: string) => {
      const p = predictors.find((x) => x.name === name)!;
      return (
        set.reduce(
          (sum, m) => sum + scoreRps(p.result(m)!, getOutcome(m.homeGoals, m.awayGoals)),
          0,
        ) / set.length
      );
    };
    for (const p of paired) {
      expect(p.diff).toBeCloseTo(mean('Constant') - mean(p.against), 12);
      expect(p.lo).toBeLessThanOrEqual(p.diff);
      expect(p.hi).toBeGreaterThanOrEqual(p.diff);
    }
    expect(scoreBacktest(history, predictors).paired).toHaveLength(2);
  });

  it('gives a zero-width interval to a model no different from the reference', () => {
    const reference = createBookmakerPredictor(history, 'pinnacle');
    const twin = { ...reference, name: 'Twin', kind: 'model' as const };
    const [paired] = scorePairedDifferences(selectEvaluationSet(history).result, [twin, reference]);
    expect(paired).toEqual({ model: 'Twin', against: 'Pinnacle closing', diff: 0, lo: 0, hi: 0 });
  });

  it('refuses to score a predictor that lacks a forecast for a scored match', () => {
    const partial = createModelPredictor(
      { name: 'Partial', usesOdds: false },
      new Map([['E0:2023-10-01:Arsenal:Arsenal Away', constantForecast]]),
    );
    expect(() => scoreBacktest(history, [partial])).toThrow(/Partial has no forecast for E0:/);
  });
});

describe('checkTargets', () => {
  const row = (name: string, usesOdds: boolean, rps: number, ouLogloss: number): BacktestRow => ({
    name,
    kind: 'model',
    uses_odds: usesOdds,
    matches: 1,
    rps,
    logloss: 1,
    brier: 0.6,
    accuracy: 0.5,
    ou_matches: 1,
    ou_logloss: ouLogloss,
    ou_brier: 0.5,
  });

  it('takes the best model for each target and ignores bookmakers', () => {
    const pooled = [
      row('Results only', false, 0.1984, 0.68),
      row('Results only, worse', false, 0.1999, 0.67),
      row('With odds', true, 0.1936, 0.6721),
      { ...row('Pinnacle closing', true, 0.19, 0.66), kind: 'bookmaker' as const },
    ];
    expect(checkTargets(pooled).map((t) => [t.best?.name, t.met])).toEqual([
      ['Results only', true],
      ['With odds', false],
      ['Results only, worse', true],
    ]);
  });

  it('misses every target when there is no model', () => {
    expect(checkTargets([]).map((t) => [t.best, t.met])).toEqual([
      [null, false],
      [null, false],
      [null, false],
    ]);
  });
});

// Reference figures copied from the shared data folder's anchors.csv (data/anchors.csv beside
// this repository; method in ANCHORS.md): the league-pooled and all-five rows over 2022-23 to
// 2024-25 of the three main sources and the naive baseline.
// [league, source, matches, RPS, log loss, Brier, favourite accuracy]
const ANCHORS_1X2 = [
  ['ALL', 'Pinnacle closing', 5330, '0.1932', '0.9628', '0.5723', '0.5467'],
  ['ALL', 'Market average', 5330, '0.1942', '0.9660', '0.5743', '0.5424'],
  ['ALL', 'Bet365', 5330, '0.1942', '0.9663', '0.5744', '0.5430'],
  ['ALL', 'Naive (prev. season freq.)', 5330, '0.2307', '1.0743', '0.6501', '0.4364'],
  ['E0', 'Pinnacle closing', 1140, '0.1913', '0.9427', '0.5574', '0.5658'],
  ['E0', 'Market average', 1140, '0.1934', '0.9485', '0.5619', '0.5640'],
  ['E0', 'Bet365', 1140, '0.1934', '0.9487', '0.5618', '0.5649'],
  ['E0', 'Naive (prev. season freq.)', 1140, '0.2335', '1.0648', '0.6442', '0.4509'],
  ['SP1', 'Pinnacle closing', 1140, '0.1906', '0.9577', '0.5687', '0.5500'],
  ['SP1', 'Market average', 1140, '0.1915', '0.9608', '0.5704', '0.5500'],
  ['SP1', 'Bet365', 1140, '0.1914', '0.9602', '0.5701', '0.5482'],
  ['SP1', 'Naive (prev. season freq.)', 1140, '0.2271', '1.0707', '0.6469', '0.4544'],
  ['I1', 'Pinnacle closing', 1140, '0.1878', '0.9635', '0.5745', '0.5368'],
  ['I1', 'Market average', 1140, '0.1885', '0.9667', '0.5763', '0.5307'],
  ['I1', 'Bet365', 1140, '0.1887', '0.9681', '0.5769', '0.5342'],
  ['I1', 'Naive (prev. season freq.)', 1140, '0.2281', '1.0865', '0.6583', '0.4132'],
  ['D1', 'Pinnacle closing', 918, '0.1969', '0.9762', '0.5808', '0.5403'],
  ['D1', 'Market average', 918, '0.1971', '0.9777', '0.5819', '0.5305'],
  ['D1', 'Bet365', 918, '0.1970', '0.9771', '0.5816', '0.5305'],
  ['D1', 'Naive (prev. season freq.)', 918, '0.2306', '1.0751', '0.6506', '0.4325'],
  ['F1', 'Pinnacle closing', 992, '0.2014', '0.9787', '0.5830', '0.5383'],
  ['F1', 'Market average', 992, '0.2022', '0.9804', '0.5836', '0.5333'],
  ['F1', 'Bet365', 992, '0.2023', '0.9816', '0.5844', '0.5333'],
  ['F1', 'Naive (prev. season freq.)', 992, '0.2345', '1.0744', '0.6507', '0.4294'],
] as const;

// [league, source, matches, log loss, Brier (sum over over and under)]
const ANCHORS_OVER_UNDER = [
  ['ALL', 'Pinnacle closing', 5277, '0.6667', '0.4741'],
  ['ALL', 'Market average', 5277, '0.6693', '0.4766'],
  ['ALL', 'Bet365', 5277, '0.6689', '0.4762'],
  ['ALL', 'Naive (prev. season freq.)', 5277, '0.6900', '0.4968'],
  ['E0', 'Pinnacle closing', 1129, '0.6654', '0.4729'],
  ['E0', 'Market average', 1129, '0.6666', '0.4740'],
  ['E0', 'Bet365', 1129, '0.6659', '0.4734'],
  ['E0', 'Naive (prev. season freq.)', 1129, '0.6908', '0.4973'],
  ['SP1', 'Pinnacle closing', 1138, '0.6627', '0.4701'],
  ['SP1', 'Market average', 1138, '0.6657', '0.4729'],
  ['SP1', 'Bet365', 1138, '0.6652', '0.4725'],
  ['SP1', 'Naive (prev. season freq.)', 1138, '0.6928', '0.4996'],
  ['I1', 'Pinnacle closing', 1140, '0.6777', '0.4848'],
  ['I1', 'Market average', 1140, '0.6805', '0.4874'],
  ['I1', 'Bet365', 1140, '0.6800', '0.4870'],
  ['I1', 'Naive (prev. season freq.)', 1140, '0.6996', '0.5064'],
  ['D1', 'Pinnacle closing', 883, '0.6498', '0.4578'],
  ['D1', 'Market average', 883, '0.6537', '0.4615'],
  ['D1', 'Bet365', 883, '0.6538', '0.4616'],
  ['D1', 'Naive (prev. season freq.)', 883, '0.6714', '0.4784'],
  ['F1', 'Pinnacle closing', 987, '0.6749', '0.4821'],
  ['F1', 'Market average', 987, '0.6776', '0.4847'],
  ['F1', 'Bet365', 987, '0.6772', '0.4843'],
  ['F1', 'Naive (prev. season freq.)', 987, '0.6918', '0.4986'],
] as const;

describe('backtest on data/results.csv.gz', () => {
  let history: MatchHistory;
  let report: BacktestReport;

  beforeAll(async () => {
    history = await readMatchHistory(DATA_FILE);
    // The anchors were computed with basic normalisation (ANCHORS.md); the site uses Shin's.
    const predictors = [
      ...forecastModels(history, [constantModel]),
      ...createReferencePredictors(history, 'basic'),
    ];
    report = scoreBacktest(history, predictors);
  });

  function findRow(league: string, name: string): BacktestRow {
    const rows = league === 'ALL' ? report.pooled : report.by_league[league as LeagueCode];
    const row = rows?.find((r) => r.name === name);
    if (row === undefined) throw new Error(`no ${name} row for ${league}`);
    return row;
  }

  it.each(ANCHORS_1X2)(
    'reproduces the 1X2 anchors of %s, %s',
    (league, name, matches, rps, logloss, brier, accuracy) => {
      const row = findRow(league, name);
      expect([row.matches, row.rps, row.logloss, row.brier, row.accuracy].map(fix4)).toEqual([
        fix4(matches),
        rps,
        logloss,
        brier,
        accuracy,
      ]);
    },
  );

  it.each(ANCHORS_OVER_UNDER)(
    'reproduces the over/under 2.5 anchors of %s, %s',
    (league, name, matches, logloss, brier) => {
      const row = findRow(league, name);
      expect([row.ou_matches, row.ou_logloss, row.ou_brier].map(fix4)).toEqual([
        fix4(matches),
        logloss,
        brier,
      ]);
    },
  );

  it("scores the models on exactly the bookmakers' matches, pooled and in every league", () => {
    for (const rows of [
      report.pooled,
      ...LEAGUE_CODES.map((code) => report.by_league[code] ?? []),
    ]) {
      const model = rows.find((row) => row.kind === 'model')!;
      expect(rows.map((row) => [row.name, row.matches, row.ou_matches])).toEqual(
        rows.map((row) => [row.name, model.matches, model.ou_matches]),
      );
    }
  });

  it('gives the models pre-closing prices only', () => {
    const sample = history.matches.find((m) => m.id === 'E0:2023-08-11:Burnley:Man City');
    expect(sample?.preClosing).toBeDefined();
    const odds = history.evaluationOdds.get(sample!.id)!;
    // Market average pre-closing, not Pinnacle closing.
    expect(sample!.preClosing).toEqual({
      home: odds.average.result![0],
      draw: odds.average.result![1],
      away: odds.average.result![2],
      over25: odds.average.overUnder![0],
      under25: odds.average.overUnder![1],
    });
    expect(sample!.preClosing!.home).not.toBe(odds.pinnacle.result![0]);
  });
});

function fix4(value: number): string {
  return value.toFixed(4);
}
