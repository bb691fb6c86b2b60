import * as z from 'zod';

import {
  emptyStatistics,
  type MatchFacts,
  type SideStatistics,
} from '../../../domain/match-facts.ts';
import type { ProviderMatchEvent } from '../provider.ts';
import { accountsForScore, cleanName, firstIssue, parseFigure } from '../upstream/match-details.ts';
import type { Drop } from './items.ts';

// Pure reading of what a fixture says beyond its score (NOTES.md §13): its goals from `events`,
// its figures from `statistics`, its referee. These parts are read one by one and never cost the
// match: an unreadable goal leaves the match without goals (the stored ones stay), an unreadable
// figure leaves that figure null. Each is reported to `drop` once read.

/** The `type` of each figure Touchline shows, as `/fixtures?ids=` and `/fixtures/statistics` spell it. */
export const STATISTIC_TYPES = {
  'Total Shots': 'shots',
  'Shots on Goal': 'shotsOnTarget',
  expected_goals: 'xg',
  'Corner Kicks': 'corners',
  Fouls: 'fouls',
  'Yellow Cards': 'yellowCards',
  'Red Cards': 'redCards',
} as const satisfies Record<string, keyof SideStatistics>;

const STATISTIC_KEYS = new Map<string, keyof SideStatistics>(Object.entries(STATISTIC_TYPES));

const GOAL_DETAILS = ['Normal Goal', 'Own Goal', 'Penalty', 'Missed Penalty'] as const;
/** `comments` of the kicks of a shoot-out, which are `Goal` events too but no goals. */
const SHOOT_OUT = 'Penalty Shootout';

const EventTypeSchema = z.object({ type: z.string() });

const NameSchema = z.nullish(z.object({ name: z.nullish(z.string()) }));

const GoalEventSchema = z.object({
  time: z.object({
    elapsed: z.int().nonnegative(),
    extra: z.nullish(z.int().nonnegative()),
  }),
  team: z.object({ id: z.int() }),
  player: NameSchema,
  assist: NameSchema,
  detail: z.enum(GOAL_DETAILS),
  comments: z.optional(z.unknown()),
});

const TeamStatisticsSchema = z.object({
  team: z.object({ id: z.int() }),
  statistics: z.array(z.unknown()),
});

const StatisticSchema = z.object({ type: z.string(), value: z.optional(z.unknown()) });

/** The fixture's two clubs by their API-Football ids, and its score (`goals`). */
export type FixtureSides = {
  homeId: number;
  awayId: number;
  homeScore: number | null;
  awayScore: number | null;
};

/** Where the fixture stands in its answer, for the drop report: its id and "response[3]". */
export type FixturePlace = { id: string; where: string };

/** The parts of a fixture item read here, as they came. */
export type FixtureExtras = { events?: unknown; statistics?: unknown; referee?: unknown };

function report(drop: Drop | undefined, place: FixturePlace, kind: string, reason: string) {
  drop?.({ kind, id: place.id, reason });
}

/**
 * The goals of a fixture's `events` in the order of play, or undefined when the answer carries
 * no `events` (a `date=` list) or one of its goals cannot be read (then reported to `drop`):
 * a list short of a goal must not replace the stored one. `team` is the side the goal counts
 * for, an own goal's too (§13); missed penalties and the kicks of a shoot-out are no goals.
 */
export function readGoals(
  events: unknown,
  sides: FixtureSides,
  place: FixturePlace,
  drop?: Drop,
): ProviderMatchEvent[] | undefined {
  if (events === undefined) return undefined;
  const where = `${place.where}.events`;
  if (!Array.isArray(events)) {
    report(drop, place, 'goals', `${where}: not a list`);
    return undefined;
  }
  const goals: ProviderMatchEvent[] = [];
  for (const [index, raw] of events.entries()) {
    const at = `${where}[${index}]`;
    const probe = EventTypeSchema.safeParse(raw);
    if (!probe.success) {
      report(drop, place, 'goals', firstIssue(at, probe.error));
      return undefined;
    }
    if (probe.data.type !== 'Goal') continue;
    const read = GoalEventSchema.safeParse(raw);
    if (!read.success) {
      report(drop, place, 'goals', firstIssue(at, read.error));
      return undefined;
    }
    const event = read.data;
    if (event.detail === 'Missed Penalty' || event.comments === SHOOT_OUT) continue;
    const side =
      event.team.id === sides.homeId ? 'home' : event.team.id === sides.awayId ? 'away' : null;
    if (side === null) {
      report(drop, place, 'goals', `${at}.team.id: ${event.team.id} is neither club`);
      return undefined;
    }
    const ownGoal = event.detail === 'Own Goal';
    goals.push({
      kind: 'goal',
      side,
      minute: event.time.elapsed,
      added: event.time.extra ?? 0,
      scorer: cleanName(event.player?.name),
      assist: cleanName(event.assist?.name),
      penalty: event.detail === 'Penalty',
      ownGoal,
    });
  }
  // Stable: goals of the same minute keep the API's order.
  return goals.sort((a, b) => a.minute - b.minute || a.added - b.added);
}

/**
 * Both clubs' figures from a fixture's `statistics` (`[{team: {id}, statistics: [{type,
 * value}]}]`), or null when the answer gives none. An entry or a value that cannot be read is
 * reported to `drop` and leaves its figures null; the other figures are kept.
 */
export function readStatistics(
  statistics: unknown,
  sides: FixtureSides,
  place: FixturePlace,
  drop?: Drop,
): { home: SideStatistics; away: SideStatistics } | null {
  if (!Array.isArray(statistics)) {
    if (statistics !== undefined && statistics !== null) {
      report(drop, place, 'statistics', `${place.where}.statistics: not a list`);
    }
    return null;
  }
  const result = { home: emptyStatistics(), away: emptyStatistics() };
  let known = 0;
  for (const [index, raw] of statistics.entries()) {
    const where = `${place.where}.statistics[${index}]`;
    const entry = TeamStatisticsSchema.safeParse(raw);
    if (!entry.success) {
      report(drop, place, 'statistics', firstIssue(where, entry.error));
      continue;
    }
    const { id } = entry.data.team;
    const side = id === sides.homeId ? result.home : id === sides.awayId ? result.away : null;
    if (side === null) {
      report(drop, place, 'statistics', `${where}.team.id: ${id} is neither club`);
      continue;
    }
    for (const [at, rawFigure] of entry.data.statistics.entries()) {
      const figureWhere = `${where}.statistics[${at}]`;
      const figure = StatisticSchema.safeParse(rawFigure);
      if (!figure.success) {
        report(drop, place, 'statistic', firstIssue(figureWhere, figure.error));
        continue;
      }
      const key = STATISTIC_KEYS.get(figure.data.type);
      if (key === undefined) continue;
      const value = parseFigure(figure.data.value, key === 'xg' ? 'decimal' : 'count');
      if (value === undefined) {
        const shown = JSON.stringify(figure.data.value)?.slice(0, 40) ?? String(figure.data.value);
        report(drop, place, 'statistic', `${figureWhere}.value: not a figure: ${shown}`);
        continue;
      }
      side[key] = value;
      if (value !== null) known++;
    }
  }
  return known > 0 ? result : null;
}

/**
 * The referee's name from `fixture.referee`, without the ", Country" API-Football adds to most
 * ("M. Oliver, England" → "M. Oliver"); null when there is none or it is no text.
 */
export function readReferee(referee: unknown): string | null {
  if (typeof referee !== 'string') return null;
  return cleanName(referee.replace(/,[^,]*$/, ''));
}

/**
 * What a fixture item says beyond its score: its goals (absent when the answer carries none, so
 * the stored ones stay) and its facts. The goals count as recorded only when the answer carries
 * them and they add up to the score.
 */
export function readFixtureDetails(
  extras: FixtureExtras,
  sides: FixtureSides,
  place: FixturePlace,
  drop?: Drop,
): { events?: ProviderMatchEvent[]; facts: MatchFacts } {
  const events = readGoals(extras.events, sides, place, drop);
  const facts: MatchFacts = {
    goalsRecorded:
      events !== undefined && accountsForScore(events, sides.homeScore, sides.awayScore),
    assistKind: 'assist',
    shots: null,
    statistics: readStatistics(extras.statistics, sides, place, drop),
    atFullTime: [],
    referee: readReferee(extras.referee),
    sources: ['api-football'],
  };
  return events === undefined ? { facts } : { events, facts };
}
