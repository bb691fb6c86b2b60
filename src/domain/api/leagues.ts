import * as z from 'zod/mini';

import { LeagueSchema } from '../league.ts';
import { LeagueStatsSchema } from '../player-stats.ts';
import { TableRowSchema } from '../standings.ts';

export const SlugParamsSchema = z.strictObject({ slug: z.string().check(z.maxLength(100)) });

/** `GET /api/leagues`: by `order_index`. */
export const LeagueListSchema = z.object({ leagues: z.array(LeagueSchema) });

/** `GET /api/leagues/:slug`. */
export const LeagueAnswerSchema = z.object({ league: LeagueSchema });

/** `GET /api/leagues/:slug/table`, `POST /functions/v1/fetch-league-table`. */
export const LeagueTableSchema = z.object({ table: z.array(TableRowSchema) });

/** `GET /api/leagues/:slug/stats`, `POST /functions/v1/fetch-league-stats`. */
export const LeagueStatsAnswerSchema = z.object({ stats: LeagueStatsSchema });
