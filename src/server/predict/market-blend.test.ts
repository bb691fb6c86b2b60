import { describe, expect, it } from 'vitest';

import { createMarketBlend, getImpliedGoals, getMarginFreeProbabilities } from './market-blend.ts';
import type { Fixture, PlayedMatch } from './model.ts';
import { getScoreForecast } from './score-grid.ts';

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
