import type { HistoryMatch, HistoryShot } from '../../../domain/history.ts';
import {
  countShots,
  emptyStatistics,
  type FactSource,
  type MatchFacts,
  type MatchShot,
  type ShotResult,
  type ShotSituation,
  type SideStatistics,
  type StatisticKey,
} from '../../../domain/match-facts.ts';
import type { ShotTime } from '../../../domain/match-timeline.ts';

/** A recorded shot placed on the match clock: its half and minute, and when it comes in real time. */
export type TimedShot = { shot: HistoryShot; time: ShotTime; offsetMs: number };

const RESULTS: Record<string, ShotResult> = {
  Goal: 'goal',
  SavedShot: 'saved',
  BlockedShot: 'blocked',
  ShotOnPost: 'post',
  MissedShots: 'missed',
};

const SITUATIONS: Record<string, ShotSituation> = {
  OpenPlay: 'open-play',
  FromCorner: 'corner',
  SetPiece: 'set-piece',
  DirectFreekick: 'direct-free-kick',
  Penalty: 'penalty',
};

/** The shots taken by `elapsedMs` after kick-off in order of the match clock; own goals are not shots. */
function listShotsSoFar(shots: readonly TimedShot[], elapsedMs: number): MatchShot[] {
  const taken: { shot: MatchShot; offsetMs: number }[] = [];
  for (const { shot, time, offsetMs } of shots) {
    const result = RESULTS[shot.result];
    if (offsetMs > elapsedMs || result === undefined) continue;
    taken.push({
      offsetMs,
      shot: {
        side: shot.playerSide,
        ...time,
        player: shot.player,
        assist: shot.assist,
        result,
        situation: SITUATIONS[shot.situation] ?? 'open-play',
        x: shot.x,
        y: shot.y,
        xg: shot.xg,
      },
    });
  }
  return taken.sort((a, b) => a.offsetMs - b.offsetMs).map((t) => t.shot);
}

/** The data set's whole-match totals of one side, by statistic. */
function readTotals(source: HistoryMatch, side: 'home' | 'away'): Partial<SideStatistics> {
  const home = side === 'home';
  return {
    shots: (home ? source.homeShots : source.awayShots) ?? null,
    shotsOnTarget: (home ? source.homeShotsOnTarget : source.awayShotsOnTarget) ?? null,
    corners: (home ? source.homeCorners : source.awayCorners) ?? null,
    fouls: (home ? source.homeFouls : source.awayFouls) ?? null,
    yellowCards: (home ? source.homeYellowCards : source.awayYellowCards) ?? null,
    redCards: (home ? source.homeRedCards : source.awayRedCards) ?? null,
  };
}

/**
 * What the replay tells of a match `elapsedMs` after its kick-off: with recorded shots, the
 * shots so far and the shots, shots on target and xG they add up to; the data set's
 * whole-match totals (corners, fouls, cards, and shots where none are recorded) only once the
 * match is over, since no minute is recorded for them.
 */
export function describeReplayFacts(
  source: HistoryMatch,
  recorded: readonly TimedShot[] | null,
  elapsedMs: number,
  finished: boolean,
): MatchFacts {
  const shots = recorded === null ? null : listShotsSoFar(recorded, elapsedMs);
  const totals = { home: readTotals(source, 'home'), away: readTotals(source, 'away') };
  const fromTotals: StatisticKey[] = (
    ['shots', 'shotsOnTarget', 'corners', 'fouls', 'yellowCards', 'redCards'] as const
  ).filter(
    (key) =>
      (shots === null || (key !== 'shots' && key !== 'shotsOnTarget')) &&
      totals.home[key] != null &&
      totals.away[key] != null,
  );
  const statistics = { home: emptyStatistics(), away: emptyStatistics() };
  for (const side of ['home', 'away'] as const) {
    if (shots !== null) Object.assign(statistics[side], countShots(shots, side));
    if (finished) for (const key of fromTotals) statistics[side][key] = totals[side][key] ?? null;
  }
  const known = shots !== null || (finished && fromTotals.length > 0);
  const sources: FactSource[] = [];
  if (shots !== null) sources.push('understat');
  if (fromTotals.length > 0 || source.referee != null) sources.push('football-data-co-uk');
  return {
    goalsRecorded: recorded !== null,
    assistKind: 'chance',
    shots,
    statistics: known ? statistics : null,
    atFullTime: finished ? [] : fromTotals,
    referee: source.referee ?? null,
    sources,
  };
}
