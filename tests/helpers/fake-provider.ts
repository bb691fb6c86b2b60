import type { OddsEvent } from '../../src/domain/odds.ts';
import type {
  FootballProvider,
  ProviderMatch,
  ProviderOdds,
  ProviderPlayerStat,
  ProviderStanding,
  ProviderTeam,
  ProviderTransfer,
} from '../../src/server/providers/provider.ts';

export type FakeProviderData = {
  teams?: ProviderTeam[];
  /** Every match the provider knows; listMatches answers those kicking off in [from, to). */
  matches?: ProviderMatch[];
  standings?: Record<string, ProviderStanding[]>;
  topPlayers?: Record<string, { goals: ProviderPlayerStat[]; assists: ProviderPlayerStat[] }>;
  /** Odds of any league; listOdds answers a league's, whatever their kick-off. */
  odds?: ProviderOdds[];
  transfers?: Record<string, ProviderTransfer[]>;
};

/** A FootballProvider answering fixed data (named "fake", so its match ids start "fake:"). */
export function createFakeProvider(data: FakeProviderData = {}): FootballProvider {
  return {
    name: 'fake',
    listTeams: async (leagueSlug) => (data.teams ?? []).filter((t) => t.leagueSlug === leagueSlug),
    listMatches: async (from, to) =>
      (data.matches ?? []).filter((m) => m.kickoff >= from && m.kickoff < to),
    getStandings: async (leagueSlug) => data.standings?.[leagueSlug] ?? [],
    getTopPlayers: async (leagueSlug) =>
      data.topPlayers?.[leagueSlug] ?? { goals: [], assists: [] },
    listOdds: async (leagueSlug) =>
      (data.odds ?? []).filter((o) => o.match.leagueSlug === leagueSlug),
    listTransfers: async (leagueSlug) => data.transfers?.[leagueSlug] ?? [],
  };
}

/** A scheduled match with its id prefixed "fake:"; pass what the test cares about. */
export function createProviderMatch(
  fields: Pick<ProviderMatch, 'leagueSlug' | 'homeKey' | 'awayKey' | 'kickoff'> &
    Partial<ProviderMatch> & { id: string },
): ProviderMatch {
  const { id, ...rest } = fields;
  return {
    externalId: `fake:${id}`,
    phase: 'scheduled',
    minute: '',
    homeScore: null,
    awayScore: null,
    htHomeScore: null,
    htAwayScore: null,
    ...rest,
  };
}

/** One bookmaker's prices for a match: h2h always, totals (the 2.5 line) when given. */
export function createProviderOdds(
  match: ProviderMatch,
  names: { home: string; away: string },
  prices: { h2h: [number, number, number]; totals?: [number, number] },
): ProviderOdds {
  const [home, draw, away] = prices.h2h;
  const markets: OddsEvent['bookmakers'][number]['markets'] = [
    {
      key: 'h2h',
      outcomes: [
        { name: names.home, price: home },
        { name: 'Draw', price: draw },
        { name: names.away, price: away },
      ],
    },
  ];
  if (prices.totals !== undefined) {
    markets.push({
      key: 'totals',
      outcomes: [
        { name: 'Over', price: prices.totals[0], point: 2.5 },
        { name: 'Under', price: prices.totals[1], point: 2.5 },
      ],
    });
  }
  return {
    match,
    event: {
      id: match.externalId,
      sport_key: 'soccer',
      commence_time: match.kickoff.toISOString(),
      home_team: names.home,
      away_team: names.away,
      bookmakers: [{ key: 'bet365', title: 'Bet365', link: 'https://www.bet365.com', markets }],
    },
  };
}
