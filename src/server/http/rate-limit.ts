import fastifyRateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';

import { isDataPath } from './gate.ts';

export type RateLimitOptions = {
  /** Requests per minute per client address on the data routes; 0 turns the limit off. */
  perMinute: number;
  /** Count in Redis, so every instance shares one count per address. */
  redis?: { client: Redis; prefix: string };
};

/**
 * Limits each client address on the data routes (those behind the gate) with
 * @fastify/rate-limit: past the limit they answer 429 with Retry-After until the minute is out.
 */
export async function registerRateLimit(
  app: FastifyInstance,
  options: RateLimitOptions | undefined,
): Promise<void> {
  if (options === undefined || options.perMinute === 0) return;
  await app.register(fastifyRateLimit, {
    global: false,
    max: options.perMinute,
    timeWindow: 60_000,
    allowList: (request) => !isDataPath(request.url),
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
