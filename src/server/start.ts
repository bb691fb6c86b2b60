// Everything a start does once the process listens (see main.ts): open the database, load the
// football data, build the app and hand it the listening server, then the first update.
import { randomBytes } from 'node:crypto';
import path from 'node:path';

import closeWithGrace from 'close-with-grace';
import type { Logger } from 'pino';

import { toReplayTime } from '../domain/replay-clock.ts';
import { buildApp } from './app.ts';
import { DEFAULT_SITE_PASSWORD, type Config } from './config/env.ts';
import { isLoopbackHost } from './config/listen.ts';
import type { NewsFeedConfig } from './config/news-feeds.ts';
import { openDatabase, type Db } from './db/client.ts';
import { replaceFeedSources } from './db/feed-sources-queries.ts';
import { findDefaultReplaySeason, loadReplayDataset } from './db/history-queries.ts';
import { seedLeagues } from './db/leagues-queries.ts';
import { saveProviderStatus } from './db/provider-status-queries.ts';
import { getOrCreateSetting } from './db/settings-queries.ts';
import { listKnownClubs } from './db/teams-queries.ts';
import { yieldToRequests, type EarlyListener } from './http/early-listener.ts';
import { runCleanNewsTitles } from './jobs/clean-news-titles.ts';
import { findHistorySnapshot } from './jobs/history-snapshot.ts';
import { runImportHistory } from './jobs/import-history.ts';
import { createNewsSync } from './jobs/news-sync.ts';
import { createScheduler, type Scheduler } from './jobs/scheduler.ts';
import { watchLiveDataReadiness } from './live-data-readiness.ts';
import { createForecaster } from './predict/forecaster.ts';
import { MODELS } from './predict/models.ts';
import { PROJECT_ROOT } from './project-root.ts';
import { createLiveProvider } from './providers/live/live-provider.ts';
import { createLiveSources, type LiveSources } from './providers/live/live-sources.ts';
import type { FootballProvider } from './providers/provider.ts';
import { createReplayProvider } from './providers/replay/replay-provider.ts';
import { fetchFeed } from './providers/rss/client.ts';
import { renderDemoFeed } from './services/demo-newsroom/feed.ts';
import { createLiveForecastInputs } from './services/forecast-inputs.ts';
import { createLeagueDirectory } from './services/leagues.ts';
import { createLiveBoard } from './services/live-board.ts';
import type { Readiness } from './services/readiness.ts';
import { runSeasonProjection } from './services/season-projection.ts';
import { createSharedState } from './shared-state.ts';

const SHUTDOWN_GRACE_MS = 10_000;
const HISTORY_DIR = path.join(PROJECT_ROOT, 'data');
const WEB_ROOT = path.join(PROJECT_ROOT, 'dist');

/**
 * Prints each start-up step with how long it took and the process's resident memory after it,
 * so an operator watching `npm start` sees what the process is doing; the same go to the log.
 */
function createStartSteps(logger: Logger) {
  const started = performance.now();
  return async function step<T>(what: string, work: () => Promise<T>): Promise<T> {
    // Probes and visitors are answered between steps, each of which may hold the event loop.
    await yieldToRequests();
    const began = performance.now();
    const result = await work();
    const ms = Math.round(performance.now() - began);
    const rssMb = Math.round(process.memoryUsage.rss() / 1e6);
    process.stdout.write(`  · ${what} (${(ms / 1000).toFixed(1)} s, ${rssMb} MB resident)\n`);
    logger.info(
      { step: what, ms, rssMb, sinceStartMs: Math.round(performance.now() - started) },
      'start-up step',
    );
    return result;
  };
}

/** "2022-2023" → "2022-23", as fans write seasons. */
function formatSeason(season: string): string {
  return `${season.slice(0, 4)}-${season.slice(7, 9)}`;
}

/** The source of football data: the replay of a season, or the upstreams the operator picked. */
async function createProvider(
  config: Config,
  db: Db,
  logger: Logger,
): Promise<{
  provider: FootballProvider;
  label: string;
  live?: LiveSources;
  /** The replayed season, and its own time of a real instant. */
  replay?: { season: string; toSeasonTime: (realMs: number) => number };
}> {
  // The clubs and their spellings come with the history, in both modes: live names are
  // matched onto them.
  // A data folder copied from the history snapshot holds this version of the data already: the
  // import only compares the files' hash. An older data folder, or Postgres, is imported here.
  const started = Date.now();
  const imported = await runImportHistory({ db, dataDir: HISTORY_DIR });
  logger.info({ ...imported, ms: Date.now() - started }, 'historical data ready');
  if (config.dataSource === 'live') {
    const live = createLiveSources({
      picked: config.live,
      keys: config.keys,
      baseUrls: config.baseUrls,
      oddsDailyCredits: config.oddsDailyCredits,
      log: logger,
    });
    const liveProvider = createLiveProvider({
      sources: live.selection,
      clubs: await listKnownClubs(db),
    });
    // The models learn the shipped history, then the results the upstream reports.
    const provider: FootballProvider = {
      ...liveProvider,
      listForecastInputs: createLiveForecastInputs({
        db,
        historySeasons: config.predictionHistorySeasons,
      }),
    };
    logger.info({ kinds: provider.offers }, live.label);
    return { provider, label: live.label, live };
  }
  const season = config.replaySeason ?? (await findDefaultReplaySeason(db));
  if (season === null) throw new Error('no season has results, odds, player totals and transfers');
  // The earlier seasons are read when the models first learn them, after the site is ready.
  const dataset = await loadReplayDataset(db, season, {
    earlierSeasons: config.predictionHistorySeasons,
    lazyEarlier: true,
  });
  if (dataset.matches.length === 0) throw new Error(`REPLAY_SEASON ${season} has no results`);
  const provider = createReplayProvider(dataset);
  return {
    provider,
    label: `Replay of ${formatSeason(season)}`,
    replay: { season, toSeasonTime: (realMs) => toReplayTime(realMs, provider.calendar) },
  };
}

/**
 * The site's clock: real time, or NOW, standing there until `start` (the site's first readiness)
 * and from then on running CLOCK_SPEED times as fast (standing still when CLOCK_SPEED is 0).
 * However long the first update takes, a fan's first answer is at NOW.
 */
function createClock(config: Config): { now: () => Date; start: () => void } {
  const pinnedNow = config.now?.getTime();
  if (pinnedNow === undefined) return { now: () => new Date(), start: () => undefined };
  let startedAt: number | undefined;
  return {
    now: () =>
      new Date(
        startedAt === undefined
          ? pinnedNow
          : pinnedNow + (Date.now() - startedAt) * config.clockSpeed,
      ),
    start: () => {
      startedAt ??= Date.now();
    },
  };
}
/**
 * Opens the database, loads the data, builds the app on the listening server and runs the first
 * update; the process then serves until a signal ends it.
 */
export async function startSite(deps: {
  config: Config;
  newsFeeds: NewsFeedConfig[];
  logger: Logger;
  readiness: Readiness;
  listener: EarlyListener;
}): Promise<void> {
  const { config, newsFeeds, logger, listener } = deps;
  const clock = createClock(config);
  const now = clock.now;
  const readiness: Readiness = {
    ...deps.readiness,
    markDataLoaded: () => {
      clock.start();
      deps.readiness.markDataLoaded();
    },
  };
  const step = createStartSteps(logger);
  const database = await step('database opened', async () =>
    openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      seedDir:
        config.databaseUrl === undefined
          ? ((await findHistorySnapshot(HISTORY_DIR)) ?? undefined)
          : undefined,
    }),
  );
  if (database.fromSeed) logger.info('new data folder made from the history snapshot');
  readiness.markMigrated();
  await seedLeagues(database.db);
  // Titles stored by a release that kept their markup are rewritten as the plain text the API
  // promises (a clean table costs one read).
  const cleanedTitles = await runCleanNewsTitles({ db: database.db, now: () => new Date() });
  if (cleanedTitles > 0) logger.info({ titles: cleanedTitles }, 'news titles made plain text');
  const sessionSecret =
    config.sessionSecret ??
    (await getOrCreateSetting(database.db, 'session_secret', () =>
      randomBytes(32).toString('base64url'),
    ));

  const data = await step('football data loaded', () =>
    createProvider(config, database.db, logger),
  );
  // The replay's season is in memory now; live data waits for its first sync or stored matches.
  const liveData =
    data.live === undefined
      ? undefined
      : await watchLiveDataReadiness({
          db: database.db,
          provider: data.provider,
          readiness,
          log: logger,
        });
  const provider = liveData?.provider ?? data.provider;

  const shared = await createSharedState({
    redisUrl: config.redisUrl,
    databaseUrl: config.databaseUrl,
    site: config.databaseUrl ?? config.dataDir,
    log: logger,
  });
  const demoFeeds = {
    db: database.db,
    leagues: createLeagueDirectory(database.db),
    now,
    timeZone: config.siteTimeZone,
    brandName: config.brandName,
  };
  const newsSync = createNewsSync({
    db: database.db,
    dbKind: database.kind,
    now,
    fetch: fetchFeed,
    // The demo feeds are handed over in-process: the server never fetches from itself.
    readSiteFeed: (path) => renderDemoFeed(demoFeeds, path),
    onChange: () => shared.invalidation.changed(),
    log: logger,
  });
  const forecaster = createForecaster(MODELS);
  const { live } = data;

  // Only the leader polls upstreams and feeds.
  let scheduler: Scheduler | undefined;
  let listening = false;
  const leadership = shared.createLeadership({
    onAcquire: async () => {
      // A new leader's first reading announces the whole board (see createLiveBoard).
      const liveBoard = createLiveBoard({
        db: database.db,
        now,
        timeZone: config.siteTimeZone,
        publish: (matches) => shared.live.publish(matches),
      });
      const started = createScheduler({
        db: database.db,
        provider,
        now,
        timeZone: config.siteTimeZone,
        clockSpeed: config.clockSpeed,
        log: logger,
        onChange: () => {
          shared.invalidation.changed();
          liveData?.onWrite();
        },
        afterMatches: async () => {
          await liveBoard.publishChanges();
          // The replay is ready once today's board is written: tables, predictions and
          // projections follow within seconds, and a used data folder has them already.
          if (liveData === undefined) readiness.markDataLoaded();
        },
        forecaster,
        afterPredictions: async (at) => {
          const outcomes = await runSeasonProjection({
            db: database.db,
            now: at,
            // The replay's models know its season's own time line.
            forecastMatch: (fixture) =>
              forecaster.forecastBy('Dixon-Coles', {
                ...fixture,
                kickoffMs: data.replay?.toSeasonTime(fixture.kickoffMs) ?? fixture.kickoffMs,
              }),
            ...(data.replay === undefined ? {} : { season: data.replay.season }),
          });
          const written = outcomes.filter((o) => o.status === 'written').map((o) => o.league);
          if (written.length > 0) logger.info({ leagues: written }, 'season projections written');
        },
        news: newsSync,
        ...(live?.oddsPlan === undefined ? {} : { odds: { plan: live.oddsPlan } }),
        ...(live === undefined
          ? {}
          : { afterSync: () => saveProviderStatus(database.db, live.stats(), new Date()) }),
      });
      scheduler = started;
      await started.start();
      if (listening) started.startNews();
    },
    onLose: async () => {
      const stopping = scheduler;
      scheduler = undefined;
      await stopping?.stop();
    },
  });

  const app = await step('site built', async () => {
    const built = await buildApp({
      db: database.db,
      sitePassword: config.sitePassword,
      sessionSecret,
      now,
      timeZone: config.siteTimeZone,
      cache: shared.cache,
      webRoot: WEB_ROOT,
      meta: {
        brandName: config.brandName,
        creditLine: config.creditLine,
        replayLabel: data.label,
      },
      logger,
      trustProxy: config.trustProxy,
      adminPassword: config.adminPassword,
      listensBeyondLoopback: !isLoopbackHost(config.host),
      newsSync,
      throttle: shared.throttle,
      adminThrottle: shared.adminThrottle,
      clickLimiter: shared.clickLimiter,
      dataSource: config.dataSource,
      isLeader: () => leadership.isLeader(),
      readiness,
      // PGlite answers in turn behind the writes before it; Postgres must answer within 1 s.
      ...(database.kind === 'pglite' ? { databaseCheckTimeoutMs: 10_000 } : {}),
      overload: { maxEventLoopDelayMs: config.overloadEventLoopDelayMs },
      rateLimit: { perMinute: config.rateLimitPerMinute, redis: shared.rateLimitStore },
      live: { feed: shared.live, limits: config.liveStreams },
      serverFactory: listener.serverFactory,
    });
    await built.ready();
    return built;
  });
  listener.handOver();

  // From here a signal or a crash closes in order: stop taking requests and let those begun
  // finish, step down as leader, leave Redis, close the database; past the grace, exit 1.
  closeWithGrace(
    {
      delay: SHUTDOWN_GRACE_MS,
      logger: false,
      // Node's own handling stays for the faults after which no JavaScript can safely run.
      skip: ['SIGILL', 'SIGTRAP', 'SIGABRT', 'SIGBUS', 'SIGFPE', 'SIGSEGV'],
      onTimeout: () => logger.error('shutdown took too long; exiting'),
      onSecondSignal: (signal) => logger.warn({ signal }, 'second signal: exiting at once'),
      onSecondError: (error) => logger.fatal({ err: error }, 'crashed again while shutting down'),
    },
    async ({ signal, err }) => {
      if (err === undefined) logger.info({ signal }, 'shutting down');
      else logger.fatal({ err }, 'crashed: shutting down');
      // close() ends the idle keep-alive connections once; one whose request finishes later
      // would hold the exit for keepAliveTimeout, so the newly idle ones are ended as they come.
      const closeIdle = setInterval(() => app.server.closeIdleConnections(), 100);
      closeIdle.unref();
      try {
        // The app was handed a listening server: it stops taking connections here, and
        // app.close() waits for the requests begun.
        const serverClosed = new Promise<void>((resolve) => listener.server.close(() => resolve()));
        await app.close();
        await serverClosed;
        clearInterval(closeIdle);
        // Stopped first: stepping down waits for the leader's start to end, and a first start
        // spends seconds learning the history, which the stop interrupts.
        await scheduler?.stop();
        await leadership.stop();
        await liveData?.stop();
        await shared.close();
        await database.close();
      } catch (error) {
        logger.error({ err: error }, 'shutdown failed');
        throw error;
      }
    },
  );

  // A demo feed keeps its path as its url (`/feeds/serie-a.xml`): it is rendered, not fetched.
  await replaceFeedSources(
    database.db,
    newsFeeds.map((feed) => ({ name: feed.name, url: feed.url, leagueSlug: feed.league })),
    now(),
  );
  listening = true;
  // The leader's first update: today's matches (then the replay is ready), tables, predictions
  // and projections. An instance that does not lead reads what the leader writes.
  await step('first update', async () => {
    await leadership.start();
    if (liveData === undefined) readiness.markDataLoaded();
  });
  scheduler?.startNews();
  // Never the configured password or hash; the default one is public (README).
  const password = config.usesDefaultPassword
    ? `${DEFAULT_SITE_PASSWORD} (the default)`
    : typeof config.sitePassword === 'string'
      ? 'the one set in SITE_PASSWORD'
      : 'the one hashed in SITE_PASSWORD_HASH';
  process.stdout.write(
    `\n  ${config.brandName} is running at ${listener.url}\n  Site password: ${password}\n  Data: ${data.label}\n\n`,
  );
}
