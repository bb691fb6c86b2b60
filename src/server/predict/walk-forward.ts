import type { Forecast, ModelFactory, PlayedMatch } from './model.ts';

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
  const model = factory();
  const ordered = matches
    .map((match, index) => ({ match, index }))
    .sort((a, b) => a.match.kickoffMs - b.match.kickoffMs || a.index - b.index)
    .map((entry) => entry.match);
  const forecasts = new Map<string, Forecast>();
  let start = 0;
  while (start < ordered.length) {
    const kickoffMs = ordered[start]!.kickoffMs;
    let end = start;
    while (end < ordered.length && ordered[end]!.kickoffMs === kickoffMs) end++;
    for (let i = start; i < end; i++) {
      const { homeGoals: _h, awayGoals: _a, shots: _s, ...fixture } = ordered[i]!;
      forecasts.set(ordered[i]!.id, model.forecast(fixture));
    }
    for (let i = start; i < end; i++) model.learn(ordered[i]!);
    start = end;
  }
  return forecasts;
}
