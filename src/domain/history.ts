/** Plain shapes of the historical data set, as the replay reads it. */

export type HistoryMatch = {
  div: string;
  season: string;
  /** UK calendar date, YYYY-MM-DD, and UK local kick-off time HH:MM (null when unknown). */
  date: string;
  time: string | null;
  home: string;
  away: string;
  homeGoals: number;
  awayGoals: number;
  htHomeGoals: number | null;
  htAwayGoals: number | null;
  /** Shots and shots on target, null where the data set has none (absent in older callers). */
  homeShots?: number | null;
  awayShots?: number | null;
  homeShotsOnTarget?: number | null;
  awayShotsOnTarget?: number | null;
  /** Decimal prices by the data set's column names, e.g. { B365H: 2.1, 'P>2.5': 1.9 }. */
  odds: Record<string, number>;
  /** Whole-match totals, null where the data set has none (absent in older callers). */
  homeCorners?: number | null;
  awayCorners?: number | null;
  homeFouls?: number | null;
  awayFouls?: number | null;
  homeYellowCards?: number | null;
  awayYellowCards?: number | null;
  homeRedCards?: number | null;
  awayRedCards?: number | null;
  referee?: string | null;
  /** Whether `shots` hold every goal of the final score (only then are goals' minutes shown). */
  eventsRecorded?: boolean;
  /** The match's recorded shots in order of play, own goals included; absent where none. */
  shots?: HistoryShot[];
};

/** A recorded shot (Understat) of a historical match. */
export type HistoryShot = {
  /** Understat's minute: its clock runs on through added time, so 45+2 may read 47. */
  minute: number;
  /** The shooter's side, and the side it counts for (the other one for an own goal). */
  playerSide: 'home' | 'away';
  forSide: 'home' | 'away';
  player: string;
  playerId: string;
  assist: string | null;
  /** Goal, OwnGoal, SavedShot, BlockedShot, MissedShots, ShotOnPost. */
  result: string;
  /** OpenPlay, FromCorner, SetPiece, DirectFreekick, Penalty. */
  situation: string;
  x: number;
  y: number;
  xg: number;
};

export type HistoryPlayer = {
  div: string;
  season: string;
  playerId: string;
  name: string;
  /** Understat club name; two names joined by a comma for a mid-season move. */
  team: string;
  goals: number;
  assists: number;
  /** The player's flag-icons code ("fr", "gb-eng"); '' or absent when the data has none. */
  nationality?: string;
};

export type HistoryTransfer = {
  line: number;
  div: string;
  season: string;
  window: string;
  club: string;
  player: string;
  otherClub: string;
  direction: string;
  feeRaw: string;
  feeEurM: number | null;
  /** The player's flag-icons code ("fr", "gb-eng"); '' or absent when the data has none. */
  nationality?: string;
};

export type ClubInfo = {
  key: string;
  name: string;
  shortName: string;
  leagueSlug: string;
  logoUrl: string | null;
  /** Spellings by source; `news`: nicknames news writes (Gunners, Spurs), none in older imports. */
  aliases: { results: string; understat: string[]; transfermarkt: string[]; news?: string[] };
};

export type ReplayDataset = {
  season: string;
  clubs: ClubInfo[];
  matches: HistoryMatch[];
  /** Results of the seasons before, for the prediction models to learn from. */
  earlierMatches?: HistoryMatch[];
  /** Reads them when first needed, when they are not given (the start does not wait for them). */
  loadEarlierMatches?: () => Promise<HistoryMatch[]>;
  players: HistoryPlayer[];
  transfers: HistoryTransfer[];
};

/** Shots and shots on target of a played match. */
export type MatchShots = { home: number; away: number; homeOnTarget: number; awayOnTarget: number };

/** Shots of a match as a data set stores them: each count, or null where it has none. */
export type ShotCounts = {
  homeShots?: number | null;
  awayShots?: number | null;
  homeShotsOnTarget?: number | null;
  awayShotsOnTarget?: number | null;
};

/** A match's shots when all four counts are known, else undefined. */
export function toMatchShots(counts: ShotCounts): MatchShots | undefined {
  const { homeShots, awayShots, homeShotsOnTarget, awayShotsOnTarget } = counts;
  if (
    homeShots == null ||
    awayShots == null ||
    homeShotsOnTarget == null ||
    awayShotsOnTarget == null
  )
    return undefined;
  return {
    home: homeShots,
    away: awayShots,
    homeOnTarget: homeShotsOnTarget,
    awayOnTarget: awayShotsOnTarget,
  };
}
