import { findLeagueEntry, type LeagueEntry } from '../../../domain/league.ts';
import { UpstreamError } from './http.ts';

/**
 * The registry entry of a league an adapter is asked about. Any other slug is a `bad-request`
 * UpstreamError, raised before a request is made: no upstream is asked about a league Touchline
 * does not cover.
 */
export function requireLeague(
  provider: string,
  leagueSlug: string,
  leagues: readonly LeagueEntry[],
): LeagueEntry {
  const league = findLeagueEntry(leagueSlug, leagues);
  if (league === null) {
    throw new UpstreamError(provider, 'bad-request', `no league "${leagueSlug}" in the registry`);
  }
  return league;
}
