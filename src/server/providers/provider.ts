import type { MatchShots } from '../../domain/history.ts';
import type { MatchFacts } from '../../domain/match-facts.ts';
import type { OddsEvent } from '../../domain/odds.ts';
import type { PreClosingPrices } from '../../domain/pre-closing.ts';

/** Where a match stands, in provider-neutral words; routes turn it into board status codes. */
export type MatchPhase =
  'scheduled' | 'live' | 'halftime' | 'extratime' | 'penalties' | 'finished' | 'postponed';

export type ProviderTeam = {
  key: string;
  name: string;
  shortName: string;
  leagueSlug: string;
  logoUrl: string | null;
};

/** A goal as a provider reports it; names are null where the source does not say. */
export type ProviderMatchEvent = {
  kind: 'goal';
  /** The side the goal counts for (an own goal counts for the other side). */
  side: 'home' | 'away';
  /** Minute of play, and minutes into added time (45+2 is 45 and 2). */
  minute: number;
  added: number;
  scorer: string | null;
  assist: string | null;
  penalty: boolean;
  ownGoal: boolean;
};

export type ProviderMatch = {
  /** `<provider>:<provider's match id>`, stable across polls. */
  externalId: string;
  leagueSlug: string;
  homeKey: string;
  awayKey: string;
  kickoff: Date;
  phase: MatchPhase;
  /** The board's minute text: "67", "45+2", "" when not playing. */
  minute: string;
  homeScore: number | null;
  awayScore: number | null;
  htHomeScore: number | null;
  htAwayScore: number | null;
  /** The clubs as the provider names them, for providers that learn clubs with their data. */
  home?: ProviderTeam;
  away?: ProviderTeam;
  /**
   * The match's goals so far, in order, when the provider knows them; absent when it does not
   * (the stored events are then left as they are).
   */
  events?: ProviderMatchEvent[];
  /**
   * Shots, statistics and referee as they stand now (nothing after the current minute), when
   * the provider knows them; absent when it does not (the stored facts are then left as they are).
   */
  facts?: MatchFacts;
};

export type ProviderStanding = {
  teamKey: string;
  team?: ProviderTeam;
  pos: number;
  wins: number;
  draws: number;
  losses: number;
  goalsFor: number;
  goalsAgainst: number;
  points: number;
};

export type ProviderPlayerStat = {
  playerId: string;
  nick: string;
  imageUrl: string | null;
  /** ISO 3166-1 alpha-2 code in lower case, or "" when unknown. */
  flag: string;
  teamKey: string | null;
  team?: ProviderTeam;
  total: number;
};

export type ProviderOdds = {
  match: ProviderMatch;
  event: OddsEvent;
  /**
   * The first prices the provider knows of the match, when it knows earlier ones than `event`
   * (the replay's early prices); otherwise the first `event` stored counts as the opening.
   */
  opening?: OddsEvent;
};

export type ProviderTransfer = {
  teamKey: string;
  team?: ProviderTeam;
  direction: 'in' | 'out';
  playerId: string;
  playerName: string;
  imageUrl: string | null;
  flag: string;
  otherClub: string;
  type: string;
  /** Fee as the provider writes it, "" when unknown. */
  valor: string;
  /** e.g. "2025 summer". */
  window: string;
};

/** A match as the prediction models see it; goals only once it has been played. */
export type ForecastRecord = {
  id: string;
  /** League code of the data set, e.g. E0. */
  league: string;
  season: string;
  /** Kick-off on the provider's own time line (for the replay: the replayed season's). */
  kickoffMs: number;
  homeKey: string;
  awayKey: string;
  homeGoals?: number;
  awayGoals?: number;
  /** Shots of a played match, where the source has all four counts (the history does). */
  shots?: MatchShots;
  preClosing: PreClosingPrices;
};

/**
 * What a list of matches or transfers left out, carried on the list itself (see markListGaps),
 * so the sync never deletes stored data an answer merely failed to carry.
 */
export type ListGaps = {
  /**
   * External ids (`<provider>:<id>`) of matches the provider read but left out for bad data:
   * their stored matches stay.
   */
  leftOut: readonly string[];
  /**
   * The list may lack items it could not name (a match without an id, a club whose transfers
   * could not be read): no stored match of the range is deleted, and only the clubs the
   * transfers list names have their stored moves replaced.
   */
  partial: boolean;
};

const GAPS = Symbol('touchline.listGaps');

/**
 * Notes on `list` (returned as is) what it left out. The note is a non-enumerable property of
 * the array, so the list stays a plain array for every caller and survives code that passes it
 * through (wrappers that count calls or failures); code that maps a list copies the note with
 * carryListGaps. A list without a note is whole: the sync deletes the stored matches of the
 * range it does not contain and replaces every stored move of the league.
 */
export function markListGaps<T>(list: T[], gaps: Partial<ListGaps>): T[] {
  const before = readListGaps(list);
  const merged: ListGaps = {
    leftOut: [...before.leftOut, ...(gaps.leftOut ?? [])],
    partial: before.partial || gaps.partial === true,
  };
  Object.defineProperty(list, GAPS, { value: merged, enumerable: false, configurable: true });
  return list;
}

/** What `list` left out (nothing, for a list without a note). */
export function readListGaps(list: readonly unknown[]): ListGaps {
  const gaps = (list as { [GAPS]?: ListGaps })[GAPS];
  return gaps ?? { leftOut: [], partial: false };
}

/** `to` (returned) with the note of `from`, for a list mapped from another. */
export function carryListGaps<T>(from: readonly unknown[], to: T[]): T[] {
  const gaps = readListGaps(from);
  return gaps.partial || gaps.leftOut.length > 0 ? markListGaps(to, gaps) : to;
}

/** The kinds of data a provider can give, each synced on its own (and picked per upstream). */
export const DATA_KINDS = ['matches', 'standings', 'players', 'odds', 'transfers'] as const;
export type DataKind = (typeof DATA_KINDS)[number];

/**
 * A read Touchline's own quota planning put off (a daily budget that keeps requests for the rest
 * of the site's data, a credit plan): no request was sent for it and none failed. It is no
 * upstream failure, so it moves neither the failure counters nor the circuit breaker; the sync
 * reports it as deferred and the stored data stays.
 */
export class QuotaDeferral extends Error {
  /** The upstream whose quota the read would have spent. */
  readonly provider: string;
  /** The earliest the read may go ahead (the quota's next reset), when known. */
  readonly until: Date | undefined;

  constructor(provider: string, message: string, until?: Date) {
    super(`${provider}: ${message}`);
    this.name = 'QuotaDeferral';
    this.provider = provider;
    this.until = until;
  }
}

/**
 * What every source of football data gives Touchline. The replay implements it from history;
 * live adapters implement it over upstream APIs. Providers never touch the database: the
 * scheduler's jobs write what they return. Any method may throw a QuotaDeferral when the
 * provider's own quota planning puts the read off.
 */
export type FootballProvider = {
  name: string;
  /** Prefix of the external ids of the matches listMatches returns; `<name>:` when absent. */
  matchIdPrefix?: string;
  /** The kinds this provider gives; absent means all. Kinds it lacks are never synced. */
  offers?: readonly DataKind[];
  listTeams: (leagueSlug: string) => Promise<ProviderTeam[]>;
  /**
   * Matches kicking off in [from, to): the whole list (the sync deletes stored matches of the
   * range it lacks), or an UpstreamError when it cannot be read whole. A list that left items
   * out for bad data says so with markListGaps.
   */
  listMatches: (from: Date, to: Date, now: Date) => Promise<ProviderMatch[]>;
  getStandings: (leagueSlug: string, now: Date) => Promise<ProviderStanding[]>;
  getTopPlayers: (
    leagueSlug: string,
    now: Date,
  ) => Promise<{ goals: ProviderPlayerStat[]; assists: ProviderPlayerStat[] }>;
  /** Upcoming matches of the league with their bookmakers' prices, soonest first. */
  listOdds: (leagueSlug: string, now: Date) => Promise<ProviderOdds[]>;
  listTransfers: (leagueSlug: string, now: Date) => Promise<ProviderTransfer[]>;
  /**
   * Every match of the season `now` falls in: those played with their results and goals, and
   * those to come. Only the replay gives it (it holds the season); for a live upstream it would
   * cost a request a league a day for what the day's polls store anyway.
   */
  listSeasonMatches?: (now: Date) => Promise<ProviderMatch[]>;
  /**
   * The results the prediction models learn from (played before now, oldest first) and the
   * upcoming matches to forecast, with the external ids of their stored matches. It may also
   * name matches of the day already under way: one never forecast is forecast from the results
   * before its kick-off.
   */
  listForecastInputs?: (now: Date) => Promise<ForecastInputs>;
};

export type ForecastInputs = {
  /**
   * Results before `played` (the replay's earlier seasons), learnt before them and read only when
   * the models must learn them (again), so they are not held between refreshes.
   */
  earlier?: { key: string; read: () => Promise<ForecastRecord[]> };
  played: ForecastRecord[];
  upcoming: (ForecastRecord & { externalId: string })[];
  /**
   * The kick-off of the earliest match under way, when one is: results of matches kicking off
   * at or after it may be incomplete, so the models learn only those before it (as a walk
   * forward learns a kick-off's results together).
   */
  inPlaySinceMs?: number;
};
