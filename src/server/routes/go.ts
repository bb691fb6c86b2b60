import { createHash } from 'node:crypto';

import type { FastifyInstance } from 'fastify';
import { z } from 'zod';

import { findBookmaker } from '../../domain/bookmakers.ts';
import { createAffiliateClick } from '../db/affiliate-clicks-queries.ts';
import type { Db } from '../db/client.ts';
import type { ClickLimiter, ClickVerdict } from '../http/click-limiter.ts';
import { HttpError, parseInput } from '../http/errors.ts';

const GoParams = z.strictObject({ bookmaker: z.string().max(60) });
const GoQuery = z.strictObject({
  event: z.string().max(200).optional(),
  outcome: z.string().max(200).optional(),
  league: z.string().max(100).optional(),
});

/**
 * At most this many click inserts wait on the database at once (half the pool): when the
 * database hangs, clicks must not take every connection from the pages.
 */
const MAX_PENDING_CLICKS = 5;

/**
 * 'Bet now': records the click, then redirects to the bookmaker's own https site. The target
 * comes only from the allow-list, never from the request. The insert runs beside the redirect,
 * never before it: with the database down the fan still goes through, the click unrecorded.
 * So does the check of `limiter` (SECURITY §6): past 30 clicks a minute from one address, or the
 * same offer again within 10 s, the fan is redirected and the click not recorded.
 */
export function goRoutes(deps: { db: Db; limiter: ClickLimiter }) {
  let pendingClicks = 0;
  return async function (app: FastifyInstance) {
    app.get('/go/:bookmaker', async (request, reply) => {
      const { bookmaker: key } = parseInput(GoParams, request.params, 'params');
      const bookmaker = findBookmaker(key);
      if (bookmaker === null) throw new HttpError(400, 'bookmaker: unknown bookmaker');
      const query = parseInput(GoQuery, request.query, 'query');
      const target = new URL(bookmaker.site);
      if (target.protocol !== 'https:') throw new HttpError(400, 'bookmaker: no https site');

      const offer = JSON.stringify([bookmaker.key, query.event ?? null, query.outcome ?? null]);
      const record = (verdict: ClickVerdict) => {
        if (verdict !== 'record') {
          request.log.debug({ verdict }, 'affiliate click not recorded: over the click limits');
        } else if (pendingClicks >= MAX_PENDING_CLICKS) {
          request.log.warn('affiliate click not recorded: the database is slow');
        } else {
          pendingClicks++;
          createAffiliateClick(deps.db, {
            bookmaker: bookmaker.key,
            eventId: query.event ?? null,
            outcome: query.outcome ?? null,
            leagueSlug: query.league ?? null,
            targetUrl: target.href,
            clientHash: createHash('sha256').update(request.ip).digest('base64url').slice(0, 16),
          })
            .catch((error: unknown) =>
              request.log.error({ err: error }, 'affiliate click not recorded'),
            )
            .finally(() => pendingClicks--);
        }
      };
      // The verdict (from Redis, when shared) is awaited beside the redirect, never before it.
      deps.limiter
        .check(request.ip, offer)
        .then(record)
        .catch((error: unknown) =>
          request.log.error({ err: error }, 'affiliate click not recorded'),
        );

      return reply
        .header('cache-control', 'no-store')
        .header('referrer-policy', 'no-referrer')
        .redirect(target.href, 302);
    });
  };
}
