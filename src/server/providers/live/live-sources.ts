import { LEAGUES } from '../../../domain/league.ts';
import { planOddsRound, type OddsPlan } from '../../../domain/odds-budget.ts';
import { ODDS_CALL_COST } from '../odds-api/client.ts';
import { QuotaDeferral, type DataKind } from '../provider.ts';
import { getLiveSource, type LiveSourceName } from '../registry.ts';
import type { UpstreamClient, UpstreamStats } from '../upstream/http.ts';
import type { LiveSource } from '../upstream/live-source.ts';
import type { LiveSelection } from './live-provider.ts';

type Log = { warn: (obj: object, msg: string) => void };

/** Odds never more often than this, however generous the budget. */
const MIN_ODDS_INTERVAL_MS = 10 * 60 * 1000;

export type LiveSources = {
  selection: LiveSelection;
  /** What the status page shows, one entry per upstream in use. */
  stats: () => UpstreamStats[];
  /**
   * With The Odds API: when the credit budget allows the next round of odds. A round the plan
   * puts off is noted on the client as deferred (the status page's count), not as a failure.
   */
  oddsPlan: (() => OddsPlan) | undefined;
  /** "Live data from BeSoccer, The Odds API": the upstreams in use, for the footer. */
  label: string;
};

type CountedSource = LiveSource & { client: UpstreamClient };

/**
 * The same adapter, but a body its parser refuses (missing or mistyped fields) also counts as
 * the upstream's failure in the counters and the breaker, not only network and HTTP errors. A
 * QuotaDeferral passes through uncounted: the adapter's own budget made it, and noted it.
 */
function countParserFailures(source: CountedSource): CountedSource {
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
  const wrapped: CountedSource = { name: source.name, client: source.client };
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

/**
 * Builds one adapter per upstream the configuration picked (through the provider registry),
 * each with its key and base URL; an upstream picked for several kinds is built once.
 */
export function createLiveSources(options: {
  /** The upstream picked for each kind; undefined: the kind is not synced. */
  picked: Partial<Record<DataKind, LiveSourceName | undefined>>;
  keys: Partial<Record<LiveSourceName, string | undefined>>;
  baseUrls: Partial<Record<LiveSourceName, string | undefined>>;
  /** The Odds API credits Touchline may spend a day. */
  oddsDailyCredits: number;
  log: Log;
}): LiveSources {
  const built = new Map<LiveSourceName, CountedSource>();
  const build = (name: LiveSourceName) => {
    const existing = built.get(name);
    if (existing !== undefined) return existing;
    const apiKey = options.keys[name];
    // The configuration refuses a picked upstream without its key; this is a second guard.
    if (apiKey === undefined) throw new Error(`${name} was picked but has no API key`);
    const baseUrl = options.baseUrls[name];
    const source = countParserFailures(
      getLiveSource(name).create({
        apiKey,
        log: options.log,
        ...(baseUrl === undefined ? {} : { baseUrl }),
      }),
    );
    built.set(name, source);
    return source;
  };

  const selection: LiveSelection = {};
  for (const [kind, name] of Object.entries(options.picked) as [DataKind, LiveSourceName][]) {
    if (name !== undefined) selection[kind] = build(name);
  }

  const odds = built.get('odds-api');
  const oddsPlan =
    odds === undefined || options.picked.odds !== 'odds-api'
      ? undefined
      : () => {
          const nowMs = Date.now();
          const stats = odds.client.stats();
          const today = new Date(nowMs).toISOString().slice(0, 10);
          const plan = planOddsRound({
            nowMs,
            dailyCredits: options.oddsDailyCredits,
            roundCost: ODDS_CALL_COST * LEAGUES.length,
            spentToday: stats.day === today ? stats.callsToday * ODDS_CALL_COST : 0,
            remaining: stats.creditsLeft,
            used: stats.creditsUsed,
            minIntervalMs: MIN_ODDS_INTERVAL_MS,
          });
          if (!plan.fetch) {
            const until = new Date(nowMs + plan.delayMs);
            odds.client.noteDeferral(
              new QuotaDeferral(
                'odds-api',
                `odds wait until ${until.toISOString()}: ${plan.reason}`,
                until,
              ),
            );
          }
          return plan;
        };

  return {
    selection,
    stats: () => [...built.values()].map((s) => s.client.stats()),
    oddsPlan,
    label: `Live data from ${[...built.keys()].map((n) => getLiveSource(n).title).join(', ')}`,
  };
}
