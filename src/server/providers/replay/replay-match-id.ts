/** What a replayed match's external id names: the historical fixture it replays. */
export type ReplayMatchKey = {
  season: string;
  cycle: number;
  /** League code of the data set, e.g. E0. */
  div: string;
  homeKey: string;
  awayKey: string;
};

export const REPLAY_ID_PREFIX = 'replay:';

/** `replay:<season>:<cycle>:<div>:<home key>:<away key>`, stable across polls and restarts. */
export function formatReplayMatchId(key: ReplayMatchKey): string {
  return `${REPLAY_ID_PREFIX}${key.season}:${key.cycle}:${key.div}:${key.homeKey}:${key.awayKey}`;
}

/** The fixture a replayed match's external id names, or null for another provider's id. */
export function parseReplayMatchId(externalId: string): ReplayMatchKey | null {
  const parts = externalId.split(':');
  if (parts.length !== 6 || parts[0] !== 'replay') return null;
  const [, season = '', cycle = '', div = '', homeKey = '', awayKey = ''] = parts;
  if (!/^\d{4}-\d{4}$/.test(season) || !/^-?\d+$/.test(cycle)) return null;
  return { season, cycle: Number(cycle), div, homeKey, awayKey };
}
