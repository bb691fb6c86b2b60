import { z } from 'zod';

import { findHttpsUrl } from '../upstream/https-url.ts';
import type { UpstreamTransfer } from '../upstream/live-source.ts';
import { requireShape } from '../upstream/require-shape.ts';
import {
  IdSchema,
  OptionalTextSchema,
  PROVIDER,
  readFlagCode,
  requireList,
  toTeam,
} from './answer.ts';

// ---------------------------------------------------------------------------------------------
// Transfers (shape from the product spec only; not confirmed upstream)

const TransferPlayerSchema = z.object({
  id: IdSchema,
  name: z.string().trim().min(1),
  image: OptionalTextSchema,
  flag: OptionalTextSchema,
  team: OptionalTextSchema,
  type: OptionalTextSchema,
  valor: z.union([z.string(), z.number()]).nullish(),
});

/** A missing list (or PHP's null/false) is an empty one, as NOTES.md §5 recommends. */
const TransferListSchema = z
  .preprocess((value) => (value === false ? null : value), z.array(TransferPlayerSchema).nullish())
  .transform((value) => value ?? []);

const TransferTeamSchema = z.object({
  team_id: IdSchema,
  team: z.string().trim().min(1),
  abbr: OptionalTextSchema,
  shield: OptionalTextSchema,
  arrivals: TransferListSchema,
  departures: TransferListSchema,
});

/** Touchline's move kinds (transfer, loan, free, end of loan) from BeSoccer's (Spanish) text. */
function normaliseTransferType(raw: string | null | undefined): string {
  const text = (raw ?? '').trim().toLowerCase();
  if (/fin de cesi|end of loan|vuelta de cesi/.test(text)) return 'end of loan';
  if (/cesi|loan|préstamo|prestamo/.test(text)) return 'loan';
  if (/libre|free/.test(text)) return 'free';
  if (/traspaso|fichaje|transfer/.test(text)) return 'transfer';
  return text;
}

/**
 * Arrivals and departures per club of a transfers answer shaped as the product spec describes
 * (`{"transfers":[{team_id, team, shield, arrivals, departures, rumors}]}`). Rumours are left
 * out: Touchline takes rumours from the news. Unknown keys are ignored.
 */
export function parseTransfers(body: unknown, window: string): UpstreamTransfer[] {
  const teams = requireList(body, 'transfers');
  const result: UpstreamTransfer[] = [];
  teams.forEach((raw, index) => {
    const entry = requireShape(PROVIDER, TransferTeamSchema, raw, `transfers[${index}]`);
    const team = toTeam(entry.team_id, entry.team, entry.abbr, entry.shield);
    const moves = [
      ...entry.arrivals.map((player) => ({ player, direction: 'in' as const })),
      ...entry.departures.map((player) => ({ player, direction: 'out' as const })),
    ];
    for (const { player, direction } of moves) {
      result.push({
        team,
        direction,
        playerId: player.id,
        playerName: player.name,
        imageUrl: findHttpsUrl(player.image),
        flag: readFlagCode(player.flag),
        otherClub: (player.team ?? '').trim(),
        type: normaliseTransferType(player.type),
        valor:
          player.valor === null || player.valor === undefined ? '' : String(player.valor).trim(),
        window,
      });
    }
  });
  return result;
}
