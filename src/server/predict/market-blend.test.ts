import path from 'node:path';

import { beforeAll, describe, expect, it, vi } from 'vitest';

import { createDixonColes } from './dixon-coles.ts';
import { createEloRatings } from './elo-ratings.ts';
import { readPlayedMatches } from './history.ts';
import { createMarketBlend, getImpliedGoals, getMarginFreeProbabilities } from './market-blend.ts';
import { createModelSet, type Fixture, type Model, type PlayedMatch } from './model.ts';
import { MODELS } from './models.ts';
import { getScoreForecast } from './score-grid.ts';
import { runWalkForward, runWalkForwardSet } from './walk-forward.ts';

const RESULTS_FILE = path.resolve(import.meta.dirname, '../../../data/results.csv.gz');

describe('getMarginFreeProbabilities', () => {
  it('removes the margin in proportion to the implied probabilities', () => {
    const p = getMarginFreeProbabilities([2, 3.4, 3.6])!;
    const implied = [1 / 2, 1 / 3.4, 1 / 3.6];
    const total = implied[0]! + implied[1]! + implied[2]!;
    implied.forEach((q, i) => expect(p[i]).toBeCloseTo(q / total, 12));
  });

  it('with the power method sums to 1 and takes more margin from the long shot', () => {
    const basic = getMarginFreeProbabilities([1.25, 6, 12], 1)!;
    const power = getMarginFreeProbabilities([1.25, 6, 12], 2)!;
    expect(power[0]! + power[1]! + power[2]!).toBeCloseTo(1, 12);
    expect(power[2]).toBeLessThan(basic[2]!);
    expect(power[0]).toBeGreaterThan(basic[0]!);
  });

  it('returns null when a price is missing or not a price', () => {
    expect(getMarginFreeProbabilities([2, undefined, 3])).toBeNull();
    expect(getMarginFreeProbabilities([2, 1, 3])).toBeNull();
    expect(getMarginFreeProbabilities([2, Number.NaN, 3])).toBeNull();
  });
});

describe('getImpliedGoals', () => {
  it('finds the means that reproduce the over-2.5 probability and the home-minus-away gap', () => {
    const [home, away] = getImpliedGoals([0.55, 0.25, 0.2], 0.58);
    const f = getScoreForecast(home, away);
    expect(f.over25).toBeCloseTo(0.58, 6);
    expect(f.home - f.away).toBeCloseTo(0.35, 3);
    expect(home).toBeGreaterThan(away);
  });
});

describe('createMarketBlend', () => {
  // Four clubs of equal strength: every match 1-1 over one season.
  const teams = ['A', 'B', 'C', 'D'];
  const played: PlayedMatch[] = [];
  let day = 0;
  for (let round = 0; round < 6; round++) {
    for (const home of teams) {
      for (const away of teams) {
        if (home === away) continue;
        played.push({
          id: `${round}:${home}:${away}`,
          league: 'E0',
          season: '2023-2024',
          kickoffMs: Date.UTC(2023, 7, 1) + day++ * 86_400_000,
          home,
          away,
          homeGoals: 1,
          awayGoals: 1,
        });
      }
    }
  }
  const fixture = (preClosing: Fixture['preClosing']): Fixture => ({
    id: 'next',
    league: 'E0',
    season: '2023-2024',
    kickoffMs: Date.UTC(2024, 4, 1),
    home: 'A',
    away: 'B',
    preClosing,
  });

  it('follows the pre-closing prices where the results see equal clubs', () => {
    const model = createMarketBlend();
    for (const m of played) model.learn(m);
    const homeFavoured = model.forecast(fixture({ home: 1.3, draw: 5.5, away: 10 }));
    const awayFavoured = model.forecast(fixture({ home: 10, draw: 5.5, away: 1.3 }));
    expect(homeFavoured.home).toBeGreaterThan(0.65);
    expect(awayFavoured.away).toBeGreaterThan(0.65);
    const manyGoals = model.forecast(fixture({ over25: 1.4, under25: 3 }));
    const fewGoals = model.forecast(fixture({ over25: 3, under25: 1.4 }));
    expect(manyGoals.over25).toBeGreaterThan(0.6);
    expect(fewGoals.over25).toBeLessThan(0.4);
    expect(manyGoals.expectedHomeGoals + manyGoals.expectedAwayGoals).toBeGreaterThan(
      fewGoals.expectedHomeGoals + fewGoals.expectedAwayGoals,
    );
  });

  it('falls back to the results-only models without prices', () => {
    const model = createMarketBlend();
    for (const m of played) model.learn(m);
    const f = model.forecast(fixture(undefined));
    expect(f.home + f.draw + f.away).toBeCloseTo(1, 12);
    expect(f.draw).toBeGreaterThan(0.2);
  });
});

describe('Market Blend sharing the Dixon-Coles and Elo Ratings of its set', () => {
  // Two leagues over three seasons, with prices: enough for many refits of every fit.
  let matches: PlayedMatch[];
  beforeAll(async () => {
    matches = (await readPlayedMatches(RESULTS_FILE)).filter(
      (m) => ['E0', 'D1'].includes(m.league) && m.season >= '2019-2020' && m.season <= '2021-2022',
    );
  });

  it('forecasts every match exactly as with copies of its own that it refits itself', () => {
    const names = MODELS.map((factory) => factory().name);
    const together = runWalkForwardSet(matches, MODELS);
    const blend = together[names.indexOf('Market Blend')]!;
    const alone = runWalkForward(matches, () => createMarketBlend());
    expect(blend.size).toBe(matches.length);
    expect([...blend]).toEqual([...alone]);
    // The shared models forecast as they do walking alone, too.
    for (const name of ['Dixon-Coles', 'Elo Ratings']) {
      const index = names.indexOf(name);
      expect([...together[index]!]).toEqual([...runWalkForward(matches, MODELS[index]!)]);
    }
    // The stacking did its work: the blend is neither component nor the plain market.
    const last = matches.at(-1)!.id;
    expect(blend.get(last)!.home).not.toBe(together[names.indexOf('Dixon-Coles')]!.get(last)!.home);
  });

  it('forecasts with the models of its set and never teaches them', () => {
    const spy = (model: Model) => ({ ...model, forecast: vi.fn(model.forecast), learn: vi.fn() });
    const dixonColes = spy(createDixonColes());
    const elo = spy(createEloRatings());
    const set = createModelSet([() => elo, () => dixonColes, MODELS.at(-1)!]);
    const [match] = matches;
    const { homeGoals: _h, awayGoals: _a, shots: _s, ...fixture } = match!;
    set.at(-1)!.forecast(fixture);
    set.at(-1)!.learn(match!);
    expect(dixonColes.forecast).toHaveBeenCalledWith(fixture);
    expect(elo.forecast).toHaveBeenCalledWith(fixture);
    expect(dixonColes.learn).not.toHaveBeenCalled();
    expect(elo.learn).not.toHaveBeenCalled();
  });
});
