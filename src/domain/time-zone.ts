const formatters = new Map<string, Intl.DateTimeFormat>();

function getFormatter(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (formatter === undefined) {
    formatter = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/**
 * A zone's offsets from UTC over a span of time, for a browser to read wall-clock times without
 * Intl: the first Intl.DateTimeFormat a page makes loads the date data, tens of milliseconds on
 * the main thread of a phone. Each change holds from its instant until the next; the span ends
 * at `endMs` (exclusive), and instants outside it are read with Intl.
 */
export type ZoneOffsets = {
  startMs: number;
  endMs: number;
  changes: readonly { fromMs: number; offsetMinutes: number }[];
};

const DAY_MS = 24 * 60 * 60 * 1000;
const MINUTE_MS = 60 * 1000;
const zoneOffsets = new Map<string, ZoneOffsets>();

/**
 * The zone's offsets from `startMs` to `endMs`, read with Intl: the offset each day, and the
 * minute of each change found by halving the day it happened in.
 */
export function listZoneOffsets(timeZone: string, startMs: number, endMs: number): ZoneOffsets {
  const offsetAt = (ms: number) => {
    const p = getIntlParts(ms, timeZone);
    const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
    return Math.round((asUtc - Math.floor(ms / 1000) * 1000) / MINUTE_MS);
  };
  const start = Math.floor(startMs / MINUTE_MS) * MINUTE_MS;
  const changes = [{ fromMs: start, offsetMinutes: offsetAt(start) }];
  for (let dayEnd = start + DAY_MS; dayEnd < endMs + DAY_MS; dayEnd += DAY_MS) {
    const last = changes[changes.length - 1]!.offsetMinutes;
    const end = Math.min(dayEnd, Math.floor(endMs / MINUTE_MS) * MINUTE_MS);
    if (offsetAt(end) === last) continue;
    // The offset changes within (before, after]: halve down to the minute.
    let before = dayEnd - DAY_MS;
    let after = end;
    while (after - before > MINUTE_MS) {
      const middle = before + Math.floor((after - before) / 2 / MINUTE_MS) * MINUTE_MS;
      if (offsetAt(middle) === last) before = middle;
      else after = middle;
    }
    changes.push({ fromMs: after, offsetMinutes: offsetAt(after) });
  }
  return { startMs: start, endMs, changes };
}

/** The table as the page carries it: "start,end;from:offset;from:offset…", in ms and minutes. */
export function formatZoneOffsets(table: ZoneOffsets): string {
  const changes = table.changes.map((c) => `${String(c.fromMs)}:${String(c.offsetMinutes)}`);
  return `${String(table.startMs)},${String(table.endMs)};${changes.join(';')}`;
}

/**
 * The table formatZoneOffsets wrote, or undefined for anything else: the changes must start at
 * the span's start, rise strictly and stay within it, and offsets lie within ±18 hours.
 */
export function parseZoneOffsets(text: string): ZoneOffsets | undefined {
  const match = /^(-?\d{1,15}),(-?\d{1,15});(-?\d{1,15}:-?\d{1,4}(?:;-?\d{1,15}:-?\d{1,4})*)$/.exec(
    text.trim(),
  );
  if (match === null) return undefined;
  const startMs = Number(match[1]);
  const endMs = Number(match[2]);
  const changes = match[3]!.split(';').map((pair) => {
    const [fromMs, offsetMinutes] = pair.split(':').map(Number) as [number, number];
    return { fromMs, offsetMinutes };
  });
  const valid =
    startMs < endMs &&
    changes[0]!.fromMs === startMs &&
    changes.every(
      (c, i) =>
        Math.abs(c.offsetMinutes) <= 18 * 60 &&
        c.fromMs < endMs &&
        (i === 0 || c.fromMs > changes[i - 1]!.fromMs),
    );
  return valid ? { startMs, endMs, changes } : undefined;
}

/** Reads the zone's wall-clock times from `table` within its span, rather than with Intl. */
export function setZoneOffsets(timeZone: string, table: ZoneOffsets): void {
  zoneOffsets.set(timeZone, table);
}

function findTableOffset(ms: number, timeZone: string): number | undefined {
  const table = zoneOffsets.get(timeZone);
  if (table === undefined || ms < table.startMs || ms >= table.endMs) return undefined;
  const { changes } = table;
  let low = 0;
  let high = changes.length - 1;
  // The last change at or before ms.
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (changes[middle]!.fromMs <= ms) low = middle;
    else high = middle - 1;
  }
  return changes[low]!.offsetMinutes;
}

function getParts(ms: number, timeZone: string) {
  const offsetMinutes = findTableOffset(ms, timeZone);
  if (offsetMinutes !== undefined) {
    const wall = new Date(Math.floor(ms / 1000) * 1000 + offsetMinutes * MINUTE_MS);
    return {
      year: wall.getUTCFullYear(),
      month: wall.getUTCMonth() + 1,
      day: wall.getUTCDate(),
      hour: wall.getUTCHours(),
      minute: wall.getUTCMinutes(),
      second: wall.getUTCSeconds(),
    };
  }
  return getIntlParts(ms, timeZone);
}

function getIntlParts(ms: number, timeZone: string) {
  const parts: Record<string, number> = {};
  for (const part of getFormatter(timeZone).formatToParts(ms)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return parts as {
    year: number;
    month: number;
    day: number;
    hour: number;
    minute: number;
    second: number;
  };
}

/** Offset of the zone from UTC at an instant, in milliseconds. */
export function getZoneOffsetMs(ms: number, timeZone: string): number {
  const p = getParts(ms, timeZone);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return asUtc - Math.floor(ms / 1000) * 1000;
}

/** The calendar day (YYYY-MM-DD) an instant falls on in the zone. */
export function getZonedDate(ms: number, timeZone: string): string {
  const { year, month, day } = getParts(ms, timeZone);
  const pad = (n: number, width = 2) => String(n).padStart(width, '0');
  return `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
}

/** The instant a wall-clock time in the zone names (two offset look-ups, so DST days work). */
export function getZonedInstant(
  wall: { year: number; month: number; day: number; hour: number; minute: number },
  timeZone: string,
): number {
  const guess = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute);
  const first = guess - getZoneOffsetMs(guess, timeZone);
  return guess - getZoneOffsetMs(first, timeZone);
}

const lastDays = new Map<string, { startMs: number; endMs: number }>();

/** Start (inclusive) and end (exclusive) of the calendar day containing `ms` in the zone. */
export function getZonedDayRange(ms: number, timeZone: string): { startMs: number; endMs: number } {
  // Asked on every request for today's matches: the answer changes only at midnight.
  const last = lastDays.get(timeZone);
  if (last !== undefined && ms >= last.startMs && ms < last.endMs) return last;
  const day = computeZonedDayRange(ms, timeZone);
  lastDays.set(timeZone, day);
  return day;
}

function computeZonedDayRange(ms: number, timeZone: string): { startMs: number; endMs: number } {
  const p = getParts(ms, timeZone);
  const midnightWall = Date.UTC(p.year, p.month - 1, p.day);
  const startMs = midnightWall - getZoneOffsetMs(midnightWall, timeZone);
  const nextWall = Date.UTC(p.year, p.month - 1, p.day + 1);
  const endMs = nextWall - getZoneOffsetMs(nextWall, timeZone);
  return { startMs, endMs };
}

/** "HH:MM" (24-hour) of an instant in the zone. */
export function formatZonedTime(ms: number, timeZone: string): string {
  const p = getParts(ms, timeZone);
  return `${String(p.hour).padStart(2, '0')}:${String(p.minute).padStart(2, '0')}`;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** "MMM dd, HH:mm" of an instant in the zone, e.g. "Oct 05, 18:30". */
export function formatShortDateTime(ms: number, timeZone: string): string {
  const p = getParts(ms, timeZone);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${MONTHS[p.month - 1] ?? ''} ${pad(p.day)}, ${pad(p.hour)}:${pad(p.minute)}`;
}

/** The zone's offset from UTC at an instant as the site writes it: "GMT+2", "GMT", "GMT+5:30". */
export function formatGmtOffset(ms: number, timeZone: string): string {
  const minutes = Math.round(getZoneOffsetMs(ms, timeZone) / 60_000);
  if (minutes === 0) return 'GMT';
  const sign = minutes < 0 ? '-' : '+';
  const hours = Math.floor(Math.abs(minutes) / 60);
  const rest = Math.abs(minutes) % 60;
  return `GMT${sign}${hours}${rest === 0 ? '' : `:${String(rest).padStart(2, '0')}`}`;
}

/**
 * The instant of a kick-off written as a UK wall-clock date and time (GMT or BST as it was that
 * day), as the historical data set writes them; a missing time is the traditional 15:00.
 */
export function getUkKickoffMs(date: string, time: string | null): number {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const [hour, minute] = (time ?? '15:00').split(':').map(Number) as [number, number];
  return getZonedInstant({ year, month, day, hour, minute }, 'Europe/London');
}
