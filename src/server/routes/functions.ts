import type { FastifyInstance } from 'fastify';
import { z } from 'zod';

import type { Db } from '../db/client.ts';
import { HttpError, parseInput } from '../http/errors.ts';
import { sendCached, type FootballData } from './football-data.ts';
import { resolveLeague } from './league-param.ts';

const league = z.string().max(100);

/** The specification's backend functions, as thin aliases of the data API for existing clients. */
export function functionRoutes(deps: { db: Db; data: FootballData }) {
  const { db, data } = deps;
  const requireLeague = async (value: string) => {
    const found = await resolveLeague(db, value);
    if (found === undefined) throw new HttpError(404, 'League not found');
    return found;
  };

  return async function (app: FastifyInstance) {
    app.post('/functions/v1/fetch-matches', async (request, reply) => {
      const body = parseInput(
        z.strictObject({ league: league.optional() }),
        request.body ?? {},
        'body',
      );
      return sendCached(reply, await data.matchesToday(await resolveLeague(db, body.league)));
    });
    app.post('/functions/v1/fetch-league-table', async (request, reply) => {
      const body = parseInput(z.strictObject({ league }), request.body ?? {}, 'body');
      return sendCached(reply, await data.table(await requireLeague(body.league)));
    });
    app.post('/functions/v1/fetch-league-stats', async (request, reply) => {
      const body = parseInput(z.strictObject({ league }), request.body ?? {}, 'body');
      return sendCached(reply, await data.stats(await requireLeague(body.league)));
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
        await data.odds(await resolveLeague(db, body.leagueName), body.market ?? 'h2h'),
      );
    });
    app.post('/functions/v1/fetch-transfers', async (request, reply) => {
      const body = parseInput(
        z.strictObject({ league: league.optional() }),
        request.body ?? {},
        'body',
      );
      return sendCached(reply, await data.transfers(await resolveLeague(db, body.league)));
    });
  };
}
