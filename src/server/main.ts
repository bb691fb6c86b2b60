import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';

import { pino } from 'pino';

import { buildApp } from './app.ts';
import { ConfigError, parseConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { seedLeagues } from './db/leagues-queries.ts';
import { getOrCreateSetting } from './db/settings-queries.ts';

const SHUTDOWN_GRACE_MS = 10_000;

async function main() {
  let config;
  try {
    config = parseConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }

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

  const startedAt = Date.now();
  const pinnedNow = config.now?.getTime();
  const now = () =>
    pinnedNow === undefined
      ? new Date()
      : new Date(pinnedNow + (Date.now() - startedAt) * config.clockSpeed);

  const app = await buildApp({
    db: database.db,
    sitePassword: config.sitePassword,
    sessionSecret,
    now,
    webRoot: fileURLToPath(new URL('../../dist', import.meta.url)),
    meta: { brandName: config.brandName, creditLine: config.creditLine, replayLabel: '' },
    logger,
    trustProxy: config.trustProxy,
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
  const password = config.usesDefaultPassword
    ? config.sitePassword
    : 'the one set in SITE_PASSWORD';
  process.stdout.write(
    `\n  ${config.brandName} is running at ${url}\n  Site password: ${password}\n\n`,
  );
}

main().catch((error: unknown) => {
  process.stderr.write(
    `Touchline failed to start: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exit(1);
});
