import { LEAGUES } from '../domain/league.ts';
import { planOddsRound, type OddsPlan } from '../domain/odds-budget.ts';
import type { Config, SourceName } from './config.ts';
import type { ProviderStatusStats } from './db/provider-status-queries.ts';
import { createApiFootballSource } from './providers/api-football/client.ts';
import { createBesoccerSource } from './providers/besoccer/client.ts';
import { createFootballDataSource } from './providers/football-data/client.ts';
import type { LiveSelection } from './providers/live/live-provider.ts';
import { createOddsApiSource, ODDS_CALL_COST } from './providers/odds-api/client.ts';
import type { UpstreamClient } from './providers/upstream/http.ts';
import type { LiveSource } from './providers/upstream/live-source.ts';

type Log = { warn: (obj: object, msg: string) => void };

/** Odds never more often than this, however generous the budget. */
const MIN_ODDS_INTERVAL_MS = 10 * 60 * 1000;

export type LiveSources = {
  selection: LiveSelection;
  /** What the status page shows, one entry per upstream in use. */
  stats: () => ProviderStatusStats[];
  /** With The Odds API: when the credit budget allows the next round of odds. */
  oddsPlan: (() => OddsPlan) | undefined;
  /** "BeSoccer, The Odds API": the upstreams in use, for the footer. */
  label: string;
};

const TITLES: Record<SourceName, string> = {
  besoccer: 'BeSoccer',
  'football-data': 'football-data.org',
  'api-football': 'API-Football',
  'odds-api': 'The Odds API',
};

/**
 * The same adapter, but a body its parser refuses (missing or mistyped fields) also counts as
 * the upstream's failure in the counters and the breaker, not only network and HTTP errors.
 */
function countParserFailures(
  source: LiveSource & { client: UpstreamClient },
): LiveSource & { client: UpstreamClient } {
  const wrap = <A extends unknown[], R>(method: ((...args: A) => Promise<R>) | undefined) =>
    method === undefined
      ? undefined
      : async (...args: A): Promise<R> => {
          try {
            return await method(...args);
          } catch (error) {
            source.client.noteFailure(error);
            throw error;
          }
        };
  const wrapped: LiveSource & { client: UpstreamClient } = {
    name: source.name,
    client: source.client,
  };
  const listMatches = wrap(source.listMatches);
  const getStandings = wrap(source.getStandings);
  const getTopPlayers = wrap(source.getTopPlayers);
  const listOdds = wrap(source.listOdds);
  const listTransfers = wrap(source.listTransfers);
  if (listMatches !== undefined) wrapped.listMatches = listMatches;
  if (getStandings !== undefined) wrapped.getStandings = getStandings;
  if (getTopPlayers !== undefined) wrapped.getTopPlayers = getTopPlayers;
  if (listOdds !== undefined) wrapped.listOdds = listOdds;
  if (listTransfers !== undefined) wrapped.listTransfers = listTransfers;
  return wrapped;
}

/** Builds one adapter per upstream the configuration picked, each with its key and limits. */
export function createLiveSources(config: Config, log: Log): LiveSources {
  const built = new Map<SourceName, LiveSource & { client: UpstreamClient }>();
  const build = (name: SourceName) => {
    const existing = built.get(name);
    if (existing !== undefined) return existing;
    const base = config.baseUrls[name];
    const common = { log, ...(base === undefined ? {} : { baseUrl: base }) };
    const keyOf = {
      besoccer: config.keys.besoccer,
      'football-data': config.keys.footballData,
      'api-football': config.keys.apiFootball,
      'odds-api': config.keys.oddsApi,
    }[name];
    // config.ts refuses a picked provider without its key; this is a second guard.
    if (keyOf === undefined) throw new Error(`${name} was picked but has no API key`);
    const source =
      name === 'besoccer'
        ? createBesoccerSource({ apiKey: keyOf, ...common })
        : name === 'football-data'
          ? createFootballDataSource({ apiKey: keyOf, ...common })
          : name === 'api-football'
            ? createApiFootballSource({ apiKey: keyOf, ...common })
            : createOddsApiSource({ apiKey: keyOf, ...common });
    const counted = countParserFailures(source);
    built.set(name, counted);
    return counted;
  };

  const selection: LiveSelection = {};
  for (const [kind, name] of Object.entries(config.live) as [keyof LiveSelection, SourceName][]) {
    if (name !== undefined) selection[kind] = build(name);
  }

  const odds = built.get('odds-api');
  const oddsPlan =
    odds === undefined || config.live.odds !== 'odds-api'
      ? undefined
      : () => {
          const stats = odds.client.stats();
          const today = new Date().toISOString().slice(0, 10);
          return planOddsRound({
            nowMs: Date.now(),
            dailyCredits: config.oddsDailyCredits,
            roundCost: ODDS_CALL_COST * LEAGUES.length,
            spentToday: stats.day === today ? stats.callsToday * ODDS_CALL_COST : 0,
            remaining: stats.creditsLeft,
            used: stats.creditsUsed,
            minIntervalMs: MIN_ODDS_INTERVAL_MS,
          });
        };

  return {
    selection,
    stats: () => [...built.values()].map((s) => s.client.stats()),
    oddsPlan,
    label: `Live data from ${[...built.keys()].map((n) => TITLES[n]).join(', ')}`,
  };
}
