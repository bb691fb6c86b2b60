import type { LeagueEntry } from '../../../domain/league.ts';
import type { OddsEvent } from '../../../domain/odds.ts';
import type {
  ProviderMatch,
  ProviderPlayerStat,
  ProviderStanding,
  ProviderTransfer,
} from '../provider.ts';
import type { LiveSourceName } from '../registry.ts';

/** What every adapter's factory takes: the key, and the seams the server and the tests set. */
export type LiveSourceOptions = {
  apiKey: string;
  baseUrl?: string;
  fetch?: typeof fetch;
  log?: { warn: (obj: object, msg: string) => void };
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
  timeoutMs?: number;
  /** The leagues asked for and kept, each with its key at this upstream; default LEAGUES. */
  leagues?: readonly LeagueEntry[];
};

/** A club as an upstream names it; Touchline maps names to its own club keys. */
export type UpstreamTeam = {
  /** The provider's own id, as text. */
  id: string;
  name: string;
  shortName: string | null;
  logoUrl: string | null;
};

/** A match as the provider gives it, with the upstream's own clubs in place of Touchline's keys. */
export type UpstreamMatch = Omit<ProviderMatch, 'homeKey' | 'awayKey' | 'home' | 'away'> & {
  home: UpstreamTeam;
  away: UpstreamTeam;
};

export type UpstreamStanding = Omit<ProviderStanding, 'teamKey' | 'team'> & { team: UpstreamTeam };

export type UpstreamPlayerStat = Omit<ProviderPlayerStat, 'teamKey' | 'team'> & {
  team: UpstreamTeam | null;
};

/** A move as the provider stored it, with the upstream's own club in place of Touchline's key. */
export type UpstreamTransfer = Omit<ProviderTransfer, 'teamKey' | 'team'> & { team: UpstreamTeam };

/**
 * What one upstream adapter can give. Each kind is optional: an adapter offers what its API
 * (and plan) has. Methods throw an UpstreamError when an answer cannot be used (a wrong
 * envelope, a failed request) and never return empty data in place of an error; an item with
 * bad data is left out on its own and counted (UpstreamClient.noteDropped).
 */
export type LiveSource = {
  name: LiveSourceName;
  /**
   * Matches of the adapter's leagues kicking off in [from, to). The list must be whole: an
   * answer the adapter could not read entirely (a page missing, a count that does not add up)
   * is an UpstreamError, since the sync deletes stored matches of the range the list lacks.
   * Items left out for bad data are named with markListGaps (provider.ts): their id in
   * `leftOut`, or `partial` when an item had no usable id.
   */
  listMatches?: (from: Date, to: Date) => Promise<UpstreamMatch[]>;
  getStandings?: (leagueSlug: string) => Promise<UpstreamStanding[]>;
  getTopPlayers?: (
    leagueSlug: string,
  ) => Promise<{ goals: UpstreamPlayerStat[]; assists: UpstreamPlayerStat[] }>;
  /** Upcoming events with h2h and totals prices, in The Odds API's shape. */
  listOdds?: (leagueSlug: string) => Promise<OddsEvent[]>;
  listTransfers?: (leagueSlug: string) => Promise<UpstreamTransfer[]>;
};
