import { createDixonColes } from './dixon-coles.ts';
import { createEloRatings } from './elo-ratings.ts';
import type { Fixture, Forecast, Model, PlayedMatch } from './model.ts';
import { getOver25Probability, getScoreForecast } from './score-grid.ts';
import { listDecayWeights } from './season.ts';
import {
  addStackingRow,
  createStackingRows,
  dropOldestStackingRows,
  fitConditionalLogit,
  getStackedProbabilities,
  type StackingRows,
} from './stacking.ts';

/*
 * Market Blend is the bookmakers' consensus recalibrated with the ratings: its fitted weights
 * give the market about 1.2 and the two rating models small negative weights, and it does not
 * beat Pinnacle's closing line (see the paired differences `npm run backtest` prints).
 *
 * How: the bookmakers' pre-closing prices of the fixture (never closing prices), made
 * margin-free, stacked with the Dixon-Coles and Elo Ratings forecasts. Home/draw/away come from a
 * conditional logit, P(k) ∝ exp(a·log market_k + b·log dixonColes_k + c·log elo_k + draw and away
 * offsets), i.e. a weighted geometric pool whose weights need not sum to 1 (a > 1 sharpens the
 * market). Over/under 2.5 is the same on the log-odds scale with an intercept. Both are refitted
 * walk-forward on the past matches of all leagues (time-decayed, by Newton's method, with a ridge
 * prior towards the plain market), so a forecast only uses results known before its kick-off.
 * Expected goals are those implied by the forecast: the Poisson total giving its over-2.5
 * probability, split so that the home-minus-away probability matches. Without prices it falls
 * back to the average of Dixon-Coles and Elo Ratings.
 *
 * Defaults were chosen by walking forward over 2005-06..2021-22 only (scored on
 * 2012-13..2021-22), so the 2022-23..2024-25 evaluation stays out of sample.
 */

export type MarketBlendOptions = {
  /** How the bookmakers' margin is removed: 1 = proportional (basic), 2 = power method. */
  marginMethod: number;
  /** Half-life of the stacking fit's time weights, in days. */
  halfLifeDays: number;
  /** The stacking fit uses at most this many recent matches (all leagues together). */
  windowMatches: number;
  /**
   * Refit when new results have arrived and the fixture kicks off at least this many days after
   * the latest result of the last fit.
   */
  refitDays: number;
  /** Ridge prior towards the plain market, in (time-weighted) matches. */
  priorStrength: number;
  /** Newton steps per refit, from the previous fit. */
  iterations: number;
};

export const DEFAULT_MARKET_BLEND_OPTIONS: MarketBlendOptions = {
  marginMethod: 1,
  halfLifeDays: 1100,
  windowMatches: 10_000,
  refitDays: 28,
  priorStrength: 20,
  iterations: 1,
};

const DAY_MS = 86_400_000;
/** No stacking fit before this many priced matches are learnt: the plain market until then. */
const MIN_ROWS = 500;
/** Result features per outcome: log market, log Dixon-Coles, log Elo, is-draw, is-away. */
const RESULT_PRIOR = [1, 0, 0, 0, 0];
/** Over features: log-odds of market, Dixon-Coles, Elo, and an intercept (under is all zeros). */
const OVER_PRIOR = [1, 0, 0, 0];

/** Margin-free probabilities from decimal prices; null unless every price is a valid price. */
export function getMarginFreeProbabilities(
  prices: (number | undefined)[],
  method = 1,
): number[] | null {
  if (!prices.every((price) => price !== undefined && Number.isFinite(price) && price > 1)) {
    return null;
  }
  const implied = prices.map((price) => 1 / price!);
  if (method === 2) {
    // Power method: p_i = q_i^k with k such that the p_i sum to 1 (Newton's method on k).
    let k = 1;
    for (let iteration = 0; iteration < 20; iteration++) {
      let f = -1;
      let slope = 0;
      for (const q of implied) {
        const p = q ** k;
        f += p;
        slope += p * Math.log(q);
      }
      if (Math.abs(f) < 1e-12 || slope === 0) break;
      k -= f / slope;
    }
    const powered = implied.map((q) => q ** k);
    const total = powered.reduce((s, p) => s + p, 0);
    return powered.map((p) => p / total);
  }
  const total = implied.reduce((s, q) => s + q, 0);
  return implied.map((q) => q / total);
}

/** The Poisson means whose total gives `over25` and whose home-minus-away probability matches. */
export function getImpliedGoals(
  [home, , away]: [number, number, number],
  over25: number,
): [number, number] {
  let low = 0.05;
  let high = 10;
  for (let i = 0; i < 40; i++) {
    const mid = (low + high) / 2;
    if (getOver25Probability(mid) < over25) low = mid;
    else high = mid;
  }
  const total = (low + high) / 2;
  let shareLow = 0.02;
  let shareHigh = 0.98;
  for (let i = 0; i < 20; i++) {
    const share = (shareLow + shareHigh) / 2;
    const f = getScoreForecast(total * share, total * (1 - share));
    if (f.home - f.away < home - away) shareLow = share;
    else shareHigh = share;
  }
  const share = (shareLow + shareHigh) / 2;
  return [total * share, total * (1 - share)];
}

function log(p: number): number {
  return Math.log(Math.max(p, 1e-12));
}

function logit(p: number): number {
  const q = Math.min(Math.max(p, 1e-9), 1 - 1e-9);
  return Math.log(q / (1 - q));
}

type Components = {
  kickoffMs: number;
  /** Stacking features of home, draw and away; null without 1X2 prices. */
  result: Float64Array | null;
  /** Stacking features of under and over; null without over/under prices. */
  over: Float64Array | null;
  dixonColes: Forecast;
  elo: Forecast;
};

type Stack = {
  rows: StackingRows;
  /** Kick-off of each row's match, for the time weights. */
  times: number[];
  theta: number[];
  /** Kick-off of the latest result the last fit used: fits depend on learnt results only. */
  fitDataMs: number;
  rowsAtFit: number;
};

function createStack(prior: number[], outcomes: number): Stack {
  return {
    rows: createStackingRows(outcomes * prior.length),
    times: [],
    theta: prior,
    fitDataMs: -Infinity,
    rowsAtFit: 0,
  };
}

/**
 * The rating models the blend stacks. Passed to createMarketBlend they are shared: the blend
 * forecasts with them (a second forecast of the same fixture, before anything new is learnt,
 * gives the first one again) but never teaches them; their owner teaches them every result it
 * teaches the blend, as a model set does (createModelSet). Their forecasts are then those of the
 * blend's own copies, without learning and refitting everything twice.
 */
export type MarketBlendComponents = { dixonColes: Model; elo: Model };

/**
 * Creates the Market Blend model, stacking the given Dixon-Coles and Elo Ratings (shared, see
 * MarketBlendComponents), or its own with their default options.
 */
export function createMarketBlend(
  options: Partial<MarketBlendOptions> = {},
  shared?: MarketBlendComponents,
): Model {
  const o: MarketBlendOptions = { ...DEFAULT_MARKET_BLEND_OPTIONS, ...options };
  const dixonColes = shared?.dixonColes ?? createDixonColes();
  const elo = shared?.elo ?? createEloRatings();
  const resultStack = createStack(RESULT_PRIOR, 3);
  const overStack = createStack(OVER_PRIOR, 2);
  /** Components of forecasts issued and not yet learnt, so learning fits what was forecast. */
  const pending = new Map<string, Components>();

  function getComponents(fixture: Fixture): Components {
    const prices = fixture.preClosing ?? {};
    const market = getMarginFreeProbabilities(
      [prices.home, prices.draw, prices.away],
      o.marginMethod,
    );
    const totals = getMarginFreeProbabilities([prices.over25, prices.under25], o.marginMethod);
    const d = dixonColes.forecast(fixture);
    const e = elo.forecast(fixture);
    let result: Float64Array | null = null;
    if (market) {
      const dp = [d.home, d.draw, d.away];
      const ep = [e.home, e.draw, e.away];
      result = new Float64Array(15);
      for (let k = 0; k < 3; k++) {
        result.set(
          [log(market[k]!), log(dp[k]!), log(ep[k]!), k === 1 ? 1 : 0, k === 2 ? 1 : 0],
          k * 5,
        );
      }
    }
    const over = totals
      ? new Float64Array([0, 0, 0, 0, logit(totals[0]!), logit(d.over25), logit(e.over25), 1])
      : null;
    return { kickoffMs: fixture.kickoffMs, result, over, dixonColes: d, elo: e };
  }

  function refit(stack: Stack, outcomes: number, prior: number[], fixtureMs: number): void {
    const fresh = stack.rows.count > stack.rowsAtFit;
    if (
      !fresh ||
      stack.rows.count < MIN_ROWS ||
      fixtureMs - stack.fitDataMs < o.refitDays * DAY_MS
    ) {
      return;
    }
    if (stack.rows.count > o.windowMatches) {
      const excess = stack.rows.count - o.windowMatches;
      dropOldestStackingRows(stack.rows, excess);
      stack.times.splice(0, excess);
    }
    // Time weights count back from the latest result, not from the fixture asking.
    const nowMs = stack.times.at(-1)!;
    stack.rows.weight.set(listDecayWeights(stack.times, nowMs, o.halfLifeDays));
    stack.theta = fitConditionalLogit(stack.rows, outcomes, stack.theta, {
      priorMean: prior,
      priorStrength: o.priorStrength,
      iterations: o.iterations,
    });
    stack.fitDataMs = nowMs;
    stack.rowsAtFit = stack.rows.count;
  }

  function addRow(stack: Stack, x: Float64Array, outcome: number, kickoffMs: number): void {
    addStackingRow(stack.rows, x, outcome);
    stack.times.push(kickoffMs);
  }

  /** Forgets forecasts of fixtures long past that were never learnt (postponed, abandoned). */
  function prunePending(nowMs: number): void {
    if (pending.size < 2_000) return;
    for (const [id, c] of pending) {
      if (c.kickoffMs < nowMs - 30 * DAY_MS) pending.delete(id);
    }
  }

  return {
    name: 'Market Blend',
    usesOdds: true,
    learn(match: PlayedMatch) {
      // Shared components may have learnt this result already: only a forecast made before
      // it was learnt may join the fit. Own ones are forecast now, before they learn it.
      const c = pending.get(match.id) ?? (shared ? undefined : getComponents(match));
      pending.delete(match.id);
      prunePending(match.kickoffMs);
      const outcome =
        match.homeGoals > match.awayGoals ? 0 : match.homeGoals === match.awayGoals ? 1 : 2;
      if (c?.result) addRow(resultStack, c.result, outcome, match.kickoffMs);
      if (c?.over)
        addRow(overStack, c.over, match.homeGoals + match.awayGoals > 2.5 ? 1 : 0, match.kickoffMs);
      if (shared) return;
      dixonColes.learn(match);
      elo.learn(match);
    },
    forecast(fixture: Fixture): Forecast {
      refit(resultStack, 3, RESULT_PRIOR, fixture.kickoffMs);
      refit(overStack, 2, OVER_PRIOR, fixture.kickoffMs);
      const c = getComponents(fixture);
      pending.set(fixture.id, c);
      const { dixonColes: d, elo: e } = c;
      const [home, draw, away] = c.result
        ? (getStackedProbabilities(resultStack.theta, c.result, 3) as [number, number, number])
        : [(d.home + e.home) / 2, (d.draw + e.draw) / 2, (d.away + e.away) / 2];
      const over25 = c.over ? getStackedProbabilities(overStack.theta, c.over, 2)[1]! : d.over25;
      const [expectedHomeGoals, expectedAwayGoals] = getImpliedGoals([home, draw, away], over25);
      return {
        home,
        draw,
        away,
        expectedHomeGoals,
        expectedAwayGoals,
        over25,
        under25: 1 - over25,
      };
    },
  };
}
