import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

import { errorAnswers, GATED_ERRORS, NOT_MODIFIED } from '../../domain/api/answers.ts';
import { PredictionsAnswerSchema, PredictionsQuerySchema } from '../../domain/api/predictions.ts';
import { TrackRecordSchema } from '../../domain/api/track-record.ts';
import { sendCached } from '../http/caching.ts';
import type { Predictions } from '../services/predictions.ts';
import type { TrackRecordService } from '../services/track-record.ts';

export function predictionRoutes(deps: {
  predictions: Predictions;
  trackRecord: TrackRecordService;
}) {
  return async function (fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.get(
      '/api/predictions',
      {
        schema: {
          summary:
            "The latest predictions, one match's by confidence (match_id), or a forecast for each of the next matches to kick off (upcoming=true); each names its match",
          tags: ['data'],
          querystring: PredictionsQuerySchema,
          response: {
            200: PredictionsAnswerSchema,
            ...GATED_ERRORS,
            ...NOT_MODIFIED,
            ...errorAnswers(400),
          },
        },
      },
      async (request, reply) => {
        const { limit = 10, match_id: matchId, upcoming } = request.query;
        return sendCached(
          reply,
          await deps.predictions.list({ limit, matchId, upcoming: upcoming === 'true' }),
        );
      },
    );
    app.get(
      '/api/predictions/track-record',
      {
        schema: {
          summary:
            "The models' track record: every result forecast written before kick-off, scored on the final score (RPS, log loss, accuracy with 95% intervals) next to Pinnacle's closing prices and the market average, over all leagues and per league, with reliability tables and the latest settled matches",
          tags: ['data'],
          response: { 200: TrackRecordSchema, ...GATED_ERRORS, ...NOT_MODIFIED },
        },
      },
      async (_request, reply) => sendCached(reply, await deps.trackRecord.get()),
    );
  };
}
