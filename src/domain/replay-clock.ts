// The replay clock maps real time onto a real past season: every real week
// (Monday 00:00 UTC to the next Monday) shows one week of that season, at the
// same weekday and time of day, walking the season week by week and starting
// over after its last week.

export const DAY_MS = 24 * 60 * 60 * 1000;
export const WEEK_MS = 7 * DAY_MS;
/** 1970-01-05T00:00Z, the first Monday after the Unix epoch: real week 0 starts here. */
export const EPOCH_MONDAY_MS = 4 * DAY_MS;

/** A season laid out in weeks: `weeks` are week offsets from `anchorMs`, sorted, each with enough matches. */
export type ReplayCalendar = { anchorMs: number; weeks: number[] };

export type ReplayWeekRange = {
  /** Start of the season week the real week shows (a Monday 00:00 UTC). */
  replayStartMs: number;
  /** End of that season week, exclusive. */
  replayEndMs: number;
  /** Start of the real week (a Monday 00:00 UTC). */
  realStartMs: number;
};

function mod(a: number, n: number): number {
  return ((a % n) + n) % n;
}

function getWeekIndex(ms: number): number {
  return Math.floor((ms - EPOCH_MONDAY_MS) / WEEK_MS);
}

/** The Monday 00:00 UTC on or before an instant. */
export function getWeekStartMs(ms: number): number {
  return EPOCH_MONDAY_MS + getWeekIndex(ms) * WEEK_MS;
}

/** Lays a season's kick-offs out in weeks, keeping only weeks with at least minMatchesPerWeek kick-offs. */
export function buildReplayCalendar(kickoffsMs: number[], minMatchesPerWeek = 10): ReplayCalendar {
  if (kickoffsMs.length === 0) throw new RangeError('replay calendar: no kick-offs');
  if (kickoffsMs.some((ms) => !Number.isFinite(ms))) {
    throw new RangeError('replay calendar: kick-off is not a finite time');
  }
  // reduce, not Math.min(...): spreading a long list can overflow the call stack.
  const anchorMs = getWeekStartMs(kickoffsMs.reduce((a, b) => Math.min(a, b)));
  const counts = new Map<number, number>();
  for (const ms of kickoffsMs) {
    const week = Math.floor((ms - anchorMs) / WEEK_MS);
    counts.set(week, (counts.get(week) ?? 0) + 1);
  }
  const weeks = [...counts]
    .filter(([, count]) => count >= minMatchesPerWeek)
    .map(([week]) => week)
    .sort((a, b) => a - b);
  if (weeks.length === 0) {
    throw new RangeError(`replay calendar: no week has ${minMatchesPerWeek} kick-offs`);
  }
  return { anchorMs, weeks };
}

function requireWeeks(calendar: ReplayCalendar): number[] {
  if (calendar.weeks.length === 0) throw new RangeError('replay calendar: no weeks');
  return calendar.weeks;
}

/** The season instant shown at a real instant: same weekday and time of day, in the calendar week for this real week. */
export function toReplayTime(realMs: number, calendar: ReplayCalendar): number {
  const weeks = requireWeeks(calendar);
  const week = weeks[mod(getWeekIndex(realMs), weeks.length)] as number;
  return calendar.anchorMs + week * WEEK_MS + (realMs - getWeekStartMs(realMs));
}

/**
 * The first real instant, from the start of realNow's week on, at which the
 * season instant replayMs is shown; null when its week is not in the calendar.
 */
export function toRealTime(
  replayMs: number,
  realNowMs: number,
  calendar: ReplayCalendar,
): number | null {
  const weeks = requireWeeks(calendar);
  const week = Math.floor((replayMs - calendar.anchorMs) / WEEK_MS);
  const position = weeks.indexOf(week);
  if (position === -1) return null;
  const offsetInWeek = replayMs - calendar.anchorMs - week * WEEK_MS;
  const nowWeek = getWeekIndex(realNowMs);
  const realWeek = nowWeek + mod(position - nowWeek, weeks.length);
  return EPOCH_MONDAY_MS + realWeek * WEEK_MS + offsetInWeek;
}

/**
 * The Monday 00:00 UTC on which the replay of the season that realMs shows began: the start of
 * the cycle of real weeks that runs through the calendar's weeks once.
 */
export function getCycleStartMs(realMs: number, calendar: ReplayCalendar): number {
  const weeks = requireWeeks(calendar);
  const nowWeek = getWeekIndex(realMs);
  return EPOCH_MONDAY_MS + (nowWeek - mod(nowWeek, weeks.length)) * WEEK_MS;
}

/** The real week containing realMs and the season week it shows. */
export function getReplayWeekRange(realMs: number, calendar: ReplayCalendar): ReplayWeekRange {
  const realStartMs = getWeekStartMs(realMs);
  const replayStartMs = toReplayTime(realStartMs, calendar);
  return { replayStartMs, replayEndMs: replayStartMs + WEEK_MS, realStartMs };
}

/**
 * A calendar of full matchday weeks only: weeks whose weekend (Saturday and Sunday, UTC) has
 * matches of `minLeagues` leagues (or of every league still in season, when fewer are: the first
 * and last weekends) and `minMatches` matches (five a league when fewer leagues are in season).
 * So every replayed weekend is a full one, while cup weekends, international breaks and winter
 * pauses are skipped, and each league's opening and final rounds are kept.
 */
export function buildMatchdayCalendar(
  matches: readonly { kickoffMs: number; league: string }[],
  options: { minLeagues: number; minMatches: number } = { minLeagues: 4, minMatches: 20 },
): ReplayCalendar {
  const seasons = new Map<string, { first: number; last: number }>();
  const weekends = new Map<number, { leagues: Set<string>; count: number }>();
  for (const m of matches) {
    const week = getWeekStartMs(m.kickoffMs);
    const season = seasons.get(m.league) ?? { first: week, last: week };
    seasons.set(m.league, {
      first: Math.min(season.first, week),
      last: Math.max(season.last, week),
    });
    const day = new Date(m.kickoffMs).getUTCDay();
    if (day !== 0 && day !== 6) continue;
    const entry = weekends.get(week) ?? { leagues: new Set<string>(), count: 0 };
    entry.leagues.add(m.league);
    entry.count++;
    weekends.set(week, entry);
  }
  const inSeason = (week: number) =>
    [...seasons.values()].filter((s) => s.first <= week && week <= s.last).length;
  const full = new Set(
    [...weekends]
      .filter(([week, w]) => {
        const leagues = Math.min(options.minLeagues, inSeason(week));
        const count = Math.min(options.minMatches, 5 * leagues);
        return w.leagues.size >= leagues && w.count >= count;
      })
      .map(([week]) => week),
  );
  const kept = matches.filter((m) => full.has(getWeekStartMs(m.kickoffMs))).map((m) => m.kickoffMs);
  return buildReplayCalendar(kept, 1);
}
