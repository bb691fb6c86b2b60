import type { Fixture, Forecast, Model, PlayedMatch } from './model.ts';
import { getScoreForecast } from './score-grid.ts';
import { getPreviousSeason } from './season.ts';

/*
 * Shot Ratings: an attack and a defence rating per club and league (log scale, 0 = the league's
 * average club), updated after every match like a Poisson/Elo hybrid. Each side's update is a
 * blended residual of goals, shots on target and shots, each observed over expected: expected is
 * the league's running average of that count at that venue (so a league that shoots more is not
 * rated higher) times the goal multiplier exp(attack + the opponent's defence), raised to a power
 * below 1 for shots (they follow strength less steeply than goals); a shot residual is divided by
 * that power so that it speaks in goal-rating units. Older matches fade as newer ones move the
 * ratings; at a new season every rating is pulled towards last season's mean, and a promoted club
 * starts below it. A side's expected goals are the league's running average at its venue (which
 * carries home advantage) times its goal multiplier; home/draw/away come from a Poisson score
 * grid with the Dixon-Coles low-score correction. A match without shots teaches goals alone.
 * Results only, no prices.
 *
 * Defaults were tuned with `node scripts/tune-models.ts shots`, walking forward over
 * 2005-06..2021-22 only and scoring 2012-13..2021-22, so the 2022-23..2024-25 evaluation stays out
 * of sample. Chosen: step 0.0275, weights 3 : 1 : 1 (goals : on target : shots), both spreads
 * 0.45, league memory 700 matches, season regression 0.15, promoted -0.2 attack and +0.15
 * defence, ρ -0.07; near them the scores are flat (±0.0001 RPS). Tuning seasons, 18,159 matches:
 * RPS 0.1984, 1X2 log loss 0.9778, over/under 2.5 log loss 0.6800 (Elo Ratings: 0.1995, 0.9810,
 * 0.6842; Dixon-Coles: 0.1995, 0.9815, 0.6820). Learning from goals alone, the same settings
 * score RPS 0.1998. Capping large residuals gained no RPS and cost over/under log loss.
 */

export type ShotRatingsOptions = {
  /** Rating step per unit of blended residual. */
  step: number;
  /** Blend weights of the residuals of goals, shots on target and shots; only ratios matter. */
  goalWeight: number;
  shotOnTargetWeight: number;
  shotWeight: number;
  /**
   * How steeply shots on target and shots follow strength: a side expected to score m times the
   * league average is expected to take m^spread times its average shots.
   */
  shotOnTargetSpread: number;
  shotSpread: number;
  /** Memory of each league's running averages of goals and shots, in matches. */
  leagueMemory: number;
  /** Share of each rating's distance from last season's mean removed at a new season. */
  seasonRegression: number;
  /** A promoted club's attack and defence, relative to the mean of last season's clubs. */
  promotedAttack: number;
  promotedDefence: number;
  /** The Dixon-Coles low-score correction of the score grid. */
  rho: number;
};

export const DEFAULT_SHOT_RATINGS_OPTIONS: ShotRatingsOptions = {
  step: 0.0275,
  goalWeight: 3,
  shotOnTargetWeight: 1,
  shotWeight: 1,
  shotOnTargetSpread: 0.45,
  shotSpread: 0.45,
  leagueMemory: 700,
  seasonRegression: 0.15,
  promotedAttack: -0.2,
  promotedDefence: 0.15,
  rho: -0.07,
};

type Venue = 'home' | 'away';

/** One side's counts in a match; shots are null where the match has none. */
type SideCounts = { goals: number; shots: number | null; onTarget: number | null };

/** A running mean that forgets: exponentially weighted sums of values and of weights. */
type RunningMean = { sum: number; weight: number };

type LeagueMeans = Record<Venue, Record<keyof SideCounts, RunningMean>>;

/** Where a league's averages start (per side and match), worth PRIOR_MATCHES matches. */
const PRIOR: Record<Venue, SideCounts> = {
  home: { goals: 1.5, shots: 13.5, onTarget: 4.8 },
  away: { goals: 1.15, shots: 10.5, onTarget: 3.8 },
};
const PRIOR_MATCHES = 20;

type Rating = { attack: number; defence: number };

type League = {
  ratings: Map<string, Rating>;
  /** The season each club last played in this league. */
  lastSeason: Map<string, string>;
  seasonTeams: Map<string, Set<string>>;
  season: string;
  means: LeagueMeans;
};

function createLeagueMeans(): LeagueMeans {
  const side = (prior: SideCounts) => ({
    goals: { sum: prior.goals * PRIOR_MATCHES, weight: PRIOR_MATCHES },
    shots: { sum: prior.shots! * PRIOR_MATCHES, weight: PRIOR_MATCHES },
    onTarget: { sum: prior.onTarget! * PRIOR_MATCHES, weight: PRIOR_MATCHES },
  });
  return { home: side(PRIOR.home), away: side(PRIOR.away) };
}

function getMean({ sum, weight }: RunningMean): number {
  return sum / weight;
}

function addToMean(mean: RunningMean, value: number, keep: number): void {
  mean.sum = mean.sum * keep + value;
  mean.weight = mean.weight * keep + 1;
}

function getMeanRating(league: League, teams: Set<string> | undefined): Rating | null {
  if (!teams || teams.size === 0) return null;
  let attack = 0;
  let defence = 0;
  for (const team of teams) {
    const rating = league.ratings.get(team)!;
    attack += rating.attack;
    defence += rating.defence;
  }
  return { attack: attack / teams.size, defence: defence / teams.size };
}

function getSideCounts(match: PlayedMatch, venue: Venue): SideCounts {
  const shots = match.shots;
  if (venue === 'home') {
    return {
      goals: match.homeGoals,
      shots: shots?.home ?? null,
      onTarget: shots?.homeOnTarget ?? null,
    };
  }
  return {
    goals: match.awayGoals,
    shots: shots?.away ?? null,
    onTarget: shots?.awayOnTarget ?? null,
  };
}

/** Creates the Shot Ratings model. */
export function createShotRatings(options: Partial<ShotRatingsOptions> = {}): Model {
  const o: ShotRatingsOptions = { ...DEFAULT_SHOT_RATINGS_OPTIONS, ...options };
  const leagues = new Map<string, League>();
  const keep = 1 - 1 / o.leagueMemory;
  const totalWeight = o.goalWeight + o.shotOnTargetWeight + o.shotWeight;

  function getLeague(code: string, season: string): League {
    let league = leagues.get(code);
    if (!league) {
      league = {
        ratings: new Map(),
        lastSeason: new Map(),
        seasonTeams: new Map(),
        season,
        means: createLeagueMeans(),
      };
      leagues.set(code, league);
    }
    if (season > league.season) {
      // New season: pull every rating part of the way back to last season's mean.
      const mean = getMeanRating(league, league.seasonTeams.get(league.season));
      if (mean) {
        const share = 1 - o.seasonRegression;
        for (const rating of league.ratings.values()) {
          rating.attack = mean.attack + share * (rating.attack - mean.attack);
          rating.defence = mean.defence + share * (rating.defence - mean.defence);
        }
      }
      league.season = season;
    }
    return league;
  }

  /** The club's rating, entering it (a promoted club below last season's mean) on first sight. */
  function getRating(league: League, team: string, season: string): Rating {
    if (league.lastSeason.get(team) !== season) {
      const previous = league.seasonTeams.get(getPreviousSeason(season));
      const mean = getMeanRating(league, previous);
      if (mean && !previous!.has(team)) {
        league.ratings.set(team, {
          attack: mean.attack + o.promotedAttack,
          defence: mean.defence + o.promotedDefence,
        });
      } else if (!league.ratings.has(team)) {
        league.ratings.set(team, { attack: 0, defence: 0 });
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

  /**
   * One side's blended residual, in goal-rating units: observed over expected, minus 1 (the
   * Poisson likelihood's gradient in log-mean units), for goals and, where known, shots.
   */
  function getResidual(league: League, venue: Venue, multiplier: number, side: SideCounts) {
    const means = league.means[venue];
    const goals = side.goals / (getMean(means.goals) * multiplier) - 1;
    if (side.shots === null || side.onTarget === null) return goals;
    const onTarget =
      (side.onTarget / (getMean(means.onTarget) * multiplier ** o.shotOnTargetSpread) - 1) /
      o.shotOnTargetSpread;
    const shots =
      (side.shots / (getMean(means.shots) * multiplier ** o.shotSpread) - 1) / o.shotSpread;
    return (
      (o.goalWeight * goals + o.shotOnTargetWeight * onTarget + o.shotWeight * shots) / totalWeight
    );
  }

  function addToMeans(league: League, venue: Venue, side: SideCounts): void {
    const means = league.means[venue];
    addToMean(means.goals, side.goals, keep);
    if (side.shots === null || side.onTarget === null) return;
    addToMean(means.shots, side.shots, keep);
    addToMean(means.onTarget, side.onTarget, keep);
  }

  return {
    name: 'Shot Ratings',
    usesOdds: false,
    learn(match: PlayedMatch) {
      const league = getLeague(match.league, match.season);
      const home = getRating(league, match.home, match.season);
      const away = getRating(league, match.away, match.season);
      const homeSide = getSideCounts(match, 'home');
      const awaySide = getSideCounts(match, 'away');
      const homeResidual = getResidual(
        league,
        'home',
        Math.exp(home.attack + away.defence),
        homeSide,
      );
      const awayResidual = getResidual(
        league,
        'away',
        Math.exp(away.attack + home.defence),
        awaySide,
      );
      home.attack += o.step * homeResidual;
      away.defence += o.step * homeResidual;
      away.attack += o.step * awayResidual;
      home.defence += o.step * awayResidual;
      addToMeans(league, 'home', homeSide);
      addToMeans(league, 'away', awaySide);
    },
    forecast(fixture: Fixture): Forecast {
      const league = getLeague(fixture.league, fixture.season);
      const home = getRating(league, fixture.home, fixture.season);
      const away = getRating(league, fixture.away, fixture.season);
      const { means } = league;
      return getScoreForecast(
        getMean(means.home.goals) * Math.exp(home.attack + away.defence),
        getMean(means.away.goals) * Math.exp(away.attack + home.defence),
        o.rho,
      );
    },
  };
}
