import { createHash, randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';

import { Redis } from 'ioredis';
import { pino } from 'pino';

import { buildApp } from './app.ts';
import {
  ConfigError,
  DEFAULT_SITE_PASSWORD,
  MIN_PASSWORD_LENGTH,
  parseConfig,
  readNewsFeeds,
  readTlsFiles,
  type Config,
  type NewsFeedConfig,
} from './config.ts';
import { describeStartupFailure, openDatabase, type Db } from './db/client.ts';
import { replaceFeedSources } from './db/feed-sources-queries.ts';
import { findDefaultReplaySeason, loadReplayDataset } from './db/history-queries.ts';
import { seedLeagues } from './db/leagues-queries.ts';
import { saveProviderStatus } from './db/provider-status-queries.ts';
import { getOrCreateSetting } from './db/settings-queries.ts';
import { listKnownClubs } from './db/teams-queries.ts';
import { createClickLimiter } from './http/click-limiter.ts';
import { createInvalidation } from './http/invalidation.ts';
import { createLoginThrottle } from './http/login-throttle.ts';
import { createResponseCache } from './http/response-cache.ts';
import { runCleanNewsTitles } from './jobs/clean-news-titles.ts';
import { runImportHistory } from './jobs/import-history.ts';
import { createLeadership } from './jobs/leadership.ts';
import { createNewsSync } from './jobs/news-sync.ts';
import { createScheduler, type Scheduler } from './jobs/scheduler.ts';
import { createLiveSources, type LiveSources } from './live-sources.ts';
import { createForecaster } from './predict/forecaster.ts';
import { MODELS } from './predict/models.ts';
import { createLiveProvider } from './providers/live/live-provider.ts';
import type { FootballProvider } from './providers/provider.ts';
import { createReplayProvider } from './providers/replay/replay-provider.ts';
import { fetchFeed } from './providers/rss/client.ts';
import { renderDemoFeed } from './services/demo-newsroom/feed.ts';
import { createLeagueDirectory } from './services/leagues.ts';

const SHUTDOWN_GRACE_MS = 10_000;
const HISTORY_DIR = fileURLToPath(new URL('../../data', import.meta.url));
const WEB_ROOT = fileURLToPath(new URL('../../dist', import.meta.url));

class StartupError extends Error {}

async function readConfig(): Promise<{
  config: Config;
  newsFeeds: NewsFeedConfig[];
  https: { cert: string; key: string } | undefined;
}> {
  try {
    const config = parseConfig(process.env);
    return {
      config,
      newsFeeds: await readNewsFeeds(config.newsFeeds, config.brandName),
      https: config.tls === undefined ? undefined : await readTlsFiles(config.tls),
    };
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
}

/** "2022-2023" → "2022-23", as fans write seasons. */
function formatSeason(season: string): string {
  return `${season.slice(0, 4)}-${season.slice(7, 9)}`;
}

/**
 * Keys in Redis are named after the database the instances share, so two sites on one Redis
 * never read each other's cache.
 */
function getRedisPrefix(config: Config): string {
  const site = config.databaseUrl ?? config.dataDir;
  return `touchline:${createHash('sha256').update(site).digest('hex').slice(0, 12)}:`;
}

async function createProvider(
  config: Config,
  db: Db,
  logger: pino.Logger,
): Promise<{ provider: FootballProvider; label: string; live?: LiveSources }> {
  // The clubs and their spellings come with the history, in both modes: live names are
  // matched onto them.
  const started = Date.now();
  const imported = await runImportHistory({ db, dataDir: HISTORY_DIR });
  logger.info({ ...imported, ms: Date.now() - started }, 'historical data ready');
  if (config.dataSource === 'live') {
    const live = createLiveSources(config, logger);
    const provider = createLiveProvider({
      sources: live.selection,
      clubs: await listKnownClubs(db),
    });
    logger.info({ kinds: provider.offers }, live.label);
    return { provider, label: live.label, live };
  }
  const season = config.replaySeason ?? (await findDefaultReplaySeason(db));
  if (season === null)
    throw new StartupError('no season has results, odds, player totals and transfers');
  const dataset = await loadReplayDataset(db, season);
  if (dataset.matches.length === 0)
    throw new StartupError(`REPLAY_SEASON ${season} has no results`);
  return { provider: createReplayProvider(dataset), label: `Replay of ${formatSeason(season)}` };
}

/** Connects to Redis, or stops the start with a clear message when it cannot. */
async function connectRedis(
  url: string,
  logger: pino.Logger,
): Promise<{ main: Redis; sub: Redis }> {
  const options = { lazyConnect: true, maxRetriesPerRequest: 1, connectTimeout: 5000 };
  const main = new Redis(url, options);
  const sub = new Redis(url, options);
  for (const client of [main, sub]) {
    client.on('error', (error: Error) =>
      logger.warn({ err: error.message }, 'redis: connection problem'),
    );
  }
  try {
    await Promise.all([main.connect(), sub.connect()]);
  } catch (error) {
    main.disconnect();
    sub.disconnect();
    throw new StartupError(
      `REDIS_URL: cannot connect (${error instanceof Error ? error.message : String(error)})`,
    );
  }
  return { main, sub };
}

async function main() {
  const { config, newsFeeds, https } = await readConfig();
  const logger = pino({
    level: config.logLevel,
    redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
  });
  if (config.usesDefaultPassword) {
    logger.warn(
      'SITE_PASSWORD is not set: the site is using the default password. Set SITE_PASSWORD_HASH (npm run hash-password) before going public.',
    );
  } else if (config.shortPassword) {
    logger.warn(
      `SITE_PASSWORD is shorter than ${MIN_PASSWORD_LENGTH} characters: use at least ${MIN_PASSWORD_LENGTH} random characters.`,
    );
  }

  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
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

  const { provider, label, live } = await createProvider(config, database.db, logger);
  const redis =
    config.redisUrl === undefined ? undefined : await connectRedis(config.redisUrl, logger);

  // A pinned clock starts once the data is ready, so a slow first import does not eat into it.
  const startedAt = Date.now();
  const pinnedNow = config.now?.getTime();
  const now = () =>
    pinnedNow === undefined
      ? new Date()
      : new Date(pinnedNow + (Date.now() - startedAt) * config.clockSpeed);
  const redisPrefix = getRedisPrefix(config);
  const redisError = (error: unknown) =>
    logger.warn({ err: error instanceof Error ? error.message : String(error) }, 'redis: failed');
  const cache = createResponseCache({
    ttlMs: 2000,
    onStale: (key, error) =>
      logger.warn(
        { key, err: error instanceof Error ? error.message : String(error) },
        'serving the last good answer: a fresh one failed',
      ),
    ...(redis === undefined
      ? {}
      : {
          shared: { redis: redis.main, prefix: redisPrefix, ttlMs: 15_000, onError: redisError },
        }),
  });
  const invalidation = createInvalidation({
    cache,
    ...(redis === undefined
      ? {}
      : { redis: { publisher: redis.main, subscriber: redis.sub, prefix: redisPrefix } }),
    log: logger,
  });
  await invalidation.start();
  // With Redis the counts are shared by every instance, each with in-memory counts to fall
  // back on; without it, each counts on its own.
  const sharedCounts =
    redis === undefined
      ? undefined
      : { redis: redis.main, prefix: redisPrefix, onError: redisError };
  const throttle = createLoginThrottle({ name: 'login', redis: sharedCounts });
  const adminThrottle = createLoginThrottle({ name: 'admin', redis: sharedCounts });
  const clickLimiter = createClickLimiter({ redis: sharedCounts });
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
    onChange: () => invalidation.changed(),
    log: logger,
  });
  const forecaster = createForecaster(MODELS);
  // Only the leader polls upstreams and feeds; with Postgres, instances elect it by lock.
  let scheduler: Scheduler | undefined;
  let listening = false;
  const leadership = createLeadership({
    databaseUrl: config.databaseUrl,
    log: logger,
    onAcquire: async () => {
      const started = createScheduler({
        db: database.db,
        provider,
        now,
        timeZone: config.siteTimeZone,
        clockSpeed: config.clockSpeed,
        log: logger,
        onChange: () => invalidation.changed(),
        forecaster,
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
  await leadership.start();

  const app = await buildApp({
    db: database.db,
    sitePassword: config.sitePassword,
    sessionSecret,
    now,
    timeZone: config.siteTimeZone,
    cache,
    webRoot: WEB_ROOT,
    meta: {
      brandName: config.brandName,
      creditLine: config.creditLine,
      replayLabel: label,
      timeZone: config.siteTimeZone,
    },
    logger,
    trustProxy: config.trustProxy,
    adminPassword: config.adminPassword,
    newsSync,
    throttle,
    adminThrottle,
    clickLimiter,
    dataSource: config.dataSource,
    isLeader: () => leadership.isLeader(),
    overload: {},
    rateLimit: {
      perMinute: config.rateLimitPerMinute,
      ...(redis === undefined ? {} : { redis: { client: redis.main, prefix: redisPrefix } }),
    },
    ...(https === undefined ? {} : { https }),
  });

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    logger.info({ signal }, 'shutting down');
    const timer = setTimeout(() => {
      logger.error('shutdown took too long; exiting');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    timer.unref();
    // close() ends the idle keep-alive connections once; one whose request finishes later
    // would hold the exit for keepAliveTimeout, so the newly idle ones are ended as they come.
    const closeIdle = setInterval(() => app.server.closeIdleConnections(), 100);
    closeIdle.unref();
    void app
      .close()
      .then(() => clearInterval(closeIdle))
      .then(() => leadership.stop())
      .then(() => invalidation.stop())
      .then(async () => {
        await Promise.all([redis?.main.quit(), redis?.sub.quit()]);
      })
      .then(() => database.close())
      .then(() => process.exit(0))
      .catch((error: unknown) => {
        logger.error({ err: error }, 'shutdown failed');
        process.exit(1);
      });
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));

  const url = await app.listen({ port: config.port, host: config.host });
  // A demo feed keeps its path as its url (`/feeds/serie-a.xml`): it is rendered, not fetched.
  await replaceFeedSources(
    database.db,
    newsFeeds.map((feed) => ({ name: feed.name, url: feed.url, leagueSlug: feed.league })),
    now(),
  );
  listening = true;
  scheduler?.startNews();
  // Never the configured password or hash; the default one is public (README).
  const password = config.usesDefaultPassword
    ? `${DEFAULT_SITE_PASSWORD} (the default)`
    : typeof config.sitePassword === 'string'
      ? 'the one set in SITE_PASSWORD'
      : 'the one hashed in SITE_PASSWORD_HASH';
  process.stdout.write(
    `\n  ${config.brandName} is running at ${url}\n  Site password: ${password}\n  Data: ${label}\n\n`,
  );
}

main().catch((error: unknown) => {
  // One line, the last on stderr: a damaged data folder is named with what is wrong in it.
  process.stderr.write(`Touchline failed to start: ${describeStartupFailure(error)}\n`);
  process.exit(1);
});
