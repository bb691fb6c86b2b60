import { getHeapStatistics } from 'node:v8';

import fastifyUnderPressure from '@fastify/under-pressure';
import type { FastifyInstance, FastifyRequest } from 'fastify';

import { HttpError } from './errors.ts';

/** When the process counts as overloaded, and what it then tells clients. */
export type OverloadLimits = {
  /** Mean event-loop delay over one sample, in ms, above which requests are refused. */
  maxEventLoopDelayMs: number;
  /** V8 heap in use above which requests are refused (before the process runs out). */
  maxHeapUsedBytes: number;
  /** How often the delay and the heap are measured, in ms. */
  sampleIntervalMs: number;
  /** The Retry-After sent with each 503, in seconds. */
  retryAfterS: number;
};

export const DEFAULT_OVERLOAD_LIMITS: OverloadLimits = {
  maxEventLoopDelayMs: 200,
  maxHeapUsedBytes: Math.floor(getHeapStatistics().heap_size_limit * 0.9),
  sampleIntervalMs: 1000,
  retryAfterS: 10,
};

/**
 * Registers @fastify/under-pressure: while the event loop lags or the heap is nearly full, every
 * data request gets 503 with Retry-After at once instead of queueing behind the others; the
 * liveness probe, the pages and the front end's files are still served.
 */
export async function registerOverloadGuard(
  app: FastifyInstance,
  limits: Partial<OverloadLimits> = {},
  /**
   * Which requests no route matched are answered all the same: the pages of the single-page app,
   * one in-memory document each.
   */
  unmatchedAnswersUnderLoad: (request: FastifyRequest) => boolean = () => false,
): Promise<void> {
  const chosen = { ...DEFAULT_OVERLOAD_LIMITS, ...limits };
  await app.register(fastifyUnderPressure, {
    maxEventLoopDelay: chosen.maxEventLoopDelayMs,
    maxHeapUsedBytes: chosen.maxHeapUsedBytes,
    sampleInterval: chosen.sampleIntervalMs,
    retryAfter: chosen.retryAfterS,
    pressureHandler: (request) => {
      // Liveness answers even under load (its route says so): a restart or a drain would only
      // move the load elsewhere. So do the page and its files: a browser retries neither, so a
      // 503 there leaves a blank page, while the page retries its data when told to.
      if (
        request.is404
          ? unmatchedAnswersUnderLoad(request)
          : request.routeOptions.config.answersUnderLoad === true
      )
        return;
      // Thrown from the onRequest hook, it reaches the app's error handler like any HttpError.
      throw new HttpError(503, 'Service Unavailable: the server is overloaded, retry later', {
        'Retry-After': String(chosen.retryAfterS),
      });
    },
  });
}
