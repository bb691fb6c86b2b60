import type { HistoryTransfer } from '../../../domain/history.ts';
import { classifyTransfer } from '../../../domain/transfers.ts';

/**
 * The replay's rumours are real moves of the next transfer window. The story about one and the
 * Rumors tab entry for it are both read from the move through this module, so they name the
 * same clubs and the same fee.
 */

/** A real move of the transfer window after the one the replay shows, told as a rumour. */
export type RumourMove = {
  /** The move's line in the data set: its stable identity. */
  line: number;
  player: string;
  /** The buying club, as the site names it. */
  club: string;
  /** The selling club as the site names it (else as Transfermarkt does), or "Without Club". */
  from: string;
  feeEurM: number | null;
  /** transfer | loan | free | end of loan */
  kind: string;
};

const RUMOUR_GUID = /^touchline:rumour:[a-z0-9-]+:(\d+)$/;

/** The guid of the story about a move of a league's clubs. */
export function toRumourGuid(leagueSlug: string, line: number): string {
  return `touchline:rumour:${leagueSlug}:${String(line)}`;
}

/** The data set's line of the move a story tells, or null for any other story. */
export function findRumourLine(guid: string | null): number | null {
  const match = guid === null ? null : RUMOUR_GUID.exec(guid);
  return match === null ? null : Number(match[1]);
}

/** A move as a rumour about `club` (the buyer's site name), its seller named by `nameOf`. */
export function toRumourMove(
  move: HistoryTransfer,
  club: string,
  nameOf: (spelling: string) => string,
): RumourMove {
  return {
    line: move.line,
    player: move.player,
    club,
    from: nameOf(move.otherClub),
    feeEurM: move.feeEurM,
    kind: classifyTransfer(move.feeRaw),
  };
}

/** The fee of a rumour as a move's `valor`: none for a loan, '0' for a free, else the amount. */
export function toRumourValor(move: Pick<RumourMove, 'feeEurM' | 'kind'>): string {
  if (move.kind === 'loan' || move.kind === 'end of loan') return '';
  if (move.kind === 'free') return '0';
  return move.feeEurM === null ? '' : String(move.feeEurM);
}
