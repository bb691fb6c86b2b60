import type { MatchShots } from '../../domain/history.ts';

export type { MatchShots };

/** What the prediction models see of a match: known before kick-off, plus the result once played. */
export type Fixture = {
  /** Stable id, e.g. "E0:2023-04-01:Arsenal:Leeds". */
  id: string;
  league: string;
  season: string;
  /** Kick-off instant (ms, UTC). */
  kickoffMs: number;
  home: string;
  away: string;
  /**
   * Bookmakers' pre-closing prices, known before kick-off (never closing prices): decimal odds
   * for home/draw/away and over/under 2.5, where the data has them.
   */
  preClosing?: {
    home?: number;
    draw?: number;
    away?: number;
    over25?: number;
    under25?: number;
  };
};

/** Shots and shots on target of each side in a played match. */
/** A fixture with its result: goals, and shots where the source has all four counts. */
export type PlayedMatch = Fixture & { homeGoals: number; awayGoals: number; shots?: MatchShots };

/** A model's forecast of one match. Probabilities of each market sum to 1. */
export type Forecast = {
  home: number;
  draw: number;
  away: number;
  expectedHomeGoals: number;
  expectedAwayGoals: number;
  over25: number;
  under25: number;
  /** The Dixon-Coles low-score correction ρ, for forecasts drawn from a score grid. */
  rho?: number;
};

/**
 * A prediction model, walked forward in time: `learn` is given each result once the match is
 * over, in kick-off order; `forecast` may only use what it has learnt so far (and the fixture's
 * own pre-kick-off prices). Deterministic: no randomness, no clock.
 */
export type Model = {
  name: string;
  usesOdds: boolean;
  learn: (match: PlayedMatch) => void;
  forecast: (fixture: Fixture) => Forecast;
};

/**
 * Creates a model. Building a set of models (createModelSet), a factory is also given the models
 * built before it in the set, so that a model stacking another's forecasts can share that model
 * rather than run a copy of it.
 */
export type ModelFactory = (built?: readonly Model[]) => Model;

/**
 * The models of a set, built in order, each factory given the models built before it. A model
 * may forecast with a model it shares but never teaches it: the set teaches each of its models
 * every result, so the set must be walked forward as a whole (see runWalkForwardSet).
 */
export function createModelSet(factories: readonly ModelFactory[]): Model[] {
  const models: Model[] = [];
  for (const factory of factories) models.push(factory([...models]));
  return models;
}
