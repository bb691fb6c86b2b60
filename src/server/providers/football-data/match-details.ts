import * as z from 'zod';

import {
  emptyStatistics,
  type MatchFacts,
  type SideStatistics,
} from '../../../domain/match-facts.ts';
import type { ProviderMatchEvent } from '../provider.ts';
import type { DroppedItem } from '../upstream/http.ts';
import { accountsForScore, cleanName, firstIssue, parseFigure } from '../upstream/match-details.ts';

// Pure reading of what a match object says beyond its score (NOTES.md §10): `goals` (plans that
// include them), `referees`, and the clubs' `statistics`. Each part is read on its own and never
// costs the match: an unreadable goal leaves the match without goals (the stored ones stay), an
// unreadable figure leaves that figure null. What is left out is reported to `noteDropped`.

/** The figures Touchline shows, by their key in a club's `statistics`. */
const STATISTIC_KEYS = new Map<string, keyof SideStatistics>([
  ['shots', 'shots'],
  ['shots_on_goal', 'shotsOnTarget'],
  ['corner_kicks', 'corners'],
  ['fouls', 'fouls'],
  ['yellow_cards', 'yellowCards'],
  ['red_cards', 'redCards'],
]);

const GoalSchema = z.object({
  minute: z.union([
    z.int().nonnegative(),
    z
      .string()
      .regex(/^\d{1,3}$/)
      .transform(Number),
  ]),
  injuryTime: z.int().nonnegative().nullish(),
  type: z.enum(['REGULAR', 'OWN', 'PENALTY']),
  team: z.object({ id: z.int() }),
  scorer: z.object({ name: z.string().nullish() }).nullish(),
  assist: z.object({ name: z.string().nullish() }).nullish(),
  // The score after the goal: read apart, it only confirms the side.
  score: z.unknown().optional(),
});

const RunningScoreSchema = z.object({ home: z.int().nonnegative(), away: z.int().nonnegative() });

const RefereeSchema = z.object({ name: z.string(), type: z.string() });

/** The match's clubs by their football-data ids, and its score as the board shows it. */
export type MatchSides = {
  homeId: number;
  awayId: number;
  homeScore: number | null;
  awayScore: number | null;
};

/** What the match object carries beyond its score, as it came. */
export type MatchExtras = {
  goals?: unknown;
  referees?: unknown;
  homeStatistics?: unknown;
  awayStatistics?: unknown;
};

type Report = (kind: string, reason: string) => void;

/**
 * The side a goal counts for. The score after it (`score`) says so whatever `type` is; where it
 * is missing or does not step by one goal, `team`, which names the side the goal counts for
 * (an own goal's beneficiary, NOTES.md §10).
 */
function findSide(
  score: unknown,
  before: { home: number; away: number },
  teamSide: 'home' | 'away' | null,
): 'home' | 'away' | null {
  const after = RunningScoreSchema.safeParse(score);
  if (after.success) {
    const { home, away } = after.data;
    if (home === before.home + 1 && away === before.away) return 'home';
    if (away === before.away + 1 && home === before.home) return 'away';
  }
  return teamSide;
}

/**
 * The goals of a match's `goals` in the order of play, or undefined when the object has no
 * `goals` (the free plan) or one of them cannot be read (reported): a list short of a goal
 * must not replace the stored one.
 */
export function readGoals(
  goals: unknown,
  sides: MatchSides,
  where: string,
  report: Report,
): ProviderMatchEvent[] | undefined {
  if (goals === undefined || goals === null) return undefined;
  if (!Array.isArray(goals)) {
    report('goals', `${where}.goals: not a list`);
    return undefined;
  }
  const events: ProviderMatchEvent[] = [];
  const score = { home: 0, away: 0 };
  for (const [index, raw] of goals.entries()) {
    const at = `${where}.goals[${index}]`;
    const read = GoalSchema.safeParse(raw);
    if (!read.success) {
      report('goals', firstIssue(at, read.error));
      return undefined;
    }
    const goal = read.data;
    const teamSide =
      goal.team.id === sides.homeId ? 'home' : goal.team.id === sides.awayId ? 'away' : null;
    const side = findSide(goal.score, score, teamSide);
    if (side === null) {
      report('goals', `${at}.team.id: ${goal.team.id} is neither club`);
      return undefined;
    }
    score[side]++;
    events.push({
      kind: 'goal',
      side,
      minute: goal.minute,
      added: goal.injuryTime ?? 0,
      scorer: cleanName(goal.scorer?.name),
      assist: cleanName(goal.assist?.name),
      penalty: goal.type === 'PENALTY',
      ownGoal: goal.type === 'OWN',
    });
  }
  // Stable: goals of the same minute keep the API's order.
  return events.sort((a, b) => a.minute - b.minute || a.added - b.added);
}

/** One club's figures from its `statistics` object, and how many it gave. */
function readSide(raw: unknown, where: string, report: Report): [SideStatistics, number] {
  const side = emptyStatistics();
  if (raw === undefined || raw === null) return [side, 0];
  if (typeof raw !== 'object' || Array.isArray(raw)) {
    report('statistics', `${where}: not an object`);
    return [side, 0];
  }
  let known = 0;
  for (const [name, value] of Object.entries(raw)) {
    const key = STATISTIC_KEYS.get(name);
    if (key === undefined) continue;
    const figure = parseFigure(value);
    if (figure === undefined) {
      const shown = JSON.stringify(value)?.slice(0, 40) ?? String(value);
      report('statistic', `${where}.${name}: not a figure: ${shown}`);
      continue;
    }
    side[key] = figure;
    if (figure !== null) known++;
  }
  return [side, known];
}

/**
 * Both clubs' figures from `homeTeam.statistics` and `awayTeam.statistics`, or null when the
 * object gives none. Expected goals are not among them.
 */
export function readStatistics(
  extras: Pick<MatchExtras, 'homeStatistics' | 'awayStatistics'>,
  where: string,
  report: Report,
): { home: SideStatistics; away: SideStatistics } | null {
  const [home, homeKnown] = readSide(extras.homeStatistics, `${where}.homeTeam.statistics`, report);
  const [away, awayKnown] = readSide(extras.awayStatistics, `${where}.awayTeam.statistics`, report);
  return homeKnown + awayKnown > 0 ? { home, away } : null;
}

/** The name of the first of `referees` whose type is REFEREE; null when none is. */
export function readReferee(referees: unknown): string | null {
  if (!Array.isArray(referees)) return null;
  for (const raw of referees) {
    const read = RefereeSchema.safeParse(raw);
    if (read.success && read.data.type === 'REFEREE') {
      const name = cleanName(read.data.name);
      if (name !== null) return name;
    }
  }
  return null;
}

/**
 * What a match object says beyond its score: its goals (absent when it has none, so the stored
 * ones stay) and its facts. The goals count as recorded only when the object has them and they
 * add up to the score.
 */
export function readMatchDetails(
  extras: MatchExtras,
  sides: MatchSides,
  place: { id: string; where: string },
  noteDropped: (item: DroppedItem) => void,
): { events?: ProviderMatchEvent[]; facts: MatchFacts } {
  const report: Report = (kind, reason) => noteDropped({ kind, id: place.id, reason });
  const events = readGoals(extras.goals, sides, place.where, report);
  const facts: MatchFacts = {
    goalsRecorded:
      events !== undefined && accountsForScore(events, sides.homeScore, sides.awayScore),
    assistKind: 'assist',
    shots: null,
    statistics: readStatistics(extras, place.where, report),
    atFullTime: [],
    referee: readReferee(extras.referees),
    sources: ['football-data-org'],
  };
  return events === undefined ? { facts } : { events, facts };
}
