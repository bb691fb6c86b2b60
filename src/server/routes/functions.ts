import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

import { errorAnswers, GATED_ERRORS } from '../../domain/api/answers.ts';
import {
  FetchAnyLeagueBodySchema,
  FetchLeagueBodySchema,
  FetchOddsBodySchema,
} from '../../domain/api/functions.ts';
import { LeagueStatsAnswerSchema, LeagueTableSchema } from '../../domain/api/leagues.ts';
import { TodayMatchesSchema } from '../../domain/api/matches.ts';
import { OddsAnswerSchema } from '../../domain/api/odds.ts';
import { TransfersAnswerSchema } from '../../domain/api/transfers.ts';
import { sendCached } from '../http/caching.ts';
import type { LeagueDirectory } from '../services/leagues.ts';
import type { SiteData } from '../services/site-data.ts';

const REFUSALS = { ...GATED_ERRORS, ...errorAnswers(400, 403, 404) };

/** The specification's backend functions, as thin aliases of the data API for existing clients. */
export function functionRoutes(deps: { leagues: LeagueDirectory; data: SiteData }) {
  const { leagues, data } = deps;

  return async function (fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const tags = ['functions'];

    app.post(
      '/functions/v1/fetch-matches',
      {
        schema: {
          summary: "Today's matches (alias of GET /api/matches/today)",
          tags,
          body: FetchAnyLeagueBodySchema,
          response: { 200: TodayMatchesSchema, ...REFUSALS },
        },
      },
      async (request, reply) =>
        sendCached(reply, await data.matchesToday(await leagues.resolve(request.body.league))),
    );
    app.post(
      '/functions/v1/fetch-league-table',
      {
        schema: {
          summary: "A league's table (alias of GET /api/leagues/:slug/table)",
          tags,
          body: FetchLeagueBodySchema,
          response: { 200: LeagueTableSchema, ...REFUSALS },
        },
      },
      async (request, reply) =>
        sendCached(reply, await data.table(await leagues.require(request.body.league))),
    );
    app.post(
      '/functions/v1/fetch-league-stats',
      {
        schema: {
          summary: "A league's top players (alias of GET /api/leagues/:slug/stats)",
          tags,
          body: FetchLeagueBodySchema,
          response: { 200: LeagueStatsAnswerSchema, ...REFUSALS },
        },
      },
      async (request, reply) =>
        sendCached(reply, await data.stats(await leagues.require(request.body.league))),
    );
    app.post(
      '/functions/v1/fetch-odds',
      {
        schema: {
          summary: 'Odds of upcoming matches (alias of GET /api/odds)',
          tags,
          body: FetchOddsBodySchema,
          response: { 200: OddsAnswerSchema, ...REFUSALS },
        },
      },
      async (request, reply) => {
        const { leagueName, market } = request.body;
        return sendCached(
          reply,
          await data.odds(await leagues.resolve(leagueName), market ?? 'h2h'),
        );
      },
    );
    app.post(
      '/functions/v1/fetch-transfers',
      {
        schema: {
          summary: 'Transfers and rumours (alias of GET /api/transfers)',
          tags,
          body: FetchAnyLeagueBodySchema,
          response: { 200: TransfersAnswerSchema, ...REFUSALS },
        },
      },
      async (request, reply) =>
        sendCached(reply, await data.transfers(await leagues.resolve(request.body.league))),
    );
  };
}
