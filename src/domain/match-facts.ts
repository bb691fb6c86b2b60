/**
 * What a match's record says beyond its score: its shots (where each was taken, by whom, how
 * likely a goal, what came of it) and its statistics, in provider-neutral words. Shapes only,
 * with the helpers every reader of them shares.
 */

/** What came of a shot. An own goal is not a shot of the side it counts for: it is a goal event. */
export const SHOT_RESULTS = ['goal', 'saved', 'blocked', 'post', 'missed'] as const;
export type ShotResult = (typeof SHOT_RESULTS)[number];

/** How the chance came about. */
export const SHOT_SITUATIONS = [
  'open-play',
  'corner',
  'set-piece',
  'direct-free-kick',
  'penalty',
] as const;
export type ShotSituation = (typeof SHOT_SITUATIONS)[number];

/** One shot as its recorder placed it. */
export type MatchShot = {
  /** The shooter's side. */
  side: 'home' | 'away';
  half: 1 | 2;
  /** Minute of play (1..45 in the first half, 46..90 in the second) and minutes into added time. */
  minute: number;
  added: number;
  player: string;
  /** The player who made the chance (the pass before the shot), where recorded. */
  assist: string | null;
  result: ShotResult;
  situation: ShotSituation;
  /**
   * Where it was taken, as fractions of the pitch: x from the shooter's own goal line (0) to the
   * line of the goal he attacks (1), y across the pitch from one touchline (0) to the other (1).
   */
  x: number;
  y: number;
  /** Expected goals: the chance's probability of a goal, 0..1. */
  xg: number;
};

/** One side's figures; null where the record does not give it (or not yet, during a match). */
export type SideStatistics = {
  shots: number | null;
  shotsOnTarget: number | null;
  xg: number | null;
  corners: number | null;
  fouls: number | null;
  yellowCards: number | null;
  redCards: number | null;
};

/** A side's figures before any is known. */
export function emptyStatistics(): SideStatistics {
  return {
    shots: null,
    shotsOnTarget: null,
    xg: null,
    corners: null,
    fouls: null,
    yellowCards: null,
    redCards: null,
  };
}

export const STATISTIC_KEYS = [
  'shots',
  'shotsOnTarget',
  'xg',
  'corners',
  'fouls',
  'yellowCards',
  'redCards',
] as const satisfies readonly (keyof SideStatistics)[];
export type StatisticKey = (typeof STATISTIC_KEYS)[number];

/** Who recorded a match's facts: the site links each source it shows. */
export const FACT_SOURCES = {
  understat: { name: 'Understat', url: 'https://understat.com/' },
  'football-data-co-uk': { name: 'football-data.co.uk', url: 'https://www.football-data.co.uk/' },
  'api-football': { name: 'API-Football', url: 'https://www.api-football.com/' },
  'football-data-org': { name: 'football-data.org', url: 'https://www.football-data.org/' },
} as const;
export type FactSource = keyof typeof FACT_SOURCES;

/**
 * Everything a provider knows of a match beyond its score and goals, as it stands at the moment
 * asked: nothing after the current minute.
 */
export type MatchFacts = {
  /**
   * Whether the goal events carry recorded minutes and scorers. False for a replayed season
   * without recorded events: its goals then come with no minute or name at all.
   */
  goalsRecorded: boolean;
  /** What the goal events' `assist` names: the official assist, or the player who made the chance. */
  assistKind: 'assist' | 'chance';
  /** Every shot so far, in order; null where shots are not recorded. */
  shots: MatchShot[] | null;
  /** Null where no statistic is recorded. */
  statistics: { home: SideStatistics; away: SideStatistics } | null;
  /**
   * Statistics the record gives only for the whole match (no minute): left null until full
   * time, and named here meanwhile so a page can say when they come.
   */
  atFullTime: StatisticKey[];
  referee: string | null;
  sources: FactSource[];
};

/** A minute of play with its added time, as a page writes it: "23", "45+2". */
export function formatMinute(minute: number, added: number): string {
  return added > 0 ? `${minute}+${added}` : String(minute);
}

/** A shot's place on a time axis in minutes of play: 45+2 is 47 in the first half's terms. */
export function toPlayMinute(shot: Pick<MatchShot, 'minute' | 'added'>): number {
  return shot.minute + shot.added;
}

/** A side's figures from its shots: count, on target (goals and saves) and expected goals. */
export function countShots(
  shots: readonly MatchShot[],
  side: 'home' | 'away',
): Pick<SideStatistics, 'shots' | 'shotsOnTarget' | 'xg'> {
  let count = 0;
  let onTarget = 0;
  let xg = 0;
  for (const shot of shots) {
    if (shot.side !== side) continue;
    count += 1;
    if (shot.result === 'goal' || shot.result === 'saved') onTarget += 1;
    xg += shot.xg;
  }
  return { shots: count, shotsOnTarget: onTarget, xg: Math.round(xg * 100) / 100 };
}
