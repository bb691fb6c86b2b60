import type { LeaguePlaces } from './league.ts';
import { createRandom } from './seeded-random.ts';

/** A club's line in today's table. */
export type ProjectionClub = {
  key: string;
  points: number;
  goalsFor: number;
  goalsAgainst: number;
  played: number;
};

/** One final score of a fixture and its probability. */
export type ScoreChance = { home: number; away: number; probability: number };

/** A fixture still to play, with the distribution of its final score (it need not sum to 1). */
export type ProjectionFixture = { home: string; away: string; scores: readonly ScoreChance[] };

export type ProjectionInput = {
  table: readonly ProjectionClub[];
  fixtures: readonly ProjectionFixture[];
  places: LeaguePlaces;
  simulations: number;
  seed: string;
};

/** A club's season as the simulations end it: probabilities in [0, 1]. */
export type ClubProjection = {
  key: string;
  played: number;
  pointsNow: number;
  expectedPoints: number;
  title: number;
  championsLeague: number;
  relegation: number;
  relegationPlayoff: number;
  /** Probability of finishing 1st, 2nd, … last. */
  positions: number[];
};

/** Goals a score may give one side: far beyond any league result, and the table's key bound. */
const MAX_GOALS = 50;

function requireCount(name: string, value: number, max = Number.MAX_SAFE_INTEGER): void {
  if (!Number.isSafeInteger(value) || value < 0 || value > max) {
    throw new RangeError(`projection: ${name} must be a whole number from 0 to ${max}: ${value}`);
  }
}

/**
 * Each fixture's score distribution as a Walker alias table, so that a draw costs one random
 * number and one comparison however many scores a fixture has. Cells of fixture f are
 * offsets[f]..offsets[f + 1]: cell c is taken with probability cut[c] when a uniform draw lands
 * on it, its alias otherwise.
 */
type ScoreTables = {
  offsets: Int32Array;
  cut: Float64Array;
  alias: Int32Array;
  homeGoals: Int32Array;
  awayGoals: Int32Array;
};

function buildScoreTables(fixtures: readonly ProjectionFixture[]): ScoreTables {
  const offsets = new Int32Array(fixtures.length + 1);
  for (const [f, fixture] of fixtures.entries()) {
    offsets[f + 1] = offsets[f]! + fixture.scores.filter((s) => s.probability > 0).length;
  }
  const cells = offsets[fixtures.length]!;
  const tables: ScoreTables = {
    offsets,
    cut: new Float64Array(cells),
    alias: new Int32Array(cells),
    homeGoals: new Int32Array(cells),
    awayGoals: new Int32Array(cells),
  };
  for (const [f, fixture] of fixtures.entries()) {
    let total = 0;
    for (const score of fixture.scores) {
      requireCount('goals', score.home, MAX_GOALS);
      requireCount('goals', score.away, MAX_GOALS);
      if (!Number.isFinite(score.probability) || score.probability < 0) {
        throw new RangeError(`projection: a probability must be finite and at least 0`);
      }
      total += score.probability;
    }
    if (!(total > 0)) {
      throw new RangeError(`projection: ${fixture.home} v ${fixture.away} has no likely score`);
    }
    const start = offsets[f]!;
    const size = offsets[f + 1]! - start;
    let c = start;
    for (const score of fixture.scores) {
      if (score.probability <= 0) continue;
      tables.homeGoals[c] = score.home;
      tables.awayGoals[c] = score.away;
      tables.cut[c] = (score.probability / total) * size;
      c++;
    }
    fillAliases(tables.cut, tables.alias, start, size);
  }
  return tables;
}

/** Vose's alias method over cells start..start+size, whose `cut` holds probability × size. */
function fillAliases(cut: Float64Array, alias: Int32Array, start: number, size: number): void {
  const small: number[] = [];
  const large: number[] = [];
  for (let c = start; c < start + size; c++) {
    alias[c] = c;
    (cut[c]! < 1 ? small : large).push(c);
  }
  while (small.length > 0 && large.length > 0) {
    const less = small.pop()!;
    const more = large.pop()!;
    alias[less] = more;
    cut[more] = cut[more]! + cut[less]! - 1;
    (cut[more]! < 1 ? small : large).push(more);
  }
  // What is left is 1 up to rounding.
  for (const c of [...small, ...large]) cut[c] = 1;
}

/**
 * Plays the rest of the season `simulations` times: every fixture's score is drawn from its
 * distribution, and each final table is ranked by points, goal difference, then goals scored
 * (the order computeStandings gives), a tie on all three settled by lot, not by name: head to
 * head, which some leagues put before goal difference, is not modelled. Returns each club's
 * expected points, its chances of the title, the Champions League places, the relegation places
 * and the play-off place, and of each position, ordered by expected points. Deterministic for a
 * seed.
 */
export function projectSeason(input: ProjectionInput): ClubProjection[] {
  const { table, fixtures, places, simulations } = input;
  requireCount('simulations', simulations);
  if (simulations === 0) throw new RangeError('projection: simulations must be at least 1');
  for (const [name, value] of Object.entries(places)) requireCount(name, value);
  const n = table.length;
  const indexOf = new Map<string, number>();
  const basePoints = new Int32Array(n);
  const baseDifference = new Int32Array(n);
  const baseScored = new Int32Array(n);
  for (const [i, club] of table.entries()) {
    if (indexOf.has(club.key)) throw new RangeError(`projection: ${club.key} listed twice`);
    indexOf.set(club.key, i);
    for (const [name, value] of [
      ['points', club.points],
      ['goals for', club.goalsFor],
      ['goals against', club.goalsAgainst],
      ['played', club.played],
    ] as const) {
      requireCount(name, value, 1_000_000);
    }
    basePoints[i] = club.points;
    baseDifference[i] = club.goalsFor - club.goalsAgainst;
    baseScored[i] = club.goalsFor;
  }
  const homeOf = new Int32Array(fixtures.length);
  const awayOf = new Int32Array(fixtures.length);
  for (const [f, fixture] of fixtures.entries()) {
    const home = indexOf.get(fixture.home);
    const away = indexOf.get(fixture.away);
    if (home === undefined || away === undefined || home === away) {
      throw new RangeError(
        `projection: ${fixture.home} v ${fixture.away} names a club not in the table`,
      );
    }
    homeOf[f] = home;
    awayOf[f] = away;
  }
  const scores = buildScoreTables(fixtures);
  const { offsets, cut, alias, homeGoals, awayGoals } = scores;

  const random = createRandom(input.seed);
  const points = new Int32Array(n);
  const difference = new Int32Array(n);
  const scored = new Int32Array(n);
  const lot = new Float64Array(n);
  const order = Int32Array.from({ length: n }, (_, i) => i);
  const pointsTotal = new Float64Array(n);
  const finishes = new Int32Array(n * n);
  /** Whether club a ranks above club b in this simulation's table. */
  const ranksAbove = (a: number, b: number): boolean =>
    points[a]! !== points[b]!
      ? points[a]! > points[b]!
      : difference[a]! !== difference[b]!
        ? difference[a]! > difference[b]!
        : scored[a]! !== scored[b]!
          ? scored[a]! > scored[b]!
          : lot[a]! > lot[b]!;

  for (let s = 0; s < simulations; s++) {
    points.set(basePoints);
    difference.set(baseDifference);
    scored.set(baseScored);
    for (let f = 0; f < fixtures.length; f++) {
      const start = offsets[f]!;
      const spot = random() * (offsets[f + 1]! - start);
      const landed = start + Math.floor(spot);
      const cell = spot - Math.floor(spot) < cut[landed]! ? landed : alias[landed]!;
      const h = homeOf[f]!;
      const a = awayOf[f]!;
      const hg = homeGoals[cell]!;
      const ag = awayGoals[cell]!;
      if (hg > ag) points[h]! += 3;
      else if (hg < ag) points[a]! += 3;
      else {
        points[h]! += 1;
        points[a]! += 1;
      }
      difference[h]! += hg - ag;
      difference[a]! += ag - hg;
      scored[h]! += hg;
      scored[a]! += ag;
    }
    for (let i = 0; i < n; i++) lot[i] = random();
    // Insertion sort from the last simulation's order: tables differ little from one to the next.
    for (let i = 1; i < n; i++) {
      const club = order[i]!;
      let j = i - 1;
      while (j >= 0 && ranksAbove(club, order[j]!)) {
        order[j + 1] = order[j]!;
        j--;
      }
      order[j + 1] = club;
    }
    for (let position = 0; position < n; position++) {
      const club = order[position]!;
      finishes[club * n + position]! += 1;
      pointsTotal[club]! += points[club]!;
    }
  }

  const shareOf = (club: number, from: number, to: number): number => {
    let count = 0;
    for (let position = Math.max(0, from); position < Math.min(n, to); position++) {
      count += finishes[club * n + position]!;
    }
    return count / simulations;
  };
  const playoffEnd = n - places.relegation;
  return table
    .map((club, i) => ({
      key: club.key,
      played: club.played,
      pointsNow: club.points,
      expectedPoints: pointsTotal[i]! / simulations,
      title: shareOf(i, 0, 1),
      championsLeague: shareOf(i, 0, places.championsLeague),
      relegation: shareOf(i, playoffEnd, n),
      relegationPlayoff: shareOf(i, playoffEnd - places.relegationPlayoff, playoffEnd),
      positions: Array.from({ length: n }, (_, position) => shareOf(i, position, position + 1)),
    }))
    .sort(
      (a, b) =>
        b.expectedPoints - a.expectedPoints ||
        b.pointsNow - a.pointsNow ||
        a.key.localeCompare(b.key, 'en'),
    );
}
