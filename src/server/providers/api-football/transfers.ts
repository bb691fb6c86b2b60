import * as z from 'zod';

import { classifyTransfer } from '../../../domain/transfers.ts';
import type { UpstreamTeam, UpstreamTransfer } from '../upstream/live-source.ts';
import { PROVIDER, requireData } from './errors.ts';
import { TeamSchema } from './parse.ts';

// API-Football's `/transfers?team=` answers (NOTES.md §9) as Touchline's moves.

const DaySchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'not a YYYY-MM-DD date');

// ---------------------------------------------------------------------------------------------
// Transfers (§9)

const TransfersBodySchema = z.object({
  response: z.array(
    z.object({
      player: z.object({ id: z.int(), name: z.string() }),
      transfers: z.array(
        z.object({
          date: DaySchema,
          type: z.nullable(z.string()),
          teams: z.object({ in: TeamSchema, out: TeamSchema }),
        }),
      ),
    }),
  ),
});

/** "Summer 2026" for June to November moves, "Winter 2027" for December 2026 to March 2027. */
export function findTransferWindow(day: string): string {
  const year = Number(day.slice(0, 4));
  const month = Number(day.slice(5, 7));
  if (month <= 3) return `Winter ${year}`;
  if (month === 12) return `Winter ${year + 1}`;
  return `Summer ${year}`;
}

/**
 * §9 `type`: "Free", "Loan", "N/A", "Back from Loan" or a fee like "€ 250K" / "€ 55M". Returns
 * Touchline's kind (transfer | loan | free | end of loan) and the fee in millions of euros as
 * text ('' unknown, '0' free).
 */
export function parseTransferType(text: string | null): { type: string; valor: string } {
  const raw = (text ?? '').trim();
  const fee = /^€\s*(\d+(?:[.,]\d+)?)\s*([MK])?$/i.exec(raw);
  if (fee !== null) {
    const amount = Number((fee[1] ?? '').replace(',', '.'));
    const unit = (fee[2] ?? '').toUpperCase();
    const millions = unit === 'M' ? amount : unit === 'K' ? amount / 1000 : amount / 1_000_000;
    return { type: 'transfer', valor: String(Math.round(millions * 1000) / 1000) };
  }
  const lower = raw.toLowerCase();
  if (lower.includes('back from loan') || lower.includes('end of loan')) {
    return { type: 'end of loan', valor: '' };
  }
  const type = classifyTransfer(lower);
  return { type, valor: type === 'free' ? '0' : '' };
}

/**
 * The current season's transfer dates, [from, to) as YYYY-MM-DD: April to March, so that moves
 * agreed in spring for the summer window count with that summer.
 */
export function getTransferRange(date: Date): { from: string; to: string } {
  const year = date.getUTCMonth() >= 3 ? date.getUTCFullYear() : date.getUTCFullYear() - 1;
  return { from: `${year}-04-01`, to: `${year + 1}-04-01` };
}

/**
 * The moves in and out of one club in a `/transfers?team=` body, dated in [from, to). The body
 * lists every known move of every player the club ever had, so moves between two other clubs and
 * "moves" from the club to itself (youth promotions) are dropped.
 */
export function parseTransfers(
  body: unknown,
  team: UpstreamTeam,
  range: { from: string; to: string },
): UpstreamTransfer[] {
  const { response } = requireData(TransfersBodySchema, body);
  const seen = new Set<string>();
  const moves: UpstreamTransfer[] = [];
  for (const { player, transfers } of response) {
    for (const move of transfers) {
      if (move.date < range.from || move.date >= range.to) continue;
      const arrived = String(move.teams.in.id) === team.id;
      const left = String(move.teams.out.id) === team.id;
      if (arrived === left) continue;
      const direction = arrived ? 'in' : 'out';
      const key = `${player.id}|${move.date}|${direction}`;
      if (seen.has(key)) continue;
      seen.add(key);
      moves.push({
        team,
        direction,
        playerId: `${PROVIDER}:${player.id}`,
        playerName: player.name,
        // §1: player photos live at this address (no photo field in /transfers).
        imageUrl: `https://media.api-sports.io/football/players/${player.id}.png`,
        flag: '',
        otherClub: arrived ? move.teams.out.name : move.teams.in.name,
        ...parseTransferType(move.type),
        window: findTransferWindow(move.date),
      });
    }
  }
  return moves;
}
