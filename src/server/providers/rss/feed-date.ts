/** Zone names Date.parse does not know, as numeric offsets. */
const ZONE_OFFSETS: Record<string, string> = {
  BST: '+0100',
  IST: '+0530',
  CET: '+0100',
  CEST: '+0200',
  EET: '+0200',
  EEST: '+0300',
  WET: '+0000',
  WEST: '+0100',
  MSK: '+0300',
  JST: '+0900',
  AEST: '+1000',
  AEDT: '+1100',
};

/** RFC 822 (with GMT, numeric or common named zones) or ISO 8601; null when unreadable. */
export function parseFeedDate(raw: string | undefined): Date | null {
  if (typeof raw !== 'string') return null;
  const text = raw.trim().replace(/\b([A-Z]{3,4})$/, (zone) => ZONE_OFFSETS[zone] ?? zone);
  if (text.length > 100 || !/\d{4}/.test(text)) return null;
  const ms = Date.parse(text);
  if (!Number.isFinite(ms)) return null;
  const year = new Date(ms).getUTCFullYear();
  return year >= 1990 && year <= 2200 ? new Date(ms) : null;
}
