import type {
  Estimate,
  LeagueTrackRecord,
  PairedDifference,
  Reliability,
  SettledForecast,
  TrackRecord,
  TrackRecordRow,
  TrackRecordScope,
} from '../../domain/api/track-record.ts';
import { createRandom } from '../../domain/seeded-random.ts';
import {
  PAIRED_REFERENCES,
  scorePairedDifferences,
  SOURCE_NAMES,
  type Predictor,
} from '../predict/backtest.ts';
import {
  buildCalibrationTable,
  getFavourite,
  getOutcome,
  scoreLogLoss,
  scoreResults,
  scoreRps,
  type Outcome,
  type ResultProbabilities,
} from '../predict/metrics.ts';
import type { PlayedMatch } from '../predict/model.ts';
import type { SettledMatch } from './settled-match.ts';

/** Resamples of every bootstrap interval. */
export const RESAMPLES = 1000;
/** Settled matches listed with their forecasts. */
export const LATEST_SETTLED = 20;
const RELIABILITY_BINS = 10;
/** The normal quantile of a two-sided 95% interval. */
const Z_95 = 1.959964;

/** The bookmaker rows: name, and how a settled match gives its probabilities. */
const BOOKMAKERS: { name: string; read: (match: SettledMatch) => ResultProbabilities | null }[] = [
  { name: SOURCE_NAMES.pinnacle, read: (match) => match.pinnacle },
  { name: SOURCE_NAMES.average, read: (match) => match.average },
];

/** The UTC date of a kick-off: the backtest's match day. */
const dayOf = (kickoffMs: number) => new Date(kickoffMs).toISOString().slice(0, 10);

/**
 * The 95% Wilson score interval of a proportion, `successes` of `trials`; [0, 0] with no
 * trials. Unlike the normal approximation it stays inside [0, 1] and is sound for few trials.
 */
export function getWilsonInterval(successes: number, trials: number): { lo: number; hi: number } {
  if (trials === 0) return { lo: 0, hi: 0 };
  const p = successes / trials;
  const z2 = Z_95 * Z_95;
  const centre = p + z2 / (2 * trials);
  const spread = Z_95 * Math.sqrt((p * (1 - p) + z2 / (4 * trials)) / trials);
  const scale = 1 + z2 / trials;
  return {
    lo: Math.max(0, (centre - spread) / scale),
    hi: Math.min(1, (centre + spread) / scale),
  };
}

/**
 * The 95% percentile interval of a mean from resampling whole match days, as the backtest does
 * for its paired differences: a day's matches share news, weather and line moves, so they are
 * not independent draws. Seeded: the same values give the same interval. Null bounds with
 * fewer than two days: one day resampled is always itself, which says nothing of the spread.
 */
export function bootstrapDayMean(
  items: readonly { value: number; day: string }[],
  seed: string,
  resamples = RESAMPLES,
): { lo: number | null; hi: number | null } {
  const dayIndex = new Map<string, number>();
  for (const { day } of items) if (!dayIndex.has(day)) dayIndex.set(day, dayIndex.size);
  const days = dayIndex.size;
  if (days < 2) return { lo: null, hi: null };
  const daySum = new Float64Array(days);
  const dayCount = new Float64Array(days);
  for (const { value, day } of items) {
    const d = dayIndex.get(day) as number;
    daySum[d]! += value;
    dayCount[d]! += 1;
  }
  const random = createRandom(seed);
  const means = new Float64Array(resamples);
  for (let r = 0; r < resamples; r++) {
    let sum = 0;
    let count = 0;
    for (let k = 0; k < days; k++) {
      const d = Math.floor(random() * days);
      sum += daySum[d]!;
      count += dayCount[d]!;
    }
    means[r] = sum / count;
  }
  means.sort();
  const at = (q: number) => means[Math.min(resamples - 1, Math.floor(q * resamples))]!;
  return { lo: at(0.025), hi: at(0.975) };
}

type Scored = { match: SettledMatch; p: ResultProbabilities; outcome: Outcome };

const outcomeOf = (match: SettledMatch) => getOutcome(match.homeGoals, match.awayGoals);

/** The matches a row forecast, with its probabilities. */
function collect(
  matches: readonly SettledMatch[],
  read: (match: SettledMatch) => ResultProbabilities | null,
): Scored[] {
  return matches.flatMap((match) => {
    const p = read(match);
    return p === null ? [] : [{ match, p, outcome: outcomeOf(match) }];
  });
}

const modelForecast = (model: string) => (match: SettledMatch) =>
  match.forecasts.find((f) => f.model === model)?.p ?? null;

function scoreRow(
  name: string,
  kind: TrackRecordRow['kind'],
  scored: readonly Scored[],
  seed: string,
): TrackRecordRow {
  const means = scoreResults(scored);
  const interval = (value: number, score: (item: Scored) => number, metric: string): Estimate => ({
    value,
    ...bootstrapDayMean(
      scored.map((item) => ({ value: score(item), day: dayOf(item.match.kickoffMs) })),
      `${seed}:${name}:${metric}`,
    ),
  });
  const correct = scored.filter((item) => getFavourite(item.p) === item.outcome).length;
  return {
    name,
    kind,
    matches: means.matches,
    rps: interval(means.rps, (item) => scoreRps(item.p, item.outcome), 'rps'),
    log_loss: interval(means.logloss, (item) => scoreLogLoss(item.p, item.outcome), 'log loss'),
    accuracy: { value: means.accuracy, ...getWilsonInterval(correct, means.matches) },
  };
}

/** A settled match as the backtest's paired bootstrap reads one. */
function toPlayedMatch(match: SettledMatch): PlayedMatch {
  return {
    id: String(match.id),
    league: match.league.slug,
    season: '',
    kickoffMs: match.kickoffMs,
    home: match.home,
    away: match.away,
    homeGoals: match.homeGoals,
    awayGoals: match.awayGoals,
  };
}

function toPredictor(
  name: string,
  kind: 'model' | 'bookmaker',
  read: (match: SettledMatch) => ResultProbabilities | null,
  byId: ReadonlyMap<string, SettledMatch>,
): Predictor {
  return {
    name,
    kind,
    usesOdds: kind === 'bookmaker',
    result: (played) => {
      const match = byId.get(played.id);
      return match === undefined ? null : read(match);
    },
    over25: () => null,
  };
}

/**
 * Each model's RPS minus each bookmaker's on the matches both forecast, with the backtest's
 * 95% interval from resampling match days.
 */
function scorePaired(matches: readonly SettledMatch[], models: readonly string[]) {
  const byId = new Map(matches.map((match) => [String(match.id), match]));
  const paired: PairedDifference[] = [];
  for (const against of PAIRED_REFERENCES) {
    const bookmaker = BOOKMAKERS.find((b) => b.name === against);
    if (bookmaker === undefined) continue;
    for (const model of models) {
      const read = modelForecast(model);
      const common = matches.filter((m) => read(m) !== null && bookmaker.read(m) !== null);
      if (common.length === 0) continue;
      const [difference] = scorePairedDifferences(
        common.map(toPlayedMatch),
        [
          toPredictor(model, 'model', read, byId),
          toPredictor(against, 'bookmaker', bookmaker.read, byId),
        ],
        RESAMPLES,
      );
      if (difference === undefined) continue;
      const days = new Set(common.map((m) => dayOf(m.kickoffMs))).size;
      paired.push({
        ...difference,
        matches: common.length,
        ...(days < 2 ? { lo: null, hi: null } : {}),
      });
    }
  }
  return paired;
}

function toReliability(model: string, scored: readonly Scored[]): Reliability {
  return {
    model,
    bins: buildCalibrationTable(scored, RELIABILITY_BINS).map((bin) => ({
      from: bin.from,
      to: bin.to,
      count: bin.count,
      mean_predicted: bin.count === 0 ? null : bin.meanPredicted,
      observed: bin.count === 0 ? null : bin.observed,
    })),
  };
}

function toSettledForecast(match: SettledMatch, models: readonly string[]): SettledForecast {
  const outcome = outcomeOf(match);
  return {
    match: {
      id: match.id,
      home: match.home,
      away: match.away,
      kickoff: new Date(match.kickoffMs).toISOString(),
      league_slug: match.league.slug,
      home_score: match.homeGoals,
      away_score: match.awayGoals,
    },
    outcome,
    forecasts: models.flatMap((model) => {
      const p = modelForecast(model)(match);
      if (p === null) return [];
      const pick = getFavourite(p);
      return [{ model, pick, probability: p[pick], correct: pick === outcome }];
    }),
  };
}

/** The record over a set of matches (oldest first), seeded by `scope` so each is stable. */
function scoreScope(
  matches: readonly SettledMatch[],
  models: readonly string[],
  scope: string,
): TrackRecordScope {
  const byModel = models
    .map((model) => ({ model, scored: collect(matches, modelForecast(model)) }))
    .filter(({ scored }) => scored.length > 0);
  const bookmakers = BOOKMAKERS.map((b) => ({ name: b.name, scored: collect(matches, b.read) }));
  const latest = matches.slice(-LATEST_SETTLED).reverse();
  return {
    matches: matches.length,
    rows: [
      ...byModel.map(({ model, scored }) => scoreRow(model, 'model', scored, scope)),
      ...bookmakers
        .filter(({ scored }) => scored.length > 0)
        .map(({ name, scored }) => scoreRow(name, 'bookmaker', scored, scope)),
    ],
    paired: scorePaired(matches, models),
    reliability: byModel.map(({ model, scored }) => toReliability(model, scored)),
    latest: latest.map((match) => toSettledForecast(match, models)),
  };
}

/** Model names in display order: those `order` knows as it lists them, then the rest by name. */
export function orderModels(names: Iterable<string>, order: readonly string[]): string[] {
  const rank = (name: string) => {
    const i = order.indexOf(name);
    return i === -1 ? order.length : i;
  };
  return [...new Set(names)].sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
}

/**
 * The track record of settled matches (oldest first): every model and the bookmakers scored over
 * all leagues and per league, paired differences, reliability tables and the latest matches.
 */
export function scoreTrackRecord(
  matches: readonly SettledMatch[],
  modelOrder: readonly string[],
): TrackRecord {
  const models = orderModels(
    matches.flatMap((match) => match.forecasts.map((f) => f.model)),
    modelOrder,
  );
  const leagues = new Map<string, SettledMatch['league']>();
  for (const match of matches) leagues.set(match.league.slug, match.league);
  const byLeague: LeagueTrackRecord[] = [...leagues.values()]
    .sort((a, b) => a.order - b.order || a.slug.localeCompare(b.slug))
    .map((league) => ({
      slug: league.slug,
      name: league.name,
      ...scoreScope(
        matches.filter((match) => match.league.slug === league.slug),
        models,
        league.slug,
      ),
    }));
  return { models, pooled: scoreScope(matches, models, 'all'), by_league: byLeague };
}
