import type { Fixture, Forecast, Model, PlayedMatch } from './model.ts';
import { clampRho, getLowScoreFactor, getScoreForecast } from './score-grid.ts';
import { getPreviousSeason } from './season.ts';

/*
 * Dixon-Coles: per league, Poisson goals with log-mean = base + home advantage + attack of the
 * scoring side + defence of the conceding side, and the Dixon-Coles ρ correction of 0-0, 1-0,
 * 0-1 and 1-1. Refitted on the league's recent matches with exponential time decay whenever new
 * results have come in and a few days have passed. Every club's attack and defence are shrunk
 * towards a prior (a ridge penalty worth `priorMatches` matches): zero for a club that played in
 * the league last season, a weaker promoted-club level otherwise, so a newly promoted club starts
 * there and moves away as its results arrive. Fitted by block-coordinate Newton steps (attacks,
 * defences, then base and home advantage) for a fixed number of sweeps from the previous fit.
 * Results only, no prices.
 *
 * Defaults were tuned by walking forward over 2005-06..2021-22 only (scored on 2012-13..2021-22),
 * so the 2022-23..2024-25 evaluation stays out of sample.
 */

export type DixonColesOptions = {
  /** Half-life of the time-decay weights, in days. */
  halfLifeDays: number;
  /** Only matches of the last this many days are fitted. */
  windowDays: number;
  /**
   * Refit when new results have arrived and the fixture kicks off at least this many days after
   * the latest result of the last fit.
   */
  refitDays: number;
  /** Strength of the ridge prior on attack and defence, in (decay-weighted) matches. */
  priorMatches: number;
  /** Promoted clubs' prior attack and defence (log scale; defence > 0 concedes more). */
  promotedAttack: number;
  promotedDefence: number;
  /** Sweeps of the optimiser per refit (from the previous fit), and for a league's first fit. */
  sweeps: number;
  firstSweeps: number;
};

export const DEFAULT_DIXON_COLES_OPTIONS: DixonColesOptions = {
  halfLifeDays: 300,
  windowDays: 1500,
  refitDays: 3,
  priorMatches: 8,
  promotedAttack: -0.2,
  promotedDefence: 0.2,
  sweeps: 4,
  firstSweeps: 30,
};

const DAY_MS = 86_400_000;
/** Prior of a league's base log-rate and home advantage, and its weight in matches. */
const BASE_PRIOR = [Math.log(1.3), 0.25] as const;
const BASE_PRIOR_MATCHES = 10;

/** Newton steps are capped so that a fit from a poor start cannot overshoot. */
function clampStep(step: number): number {
  return Math.min(1, Math.max(-1, step));
}

/**
 * A league's learnt matches, packed column by column, oldest first (the first `count` entries):
 * a fit reads every one of them a dozen times, and objects scattered over the heap would keep
 * it waiting on memory. Clubs are their indices.
 */
type StoredMatches = {
  count: number;
  home: Int32Array;
  away: Int32Array;
  homeGoals: Int32Array;
  awayGoals: Int32Array;
  /** Kick-off (ms). */
  t: Float64Array;
};

function createStoredMatches(capacity = 256): StoredMatches {
  return {
    count: 0,
    home: new Int32Array(capacity),
    away: new Int32Array(capacity),
    homeGoals: new Int32Array(capacity),
    awayGoals: new Int32Array(capacity),
    t: new Float64Array(capacity),
  };
}

function addStoredMatch(
  matches: StoredMatches,
  home: number,
  away: number,
  homeGoals: number,
  awayGoals: number,
  t: number,
): void {
  if (matches.count === matches.t.length) {
    // Room for twice as many: copy the columns over.
    const grown = createStoredMatches(matches.count * 2);
    grown.home.set(matches.home);
    grown.away.set(matches.away);
    grown.homeGoals.set(matches.homeGoals);
    grown.awayGoals.set(matches.awayGoals);
    grown.t.set(matches.t);
    grown.count = matches.count;
    Object.assign(matches, grown);
  }
  const k = matches.count;
  matches.home[k] = home;
  matches.away[k] = away;
  matches.homeGoals[k] = homeGoals;
  matches.awayGoals[k] = awayGoals;
  matches.t[k] = t;
  matches.count += 1;
}

function dropOldestMatches(matches: StoredMatches, count: number): void {
  for (const column of [
    matches.home,
    matches.away,
    matches.homeGoals,
    matches.awayGoals,
    matches.t,
  ]) {
    column.copyWithin(0, count, matches.count);
  }
  matches.count -= count;
}

type League = {
  teamIndex: Map<string, number>;
  seasonTeams: Map<string, Set<string>>;
  matches: StoredMatches;
  attack: number[];
  defence: number[];
  base: number;
  home: number;
  rho: number;
  fitted: boolean;
  /** Kick-off of the latest result the last fit used: fits depend on learnt results only. */
  fitDataMs: number;
  matchesAtFit: number;
  /** The season whose promoted clubs the current priors describe. */
  priorSeason: string;
};

export const DIXON_COLES_NAME = 'Dixon-Coles';

/** Creates the Dixon-Coles model. */
export function createDixonColes(options: Partial<DixonColesOptions> = {}): Model {
  const o: DixonColesOptions = { ...DEFAULT_DIXON_COLES_OPTIONS, ...options };
  const leagues = new Map<string, League>();

  function getLeague(code: string): League {
    let league = leagues.get(code);
    if (!league) {
      league = {
        teamIndex: new Map(),
        seasonTeams: new Map(),
        matches: createStoredMatches(),
        attack: [],
        defence: [],
        base: Math.log(1.3),
        home: 0.25,
        rho: -0.05,
        fitted: false,
        fitDataMs: -Infinity,
        matchesAtFit: 0,
        priorSeason: '',
      };
      leagues.set(code, league);
    }
    return league;
  }

  /** A club is promoted if it did not play in the league last season (known from past results). */
  function isPromoted(league: League, team: string, season: string): boolean {
    const previous = league.seasonTeams.get(getPreviousSeason(season));
    return previous !== undefined && previous.size > 0 && !previous.has(team);
  }

  function getPrior(league: League, team: string, season: string): [number, number] {
    return isPromoted(league, team, season) ? [o.promotedAttack, o.promotedDefence] : [0, 0];
  }

  /** The club's index, entering a new club at its prior. */
  function getTeam(league: League, team: string, season: string): number {
    let index = league.teamIndex.get(team);
    if (index === undefined) {
      index = league.teamIndex.size;
      league.teamIndex.set(team, index);
      const [attack, defence] = getPrior(league, team, season);
      league.attack.push(attack);
      league.defence.push(defence);
    }
    return index;
  }

  /** Prior attack and defence per club index for a season (promoted clubs: the promoted level). */
  function getPriors(league: League, season: string): { attack: number[]; defence: number[] } {
    const attack: number[] = [];
    const defence: number[] = [];
    for (const [team, index] of league.teamIndex) {
      [attack[index], defence[index]] = getPrior(league, team, season);
    }
    return { attack, defence };
  }

  function fit(league: League, season: string): void {
    // Time weights count back from the latest result, not from the fixture asking.
    const matches = league.matches;
    const nowMs = matches.t[matches.count - 1]!;
    const since = nowMs - o.windowDays * DAY_MS;
    let first = 0;
    while (first < matches.count && matches.t[first]! < since) first++;
    if (first > 0) dropOldestMatches(matches, first);
    const n = matches.count;
    const { home: homeOf, away: awayOf, homeGoals, awayGoals, t: times } = matches;
    const teams = league.teamIndex.size;
    const prior = getPriors(league, season);
    if (league.priorSeason !== season) {
      // Newly promoted clubs restart from the promoted level rather than from old seasons' values.
      for (const [team, index] of league.teamIndex) {
        if (isPromoted(league, team, season)) {
          league.attack[index] = prior.attack[index]!;
          league.defence[index] = prior.defence[index]!;
        }
      }
      league.priorSeason = season;
    }
    const decay = Math.LN2 / (o.halfLifeDays * DAY_MS);
    // A kick-off's matches share a weight: worked out once for each run of equal times.
    const weights: number[] = [];
    for (let k = 0; k < n; k++) {
      const t = times[k]!;
      weights.push(k > 0 && t === times[k - 1]! ? weights[k - 1]! : Math.exp(-decay * (nowMs - t)));
    }
    const attack = league.attack;
    const defence = league.defence;
    const lambdaHome = new Float64Array(n);
    const lambdaAway = new Float64Array(n);
    const expAttack = new Float64Array(teams);
    const expDefence = new Float64Array(teams);
    const computeMeans = () => {
      // exp() once per club, not per match: the means are products of the exponentiated parts.
      for (let i = 0; i < teams; i++) {
        expAttack[i] = Math.exp(attack[i]!);
        expDefence[i] = Math.exp(defence[i]!);
      }
      const away = Math.exp(league.base);
      const home = away * Math.exp(league.home);
      for (let k = 0; k < n; k++) {
        lambdaHome[k] = home * expAttack[homeOf[k]!]! * expDefence[awayOf[k]!]!;
        lambdaAway[k] = away * expAttack[awayOf[k]!]! * expDefence[homeOf[k]!]!;
      }
    };
    const gradient = new Float64Array(teams);
    const curvature = new Float64Array(teams);
    const sweeps = league.fitted ? o.sweeps : o.firstSweeps;
    for (let sweep = 0; sweep < sweeps; sweep++) {
      // Attacks: the Hessian is diagonal in this block, so one Newton step per club is exact.
      computeMeans();
      gradient.fill(0);
      curvature.fill(0);
      for (let k = 0; k < n; k++) {
        const w = weights[k]!;
        gradient[homeOf[k]!]! += w * (homeGoals[k]! - lambdaHome[k]!);
        curvature[homeOf[k]!]! += w * lambdaHome[k]!;
        gradient[awayOf[k]!]! += w * (awayGoals[k]! - lambdaAway[k]!);
        curvature[awayOf[k]!]! += w * lambdaAway[k]!;
      }
      for (let i = 0; i < teams; i++) {
        const g = gradient[i]! - o.priorMatches * (attack[i]! - prior.attack[i]!);
        attack[i]! += clampStep(g / (curvature[i]! + o.priorMatches));
      }
      // Defences.
      computeMeans();
      gradient.fill(0);
      curvature.fill(0);
      for (let k = 0; k < n; k++) {
        const w = weights[k]!;
        gradient[awayOf[k]!]! += w * (homeGoals[k]! - lambdaHome[k]!);
        curvature[awayOf[k]!]! += w * lambdaHome[k]!;
        gradient[homeOf[k]!]! += w * (awayGoals[k]! - lambdaAway[k]!);
        curvature[homeOf[k]!]! += w * lambdaAway[k]!;
      }
      for (let i = 0; i < teams; i++) {
        const g = gradient[i]! - o.priorMatches * (defence[i]! - prior.defence[i]!);
        defence[i]! += clampStep(g / (curvature[i]! + o.priorMatches));
      }
      // Base rate and home advantage: a joint 2×2 Newton step.
      computeMeans();
      let gBase = 0;
      let gHome = 0;
      let hBase = 0;
      let hHome = 0;
      for (let k = 0; k < n; k++) {
        const w = weights[k]!;
        gHome += w * (homeGoals[k]! - lambdaHome[k]!);
        hHome += w * lambdaHome[k]!;
        gBase += w * (homeGoals[k]! - lambdaHome[k]! + awayGoals[k]! - lambdaAway[k]!);
        hBase += w * (lambdaHome[k]! + lambdaAway[k]!);
      }
      // A weak prior (worth BASE_PRIOR_MATCHES matches) keeps a league's first fits sane.
      gBase -= BASE_PRIOR_MATCHES * (league.base - BASE_PRIOR[0]);
      gHome -= BASE_PRIOR_MATCHES * (league.home - BASE_PRIOR[1]);
      hBase += BASE_PRIOR_MATCHES;
      // Hessian [[hBase, hHome], [hHome, hHome + prior]] (home rows are a subset of base rows).
      const hHomeHome = hHome + BASE_PRIOR_MATCHES;
      const det = hBase * hHomeHome - hHome * hHome;
      league.base += clampStep((hHomeHome * gBase - hHome * gHome) / det);
      league.home += clampStep((hBase * gHome - hHome * gBase) / det);
    }
    computeMeans();
    league.rho = fitRho(matches, weights, lambdaHome, lambdaAway, league.rho);
    league.fitted = true;
    league.fitDataMs = nowMs;
    league.matchesAtFit = matches.count;
  }

  function addToSeason(league: League, season: string, team: string): void {
    let teams = league.seasonTeams.get(season);
    if (!teams) {
      teams = new Set();
      league.seasonTeams.set(season, teams);
    }
    teams.add(team);
  }

  function getMeans(league: League, fixture: Fixture): [number, number] {
    const strength = (team: string): [number, number] => {
      const index = league.teamIndex.get(team);
      // A club never seen, or promoted and not refitted since it came up, sits at its prior.
      if (
        index === undefined ||
        (league.priorSeason !== fixture.season && isPromoted(league, team, fixture.season))
      ) {
        return getPrior(league, team, fixture.season);
      }
      return [league.attack[index]!, league.defence[index]!];
    };
    const [homeAttack, homeDefence] = strength(fixture.home);
    const [awayAttack, awayDefence] = strength(fixture.away);
    return [
      Math.exp(league.base + league.home + homeAttack + awayDefence),
      Math.exp(league.base + awayAttack + homeDefence),
    ];
  }

  return {
    name: DIXON_COLES_NAME,
    usesOdds: false,
    learn(match: PlayedMatch) {
      const league = getLeague(match.league);
      addToSeason(league, match.season, match.home);
      addToSeason(league, match.season, match.away);
      addStoredMatch(
        league.matches,
        getTeam(league, match.home, match.season),
        getTeam(league, match.away, match.season),
        match.homeGoals,
        match.awayGoals,
        match.kickoffMs,
      );
    },
    forecast(fixture: Fixture): Forecast {
      const league = getLeague(fixture.league);
      const fresh = league.matches.count > league.matchesAtFit;
      const due = fixture.kickoffMs - league.fitDataMs >= o.refitDays * DAY_MS;
      const newSeason = league.priorSeason !== fixture.season;
      if (fresh && (due || newSeason) && league.matches.count > 0) {
        fit(league, fixture.season);
      }
      const [lambdaHome, lambdaAway] = getMeans(league, fixture);
      return getScoreForecast(lambdaHome, lambdaAway, league.rho);
    },
  };
}

/** Weighted maximum-likelihood ρ given the fitted means (Newton steps on the low-score terms). */
function fitRho(
  { count, homeGoals, awayGoals }: StoredMatches,
  weights: number[],
  lambdaHome: Float64Array,
  lambdaAway: Float64Array,
  start: number,
): number {
  let rho = start;
  for (let iteration = 0; iteration < 4; iteration++) {
    let g = 0;
    let h = 0;
    for (let k = 0; k < count; k++) {
      const hg = homeGoals[k]!;
      const ag = awayGoals[k]!;
      if (hg > 1 || ag > 1) continue;
      const lh = lambdaHome[k]!;
      const la = lambdaAway[k]!;
      const r = clampRho(rho, lh, la);
      const tau = getLowScoreFactor(hg, ag, lh, la, r);
      // dτ/dρ is constant per score.
      const slope = hg === 0 && ag === 0 ? -lh * la : hg === 0 ? lh : ag === 0 ? la : -1;
      g += (weights[k]! * slope) / tau;
      h -= (weights[k]! * slope * slope) / (tau * tau);
    }
    if (!(h < 0)) break;
    rho = Math.min(0.3, Math.max(-0.3, rho - g / h));
  }
  return rho;
}
