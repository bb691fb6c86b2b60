import path from 'node:path';

import { beforeAll, describe, expect, it } from 'vitest';

import { readPlayedMatches } from './history.ts';
import type { Fixture, Forecast, Model, PlayedMatch } from './model.ts';
import { MODELS } from './models.ts';
import { getOver25Probability } from './score-grid.ts';
import { runWalkForward } from './walk-forward.ts';

const RESULTS_FILE = path.resolve(import.meta.dirname, '../../../data/results.csv.gz');
const SEASONS = ['2019-2020', '2020-2021', '2021-2022'];
const SCORED = '2021-2022';

/**
 * What each model must reach on the Premier League 2021-22, walked forward from 2019-20
 * (the naive baseline, last season's frequencies, scores RPS 0.238 and over/under log loss 0.693;
 * the plain pre-closing market 0.189 and 0.682).
 */
const THRESHOLDS: Record<string, { rps: number; overUnderLogLoss: number }> = {
  'Elo Ratings': { rps: 0.2, overUnderLogLoss: 0.695 },
  'Dixon-Coles': { rps: 0.2, overUnderLogLoss: 0.687 },
  'Shot Ratings': { rps: 0.197, overUnderLogLoss: 0.687 },
  'Market Blend': { rps: 0.192, overUnderLogLoss: 0.687 },
};

function getRps(f: Forecast, m: PlayedMatch): number {
  const home = m.homeGoals > m.awayGoals ? 1 : 0;
  const draw = m.homeGoals === m.awayGoals ? 1 : 0;
  return 0.5 * ((f.home - home) ** 2 + (f.home + f.draw - home - draw) ** 2);
}

function getOverUnderLogLoss(f: Forecast, m: PlayedMatch): number {
  return -Math.log(m.homeGoals + m.awayGoals > 2.5 ? f.over25 : f.under25);
}

function mean(values: number[]): number {
  return values.reduce((a, b) => a + b, 0) / values.length;
}

let matches: PlayedMatch[];
beforeAll(async () => {
  matches = (await readPlayedMatches(RESULTS_FILE)).filter(
    (m) => m.league === 'E0' && SEASONS.includes(m.season),
  );
});

it('holds a threshold for every model', () => {
  expect(Object.keys(THRESHOLDS).sort()).toEqual(MODELS.map((factory) => factory().name).sort());
});

describe.each(MODELS.map((factory) => [factory().name, factory] as const))(
  '%s',
  (name, factory) => {
    let forecasts: Map<string, Forecast>;
    let trained: Model;
    beforeAll(() => {
      forecasts = runWalkForward(matches, factory);
      trained = factory();
      for (const m of matches) trained.learn(m);
    });

    it('gives probabilities strictly between 0 and 1 that sum to 1, and positive expected goals', () => {
      expect(forecasts.size).toBe(matches.length);
      for (const f of forecasts.values()) {
        for (const p of [f.home, f.draw, f.away, f.over25, f.under25]) {
          expect(p).toBeGreaterThan(0);
          expect(p).toBeLessThan(1);
        }
        expect(f.home + f.draw + f.away).toBeCloseTo(1, 12);
        expect(f.over25 + f.under25).toBeCloseTo(1, 12);
        expect(f.expectedHomeGoals).toBeGreaterThan(0);
        expect(f.expectedAwayGoals).toBeGreaterThan(0);
      }
    });

    it('prices over 2.5 as Poisson total goals with its expected goals', () => {
      for (const f of forecasts.values()) {
        const total = f.expectedHomeGoals + f.expectedAwayGoals;
        expect(f.over25).toBeCloseTo(getOver25Probability(total), 6);
      }
    });

    it('favours a much stronger club, at home and away', () => {
      // Man City won the 2021-22 title; Norwich finished bottom.
      const fixture = (home: string, away: string): Fixture => ({
        id: `E0:2022-05-29:${home}:${away}`,
        league: 'E0',
        season: SCORED,
        kickoffMs: Date.UTC(2022, 4, 29, 15),
        home,
        away,
      });
      const cityAtHome = trained.forecast(fixture('Man City', 'Norwich'));
      expect(cityAtHome.home).toBeGreaterThan(0.6);
      expect(cityAtHome.home).toBeGreaterThan(cityAtHome.away * 4);
      expect(cityAtHome.expectedHomeGoals).toBeGreaterThan(cityAtHome.expectedAwayGoals + 1);
      const cityAway = trained.forecast(fixture('Norwich', 'Man City'));
      expect(cityAway.away).toBeGreaterThan(0.5);
      expect(cityAway.away).toBeGreaterThan(cityAway.home * 2);
    });

    it('rates newly promoted clubs below the average club that stayed up', () => {
      // Brentford, Norwich and Watford came up for 2021-22 (Norwich and Watford had been relegated
      // in 2020, so the models have older results of theirs).
      const model = factory();
      for (const m of matches) if (m.season < SCORED) model.learn(m);
      const clubs = (season: string) =>
        new Set(matches.filter((m) => m.season === season).map((m) => m.home));
      const before = clubs('2020-2021');
      const stayedUp = [...clubs(SCORED)].filter((club) => before.has(club));
      const homeWin = (home: string) =>
        mean(
          stayedUp
            .filter((away) => away !== home)
            .map(
              (away) =>
                model.forecast({
                  id: `E0:2021-08-13:${home}:${away}`,
                  league: 'E0',
                  season: SCORED,
                  kickoffMs: Date.UTC(2021, 7, 13, 19),
                  home,
                  away,
                }).home,
            ),
        );
      const average = mean(stayedUp.map(homeWin));
      for (const promoted of ['Brentford', 'Norwich', 'Watford']) {
        expect(homeWin(promoted)).toBeLessThan(average - 0.05);
      }
    });

    it(`beats the naive baseline on the ${SCORED} season`, () => {
      const scored = matches.filter((m) => m.season === SCORED);
      const rps = mean(scored.map((m) => getRps(forecasts.get(m.id)!, m)));
      const overUnder = mean(scored.map((m) => getOverUnderLogLoss(forecasts.get(m.id)!, m)));
      expect(rps).toBeLessThan(THRESHOLDS[name]!.rps);
      expect(overUnder).toBeLessThan(THRESHOLDS[name]!.overUnderLogLoss);
    });
  },
);
