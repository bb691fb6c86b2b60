import { beforeAll, describe, expect, it } from 'vitest';

import { DATA_DIR } from '../../../tests/helpers/real-replay-data.ts';
import type { HistoryMatch, ReplayDataset } from '../../domain/history.ts';
import { getUkKickoffMs } from '../../domain/time-zone.ts';
import { MODELS } from '../predict/models.ts';
import { readReplayDatasetFiles } from './import-history.ts';
import { replaySiteForecasts, type SiteForecast } from './replay-site-forecasts.ts';

/** The Premier League's 2022-23 with three seasons before it: enough to replay, and quick. */
async function readPremierLeague(): Promise<ReplayDataset> {
  const full = await readReplayDatasetFiles(DATA_DIR, '2022-2023');
  const premier = (m: HistoryMatch) => m.div === 'E0';
  return {
    ...full,
    matches: full.matches.filter(premier),
    earlierMatches: (full.earlierMatches ?? []).filter(
      (m) => premier(m) && m.season >= '2019-2020',
    ),
  };
}

/** The result the other way round, from `cutMs` on: every later match's story changes. */
function perturbFrom(dataset: ReplayDataset, cutMs: number): ReplayDataset {
  return {
    ...dataset,
    matches: dataset.matches.map((m) =>
      getUkKickoffMs(m.date, m.time) < cutMs
        ? m
        : {
            ...m,
            homeGoals: m.awayGoals + 2,
            awayGoals: m.homeGoals,
            htHomeGoals: m.htAwayGoals,
            htAwayGoals: m.htHomeGoals,
            homeShots: m.awayShots ?? null,
            awayShots: m.homeShots ?? null,
            homeShotsOnTarget: m.awayShotsOnTarget ?? null,
            awayShotsOnTarget: m.homeShotsOnTarget ?? null,
          },
    ),
  };
}

const keyOf = (v: SiteForecast) => `${v.matchId} ${v.model} ${v.version}`;

let dataset: ReplayDataset;
let replayed: Awaited<ReturnType<typeof replaySiteForecasts>>;

beforeAll(async () => {
  dataset = await readPremierLeague();
  replayed = await replaySiteForecasts(dataset, MODELS);
}, 240_000);

describe('replaySiteForecasts', () => {
  it('forecasts every match of the season with every model, each last written before kick-off', () => {
    const models = MODELS.map((factory) => factory().name);
    for (const model of models) {
      const own = replayed.forecasts.filter((f) => f.model === model);
      // A week with fewer than ten kick-offs is not replayed: its matches are never shown.
      expect(own.length).toBeGreaterThan(dataset.matches.length * 0.85);
    }
    for (const forecast of replayed.forecasts) {
      expect(forecast.writtenMs).toBeLessThan(forecast.kickoffMs);
      const { home, draw, away } = forecast.probabilities;
      expect((home ?? 0) + (draw ?? 0) + (away ?? 0)).toBeCloseTo(1, 9);
    }
    // Refreshed as results come in: most matches have more than one version.
    expect(replayed.versions.length).toBeGreaterThan(replayed.forecasts.length * 2);
  });

  it('stores nothing before a date that the results after it could change, for every model', async () => {
    const cutMs = Date.parse('2023-01-01T00:00:00Z');
    const perturbed = await replaySiteForecasts(perturbFrom(dataset, cutMs), MODELS);

    const before = (versions: SiteForecast[]) =>
      new Map(versions.filter((v) => v.writtenMs < cutMs).map((v) => [keyOf(v), v]));
    const original = before(replayed.versions);
    const changed = before(perturbed.versions);
    expect(original.size).toBeGreaterThan(1000);
    expect([...changed.keys()].sort()).toEqual([...original.keys()].sort());
    for (const [key, version] of original) {
      expect(changed.get(key)?.probabilities, key).toEqual(version.probabilities);
    }
    for (const model of MODELS.map((factory) => factory().name)) {
      expect([...original.values()].some((v) => v.model === model)).toBe(true);
    }

    // The perturbation reached the forecasts made after the date.
    const after = (versions: SiteForecast[]) =>
      versions.filter((v) => v.writtenMs >= cutMs && v.model === 'Elo Ratings');
    expect(after(perturbed.versions).map((v) => v.probabilities.home)).not.toEqual(
      after(replayed.versions).map((v) => v.probabilities.home),
    );
  }, 240_000);
});
