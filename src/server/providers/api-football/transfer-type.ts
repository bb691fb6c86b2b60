// API-Football's transfer `type` (NOTES.md §9): free text that is a kind of move or a fee, in
// the spellings the recorded answers show. Touchline keeps a kind (transfer | loan | free | end of
// loan) and the fee in millions of euros as text ('' unknown, '0' free).

export type TransferKind = { type: string; valor: string };

/**
 * A fee: "€ 5.5M", "5.5M €", "€5.5M", "€ 250K", "100K €", "12M" (a unit or a € sign is required,
 * so a bare number is not read as euros). A decimal comma is read as a point.
 */
const FEE_PATTERN = /^(€)?\s*(\d+(?:[.,]\d+)?)\s*([KMB])?\s*(€)?$/i;

const UNIT_MILLIONS: Record<string, number> = { K: 0.001, M: 1, B: 1000 };

/** "Loan fee: € 1.5M": a loan with its fee (the fee part may be missing or "?"). */
const LOAN_FEE_PATTERN = /^loan\s*fee\s*:?\s*(.*)$/i;

/** The end of a loan, the player back at the club that lent him. */
const RETURN_PATTERN = /(back|return(ed)?)\s+from\s+loan|end\s+of\s+loan|loan\s+return/i;

/** The fee of a text such as "€ 5.5M" in millions of euros as text, or null when it is no fee. */
export function parseFee(text: string): string | null {
  const match = FEE_PATTERN.exec(text.trim());
  if (match === null) return null;
  const [, euroBefore, amountText = '', unitText, euroAfter] = match;
  const unit = unitText?.toUpperCase();
  if (unit === undefined && euroBefore === undefined && euroAfter === undefined) return null;
  const amount = Number(amountText.replace(',', '.'));
  const millions = unit === undefined ? amount / 1_000_000 : amount * (UNIT_MILLIONS[unit] ?? 1);
  return String(Math.round(millions * 1000) / 1000);
}

/**
 * Touchline's kind and fee for a `type`: "Return from loan", "Back from Loan" and "End of loan"
 * are returns (end of loan), not loans; "Loan" and "Loan fee: …" loans; "Free", "Free agent",
 * "Free Transfer" (and "Free €") free moves with fee '0'; a fee ("€ 5.5M", "5.5M €") a transfer
 * at that fee; "Transfer", "Swap", "N/A", "-", null and any other text a transfer of unknown fee.
 */
export function parseTransferType(text: string | null): TransferKind {
  const raw = (text ?? '').trim();
  if (RETURN_PATTERN.test(raw)) return { type: 'end of loan', valor: '' };
  const loanFee = LOAN_FEE_PATTERN.exec(raw);
  if (loanFee !== null) return { type: 'loan', valor: parseFee(loanFee[1] ?? '') ?? '' };
  const lower = raw.toLowerCase();
  if (lower.includes('loan')) return { type: 'loan', valor: '' };
  if (lower.includes('free')) return { type: 'free', valor: '0' };
  const fee = parseFee(raw);
  return { type: 'transfer', valor: fee ?? '' };
}

/**
 * How much a move's `type` tells, to pick one of the API's duplicates of a move: a fee most,
 * then a kind (loan, return, free), then a plain transfer, then nothing ("N/A", "-", null).
 */
export function rankTransferType(text: string | null, kind: TransferKind): number {
  if (kind.valor !== '' && kind.valor !== '0') return 3;
  if (kind.type !== 'transfer') return 2;
  return /^transfer$/i.test((text ?? '').trim()) ? 1 : 0;
}
