import { isPlaying, MatchStatus } from './live-match.ts';

export const REFRESH_LIVE_MS = 30_000;
export const REFRESH_HALF_TIME_MS = 120_000;
export const REFRESH_IDLE_MS = 300_000;

/** How often the board refreshes: 30 s while a match is being played, 2 min at half-time, otherwise 5 min. */
export function getRefreshIntervalMs(statuses: readonly number[]): number {
  if (statuses.some(isPlaying)) return REFRESH_LIVE_MS;
  if (statuses.includes(MatchStatus.halfTime)) return REFRESH_HALF_TIME_MS;
  return REFRESH_IDLE_MS;
}
