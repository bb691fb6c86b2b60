import type { MatchFacts, MatchShot, SideStatistics } from '../../src/domain/match-facts.ts';

/** A shot of `side` with this xG and outcome (first half, tenth minute, open play). */
export function createShot(
  side: MatchShot['side'],
  player: string,
  xg: number,
  result: MatchShot['result'],
): MatchShot {
  return {
    side,
    half: 1,
    minute: 10,
    added: 0,
    player,
    assist: null,
    result,
    situation: 'open-play',
    x: 0.9,
    y: 0.5,
    xg,
  };
}

const sideStatistics = (xg: number | null): SideStatistics => ({
  shots: null,
  shotsOnTarget: null,
  xg,
  corners: null,
  fouls: null,
  yellowCards: null,
  redCards: null,
});

/**
 * A finished match's facts as a provider reports them: its shots (null: not recorded) and each
 * side's xG (null: no statistics at all).
 */
export function createMatchFacts(
  shots: MatchShot[] | null,
  xg: [number, number] | null,
): MatchFacts {
  return {
    goalsRecorded: true,
    assistKind: 'chance',
    shots,
    statistics: xg === null ? null : { home: sideStatistics(xg[0]), away: sideStatistics(xg[1]) },
    atFullTime: [],
    referee: null,
    sources: ['understat'],
  };
}
