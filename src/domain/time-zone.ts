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

function getParts(ms: number, timeZone: string) {
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
