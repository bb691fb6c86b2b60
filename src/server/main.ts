// The process's entry: reads the configuration, listens at once (so /livez answers within a
// second, before the heavy modules load), then loads and runs the rest of the start (start.ts).
import type { Logger } from 'pino';

import { ConfigError } from './config/config-error.ts';
import { MIN_PASSWORD_LENGTH, parseConfig, readTlsFiles, type Config } from './config/env.ts';
import { readNewsFeeds, type NewsFeedConfig } from './config/news-feeds.ts';
import { listenEarly } from './http/early-listener.ts';
import { createLogger } from './logger.ts';
import { createReadiness } from './services/readiness.ts';

/** The configuration, or the process stops here with one line naming every bad variable. */
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

function warnAboutPassword(config: Config, logger: Logger): void {
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

async function main() {
  const { config, newsFeeds, https } = await readConfig();
  const logger = await createLogger({
    level: config.logLevel,
    pretty: process.stdout.isTTY === true,
  });
  warnAboutPassword(config, logger);
  const readiness = createReadiness();

  // Listen before anything slow: probes get /livez at once, visitors a "starting" page.
  const listener = await listenEarly({
    port: config.port,
    host: config.host,
    brandName: config.brandName,
    https,
  });
  process.stdout.write(`\n  ${config.brandName} is starting at ${listener.url}\n`);
  const { startSite } = await import('./start.ts');
  await startSite({ config, newsFeeds, logger, readiness, listener });
}

main().catch(async (error: unknown) => {
  // One line, the last on stderr: a damaged data folder is named with what is wrong in it.
  const { describeStartupFailure } = await import('./db/client.ts');
  process.stderr.write(`Touchline failed to start: ${describeStartupFailure(error)}\n`);
  process.exit(1);
});
