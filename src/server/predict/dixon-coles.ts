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

type StoredMatch = {
  home: number;
  away: number;
  homeGoals: number;
  awayGoals: number;
  t: number;
};

type League = {
  teamIndex: Map<string, number>;
  seasonTeams: Map<string, Set<string>>;
  matches: StoredMatch[];
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
        matches: [],
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
    const nowMs = league.matches.at(-1)!.t;
    const since = nowMs - o.windowDays * DAY_MS;
    let first = 0;
    while (first < league.matches.length && league.matches[first]!.t < since) first++;
    if (first > 0) league.matches.splice(0, first);
    const matches = league.matches;
    const n = matches.length;
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
    const weights = matches.map((m) => Math.exp(-decay * (nowMs - m.t)));
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
        const m = matches[k]!;
        lambdaHome[k] = home * expAttack[m.home]! * expDefence[m.away]!;
        lambdaAway[k] = away * expAttack[m.away]! * expDefence[m.home]!;
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
        const m = matches[k]!;
        const w = weights[k]!;
        gradient[m.home]! += w * (m.homeGoals - lambdaHome[k]!);
        curvature[m.home]! += w * lambdaHome[k]!;
        gradient[m.away]! += w * (m.awayGoals - lambdaAway[k]!);
        curvature[m.away]! += w * lambdaAway[k]!;
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
        const m = matches[k]!;
        const w = weights[k]!;
        gradient[m.away]! += w * (m.homeGoals - lambdaHome[k]!);
        curvature[m.away]! += w * lambdaHome[k]!;
        gradient[m.home]! += w * (m.awayGoals - lambdaAway[k]!);
        curvature[m.home]! += w * lambdaAway[k]!;
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
        const m = matches[k]!;
        const w = weights[k]!;
        gHome += w * (m.homeGoals - lambdaHome[k]!);
        hHome += w * lambdaHome[k]!;
        gBase += w * (m.homeGoals - lambdaHome[k]! + m.awayGoals - lambdaAway[k]!);
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
    league.matchesAtFit = league.matches.length;
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
      league.matches.push({
        home: getTeam(league, match.home, match.season),
        away: getTeam(league, match.away, match.season),
        homeGoals: match.homeGoals,
        awayGoals: match.awayGoals,
        t: match.kickoffMs,
      });
    },
    forecast(fixture: Fixture): Forecast {
      const league = getLeague(fixture.league);
      const fresh = league.matches.length > league.matchesAtFit;
      const due = fixture.kickoffMs - league.fitDataMs >= o.refitDays * DAY_MS;
      const newSeason = league.priorSeason !== fixture.season;
      if (fresh && (due || newSeason) && league.matches.length > 0) {
        fit(league, fixture.season);
      }
      const [lambdaHome, lambdaAway] = getMeans(league, fixture);
      return getScoreForecast(lambdaHome, lambdaAway, league.rho);
    },
  };
}

/** Weighted maximum-likelihood ρ given the fitted means (Newton steps on the low-score terms). */
function fitRho(
  matches: StoredMatch[],
  weights: number[],
  lambdaHome: Float64Array,
  lambdaAway: Float64Array,
  start: number,
): number {
  let rho = start;
  for (let iteration = 0; iteration < 4; iteration++) {
    let g = 0;
    let h = 0;
    for (let k = 0; k < matches.length; k++) {
      const m = matches[k]!;
      if (m.homeGoals > 1 || m.awayGoals > 1) continue;
      const lh = lambdaHome[k]!;
      const la = lambdaAway[k]!;
      const r = clampRho(rho, lh, la);
      const tau = getLowScoreFactor(m.homeGoals, m.awayGoals, lh, la, r);
      // dτ/dρ is constant per score.
      const slope =
        m.homeGoals === 0 && m.awayGoals === 0
          ? -lh * la
          : m.homeGoals === 0
            ? lh
            : m.awayGoals === 0
              ? la
              : -1;
      g += (weights[k]! * slope) / tau;
      h -= (weights[k]! * slope * slope) / (tau * tau);
    }
    if (!(h < 0)) break;
    rho = Math.min(0.3, Math.max(-0.3, rho - g / h));
  }
  return rho;
}
