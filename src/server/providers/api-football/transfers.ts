import * as z from 'zod';

import { UpstreamError } from '../upstream/http.ts';
import type { UpstreamTeam, UpstreamTransfer } from '../upstream/live-source.ts';
import { PROVIDER, requireData } from './errors.ts';
import { findItemId, readItem, type Drop } from './items.ts';
import { parseTransferType, rankTransferType } from './transfer-type.ts';

// API-Football's `/transfers?team=` answers (NOTES.md §9) as Touchline's moves.

export { parseTransferType } from './transfer-type.ts';

const DaySchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'not a YYYY-MM-DD date');

// ---------------------------------------------------------------------------------------------
// Transfers (§9)

const EnvelopeSchema = z.object({ response: z.array(z.unknown()) });

/** A side of a move: the club's id and name may be null (§9: a club the API has no id for). */
const SideSchema = z.object({
  id: z.nullable(z.int()),
  name: z.nullable(z.string()),
});

const MoveSchema = z.object({
  date: DaySchema,
  // Missing as well as null in some answers.
  type: z.optional(z.nullable(z.string())).transform((type) => type ?? null),
  teams: z.object({ in: SideSchema, out: SideSchema }),
});
type Move = z.infer<typeof MoveSchema>;

const PlayerEntrySchema = z.object({
  player: z.object({ id: z.int(), name: z.string().trim().min(1) }),
  transfers: z.array(z.unknown()),
});

/** "Summer 2026" for April to November moves, "Winter 2027" for December 2026 to March 2027. */
export function findTransferWindow(day: string): string {
  const year = Number(day.slice(0, 4));
  const month = Number(day.slice(5, 7));
  if (month <= 3) return `Winter ${year}`;
  if (month === 12) return `Winter ${year + 1}`;
  return `Summer ${year}`;
}

/**
 * The current season's transfer dates, [from, to) as YYYY-MM-DD: April to March, so that moves
 * agreed in spring for the summer window count with that summer.
 */
export function getTransferRange(date: Date): { from: string; to: string } {
  const year = date.getUTCMonth() >= 3 ? date.getUTCFullYear() : date.getUTCFullYear() - 1;
  return { from: `${year}-04-01`, to: `${year + 1}-04-01` };
}

function isInRange(day: string, range: { from: string; to: string }): boolean {
  return day >= range.from && day < range.to;
}

/** One move of the club as read, before the API's duplicates are merged. */
type ClubMove = {
  playerId: number;
  playerName: string;
  direction: 'in' | 'out';
  date: string;
  text: string | null;
  other: { id: number | null; name: string };
};

/**
 * The club's side of a move: 'in' (arrival), 'out' (departure), or null for a move between two
 * other clubs or a club's "move" to itself (a youth promotion, "Raise").
 */
function findDirection(move: Move, clubId: number): 'in' | 'out' | null {
  const arrived = move.teams.in.id === clubId;
  const left = move.teams.out.id === clubId;
  return arrived === left ? null : arrived ? 'in' : 'out';
}

/**
 * The name of the club on the other side. A "Free agent" release with no club id names the
 * player himself there ("Salah Mohamed"): no club, ''.
 */
function nameOtherClub(side: Move['teams']['in'], text: string | null): string {
  if (side.id === null && /^free agent$/i.test((text ?? '').trim())) return '';
  return (side.name ?? '').trim();
}

/** The club's moves in one player's entry, dated in the range; unusable moves are reported. */
function readPlayerMoves(
  raw: unknown,
  where: string,
  club: UpstreamTeam,
  range: { from: string; to: string },
  drop: Drop | undefined,
): ClubMove[] {
  const entry = readItem(
    PlayerEntrySchema,
    raw,
    { kind: 'transfer', where, idPath: ['player', 'id'] },
    drop,
  );
  if (entry === null) return [];
  const clubId = Number(club.id);
  const moves: ClubMove[] = [];
  entry.transfers.forEach((rawMove, index) => {
    // Moves of other seasons are not read: a fault in a move of 1998 is nothing to report.
    const day = findItemId(rawMove, ['date']);
    if (day !== null && DaySchema.safeParse(day).success && !isInRange(day, range)) return;
    const place = { kind: 'transfer', where: `${where}.transfers[${index}]`, idPath: ['date'] };
    // A move has no id of its own: the player's id and the move's date (or place) name it.
    const move = readItem(MoveSchema, rawMove, place, (item) =>
      drop?.({ ...item, id: `${entry.player.id}/${item.id}` }),
    );
    if (move === null) return;
    if (move.teams.in.id === null && move.teams.out.id === null) {
      drop?.({
        kind: 'transfer',
        id: `${entry.player.id}/${move.date}`,
        reason: `${place.where}.teams: no club id on either side`,
      });
      return;
    }
    const direction = findDirection(move, clubId);
    if (direction === null) return;
    const side = direction === 'in' ? move.teams.out : move.teams.in;
    moves.push({
      playerId: entry.player.id,
      playerName: entry.player.name,
      direction,
      date: move.date,
      text: move.type,
      other: { id: side.id, name: nameOtherClub(side, move.type) },
    });
  });
  return moves;
}

/**
 * One move per player, direction, window and other club. The API often lists a move twice or
 * three times: on the day it was announced and on the day it was signed, and once more under a
 * loose name with no club id ("Bayern Munich" beside 157 "Bayern München"). The copies with an
 * id win over those without; among copies the one whose `type` tells most (a fee, then a kind)
 * is kept, and the later date on a tie.
 */
function mergeDuplicates(moves: readonly ClubMove[]): ClubMove[] {
  const groups = new Map<string, ClubMove[]>();
  for (const move of moves) {
    const key = `${move.playerId}|${move.direction}|${findTransferWindow(move.date)}`;
    groups.set(key, [...(groups.get(key) ?? []), move]);
  }
  const kept: ClubMove[] = [];
  for (const group of groups.values()) {
    const named = group.filter((m) => m.other.id !== null);
    const copies = named.length > 0 ? named : group;
    const best = new Map<string, ClubMove>();
    for (const move of copies) {
      const key =
        move.other.id === null ? `name:${move.other.name.toLowerCase()}` : `id:${move.other.id}`;
      const held = best.get(key);
      if (held === undefined || isBetterCopy(move, held)) best.set(key, move);
    }
    kept.push(...best.values());
  }
  return kept;
}

function isBetterCopy(move: ClubMove, held: ClubMove): boolean {
  const rank = rankTransferType(move.text, parseTransferType(move.text));
  const heldRank = rankTransferType(held.text, parseTransferType(held.text));
  return rank !== heldRank ? rank > heldRank : move.date > held.date;
}

/**
 * The moves in and out of one club in a `/transfers?team=` body, dated in [from, to). The body
 * lists every known move of every player the club ever had, so moves between two other clubs and
 * "moves" from the club to itself (youth promotions) are left out, and the API's copies of a move
 * are merged. A player entry or move Touchline cannot use (a null player id, a move without its
 * clubs or with no club id on either side) is reported to `drop` and left out. An empty
 * `response` is refused: a club of a league always had players.
 */
export function parseTransfers(
  body: unknown,
  club: UpstreamTeam,
  range: { from: string; to: string },
  drop?: Drop,
): UpstreamTransfer[] {
  const { response } = requireData(EnvelopeSchema, body);
  if (response.length === 0) {
    throw new UpstreamError(PROVIDER, 'bad-body', `no player listed for club ${club.id}`);
  }
  const read = response.flatMap((raw, index) =>
    readPlayerMoves(raw, `response[${index}]`, club, range, drop),
  );
  return mergeDuplicates(read).map((move) => ({
    team: club,
    direction: move.direction,
    playerId: `${PROVIDER}:${move.playerId}`,
    playerName: move.playerName,
    // §1: player photos live at this address (no photo field in /transfers).
    imageUrl: `https://media.api-sports.io/football/players/${move.playerId}.png`,
    flag: '',
    otherClub: move.other.name,
    ...parseTransferType(move.text),
    window: findTransferWindow(move.date),
  }));
}
