// The process's entry: listens at once (so /livez answers within a second, before the heavy
// modules load), reads the configuration, then loads and runs the rest of the start (start.ts).
import type { Logger } from 'pino';

import { ConfigError } from './config/config-error.ts';
import type { Config } from './config/env.ts';
import {
  isLoopbackHost,
  parseListenConfig,
  readTlsFiles,
  type ListenConfig,
} from './config/listen.ts';
import type { NewsFeedConfig } from './config/news-feeds.ts';
import { listenEarly, yieldToRequests } from './http/early-listener.ts';
import { createReadiness } from './services/readiness.ts';

/** The configuration, or the process stops here with one line naming every bad variable. */
async function readConfig(): Promise<{
  config: Config;
  newsFeeds: NewsFeedConfig[];
  https: { cert: string; key: string } | undefined;
}> {
  // Loaded once the process listens: the configuration reaches every upstream's module.
  const { parseConfig } = await import('./config/env.ts');
  const { readNewsFeeds } = await import('./config/news-feeds.ts');
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

async function warnAboutPassword(config: Config, logger: Logger): Promise<void> {
  const { MIN_PASSWORD_LENGTH } = await import('./config/env.ts');
  if (config.adminPassword === undefined && !isLoopbackHost(config.host)) {
    logger.warn(
      `ADMIN_PASSWORD is not set and the site listens on ${config.host}: the clicks report and the upstreams' status stay closed until it is set, and admin actions are open to every fan past the gate.`,
    );
  } else if (config.shortAdminPassword) {
    logger.warn(
      `ADMIN_PASSWORD is shorter than ${MIN_PASSWORD_LENGTH} characters: use at least ${MIN_PASSWORD_LENGTH} random characters.`,
    );
  }
  if (config.usesDefaultPassword) {
    logger.warn(
      'SITE_PASSWORD is not set: the site is using the default password. Set SITE_PASSWORD_HASH (npm run hash-password) before going public.',
    );
  } else if (config.shortPassword) {
    logger.warn(
      `SITE_PASSWORD is shorter than ${MIN_PASSWORD_LENGTH} characters: use at least ${MIN_PASSWORD_LENGTH} random characters.`,
    );
  }
}

/**
 * Listens with the listening settings alone (a second or more before the rest of the
 * configuration's modules have loaded). Null when they are wrong: the whole configuration is
 * then read, and its one line names every bad variable, these included.
 */
async function listenFirst() {
  let listen: ListenConfig;
  let https: { cert: string; key: string } | undefined;
  try {
    listen = parseListenConfig(process.env);
    https = listen.tls === undefined ? undefined : await readTlsFiles(listen.tls);
  } catch (error) {
    if (error instanceof ConfigError) return null;
    throw error;
  }
  return listenEarly({ port: listen.port, host: listen.host, brandName: listen.brandName, https });
}

async function main() {
  // Probes get /livez at once, visitors a "starting" page, before anything slow.
  const early = await listenFirst();
  if (early !== null) process.stdout.write(`\n  Touchline is starting at ${early.url}\n`);
  await yieldToRequests();
  const { config, newsFeeds, https } = await readConfig();
  await yieldToRequests();
  const { createLogger } = await import('./logger.ts');
  const logger = await createLogger({
    level: config.logLevel,
    pretty: process.stdout.isTTY === true,
  });
  await warnAboutPassword(config, logger);
  const readiness = createReadiness();
  const listener =
    early ??
    (await listenEarly({
      port: config.port,
      host: config.host,
      brandName: config.brandName,
      https,
    }));
  await yieldToRequests();
  const { startSite } = await import('./start.ts');
  await startSite({ config, newsFeeds, logger, readiness, listener });
}

main().catch(async (error: unknown) => {
  // One line, the last on stderr: a damaged data folder is named with what is wrong in it.
  const { describeStartupFailure } = await import('./db/client.ts');
  process.stderr.write(`Touchline failed to start: ${describeStartupFailure(error)}\n`);
  process.exit(1);
});
