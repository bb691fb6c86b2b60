import * as z from 'zod/mini';

import { TransferTeamSchema } from '../transfers.ts';

/** `GET /api/transfers`, `POST /functions/v1/fetch-transfers`: clubs with moves or rumours. */
export const TransfersAnswerSchema = z.object({ transfers: z.array(TransferTeamSchema) });
