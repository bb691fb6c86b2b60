import { z } from 'zod';

import type { MarketKey, OddsEvent } from '../../../domain/odds.ts';
import { UpstreamError, type DroppedItem } from '../upstream/http.ts';
import { findHttpsUrl } from '../upstream/https-url.ts';
import { formatPath } from '../upstream/require-shape.ts';

const PROVIDER = 'odds-api';
const KEPT_MARKETS: ReadonlySet<string> = new Set<MarketKey>(['h2h', 'totals']);

/** Where the parser reports an item it left out of a good answer (the client's noteDropped). */
export type NoteDropped = (item: DroppedItem) => void;

/**
 * ISO 8601 with an explicit zone. `Date.parse` reads a zone-less time as local time, so such a
 * value (or `dateFormat=unix` seconds) is a body we did not ask for.
 */
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:\d{2})$/;

// Prices and points are read as unknown on purpose: a malformed price costs one market, not the
// whole answer (see mapMarket). Bookmakers are read one by one, so a malformed one costs only
// itself, and events likewise.
const RawOutcomeSchema = z.object({
  name: z.string(),
  price: z.optional(z.unknown()),
  point: z.optional(z.unknown()),
});

const RawMarketSchema = z.object({
  key: z.string(),
  outcomes: z.array(RawOutcomeSchema),
});

const RawBookmakerSchema = z.object({
  key: z.string(),
  title: z.string(),
  link: z.optional(z.nullable(z.string())),
  markets: z.array(RawMarketSchema),
});

const RawEventSchema = z.object({
  id: z.string(),
  sport_key: z.optional(z.string()),
  commence_time: z.string().check(z.regex(ISO_TIME, 'expected an ISO 8601 time with a zone')),
  home_team: z.string(),
  away_team: z.string(),
  bookmakers: z.array(z.unknown()),
});

type RawBookmaker = z.infer<typeof RawBookmakerSchema>;
type RawMarket = z.infer<typeof RawMarketSchema>;
type Market = OddsEvent['bookmakers'][number]['markets'][number];
type Bookmaker = OddsEvent['bookmakers'][number];

function badBody(message: string): UpstreamError {
  return new UpstreamError(PROVIDER, 'bad-body', message);
}

/** `value` read by `schema`, or why not: the first wrong field's path under `where`. */
function readShape<T>(
  schema: z.ZodType<T>,
  value: unknown,
  where: string,
): { data: T } | { reason: string } {
  const result = schema.safeParse(value);
  if (result.success) return { data: result.data };
  const issue = result.error.issues[0];
  return { reason: `${formatPath(where, issue?.path ?? [])}: ${issue?.message ?? 'unexpected'}` };
}

/** The string `key` of `raw` when it has one, else `fallback` (where the item stood). */
function findKey(raw: unknown, key: string, fallback: string): string {
  const value: unknown =
    typeof raw === 'object' && raw !== null ? Reflect.get(raw, key) : undefined;
  return typeof value === 'string' && value !== '' ? value : fallback;
}

function isPrice(value: unknown): value is number {
  // A decimal price of 1 or less pays nothing back: it is a data error, not an offer.
  return typeof value === 'number' && Number.isFinite(value) && value > 1;
}

/**
 * A kept market with its outcomes as `{name, price, point?}`, or the reason it is dropped: a
 * missing or malformed price (or a totals line without a numeric point) makes that one
 * bookmaker's market untrustworthy, and half a market would skew best-price and consensus
 * figures, so the whole market goes while the rest of the body is used.
 */
function mapMarket(raw: RawMarket, path: string): Market | { dropped: string } {
  const outcomes: Market['outcomes'] = [];
  for (const [i, outcome] of raw.outcomes.entries()) {
    if (!isPrice(outcome.price)) return { dropped: `${path}.outcomes[${i}].price` };
    const point = outcome.point;
    if (point !== undefined && (typeof point !== 'number' || !Number.isFinite(point)))
      return { dropped: `${path}.outcomes[${i}].point` };
    if (raw.key === 'totals' && point === undefined)
      return { dropped: `${path}.outcomes[${i}].point` };
    outcomes.push(
      point === undefined
        ? { name: outcome.name, price: outcome.price }
        : { name: outcome.name, price: outcome.price, point },
    );
  }
  if (outcomes.length === 0) return { dropped: `${path}.outcomes` };
  return { key: raw.key as MarketKey, outcomes };
}

/** What one body left out, and how many priced markets it kept. */
type Tally = { kept: number; dropped: DroppedItem[]; droppedEvents: number };

function mapBookmaker(
  raw: RawBookmaker,
  path: string,
  itemId: string,
  tally: Tally,
): Bookmaker | undefined {
  const markets: Market[] = [];
  for (const [i, market] of raw.markets.entries()) {
    // Lay prices, spreads and any other market are not shown on the site.
    if (!KEPT_MARKETS.has(market.key)) continue;
    const mapped = mapMarket(market, `${path}.markets[${i}]`);
    if ('dropped' in mapped) {
      const id = `${itemId}/${market.key}`;
      tally.dropped.push({ kind: 'market', id, reason: `${mapped.dropped}: not a price` });
      continue;
    }
    tally.kept++;
    markets.push(mapped);
  }
  if (markets.length === 0) return undefined;
  // The bookmaker's event page, shown only when it is a plain https address.
  const link = findHttpsUrl(raw.link ?? null);
  return link === null
    ? { key: raw.key, title: raw.title, markets }
    : { key: raw.key, title: raw.title, link, markets };
}

/**
 * One event of the body with its readable bookmakers; undefined when it cannot be read (it is
 * then reported) or has kicked off at or before `nowMs`.
 */
function mapEvent(raw: unknown, where: string, nowMs: number, tally: Tally): OddsEvent | undefined {
  const read = readShape(RawEventSchema, raw, where);
  const commenceMs = 'data' in read ? Date.parse(read.data.commence_time) : Number.NaN;
  if (!('data' in read) || Number.isNaN(commenceMs)) {
    const reason = 'reason' in read ? read.reason : `${where}.commence_time: not a valid time`;
    tally.dropped.push({ kind: 'event', id: findKey(raw, 'id', where), reason });
    tally.droppedEvents++;
    return undefined;
  }
  const event = read.data;
  if (commenceMs <= nowMs) return undefined;
  const bookmakers: Bookmaker[] = [];
  for (const [j, item] of event.bookmakers.entries()) {
    const path = `${where}.bookmakers[${j}]`;
    const itemId = `${event.id}/${findKey(item, 'key', `[${j}]`)}`;
    const bookmaker = readShape(RawBookmakerSchema, item, path);
    if ('reason' in bookmaker) {
      tally.dropped.push({ kind: 'bookmaker', id: itemId, reason: bookmaker.reason });
      continue;
    }
    const mapped = mapBookmaker(bookmaker.data, path, itemId, tally);
    if (mapped !== undefined) bookmakers.push(mapped);
  }
  return {
    id: event.id,
    ...(event.sport_key === undefined ? {} : { sport_key: event.sport_key }),
    commence_time: event.commence_time,
    home_team: event.home_team,
    away_team: event.away_team,
    bookmakers,
  };
}

/**
 * Validates a `/v4/sports/{sport}/odds` body and maps it to Touchline's OddsEvent list: only
 * `h2h` and `totals` markets, bookmakers left with no such market removed, events that kicked
 * off at or before `nowMs` removed. An event, bookmaker or market that cannot be read is left
 * out and reported to `noteDropped` (the stored odds of a left-out event stay as they were).
 * Throws a `bad-body` UpstreamError, reporting nothing, when the body is not a list, when no
 * event in it is readable, or when every priced market in it is malformed: the provider then
 * changed its format, which must surface as an error, not as "no odds".
 */
export function parseOddsEvents(
  body: unknown,
  nowMs: number,
  noteDropped: NoteDropped = () => {},
): OddsEvent[] {
  const list = readShape(z.array(z.unknown()), body, '');
  if ('reason' in list) throw badBody(`unexpected odds body: ${list.reason}`);
  const tally: Tally = { kept: 0, dropped: [], droppedEvents: 0 };
  const events: OddsEvent[] = [];
  for (const [index, raw] of list.data.entries()) {
    const event = mapEvent(raw, `[${index}]`, nowMs, tally);
    if (event !== undefined) events.push(event);
  }
  if (list.data.length > 0 && tally.droppedEvents === list.data.length) {
    const first = tally.dropped[0]?.reason ?? '';
    throw badBody(`unexpected odds body: no readable event; first: ${first}`);
  }
  const badPrice = tally.dropped.find((item) => item.kind === 'market');
  if (tally.kept === 0 && badPrice !== undefined) {
    throw badBody(`unexpected odds body: no valid price; first bad one at ${badPrice.reason}`);
  }
  for (const item of tally.dropped) noteDropped(item);
  return events;
}
