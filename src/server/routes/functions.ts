import type { FastifyInstance } from 'fastify';
import { z } from 'zod';

import { sendCached } from '../http/caching.ts';
import { parseInput } from '../http/errors.ts';
import type { LeagueDirectory } from '../services/leagues.ts';
import type { SiteData } from '../services/site-data.ts';

const league = z.string().max(100);

/** The specification's backend functions, as thin aliases of the data API for existing clients. */
export function functionRoutes(deps: { leagues: LeagueDirectory; data: SiteData }) {
  const { leagues, data } = deps;

  return async function (app: FastifyInstance) {
    app.post('/functions/v1/fetch-matches', async (request, reply) => {
      const body = parseInput(
        z.strictObject({ league: league.optional() }),
        request.body ?? {},
        'body',
      );
      return sendCached(reply, await data.matchesToday(await leagues.resolve(body.league)));
    });
    app.post('/functions/v1/fetch-league-table', async (request, reply) => {
      const body = parseInput(z.strictObject({ league }), request.body ?? {}, 'body');
      return sendCached(reply, await data.table(await leagues.require(body.league)));
    });
    app.post('/functions/v1/fetch-league-stats', async (request, reply) => {
      const body = parseInput(z.strictObject({ league }), request.body ?? {}, 'body');
      return sendCached(reply, await data.stats(await leagues.require(body.league)));
    });
    app.post('/functions/v1/fetch-odds', async (request, reply) => {
      const body = parseInput(
        z.strictObject({
          leagueName: league.optional(),
          market: z.enum(['h2h', 'totals'], 'must be h2h or totals').optional(),
        }),
        request.body ?? {},
        'body',
      );
      return sendCached(
        reply,
        await data.odds(await leagues.resolve(body.leagueName), body.market ?? 'h2h'),
      );
    });
    app.post('/functions/v1/fetch-transfers', async (request, reply) => {
      const body = parseInput(
        z.strictObject({ league: league.optional() }),
        request.body ?? {},
        'body',
      );
      return sendCached(reply, await data.transfers(await leagues.resolve(body.league)));
    });
  };
}
