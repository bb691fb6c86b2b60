import { getStatusCode } from '../../domain/live-match.ts';
import type { OddsPlan } from '../../domain/odds-budget.ts';
import { getRefreshIntervalMs } from '../../domain/refresh.ts';
import type { Db } from '../db/client.ts';
import type { Forecaster } from '../predict/forecaster.ts';
import type { DataKind, FootballProvider } from '../providers/provider.ts';
import type { NewsSync } from './news-sync.ts';
import { runPredictUpcoming } from './predict-upcoming.ts';
import {
  runSyncLeagueData,
  runSyncMatches,
  runSyncSeason,
  type SyncDeferral,
  type SyncFailure,
} from './sync-provider.ts';

const LEAGUE_DATA_INTERVAL_MS = 60 * 60 * 1000;
/**
 * Transfers change slowly and are the dearest data to ask for (one request per club at some
 * upstreams, against a daily quota): once a day, whatever the upstream.
 */
const TRANSFERS_INTERVAL_MS = 24 * 60 * 60 * 1000;
/** The whole season (a provider that holds one: the replay) is stored once a day. */
const SEASON_INTERVAL_MS = 24 * 60 * 60 * 1000;
/** News feeds are looked at every 15 minutes; each feed's own state says whether it is due. */
const NEWS_INTERVAL_MS = 15 * 60 * 1000;
const MIN_DELAY_MS = 1000;

type Log = {
  info: (obj: object, msg: string) => void;
  warn: (obj: object, msg: string) => void;
  error: (obj: object, msg: string) => void;
};

export type Scheduler = {
  /** Runs the first sync now and keeps polling until stopped. */
  start: () => Promise<void>;
  /**
   * Starts news ingestion: a first run of the due feeds a second from now, then every 15
   * minutes. Call it once the server listens: the demo feeds are fetched from it over HTTP.
   */
  startNews: () => void;
  stop: () => Promise<void>;
};

/**
 * Polls the provider on the specification's adaptive rule (30 s while a match is live, 2 min at
 * half-time, else 5 min), league tables and players hourly or as soon as a match ends, and
 * transfers daily (with the first league sync of each day of the site's clock). Intervals
 * shrink with the clock speed, so a sped-up replay polls as often in replay time. All timing
 * lives here.
 */
export function createScheduler(deps: {
  db: Db;
  provider: FootballProvider;
  now: () => Date;
  timeZone: string;
  /** How many times as fast as real time the clock runs; 0 when it stands still. */
  clockSpeed: number;
  log: Log;
  /** Called after every write, so caches can drop what they hold. */
  onChange: () => void;
  /** Trained prediction models; upcoming matches get predictions after each league sync. */
  forecaster?: Forecaster;
  /** News ingestion; without it startNews() does nothing. */
  news?: Pick<NewsSync, 'runDue'>;
  /**
   * Odds on a credit budget: fetched on their own loop when the plan allows, not with the
   * league data. Without it odds come with the league data.
   */
  odds?: { plan: () => OddsPlan };
  /** Called after each sync, failed or not (status reporting). */
  afterSync?: () => Promise<void>;
  /** Called after each write of today's matches (the live push reads what changed). */
  afterMatches?: () => Promise<void>;
  /** Called after each prediction run, with its time (season projections follow predictions). */
  afterPredictions?: (now: Date) => Promise<void>;
}): Scheduler {
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  /** Aborts on stop(): predictions under way stop learning and write nothing. */
  const stopping = new AbortController();
  // Waits shrink as the clock speeds up. A clock that stands still changes nothing upstream of a
  // replay, so its jobs keep real time's pace rather than none at all.
  const pace = deps.clockSpeed > 0 ? deps.clockSpeed : 1;
  let running: Promise<void> | undefined;
  let lastLeagueSyncMs = Number.NEGATIVE_INFINITY;
  let lastTransfersSyncMs = Number.NEGATIVE_INFINITY;
  let lastSeasonSyncMs = Number.NEGATIVE_INFINITY;
  let finishedBefore = -1;
  let nextDelayMs = MIN_DELAY_MS;
  const written = new Map<string, string>();
  let newsTimer: NodeJS.Timeout | undefined;
  let newsRunning: Promise<void> | undefined;
  let oddsTimer: NodeJS.Timeout | undefined;
  let oddsRunning: Promise<void> | undefined;
  // Odds on a credit budget have their own loop; otherwise they come with the league data.
  const hourlyKinds: readonly DataKind[] =
    deps.odds === undefined ? ['standings', 'players', 'odds'] : ['standings', 'players'];

  /** The upstream that failed (an UpstreamError names it), else the provider. */
  const providerOf = (error: unknown): string => {
    const named = (error as { provider?: unknown } | null)?.provider;
    return typeof named === 'string' ? named : deps.provider.name;
  };

  const logFailures = (failures: SyncFailure[]) => {
    for (const f of failures) {
      const message = f.error instanceof Error ? f.error.message : String(f.error);
      deps.log.warn(
        { provider: providerOf(f.error), kind: f.kind, league: f.league, err: message },
        `${f.kind} of ${f.league} not updated; the stored data stays: ${message}`,
      );
    }
  };

  /** Reads the provider's own quota planning put off: planned, so info, not a failure. */
  const logDeferred = (deferred: SyncDeferral[]) => {
    for (const d of deferred) {
      const until = d.deferral.until?.toISOString();
      deps.log.info(
        {
          provider: d.deferral.provider,
          kind: d.kind,
          league: d.league,
          until,
          reason: d.deferral.message,
        },
        `${d.kind} of ${d.league} deferred${until === undefined ? '' : ` until ${until}`}; ` +
          `the stored data stays: ${d.deferral.message}`,
      );
    }
  };

  let leagueRunning: Promise<void> | undefined;

  const reportStatus = () =>
    deps.afterSync?.().catch((error: unknown) => {
      deps.log.error({ err: error }, 'status report failed');
    });

  /** The kinds a league sync at `now` asks for: transfers only once a day has passed. */
  const pickLeagueKinds = (now: Date): readonly DataKind[] => {
    if (now.getTime() - lastTransfersSyncMs < TRANSFERS_INTERVAL_MS) return hourlyKinds;
    lastTransfersSyncMs = now.getTime();
    return [...hourlyKinds, 'transfers'];
  };

  /** Tables and players (and odds without a budget), transfers when due, then predictions. */
  const syncLeagues = async (now: Date) => {
    const sync = { db: deps.db, provider: deps.provider, now, timeZone: deps.timeZone, written };
    if (now.getTime() - lastSeasonSyncMs >= SEASON_INTERVAL_MS) {
      lastSeasonSyncMs = now.getTime();
      await runSyncSeason(sync).catch((error: unknown) => {
        deps.log.warn({ err: error }, 'season not stored; the matches stored stay');
      });
    }
    const { failures, deferred } = await runSyncLeagueData({
      ...sync,
      kinds: pickLeagueKinds(now),
    });
    logFailures(failures);
    logDeferred(deferred);
    if (deps.forecaster !== undefined) {
      const made = await runPredictUpcoming({
        ...sync,
        forecaster: deps.forecaster,
        signal: stopping.signal,
      });
      if (made > 0) deps.log.info({ predictions: made }, 'predictions written');
      await deps.afterPredictions?.(now).catch((error: unknown) => {
        deps.log.error({ err: error }, 'season projections not written');
      });
    }
    deps.onChange();
    await reportStatus();
  };

  /**
   * Polls today's matches. League data runs beside it when due (hourly, or when a match has
   * just finished; transfers daily), so a slow or rate-limited league sync never delays the
   * live scores.
   */
  const tick = async () => {
    const now = deps.now();
    const sync = { db: deps.db, provider: deps.provider, now, timeZone: deps.timeZone, written };
    try {
      const items = await runSyncMatches(sync);
      // Today's matches are published before the league data starts: its writes and the
      // models' learning would otherwise hold the live scores (and a first start's readiness).
      deps.onChange();
      await deps.afterMatches?.().catch((error: unknown) => {
        deps.log.error({ err: error }, 'live updates not published');
      });
      const finished = items.filter((m) => m.phase === 'finished').length;
      const leagueDue = now.getTime() - lastLeagueSyncMs >= LEAGUE_DATA_INTERVAL_MS;
      if ((leagueDue || finished !== finishedBefore) && leagueRunning === undefined) {
        lastLeagueSyncMs = now.getTime();
        finishedBefore = finished;
        leagueRunning = syncLeagues(now)
          .catch((error: unknown) => {
            if (stopping.signal.aborted) {
              deps.log.info({}, 'league data sync stopped with the scheduler');
              return;
            }
            deps.log.error({ err: error, provider: deps.provider.name }, 'league data sync failed');
          })
          .finally(() => {
            leagueRunning = undefined;
          });
      }
      const interval = getRefreshIntervalMs(items.map((m) => getStatusCode(m.phase)));
      nextDelayMs = Math.max(MIN_DELAY_MS, interval / pace);
    } catch (error) {
      deps.log.error({ err: error, provider: providerOf(error) }, `matches sync failed`);
      nextDelayMs = Math.max(MIN_DELAY_MS, 30_000 / pace);
    }
    await reportStatus();
  };

  const oddsTick = async (): Promise<number> => {
    const plan = deps.odds?.plan();
    if (plan === undefined) return Number.POSITIVE_INFINITY;
    if (!plan.fetch) {
      // The credit plan's own wait: deferred, like a read an adapter's budget puts off.
      const until = new Date(deps.now().getTime() + plan.delayMs).toISOString();
      deps.log.info(
        { kind: 'odds', until, reason: plan.reason, nextInMs: plan.delayMs },
        `odds deferred until ${until}: ${plan.reason}`,
      );
      return plan.delayMs;
    }
    const now = deps.now();
    const { failures, deferred } = await runSyncLeagueData({
      db: deps.db,
      provider: deps.provider,
      now,
      timeZone: deps.timeZone,
      written,
      kinds: ['odds'],
    });
    logFailures(failures);
    logDeferred(deferred);
    deps.onChange();
    await reportStatus();
    return plan.delayMs;
  };

  const scheduleOdds = (delayMs: number) => {
    if (stopped || deps.odds === undefined) return;
    // setTimeout holds at most ~24.8 days; a plan never waits longer than a day.
    oddsTimer = setTimeout(
      () => {
        oddsRunning = oddsTick()
          .catch((error: unknown) => {
            deps.log.error({ err: error }, 'odds sync failed');
            return 30 * 60 * 1000;
          })
          .then((next) => scheduleOdds(Math.max(MIN_DELAY_MS, next / pace)));
      },
      Math.min(delayMs, 2 ** 31 - 1),
    );
  };

  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      running = tick().finally(schedule);
    }, nextDelayMs);
  };

  const newsTick = async () => {
    try {
      const result = await deps.news?.runDue();
      if (result !== null && result !== undefined && result.sources.length > 0) {
        const failed = result.sources.filter((s) => s.error !== null).length;
        deps.log.info(
          { feeds: result.sources.length, failed, new: result.total_new },
          'news feeds ingested',
        );
      }
    } catch (error) {
      deps.log.error({ err: error }, 'rss: news ingestion failed');
    }
  };

  const scheduleNews = (delayMs: number) => {
    if (stopped || deps.news === undefined) return;
    newsTimer = setTimeout(() => {
      newsRunning = newsTick().finally(() =>
        scheduleNews(Math.max(MIN_DELAY_MS, NEWS_INTERVAL_MS / pace)),
      );
    }, delayMs);
  };

  return {
    async start() {
      running = tick();
      await running;
      // The first start waits for the league data too, so the site opens complete.
      await leagueRunning;
      schedule();
      scheduleOdds(0);
    },
    startNews() {
      if (newsTimer === undefined) scheduleNews(MIN_DELAY_MS);
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      clearTimeout(newsTimer);
      clearTimeout(oddsTimer);
      // The models' learning takes seconds over the whole history: it stops at its next slice
      // and nothing is forecast from it, so a stop never waits for it (nor overruns its grace).
      stopping.abort(new Error('the scheduler stopped'));
      await Promise.all([running, newsRunning, oddsRunning, leagueRunning]);
    },
  };
}
