import { createModelSet, type Forecast, type ModelFactory, type PlayedMatch } from './model.ts';

/**
 * Walks a model forward through played matches in kick-off order (stable sort, so ties keep their
 * input order). Matches sharing a kick-off instant are all forecast before any of them is learnt,
 * so no forecast can see a result that was not known before its own kick-off.
 * Returns the forecast of every match, keyed by match id.
 */
export function runWalkForward(
  matches: PlayedMatch[],
  factory: ModelFactory,
): Map<string, Forecast> {
  return runWalkForwardSet(matches, [factory])[0]!;
}

/**
 * Walks a set of models (createModelSet) forward together, as runWalkForward walks one: each
 * model is shown the same fixtures and results in the same order as if it walked alone, and a
 * model sharing another's forecasts gets them without a copy of that model learning everything
 * again. Returns each model's forecasts, in the order of `factories`.
 */
export function runWalkForwardSet(
  matches: PlayedMatch[],
  factories: readonly ModelFactory[],
): Map<string, Forecast>[] {
  const models = createModelSet(factories);
  const ordered = matches
    .map((match, index) => ({ match, index }))
    .sort((a, b) => a.match.kickoffMs - b.match.kickoffMs || a.index - b.index)
    .map((entry) => entry.match);
  const forecasts = models.map(() => new Map<string, Forecast>());
  let start = 0;
  while (start < ordered.length) {
    const kickoffMs = ordered[start]!.kickoffMs;
    let end = start;
    while (end < ordered.length && ordered[end]!.kickoffMs === kickoffMs) end++;
    for (let i = start; i < end; i++) {
      const { homeGoals: _h, awayGoals: _a, shots: _s, ...fixture } = ordered[i]!;
      models.forEach((model, m) => forecasts[m]!.set(fixture.id, model.forecast(fixture)));
    }
    for (let i = start; i < end; i++) for (const model of models) model.learn(ordered[i]!);
    start = end;
  }
  return forecasts;
}
