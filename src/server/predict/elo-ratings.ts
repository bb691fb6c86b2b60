import type { Fixture, Forecast, Model, PlayedMatch } from './model.ts';
import { getOver25Probability } from './score-grid.ts';
import { getPreviousSeason, listDecayWeights } from './season.ts';

/*
 * Elo Ratings: one rating per club and league, updated after every result with a
 * margin-of-victory multiplier. The rating difference feeds two small regressions refitted on the
 * league's recent past (time-decayed): an ordered logit for home/draw/away (its two cut-points
 * carry home advantage and the draw rate) and a Poisson regression per side for expected goals,
 * from which over/under 2.5 follows. Results only, no prices.
 *
 * Defaults were tuned by walking forward over 2005-06..2021-22 only (scored on 2012-13..2021-22),
 * so the 2022-23..2024-25 evaluation stays out of sample.
 */

export type EloOptions = {
  /** Update step in rating points. */
  k: number;
  /** Home advantage used inside the update's expected score, in rating points. */
  homeAdvantage: number;
  /** A promoted club starts this many points below the mean of last season's clubs. */
  promotedOffset: number;
  /** Share of each rating's distance from the league mean removed at a new season. */
  seasonRegression: number;
  /** Half-life of the regressions' time weights, in days. */
  halfLifeDays: number;
  /** The regressions use at most this many of the league's most recent matches. */
  windowMatches: number;
  /**
   * Refit when new results have arrived and the fixture kicks off at least this many days after
   * the latest result of the last fit.
   */
  refitDays: number;
  /** Margin-of-victory multiplier: |goal difference|^marginExponent (1 for a draw). */
  marginExponent: number;
};

export const DEFAULT_ELO_OPTIONS: EloOptions = {
  k: 12,
  homeAdvantage: 70,
  promotedOffset: 100,
  seasonRegression: 0.1,
  halfLifeDays: 730,
  windowMatches: 1800,
  refitDays: 7,
  marginExponent: 0.8,
};

/** Rating points per unit of the regressions' covariate. */
const SCALE = 100;
const DAY_MS = 86_400_000;

type MatchRecord = {
  x: number;
  outcome: 0 | 1 | 2;
  homeGoals: number;
  awayGoals: number;
  t: number;
};

/** Ordered logit (away < draw < home) and log-linear goal means in x = rating difference / 100. */
type Fit = {
  beta: number;
  cutAway: number;
  cutDraw: number;
  homeGoals: [number, number];
  awayGoals: [number, number];
};

const DEFAULT_FIT: Fit = {
  beta: 0.35,
  cutAway: -0.95,
  cutDraw: 0.2,
  homeGoals: [Math.log(1.5), 0.15],
  awayGoals: [Math.log(1.1), -0.15],
};

type League = {
  ratings: Map<string, number>;
  /** The season each club last played in this league. */
  lastSeason: Map<string, string>;
  seasonTeams: Map<string, Set<string>>;
  season: string;
  records: MatchRecord[];
  fit: Fit;
  /** Kick-off of the latest result the last fit used: fits depend on learnt results only. */
  fitDataMs: number;
  recordsAtFit: number;
};

function sigmoid(z: number): number {
  return 1 / (1 + Math.exp(-z));
}

/** Solves the 3×3 system h·d = g (Cramer's rule); null when singular. */
function solve3(h: number[][], g: number[]): number[] | null {
  const det = (m: number[][]) =>
    m[0]![0]! * (m[1]![1]! * m[2]![2]! - m[1]![2]! * m[2]![1]!) -
    m[0]![1]! * (m[1]![0]! * m[2]![2]! - m[1]![2]! * m[2]![0]!) +
    m[0]![2]! * (m[1]![0]! * m[2]![1]! - m[1]![1]! * m[2]![0]!);
  const d = det(h);
  if (!Number.isFinite(d) || Math.abs(d) < 1e-12) return null;
  return [0, 1, 2].map(
    (col) => det(h.map((row, i) => row.map((v, j) => (j === col ? g[i]! : v)))) / d,
  );
}

/**
 * Weighted ordered-logit fit of (beta, cutAway, cutDraw) by Newton's method with the analytic
 * Hessian, a fixed number of iterations from the previous fit.
 */
function fitOrderedLogit(records: MatchRecord[], weights: number[], start: Fit): Fit {
  let beta = start.beta;
  let c1 = start.cutAway;
  let c2 = start.cutDraw;
  for (let iteration = 0; iteration < 4; iteration++) {
    // g = gradient, h = Hessian, in the order (beta, c1, c2).
    let gb = 0;
    let g1 = 0;
    let g2 = 0;
    let hbb = 0;
    let hb1 = 0;
    let hb2 = 0;
    let h11 = 0;
    let h12 = 0;
    let h22 = 0;
    for (let i = 0; i < records.length; i++) {
      const { x, outcome } = records[i]!;
      const w = weights[i]!;
      const eta = beta * x;
      // l = log-likelihood as a function of a = c1 - eta and b = c2 - eta.
      let la = 0;
      let lb = 0;
      let laa = 0;
      let lab = 0;
      let lbb = 0;
      if (outcome === 0) {
        const fa = sigmoid(c1 - eta);
        la = 1 - fa;
        laa = -fa * (1 - fa);
      } else if (outcome === 2) {
        const fb = sigmoid(c2 - eta);
        lb = -fb;
        lbb = -fb * (1 - fb);
      } else {
        const fa = sigmoid(c1 - eta);
        const fb = sigmoid(c2 - eta);
        const da = fa * (1 - fa);
        const db = fb * (1 - fb);
        const p = Math.max(fb - fa, 1e-12);
        la = -da / p;
        lb = db / p;
        laa = (-da * (1 - 2 * fa)) / p - (da * da) / (p * p);
        lbb = (db * (1 - 2 * fb)) / p - (db * db) / (p * p);
        lab = (da * db) / (p * p);
      }
      g1 += w * la;
      g2 += w * lb;
      gb -= w * x * (la + lb);
      h11 += w * laa;
      h22 += w * lbb;
      h12 += w * lab;
      hb1 -= w * x * (laa + lab);
      hb2 -= w * x * (lab + lbb);
      hbb += w * x * x * (laa + 2 * lab + lbb);
    }
    const step = solve3(
      [
        [hbb, hb1, hb2],
        [hb1, h11, h12],
        [hb2, h12, h22],
      ],
      [gb, g1, g2],
    );
    if (step === null) break;
    const next = [beta - step[0]!, c1 - step[1]!, c2 - step[2]!];
    if (!next.every(Number.isFinite) || next[2]! <= next[1]!) break;
    [beta, c1, c2] = next as [number, number, number];
  }
  return { ...start, beta, cutAway: c1, cutDraw: c2 };
}

/** Newton step for a weighted Poisson regression log(mean) = a + b·x from its sums. */
function stepPoisson(
  [a, b]: [number, number],
  [ga, gb, haa, hab, hbb]: number[],
): [number, number] {
  const det = haa! * hbb! - hab! * hab!;
  if (!(det > 1e-12)) return [a, b];
  return [a + (hbb! * ga! - hab! * gb!) / det, b + (haa! * gb! - hab! * ga!) / det];
}

/**
 * Weighted Poisson regressions of home and away goals on x, log(mean) = a + b·x, by Newton's method
 * (a fixed number of iterations from the previous fit).
 */
function fitGoals(
  records: MatchRecord[],
  weights: number[],
  fit: Fit,
): Pick<Fit, 'homeGoals' | 'awayGoals'> {
  let home = fit.homeGoals;
  let away = fit.awayGoals;
  for (let iteration = 0; iteration < 3; iteration++) {
    const h = [0, 0, 0, 0, 0];
    const a = [0, 0, 0, 0, 0];
    for (let i = 0; i < records.length; i++) {
      const r = records[i]!;
      const w = weights[i]!;
      const meanHome = w * Math.exp(home[0] + home[1] * r.x);
      const meanAway = w * Math.exp(away[0] + away[1] * r.x);
      const residualHome = w * r.homeGoals - meanHome;
      const residualAway = w * r.awayGoals - meanAway;
      h[0]! += residualHome;
      h[1]! += residualHome * r.x;
      h[2]! += meanHome;
      h[3]! += meanHome * r.x;
      h[4]! += meanHome * r.x * r.x;
      a[0]! += residualAway;
      a[1]! += residualAway * r.x;
      a[2]! += meanAway;
      a[3]! += meanAway * r.x;
      a[4]! += meanAway * r.x * r.x;
    }
    home = stepPoisson(home, h);
    away = stepPoisson(away, a);
  }
  return { homeGoals: home, awayGoals: away };
}

export const ELO_RATINGS_NAME = 'Elo Ratings';

/** Creates the Elo Ratings model. */
export function createEloRatings(options: Partial<EloOptions> = {}): Model {
  const o: EloOptions = { ...DEFAULT_ELO_OPTIONS, ...options };
  const leagues = new Map<string, League>();

  function getLeague(code: string, season: string): League {
    let league = leagues.get(code);
    if (!league) {
      league = {
        ratings: new Map(),
        lastSeason: new Map(),
        seasonTeams: new Map(),
        season,
        records: [],
        fit: DEFAULT_FIT,
        fitDataMs: -Infinity,
        recordsAtFit: 0,
      };
      leagues.set(code, league);
    }
    if (season > league.season) {
      // New season: pull every rating part of the way back to last season's mean.
      const previous = league.seasonTeams.get(league.season);
      if (previous && previous.size > 0) {
        const mean = [...previous].reduce((s, t) => s + league!.ratings.get(t)!, 0) / previous.size;
        for (const [team, rating] of league.ratings) {
          league.ratings.set(team, mean + (1 - o.seasonRegression) * (rating - mean));
        }
      }
      league.season = season;
    }
    return league;
  }

  /** The club's rating, entering it (promoted clubs below last season's mean) on first sight. */
  function getRating(league: League, team: string, season: string): number {
    if (league.lastSeason.get(team) !== season) {
      const previous = league.seasonTeams.get(getPreviousSeason(season));
      if (previous && previous.size > 0 && !previous.has(team)) {
        const mean = [...previous].reduce((s, t) => s + league.ratings.get(t)!, 0) / previous.size;
        league.ratings.set(team, mean - o.promotedOffset);
      } else if (!league.ratings.has(team)) {
        league.ratings.set(team, 1500);
      }
      league.lastSeason.set(team, season);
      let teams = league.seasonTeams.get(season);
      if (!teams) {
        teams = new Set();
        league.seasonTeams.set(season, teams);
      }
      teams.add(team);
    }
    return league.ratings.get(team)!;
  }

  function refit(league: League, fixtureMs: number): void {
    const fresh = league.records.length > league.recordsAtFit;
    if (!fresh || fixtureMs - league.fitDataMs < o.refitDays * DAY_MS) return;
    // Time weights count back from the latest result, not from the fixture asking.
    const nowMs = league.records.at(-1)!.t;
    if (league.records.length > o.windowMatches) {
      league.records.splice(0, league.records.length - o.windowMatches);
    }
    league.fitDataMs = nowMs;
    league.recordsAtFit = league.records.length;
    if (league.records.length < 150) return;
    const weights = listDecayWeights(
      league.records.map((r) => r.t),
      nowMs,
      o.halfLifeDays,
    );
    league.fit = {
      ...fitOrderedLogit(league.records, weights, league.fit),
      ...fitGoals(league.records, weights, league.fit),
    };
  }

  return {
    name: ELO_RATINGS_NAME,
    usesOdds: false,
    learn(match: PlayedMatch) {
      const league = getLeague(match.league, match.season);
      const rh = getRating(league, match.home, match.season);
      const ra = getRating(league, match.away, match.season);
      const goalDifference = match.homeGoals - match.awayGoals;
      const outcome = goalDifference > 0 ? 2 : goalDifference === 0 ? 1 : 0;
      league.records.push({
        x: (rh - ra) / SCALE,
        outcome,
        homeGoals: match.homeGoals,
        awayGoals: match.awayGoals,
        t: match.kickoffMs,
      });
      const expected = 1 / (1 + 10 ** (-(rh - ra + o.homeAdvantage) / 400));
      const margin = Math.abs(goalDifference);
      const multiplier = margin === 0 ? 1 : margin ** o.marginExponent;
      const delta = o.k * multiplier * (outcome / 2 - expected);
      league.ratings.set(match.home, rh + delta);
      league.ratings.set(match.away, ra - delta);
    },
    forecast(fixture: Fixture): Forecast {
      const league = getLeague(fixture.league, fixture.season);
      refit(league, fixture.kickoffMs);
      const x =
        (getRating(league, fixture.home, fixture.season) -
          getRating(league, fixture.away, fixture.season)) /
        SCALE;
      const { beta, cutAway, cutDraw, homeGoals, awayGoals } = league.fit;
      const away = sigmoid(cutAway - beta * x);
      const notHome = sigmoid(cutDraw - beta * x);
      const expectedHomeGoals = Math.exp(homeGoals[0] + homeGoals[1] * x);
      const expectedAwayGoals = Math.exp(awayGoals[0] + awayGoals[1] * x);
      const over25 = getOver25Probability(expectedHomeGoals + expectedAwayGoals);
      return {
        home: 1 - notHome,
        draw: notHome - away,
        away,
        expectedHomeGoals,
        expectedAwayGoals,
        over25,
        under25: 1 - over25,
      };
    },
  };
}
