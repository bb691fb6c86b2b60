import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

import { errorAnswers, GATED_ERRORS, NOT_MODIFIED } from '../../domain/api/answers.ts';
import {
  LeagueStatsAnswerSchema,
  LeagueTableSchema,
  SlugParamsSchema,
} from '../../domain/api/leagues.ts';
import { MatchCentreSchema, MatchIdParamsSchema } from '../../domain/api/match-centre.ts';
import { LeagueQuerySchema, TodayMatchesSchema } from '../../domain/api/matches.ts';
import { OddsAnswerSchema, OddsQuerySchema } from '../../domain/api/odds.ts';
import { TransfersAnswerSchema } from '../../domain/api/transfers.ts';
import { sendCached } from '../http/caching.ts';
import type { LeagueDirectory } from '../services/leagues.ts';
import type { MatchCentreService } from '../services/match-centre.ts';
import type { SiteData } from '../services/site-data.ts';

/** What a data route may answer besides its data: a bad input, an unknown league. */
const REFUSALS = { ...GATED_ERRORS, ...NOT_MODIFIED, ...errorAnswers(400, 404) };

/** The data API: today's matches, a match's page, tables, top players, odds and transfers. */
export function dataApiRoutes(deps: {
  leagues: LeagueDirectory;
  data: SiteData;
  matchCentre: MatchCentreService;
}) {
  const { leagues, data, matchCentre } = deps;

  return async function (fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const tags = ['data'];

    app.get(
      '/api/matches/today',
      {
        schema: {
          summary: "Today's matches in the site's time zone, live first",
          tags,
          querystring: LeagueQuerySchema,
          response: { 200: TodayMatchesSchema, ...REFUSALS },
        },
      },
      async (request, reply) => {
        const cached = await data.matchesToday(await leagues.resolve(request.query.league));
        // The site's clock (pinned or sped up in demos), so a browser can tell how old updated_at
        // is. Board data is always stale (SPEC 4): the browser must revalidate every refetch (a
        // 304 when nothing changed), never answer it from its HTTP cache as max-age or
        // stale-while-revalidate would.
        return sendCached(
          reply
            .header('x-server-time', data.now().toISOString())
            .header('cache-control', 'private, max-age=0, must-revalidate'),
          cached,
        );
      },
    );
    app.get(
      '/api/matches/:id',
      {
        schema: {
          summary:
            "One match: header, goals, every bookmaker's prices, model probabilities, form, head to head, standing and report",
          tags,
          params: MatchIdParamsSchema,
          response: { 200: MatchCentreSchema, ...REFUSALS },
        },
      },
      async (request, reply) => {
        const cached = await matchCentre.get(Number(request.params.id));
        if (cached === null) return reply.code(404).send({ error: 'Match not found' });
        // Scores change while the match is played: revalidate every refetch, as the board does.
        return sendCached(
          reply.header('cache-control', 'private, max-age=0, must-revalidate'),
          cached,
        );
      },
    );
    app.get(
      '/api/leagues/:slug/table',
      {
        schema: {
          summary: "A league's table",
          tags,
          params: SlugParamsSchema,
          response: { 200: LeagueTableSchema, ...REFUSALS },
        },
      },
      async (request, reply) =>
        sendCached(reply, await data.table(await leagues.require(request.params.slug))),
    );
    app.get(
      '/api/leagues/:slug/stats',
      {
        schema: {
          summary: "A league's top scorers and assisters",
          tags,
          params: SlugParamsSchema,
          response: { 200: LeagueStatsAnswerSchema, ...REFUSALS },
        },
      },
      async (request, reply) =>
        sendCached(reply, await data.stats(await leagues.require(request.params.slug))),
    );
    app.get(
      '/api/odds',
      {
        schema: {
          summary: 'Bookmaker odds of upcoming matches, in The Odds API shape',
          tags,
          querystring: OddsQuerySchema,
          response: { 200: OddsAnswerSchema, ...REFUSALS },
        },
      },
      async (request, reply) => {
        const { league, market } = request.query;
        return sendCached(reply, await data.odds(await leagues.resolve(league), market ?? 'h2h'));
      },
    );
    app.get(
      '/api/transfers',
      {
        schema: {
          summary: "Each club's arrivals, departures and rumours",
          tags,
          querystring: LeagueQuerySchema,
          response: { 200: TransfersAnswerSchema, ...REFUSALS },
        },
      },
      async (request, reply) =>
        sendCached(reply, await data.transfers(await leagues.resolve(request.query.league))),
    );
  };
}
