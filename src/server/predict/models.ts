import { createDixonColes, DIXON_COLES_NAME } from './dixon-coles.ts';
import { createEloRatings, ELO_RATINGS_NAME } from './elo-ratings.ts';
import { createMarketBlend, type MarketBlendComponents } from './market-blend.ts';
import type { Model, ModelFactory } from './model.ts';
import { createShotRatings } from './shot-ratings.ts';

/** The Dixon-Coles and Elo Ratings built before it in the set, if the set has both. */
function findMarketBlendComponents(
  built: readonly Model[] = [],
): MarketBlendComponents | undefined {
  const dixonColes = built.find((model) => model.name === DIXON_COLES_NAME);
  const elo = built.find((model) => model.name === ELO_RATINGS_NAME);
  return dixonColes && elo && { dixonColes, elo };
}

/**
 * Every prediction model, in display order. Built as a set (createModelSet), the Market Blend
 * stacks the set's own Dixon-Coles and Elo Ratings, built with the same defaults as the copies it
 * runs on its own.
 */
export const MODELS: ModelFactory[] = [
  () => createEloRatings(),
  () => createDixonColes(),
  () => createShotRatings(),
  (built) => createMarketBlend({}, findMarketBlendComponents(built)),
];
