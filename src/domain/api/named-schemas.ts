import { LeagueSchema } from '../league.ts';
import { LiveMatchSchema } from '../live-match.ts';
import { BookmakerSchema, OddsEventSchema } from '../odds.ts';
import { StatsEntrySchema } from '../player-stats.ts';
import { PredictionSchema } from '../prediction.ts';
import { TableRowSchema } from '../standings.ts';
import { TransferPlayerSchema, TransferTeamSchema } from '../transfers.ts';
import { ProviderStatusSchema } from './admin.ts';
import { ApiErrorSchema } from './answers.ts';
import { NewsItemSchema, NewsSourceSchema } from './news.ts';

/**
 * The shapes the contract's answers share, by the name the OpenAPI document gives them: each is
 * described once there and referred to wherever an answer holds one.
 */
export const NAMED_SCHEMAS = {
  ApiError: ApiErrorSchema,
  League: LeagueSchema,
  LiveMatch: LiveMatchSchema,
  TableRow: TableRowSchema,
  StatsEntry: StatsEntrySchema,
  OddsEvent: OddsEventSchema,
  Bookmaker: BookmakerSchema,
  Prediction: PredictionSchema,
  TransferTeam: TransferTeamSchema,
  TransferPlayer: TransferPlayerSchema,
  NewsItem: NewsItemSchema,
  NewsSource: NewsSourceSchema,
  ProviderStatus: ProviderStatusSchema,
};
