import { createHash } from 'node:crypto';

import fastifyRateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';

export type RateLimitOptions = {
  /** Requests per minute per fan (a session, else a client address); 0 turns the limit off. */
  perMinute: number;
  /** Count in Redis, so every instance shares one count per address. */
  redis?: { client: Redis; prefix: string };
};

/**
 * Limits each fan with @fastify/rate-limit: past the limit their requests answer 429 with
 * Retry-After until the minute is out. A fan is the session whose cookie verifies (`getSession`),
 * so a crowd behind one address (a stadium's or an office's Wi-Fi) gets a budget each; a request
 * without one counts against its client address. Every request counts, unknown paths included, except
 * on routes whose own options say `countedByRateLimit: false` (the health probe, the front end's
 * files, the drawn images a page loads by the dozen): decided on the matched route, never on
 * the raw URL, which other spellings of a path would walk round.
 */
export async function registerRateLimit(
  app: FastifyInstance,
  options: RateLimitOptions | undefined,
  getSession: (request: FastifyRequest) => string | undefined,
): Promise<void> {
  if (options === undefined || options.perMinute === 0) return;
  await app.register(fastifyRateLimit, {
    global: false,
    max: options.perMinute,
    timeWindow: 60_000,
    // A digest of the token, not the token: the counts' keys may sit in Redis.
    keyGenerator: (request) => {
      const session = getSession(request);
      return session === undefined
        ? `address:${request.ip}`
        : `session:${createHash('sha256').update(session).digest('base64url').slice(0, 22)}`;
    },
    allowList: (request) =>
      !request.is404 && request.routeOptions.config.countedByRateLimit === false,
    cache: 100_000,
    ...(options.redis === undefined
      ? {}
      : {
          redis: options.redis.client,
          nameSpace: `${options.redis.prefix}rate-limit:`,
          // While Redis cannot be reached, requests go through rather than fail.
          skipOnError: true,
        }),
  });
  // One hook in a place of our choosing (app.ts), rather than one added to each route.
  app.addHook('onRequest', app.rateLimit());
}
