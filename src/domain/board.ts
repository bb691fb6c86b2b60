import { MatchStatus } from './live-match.ts';

/** Field names under which a live minute has been seen to arrive, in order of preference. */
export const LIVE_MINUTE_FIELDS = [
  'minute',
  'live_minute',
  'liveMinute',
  'minute_of_play',
  'elapsed',
  'current_minute',
  'time',
] as const;

const HALF_TIME_WINDOW_MS = 2 * 60 * 60 * 1000;

/** A board item as it may arrive: every field optional and of any type. */
export type LooseMatch = Record<string, unknown>;

function asText(value: unknown): string {
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return '';
}

/** The live minute text of an item, whichever field it came in; '' when there is none. */
export function getLiveMinuteText(item: LooseMatch): string {
  for (const field of LIVE_MINUTE_FIELDS) {
    const text = asText(item[field]);
    if (text !== '') return text;
  }
  return '';
}

/** Adds the minute mark to a pure number or a value with a plus sign: 67 → 67', 45+2 → 45+2'. */
export function formatMinute(text: string): string {
  const trimmed = text.trim();
  if (/^\d+$/.test(trimmed) || (trimmed.includes('+') && !trimmed.endsWith("'")))
    return `${trimmed}'`;
  return trimmed;
}

/** The status code of an item: a number, or a numeric string; anything else is unknown (NaN). */
export function getStatus(item: LooseMatch): number {
  const value = item.status;
  if (typeof value === 'number') return value;
  if (typeof value === 'string' && /^-?\d+$/.test(value.trim())) return Number(value);
  return Number.NaN;
}

/** Kick-off instant of an item in ms, from its ISO `date`; null when unknown. */
export function getKickoffMs(item: LooseMatch): number | null {
  const date = typeof item.date === 'string' ? Date.parse(item.date) : Number.NaN;
  return Number.isFinite(date) ? date : null;
}

/**
 * The status the board shows: a match reported finished (1) that started between 0 and 2 hours
 * ago and whose live minute text says 45 or HT is really at half-time (5).
 */
export function deriveStatus(item: LooseMatch, nowMs: number): number {
  const status = getStatus(item);
  if (status !== MatchStatus.finished) return status;
  const kickoff = getKickoffMs(item);
  if (kickoff === null) return status;
  const since = nowMs - kickoff;
  const minute = getLiveMinuteText(item).toUpperCase();
  if (
    since >= 0 &&
    since <= HALF_TIME_WINDOW_MS &&
    (minute.includes('45') || minute.includes('HT'))
  ) {
    return MatchStatus.halfTime;
  }
  return status;
}

// Half-time, extra time and penalties are in play: they sort with the live matches, so a fan
// never loses a match at the break.
const ORDER: Record<number, number> = {
  [MatchStatus.live]: 0,
  [MatchStatus.halfTime]: 0,
  [MatchStatus.extraTime]: 0,
  [MatchStatus.penalties]: 0,
  [MatchStatus.scheduled]: 1,
  [MatchStatus.finished]: 2,
};

/**
 * Live order: matches in play (live, half-time, extra time, penalties) first, then those still
 * to come, then finished ones, then the rest; by kick-off within each group, except finished
 * matches, latest first.
 */
export function sortLiveMatches<T extends LooseMatch>(items: readonly T[], nowMs: number): T[] {
  const rank = (item: T) => ORDER[deriveStatus(item, nowMs)] ?? 3;
  return [...items].sort((a, b) => {
    const byGroup = rank(a) - rank(b);
    if (byGroup !== 0) return byGroup;
    const ka = getKickoffMs(a) ?? 0;
    const kb = getKickoffMs(b) ?? 0;
    return deriveStatus(a, nowMs) === MatchStatus.finished ? kb - ka : ka - kb;
  });
}

export type StatusBadge = {
  label: string;
  tone: 'live' | 'break' | 'done' | 'idle' | 'off';
  showsMinute: boolean;
};

const BADGES: Record<number, StatusBadge> = {
  [MatchStatus.scheduled]: { label: 'VS', tone: 'idle', showsMinute: false },
  [MatchStatus.live]: { label: 'LIVE', tone: 'live', showsMinute: true },
  [MatchStatus.finished]: { label: 'FT', tone: 'done', showsMinute: false },
  [MatchStatus.postponed]: { label: 'POSTPONED', tone: 'off', showsMinute: false },
  [MatchStatus.extraTime]: { label: 'ET', tone: 'live', showsMinute: true },
  [MatchStatus.penalties]: { label: 'PENS', tone: 'live', showsMinute: true },
  [MatchStatus.halfTime]: { label: 'HT', tone: 'break', showsMinute: false },
};

/** The badge of a status code; an unknown status shows VS. */
export function getStatusBadge(status: number): StatusBadge {
  return BADGES[status] ?? (BADGES[MatchStatus.scheduled] as StatusBadge);
}

/** What the score area shows: the kick-off time before the match, the result, or 0-0. */
export function getScoreText(item: LooseMatch, status: number): string {
  if (status === MatchStatus.scheduled) {
    const hour = asText(item.hour);
    if (hour !== '') return hour;
  }
  const result = asText(item.result);
  if (result !== '' && result.toLowerCase() !== 'x-x') return result;
  return '0-0';
}

const COMPETITION_FLAGS: [RegExp, string][] = [
  [/england|premier/i, 'gb-eng'],
  [/spain|la liga|primera|divisi[oó]n/i, 'es'],
  [/italy|serie a/i, 'it'],
  [/germany|bundesliga/i, 'de'],
  [/france|ligue 1/i, 'fr'],
];

/**
 * The flag-icons code of a flag guessed from keywords in the competition's name; '' when none
 * matches (the board draws a ball).
 */
export function getCompetitionFlagCode(name: string): string {
  return COMPETITION_FLAGS.find(([pattern]) => pattern.test(name))?.[1] ?? '';
}

/** The refresh interval as the status strip shows it: "30s", "2m", "5m". */
export function formatInterval(ms: number): string {
  const seconds = Math.round(ms / 1000);
  return seconds < 60 ? `${seconds}s` : `${Math.round(seconds / 60)}m`;
}

/** How old the data is, as the status strip shows it: "12s ago", "3m ago" (never negative). */
export function formatAge(ms: number): string {
  const seconds = Math.max(0, Math.floor(ms / 1000));
  return seconds < 60 ? `${seconds}s ago` : `${Math.floor(seconds / 60)}m ago`;
}

/** Page `page` (1-based) of `pageSize` items, with the page count and the "a-b of n" bounds. */
export function getPage<T>(items: readonly T[], page: number, pageSize: number) {
  const pages = Math.max(1, Math.ceil(items.length / pageSize));
  const current = Math.min(Math.max(1, page), pages);
  const start = (current - 1) * pageSize;
  const rows = items.slice(start, start + pageSize);
  return {
    rows,
    page: current,
    pages,
    first: items.length === 0 ? 0 : start + 1,
    last: start + rows.length,
    total: items.length,
    placeholders: pageSize - rows.length,
  };
}
