import { createDixonColes } from './dixon-coles.ts';
import { createEloRatings } from './elo-ratings.ts';
import { createMarketBlend } from './market-blend.ts';
import type { ModelFactory } from './model.ts';
import { createShotRatings } from './shot-ratings.ts';

/** Every prediction model, in display order. */
export const MODELS: ModelFactory[] = [
  () => createEloRatings(),
  () => createDixonColes(),
  () => createShotRatings(),
  () => createMarketBlend(),
];
