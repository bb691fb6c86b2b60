import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';

import { pino } from 'pino';

import { buildApp } from './app.ts';
import {
  ConfigError,
  parseConfig,
  readNewsFeeds,
  type Config,
  type NewsFeedConfig,
} from './config.ts';
import { openDatabase, type Db } from './db/client.ts';
import { replaceFeedSources } from './db/feed-sources-queries.ts';
import { findDefaultReplaySeason, loadReplayDataset } from './db/history-queries.ts';
import { seedLeagues } from './db/leagues-queries.ts';
import { getOrCreateSetting } from './db/settings-queries.ts';
import { createResponseCache } from './http/response-cache.ts';
import { runImportHistory } from './jobs/import-history.ts';
import { createNewsSync } from './jobs/news-sync.ts';
import { createScheduler } from './jobs/scheduler.ts';
import { createForecaster } from './predict/forecaster.ts';
import { MODELS } from './predict/models.ts';
import type { FootballProvider } from './providers/provider.ts';
import { createReplayProvider } from './providers/replay/replay-provider.ts';
import { fetchFeed } from './providers/rss/client.ts';

const SHUTDOWN_GRACE_MS = 10_000;
const HISTORY_DIR = fileURLToPath(new URL('../../data', import.meta.url));
const WEB_ROOT = fileURLToPath(new URL('../../dist', import.meta.url));

class StartupError extends Error {}

async function readConfig(): Promise<{ config: Config; newsFeeds: NewsFeedConfig[] }> {
  try {
    const config = parseConfig(process.env);
    return { config, newsFeeds: await readNewsFeeds(config.newsFeeds, config.brandName) };
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
}

/** Where this server answers itself: its listen address, with a wildcard one made loopback. */
function getSelfOrigin(host: string, address: AddressInfo): URL {
  const self = host === '0.0.0.0' ? '127.0.0.1' : host === '::' ? '::1' : host;
  return new URL(`http://${self.includes(':') ? `[${self}]` : self}:${address.port}`);
}

/** "2022-2023" → "2022-23", as fans write seasons. */
function formatSeason(season: string): string {
  return `${season.slice(0, 4)}-${season.slice(7, 9)}`;
}

async function createProvider(
  config: Config,
  db: Db,
  logger: pino.Logger,
): Promise<{ provider: FootballProvider; label: string }> {
  if (config.dataSource === 'live') {
    throw new StartupError(
      'DATA_SOURCE=live: no live adapter is available in this version; use replay',
    );
  }
  const started = Date.now();
  const imported = await runImportHistory({ db, dataDir: HISTORY_DIR });
  logger.info({ ...imported, ms: Date.now() - started }, 'historical data ready');
  const season = config.replaySeason ?? (await findDefaultReplaySeason(db));
  if (season === null)
    throw new StartupError('no season has results, odds, player totals and transfers');
  const dataset = await loadReplayDataset(db, season);
  if (dataset.matches.length === 0)
    throw new StartupError(`REPLAY_SEASON ${season} has no results`);
  return { provider: createReplayProvider(dataset), label: `Replay of ${formatSeason(season)}` };
}

async function main() {
  const { config, newsFeeds } = await readConfig();
  const logger = pino({
    level: config.logLevel,
    redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
  });
  if (config.usesDefaultPassword) {
    logger.warn(
      'SITE_PASSWORD is not set: the site is using the default password. Set SITE_PASSWORD before going public.',
    );
  }

  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await seedLeagues(database.db);
  const sessionSecret =
    config.sessionSecret ??
    (await getOrCreateSetting(database.db, 'session_secret', () =>
      randomBytes(32).toString('base64url'),
    ));

  const { provider, label } = await createProvider(config, database.db, logger);

  // A pinned clock starts once the data is ready, so a slow first import does not eat into it.
  const startedAt = Date.now();
  const pinnedNow = config.now?.getTime();
  const now = () =>
    pinnedNow === undefined
      ? new Date()
      : new Date(pinnedNow + (Date.now() - startedAt) * config.clockSpeed);
  const cache = createResponseCache({ ttlMs: 2000 });
  // The demo feeds are served by this very server: the fetch guard lets its address through
  // once it is known, after listen.
  let selfHosts: string[] = [];
  const newsSync = createNewsSync({
    db: database.db,
    dbKind: database.kind,
    now,
    fetch: fetchFeed,
    allowHosts: () => selfHosts,
    onChange: () => cache.clear(),
    log: logger,
  });
  const scheduler = createScheduler({
    db: database.db,
    provider,
    now,
    timeZone: config.siteTimeZone,
    clockSpeed: config.clockSpeed,
    log: logger,
    onChange: () => cache.clear(),
    forecaster: createForecaster(MODELS),
    news: newsSync,
  });
  await scheduler.start();

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
    void app
      .close()
      .then(() => scheduler.stop())
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
  const self = getSelfOrigin(config.host, app.server.address() as AddressInfo);
  selfHosts = [self.host];
  await replaceFeedSources(
    database.db,
    newsFeeds.map((feed) => ({
      name: feed.name,
      url: new URL(feed.url, self).href,
      leagueSlug: feed.league,
    })),
    now(),
  );
  scheduler.startNews();
  const password = config.usesDefaultPassword
    ? config.sitePassword
    : 'the one set in SITE_PASSWORD';
  process.stdout.write(
    `\n  ${config.brandName} is running at ${url}\n  Site password: ${password}\n  Data: ${label}\n\n`,
  );
}

main().catch((error: unknown) => {
  process.stderr.write(
    `Touchline failed to start: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exit(1);
});
