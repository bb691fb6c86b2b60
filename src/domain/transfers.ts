import * as z from 'zod/mini';

export const TransferPlayerSchema = z.object({
  id: z.union([z.string(), z.number()]),
  name: z.string(),
  image: z.string(),
  flag: z.string(),
  /** The club on the other side of the move. */
  team: z.string(),
  /** transfer | loan | free | end of loan | rumour */
  type: z.string(),
  /** Fee in millions of euros as text; '' when unknown, '0' when none. */
  valor: z.string(),
  source: z.optional(z.string()),
  link: z.optional(z.string()),
});
export type TransferPlayer = z.infer<typeof TransferPlayerSchema>;

export const TransferTeamSchema = z.object({
  id: z.union([z.string(), z.number()]),
  name: z.string(),
  /** The club's key (its team page is `/team/<key>`). */
  key: z.optional(z.string()),
  shield: z.string(),
  league_alias: z.string(),
  arrivals: z.array(TransferPlayerSchema),
  departures: z.array(TransferPlayerSchema),
  rumors: z.array(TransferPlayerSchema),
});
export type TransferTeam = z.infer<typeof TransferTeamSchema>;

/** Reads the kind of move from Transfermarkt's fee text: transfer, loan, free or end of loan. */
export function classifyTransfer(feeRaw: string): string {
  const text = feeRaw.toLowerCase();
  if (text.includes('end of loan')) return 'end of loan';
  if (text.includes('loan')) return 'loan';
  if (text.includes('free')) return 'free';
  return 'transfer';
}

const FEE_PATTERN = /^\d+(?:\.\d+)?$/;

function parseFee(valor: string): number | null {
  const text = typeof valor === 'string' ? valor.trim() : '';
  if (!FEE_PATTERN.test(text)) return null;
  const amount = Number(text);
  return Number.isFinite(amount) && amount > 0 ? amount : null;
}

/** "€52.2M" for '52.2'; null (no fee shown) for '', '0' or anything that is not an amount. */
export function formatFee(valor: string): string | null {
  const amount = parseFee(valor);
  if (amount === null) return null;
  return `€${String(Math.round(amount * 100) / 100)}M`;
}

/** False for a club with no arrivals, departures or rumours: such clubs are hidden. */
export function hasTransferActivity(
  team: Pick<TransferTeam, 'arrivals' | 'departures' | 'rumors'>,
): boolean {
  return team.arrivals.length > 0 || team.departures.length > 0 || team.rumors.length > 0;
}

/** A copy with the highest fee first and moves without a fee last; equal fees keep their order. */
export function sortByFee<T extends Pick<TransferPlayer, 'valor'>>(players: readonly T[]): T[] {
  return players
    .map((player, index) => ({ player, index, fee: parseFee(player.valor) ?? -1 }))
    .sort((a, b) => b.fee - a.fee || a.index - b.index)
    .map((entry) => entry.player);
}

/** A transfer window: the season it belongs to and how the site names it ("Summer 2022"). */
export type TransferWindow = { season: string; window: 'Summer' | 'Winter'; label: string };

function toTransferWindow(firstYear: number, window: 'Summer' | 'Winter'): TransferWindow {
  // Summer Y opens season Y-(Y+1); that season's winter window is in January Y+1.
  const year = window === 'Summer' ? firstYear : firstYear + 1;
  return { season: `${firstYear}-${firstYear + 1}`, window, label: `${window} ${year}` };
}

/**
 * The transfer window an instant belongs to: Summer (June to 1 September) until halfway to
 * Winter (January), then Winter until the next June. With `season` ("2022-2023"), the nearer of
 * that season's two windows, whatever the date (the replay's season is fixed).
 */
export function pickTransferWindow(nowMs: number, season?: string): TransferWindow {
  const now = new Date(nowMs);
  const firstYear =
    season === undefined
      ? now.getUTCFullYear() - (now.getUTCMonth() < 5 ? 1 : 0)
      : Number(season.slice(0, 4));
  const summerEnds = Date.UTC(firstYear, 8, 1);
  const winterOpens = Date.UTC(firstYear + 1, 0, 1);
  const summer = Math.max(0, nowMs - summerEnds) <= Math.max(0, winterOpens - nowMs);
  return toTransferWindow(firstYear, summer ? 'Summer' : 'Winter');
}

/** The transfer window after one the replay shows ("Summer 2022" → Winter of 2022-2023). */
export function findNextTransferWindow(label: string): TransferWindow | null {
  const match = /^(Summer|Winter) (\d{4})$/.exec(label.trim());
  if (match === null) return null;
  const year = Number(match[2]);
  // After Summer Y comes Winter Y+1 of season Y-(Y+1); after Winter Y, Summer Y opens season Y-(Y+1).
  return match[1] === 'Summer'
    ? toTransferWindow(year, 'Winter')
    : toTransferWindow(year, 'Summer');
}
