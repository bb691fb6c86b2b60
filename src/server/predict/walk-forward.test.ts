import path from 'node:path';

import { beforeAll, describe, expect, it } from 'vitest';

import { readPlayedMatches } from './history.ts';
import type { Fixture, Forecast, Model, PlayedMatch } from './model.ts';
import { MODELS } from './models.ts';
import { runWalkForward } from './walk-forward.ts';

const RESULTS_FILE = path.resolve(import.meta.dirname, '../../../data/results.csv.gz');

const FLAT: Forecast = {
  home: 0.45,
  draw: 0.27,
  away: 0.28,
  expectedHomeGoals: 1.5,
  expectedAwayGoals: 1.2,
  over25: 0.5,
  under25: 0.5,
};

function makeMatch(id: string, kickoffMs: number, homeGoals = 1, awayGoals = 0): PlayedMatch {
  return {
    id,
    league: 'E0',
    season: '2023-2024',
    kickoffMs,
    home: `${id}-home`,
    away: `${id}-away`,
    homeGoals,
    awayGoals,
    shots: { home: 12, away: 7, homeOnTarget: 5, awayOnTarget: 2 },
  };
}

/** A model that records what it is shown, in order. */
function createRecorder(log: string[], seen: Fixture[]): Model {
  return {
    name: 'Recorder',
    usesOdds: false,
    learn: (match) => void log.push(`learn ${match.id}`),
    forecast: (fixture) => {
      log.push(`forecast ${fixture.id}`);
      seen.push(fixture);
      return FLAT;
    },
  };
}

describe('runWalkForward', () => {
  it('forecasts every match of a kick-off instant before learning any of them, in kick-off order', () => {
    const log: string[] = [];
    const matches = [
      makeMatch('c', 3_000),
      makeMatch('a1', 1_000),
      makeMatch('b1', 2_000),
      makeMatch('a2', 1_000),
      makeMatch('b2', 2_000),
    ];
    const forecasts = runWalkForward(matches, () => createRecorder(log, []));
    expect(log).toEqual([
      'forecast a1',
      'forecast a2',
      'learn a1',
      'learn a2',
      'forecast b1',
      'forecast b2',
      'learn b1',
      'learn b2',
      'forecast c',
      'learn c',
    ]);
    expect([...forecasts.keys()].sort()).toEqual(['a1', 'a2', 'b1', 'b2', 'c']);
  });

  it('never shows the forecast its fixture’s result', () => {
    const seen: Fixture[] = [];
    runWalkForward([makeMatch('a', 1_000, 3, 2)], () => createRecorder([], seen));
    expect(seen).toHaveLength(1);
    expect(seen[0]).not.toHaveProperty('homeGoals');
    expect(seen[0]).not.toHaveProperty('awayGoals');
    expect(seen[0]).not.toHaveProperty('shots');
    expect(seen[0]).toMatchObject({ id: 'a', home: 'a-home', away: 'a-away' });
  });
});

describe.each(MODELS.map((factory) => [factory().name, factory] as const))(
  'walking %s forward',
  (_name, factory) => {
    // Three Premier League seasons; every result from 1 January 2021 on is then changed.
    let matches: PlayedMatch[];
    let cutoffMs: number;
    beforeAll(async () => {
      const seasons = ['2019-2020', '2020-2021', '2021-2022'];
      matches = (await readPlayedMatches(RESULTS_FILE)).filter(
        (m) => m.league === 'E0' && seasons.includes(m.season),
      );
      cutoffMs = matches
        .map((m) => m.kickoffMs)
        .filter((t) => t >= Date.UTC(2021, 0, 1))
        .reduce((a, b) => Math.min(a, b));
    });

    it('leaves every forecast before a date unchanged when every result from that date on changes', () => {
      const changed = matches.map((m) =>
        m.kickoffMs >= cutoffMs
          ? {
              ...m,
              homeGoals: m.awayGoals + 1,
              awayGoals: m.homeGoals,
              shots: { home: 30, away: 1, homeOnTarget: 15, awayOnTarget: 0 },
            }
          : m,
      );
      const original = runWalkForward(matches, factory);
      const altered = runWalkForward(changed, factory);
      const before = matches.filter((m) => m.kickoffMs < cutoffMs);
      expect(before.length).toBeGreaterThan(400);
      for (const m of before) expect(altered.get(m.id)).toEqual(original.get(m.id));
      // The matches kicking off at the cut-off itself had their own results changed.
      const atCutoff = matches.filter((m) => m.kickoffMs === cutoffMs);
      expect(atCutoff.length).toBeGreaterThan(0);
      for (const m of atCutoff) expect(altered.get(m.id)).toEqual(original.get(m.id));
      // ...and the change does reach later forecasts, so the test has teeth.
      const after = matches.filter((m) => m.kickoffMs > cutoffMs);
      expect(after.some((m) => altered.get(m.id)!.home !== original.get(m.id)!.home)).toBe(true);
    });

    it('gives the same forecasts on every run', () => {
      const first = runWalkForward(matches, factory);
      const second = runWalkForward(matches, factory);
      expect([...second]).toEqual([...first]);
    });
  },
);
