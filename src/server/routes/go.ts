import { createHash } from 'node:crypto';

import type { FastifyInstance } from 'fastify';
import { z } from 'zod';

import { findBookmaker } from '../../domain/bookmakers.ts';
import { createAffiliateClick } from '../db/affiliate-clicks-queries.ts';
import type { Db } from '../db/client.ts';
import { HttpError, parseInput } from '../http/errors.ts';

const GoParams = z.strictObject({ bookmaker: z.string().max(60) });
const GoQuery = z.strictObject({
  event: z.string().max(200).optional(),
  outcome: z.string().max(200).optional(),
  league: z.string().max(100).optional(),
});

/**
 * 'Bet now': records the click, then redirects to the bookmaker's own https site. The target
 * comes only from the allow-list, never from the request; a failed insert never blocks it.
 */
export function goRoutes(deps: { db: Db }) {
  return async function (app: FastifyInstance) {
    app.get('/go/:bookmaker', async (request, reply) => {
      const { bookmaker: key } = parseInput(GoParams, request.params, 'params');
      const bookmaker = findBookmaker(key);
      if (bookmaker === null) throw new HttpError(400, 'bookmaker: unknown bookmaker');
      const query = parseInput(GoQuery, request.query, 'query');
      const target = new URL(bookmaker.site);
      if (target.protocol !== 'https:') throw new HttpError(400, 'bookmaker: no https site');

      createAffiliateClick(deps.db, {
        bookmaker: bookmaker.key,
        eventId: query.event ?? null,
        outcome: query.outcome ?? null,
        leagueSlug: query.league ?? null,
        targetUrl: target.href,
        clientHash: createHash('sha256').update(request.ip).digest('base64url').slice(0, 16),
      }).catch((error: unknown) =>
        request.log.error({ err: error }, 'affiliate click not recorded'),
      );

      return reply
        .header('cache-control', 'no-store')
        .header('referrer-policy', 'no-referrer')
        .redirect(target.href, 302);
    });
  };
}
