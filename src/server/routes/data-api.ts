import type { FastifyInstance } from 'fastify';
import { z } from 'zod';

import { sendCached } from '../http/caching.ts';
import { parseInput } from '../http/errors.ts';
import type { LeagueDirectory } from '../services/leagues.ts';
import type { SiteData } from '../services/site-data.ts';

const LeagueQuery = z.strictObject({ league: z.string().max(100).optional() });
const SlugParams = z.strictObject({ slug: z.string().max(100) });
const OddsQuery = z.strictObject({
  league: z.string().max(100).optional(),
  market: z.enum(['h2h', 'totals'], 'must be h2h or totals').optional(),
});

/** The data API: today's matches, tables, top players, odds and transfers. */
export function dataApiRoutes(deps: { leagues: LeagueDirectory; data: SiteData }) {
  const { leagues, data } = deps;
  const leagueBySlug = (params: unknown) =>
    leagues.require(parseInput(SlugParams, params, 'params').slug);

  return async function (app: FastifyInstance) {
    app.get('/api/matches/today', async (request, reply) => {
      const { league } = parseInput(LeagueQuery, request.query, 'query');
      const cached = await data.matchesToday(await leagues.resolve(league));
      // The site's clock (pinned or sped up in demos), so a browser can tell how old updated_at is.
      // Board data is always stale (SPEC 4): the browser must revalidate every refetch (a 304 when
      // nothing changed), never answer it from its HTTP cache as max-age/stale-while-revalidate do.
      return sendCached(
        reply
          .header('x-server-time', data.now().toISOString())
          .header('cache-control', 'private, max-age=0, must-revalidate'),
        cached,
      );
    });
    app.get('/api/leagues/:slug/table', async (request, reply) => {
      return sendCached(reply, await data.table(await leagueBySlug(request.params)));
    });
    app.get('/api/leagues/:slug/stats', async (request, reply) => {
      return sendCached(reply, await data.stats(await leagueBySlug(request.params)));
    });
    app.get('/api/odds', async (request, reply) => {
      const { league, market } = parseInput(OddsQuery, request.query, 'query');
      return sendCached(reply, await data.odds(await leagues.resolve(league), market ?? 'h2h'));
    });
    app.get('/api/transfers', async (request, reply) => {
      const { league } = parseInput(LeagueQuery, request.query, 'query');
      return sendCached(reply, await data.transfers(await leagues.resolve(league)));
    });
  };
}
