import { z } from 'zod';

import type { MarketKey, OddsEvent } from '../../../domain/odds.ts';
import { UpstreamError } from '../upstream/http.ts';
import { findHttpsUrl } from '../upstream/https-url.ts';
import { formatPath } from '../upstream/require-shape.ts';

const PROVIDER = 'odds-api';
const KEPT_MARKETS: ReadonlySet<string> = new Set<MarketKey>(['h2h', 'totals']);

/**
 * ISO 8601 with an explicit zone. `Date.parse` reads a zone-less time as local time, so such a
 * value (or `dateFormat=unix` seconds) is a body we did not ask for.
 */
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:\d{2})$/;

// Prices and points are read as unknown on purpose: a malformed price costs one market, not the
// whole answer (see mapMarket). Every other field is checked strictly.
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
  bookmakers: z.array(RawBookmakerSchema),
});

/** `GET /v4/sports/{sport}/odds` answers an array of events. */
const OddsResponseSchema = z.array(RawEventSchema);

type RawBookmaker = z.infer<typeof RawBookmakerSchema>;
type RawMarket = z.infer<typeof RawMarketSchema>;
type Market = OddsEvent['bookmakers'][number]['markets'][number];
type Bookmaker = OddsEvent['bookmakers'][number];

function badBody(message: string): UpstreamError {
  return new UpstreamError(PROVIDER, 'bad-body', message);
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

type Tally = { kept: number; dropped: string[] };

function mapBookmaker(raw: RawBookmaker, path: string, tally: Tally): Bookmaker | undefined {
  const markets: Market[] = [];
  for (const [i, market] of raw.markets.entries()) {
    // Lay prices, spreads and any other market are not shown on the site.
    if (!KEPT_MARKETS.has(market.key)) continue;
    const mapped = mapMarket(market, `${path}.markets[${i}]`);
    if ('dropped' in mapped) {
      tally.dropped.push(mapped.dropped);
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
 * Validates a `/v4/sports/{sport}/odds` body and maps it to Touchline's OddsEvent list: only
 * `h2h` and `totals` markets, bookmakers left with no such market removed, events that kicked
 * off at or before `nowMs` removed. Throws a `bad-body` UpstreamError naming the field path
 * when the body is not the expected shape, or when every priced market in it is malformed.
 */
export function parseOddsEvents(body: unknown, nowMs: number): OddsEvent[] {
  const result = OddsResponseSchema.safeParse(body);
  if (!result.success) {
    const issues = result.error.issues
      .slice(0, 3)
      .map((issue) => `${formatPath('', issue.path)}: ${issue.message}`);
    throw badBody(`unexpected odds body: ${issues.join('; ')}`);
  }
  const tally: Tally = { kept: 0, dropped: [] };
  const events: OddsEvent[] = [];
  for (const [i, raw] of result.data.entries()) {
    const commenceMs = Date.parse(raw.commence_time);
    if (Number.isNaN(commenceMs))
      throw badBody(`unexpected odds body: [${i}].commence_time: not a valid time`);
    if (commenceMs <= nowMs) continue;
    const bookmakers: Bookmaker[] = [];
    for (const [j, bookmaker] of raw.bookmakers.entries()) {
      const mapped = mapBookmaker(bookmaker, `[${i}].bookmakers[${j}]`, tally);
      if (mapped !== undefined) bookmakers.push(mapped);
    }
    events.push({
      id: raw.id,
      ...(raw.sport_key === undefined ? {} : { sport_key: raw.sport_key }),
      commence_time: raw.commence_time,
      home_team: raw.home_team,
      away_team: raw.away_team,
      bookmakers,
    });
  }
  // Dropping a market is fine only while the rest is trustworthy; nothing but malformed prices
  // means the provider changed its format, which must surface as an error, not as "no odds".
  if (tally.kept === 0 && tally.dropped.length > 0) {
    throw badBody(`unexpected odds body: no valid price; first bad one at ${tally.dropped[0]}`);
  }
  return events;
}
