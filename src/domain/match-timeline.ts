import * as z from 'zod/mini';

import { createRandom, pickInt, type Random } from './seeded-random.ts';

const MINUTE_MS = 60 * 1000;
const HALF_TIME_BREAK_MINUTES = 15;
/** Share of a half's goals that fall in its added time. */
const STOPPAGE_GOAL_PROBABILITY = 0.05;

export const TimelineGoalSchema = z.object({
  side: z.enum(['home', 'away']),
  half: z.union([z.literal(1), z.literal(2)]),
  /** Minute of play, 1..45 in the first half and 46..90 in the second. */
  minute: z.int(),
  /** Minutes into added time (45+added or 90+added); 0 outside it. */
  added: z.int(),
});
export type TimelineGoal = z.infer<typeof TimelineGoalSchema>;

export const MatchTimelineSchema = z.object({
  /** Drawn (1..5 and 2..8) unless a recorded shot came later in added time. */
  firstHalfAdded: z.int().check(z.minimum(1), z.maximum(60)),
  secondHalfAdded: z.int().check(z.minimum(2), z.maximum(60)),
  goals: z.array(TimelineGoalSchema),
});
export type MatchTimeline = z.infer<typeof MatchTimelineSchema>;

/** A real result: the final score and, when known, the half-time score. */
export type MatchScore = {
  home: number;
  away: number;
  htHome: number | null;
  htAway: number | null;
};

export type MatchState = {
  status: 'scheduled' | 'live' | 'halftime' | 'finished';
  /** '' before kick-off, '1'…'45', '45+k', 'HT', '46'…'90', '90+k', 'FT'. */
  minute: string;
  home: number;
  away: number;
};

function requireGoalCount(value: number, name: string): void {
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new RangeError(`match timeline: ${name} is not a goal count: ${value}`);
  }
}

function drawGoal(
  random: Random,
  side: TimelineGoal['side'],
  half: TimelineGoal['half'],
  halfAdded: number,
): TimelineGoal {
  const lastMinute = half === 1 ? 45 : 90;
  if (random() < STOPPAGE_GOAL_PROBABILITY) {
    return { side, half, minute: lastMinute, added: pickInt(random, 1, halfAdded) };
  }
  return { side, half, minute: pickInt(random, lastMinute - 44, lastMinute), added: 0 };
}

function splitGoals(random: Random, goals: number): number {
  let firstHalf = 0;
  for (let i = 0; i < goals; i++) if (random() < 0.5) firstHalf += 1;
  return firstHalf;
}

/**
 * Draws when a real result's goals fell and how much time each half added,
 * reproducibly from the seed. Throws a RangeError when the half-time score
 * exceeds the final score.
 */
export function drawMatchTimeline(seed: string, score: MatchScore): MatchTimeline {
  requireGoalCount(score.home, 'home');
  requireGoalCount(score.away, 'away');
  const random = createRandom(seed);
  const firstHalfAdded = pickInt(random, 1, 5);
  const secondHalfAdded = pickInt(random, 2, 8);

  let htHome: number;
  let htAway: number;
  // Either half of a missing half-time score makes the whole of it unknown.
  if (score.htHome === null || score.htAway === null) {
    htHome = splitGoals(random, score.home);
    htAway = splitGoals(random, score.away);
  } else {
    requireGoalCount(score.htHome, 'htHome');
    requireGoalCount(score.htAway, 'htAway');
    if (score.htHome > score.home || score.htAway > score.away) {
      throw new RangeError(
        `match timeline: half-time ${score.htHome}-${score.htAway} exceeds final ${score.home}-${score.away}`,
      );
    }
    htHome = score.htHome;
    htAway = score.htAway;
  }

  const goals: TimelineGoal[] = [];
  const counts: [TimelineGoal['side'], number, number][] = [
    ['home', htHome, score.home - htHome],
    ['away', htAway, score.away - htAway],
  ];
  for (const [side, firstHalf, secondHalf] of counts) {
    for (let i = 0; i < firstHalf; i++) goals.push(drawGoal(random, side, 1, firstHalfAdded));
    for (let i = 0; i < secondHalf; i++) goals.push(drawGoal(random, side, 2, secondHalfAdded));
  }
  goals.sort((a, b) => a.half - b.half || a.minute - b.minute || a.added - b.added);
  return { firstHalfAdded, secondHalfAdded, goals };
}

/** What placing a recorded shot on the clock needs of it. */
export type RecordedShotTime = {
  /** The recorder's minute, whose clock runs on through added time (45+2 may read 47). */
  minute: number;
  /** The side the shot counts for (an own goal counts for the other side). */
  forSide: TimelineGoal['side'];
  isGoal: boolean;
};

/** A recorded shot's half and minute of play. */
export type ShotTime = Pick<TimelineGoal, 'half' | 'minute' | 'added'>;

/** A recorded minute as a minute of play of its half: 47 in the first half is 45+2. */
function toShotTime(half: TimelineGoal['half'], recorded: number): ShotTime {
  if (half === 1) {
    return recorded > 45
      ? { half, minute: 45, added: recorded - 45 }
      : { half, minute: Math.max(recorded, 1), added: 0 };
  }
  return recorded > 90
    ? { half, minute: 90, added: recorded - 90 }
    : { half, minute: Math.max(recorded, 46), added: 0 };
}

/**
 * Each recorded shot's half and minute of play. The recorder's clock runs on through the first
 * half's added time, so a minute from 45 to the early 50s may be either half: a side's goals go
 * to the first half in order of minute up to its half-time score (when known), and any other
 * shot is in the first half up to minute 45.
 */
export function placeRecordedShots(
  shots: readonly RecordedShotTime[],
  score: Pick<MatchScore, 'htHome' | 'htAway'>,
): ShotTime[] {
  const firstHalfGoals = new Set<number>();
  for (const [side, atHalfTime] of [
    ['home', score.htHome],
    ['away', score.htAway],
  ] as const) {
    const goals = shots
      .map((shot, index) => ({ shot, index }))
      .filter(({ shot }) => shot.isGoal && shot.forSide === side)
      .sort((a, b) => a.shot.minute - b.shot.minute || a.index - b.index);
    goals.forEach(({ shot, index }, order) => {
      const inFirstHalf = atHalfTime === null ? shot.minute <= 45 : order < atHalfTime;
      if (inFirstHalf) firstHalfGoals.add(index);
    });
  }
  return shots.map((shot, index) => {
    const inFirstHalf = shot.isGoal ? firstHalfGoals.has(index) : shot.minute <= 45;
    return toShotTime(inFirstHalf ? 1 : 2, shot.minute);
  });
}

/**
 * The timeline of a match whose shots are recorded: its goals at their recorded minutes, each
 * half long enough for its last recorded shot, the added time otherwise drawn from the seed
 * (the record does not give it). Shots in the order given; `times` from placeRecordedShots.
 */
export function buildRecordedTimeline(
  seed: string,
  shots: readonly RecordedShotTime[],
  times: readonly ShotTime[],
): MatchTimeline {
  const random = createRandom(seed);
  let firstHalfAdded = pickInt(random, 1, 5);
  let secondHalfAdded = pickInt(random, 2, 8);
  const goals: TimelineGoal[] = [];
  shots.forEach((shot, index) => {
    const time = times[index] as ShotTime;
    if (time.half === 1) firstHalfAdded = Math.max(firstHalfAdded, time.added);
    else secondHalfAdded = Math.max(secondHalfAdded, time.added);
    if (shot.isGoal) goals.push({ side: shot.forSide, ...time });
  });
  goals.sort((a, b) => a.half - b.half || a.minute - b.minute || a.added - b.added);
  return { firstHalfAdded, secondHalfAdded, goals };
}

/** Real time from kick-off at which a shot of the match is taken: the start of its minute. */
export function getShotOffsetMs(time: ShotTime, timeline: MatchTimeline): number {
  return getGoalOffsetMs({ side: 'home', ...time }, timeline);
}

function getSecondHalfStartMinutes(timeline: MatchTimeline): number {
  return 45 + timeline.firstHalfAdded + HALF_TIME_BREAK_MINUTES;
}

/** Real time from kick-off to the final whistle, half-time break included. */
export function getMatchDurationMs(timeline: MatchTimeline): number {
  return (getSecondHalfStartMinutes(timeline) + 45 + timeline.secondHalfAdded) * MINUTE_MS;
}

/** Real time from kick-off at which a goal counts: the start of its minute of play. */
export function getGoalOffsetMs(goal: TimelineGoal, timeline: MatchTimeline): number {
  const halfStart = goal.half === 1 ? 0 : getSecondHalfStartMinutes(timeline);
  const firstMinute = goal.half === 1 ? 1 : 46;
  return (halfStart + goal.minute - firstMinute + goal.added) * MINUTE_MS;
}

function formatMinute(minuteOfHalf: number, lastMinute: number): string {
  return minuteOfHalf <= lastMinute
    ? String(minuteOfHalf)
    : `${lastMinute}+${minuteOfHalf - lastMinute}`;
}

/** What the board shows for a match at an instant: status, minute of play and the score so far. */
export function getMatchState(
  timeline: MatchTimeline,
  kickoffMs: number,
  nowMs: number,
): MatchState {
  const elapsed = nowMs - kickoffMs;
  if (elapsed < 0) return { status: 'scheduled', minute: '', home: 0, away: 0 };

  let home = 0;
  let away = 0;
  for (const goal of timeline.goals) {
    if (getGoalOffsetMs(goal, timeline) > elapsed) continue;
    if (goal.side === 'home') home += 1;
    else away += 1;
  }

  const firstHalfEnd = (45 + timeline.firstHalfAdded) * MINUTE_MS;
  const secondHalfStart = getSecondHalfStartMinutes(timeline) * MINUTE_MS;
  if (elapsed < firstHalfEnd) {
    const minute = Math.floor(elapsed / MINUTE_MS) + 1;
    return { status: 'live', minute: formatMinute(minute, 45), home, away };
  }
  if (elapsed < secondHalfStart) return { status: 'halftime', minute: 'HT', home, away };
  if (elapsed < getMatchDurationMs(timeline)) {
    const minute = Math.floor((elapsed - secondHalfStart) / MINUTE_MS) + 46;
    return { status: 'live', minute: formatMinute(minute, 90), home, away };
  }
  return { status: 'finished', minute: 'FT', home, away };
}
