import * as z from 'zod';

import { BOOKMAKERS } from '../../../domain/bookmakers.ts';
import { findLeagueEntry, LEAGUES, type LeagueEntry } from '../../../domain/league.ts';
import type { OddsEvent } from '../../../domain/odds.ts';
import type { UpstreamMatch } from '../upstream/live-source.ts';
import { PROVIDER, requireData } from './errors.ts';
import { readItem, type Drop } from './items.ts';
import { IsoDateTimeSchema } from './parse.ts';

// API-Football's `/odds` answers (NOTES.md §10) in The Odds API's shape.

// ---------------------------------------------------------------------------------------------
// Odds (§10)

const OddsEntrySchema = z.object({
  fixture: z.object({ id: z.int(), date: IsoDateTimeSchema }),
  bookmakers: z.array(
    z.object({
      id: z.int(),
      name: z.string(),
      bets: z.array(
        z.object({
          id: z.int(),
          name: z.string(),
          values: z.array(
            z.object({
              // §10: usually a string, a number for some bets.
              value: z.union([z.string(), z.number()]),
              odd: z.string().regex(/^\d+(\.\d+)?$/, 'not a decimal price'),
            }),
          ),
        }),
      ),
    }),
  ),
});
export type ApiFootballOdds = z.infer<typeof OddsEntrySchema>;

const OddsBodySchema = z.object({
  paging: z.optional(z.object({ current: z.int(), total: z.int() })),
  response: z.array(z.unknown()),
});

/**
 * One page of a `/odds` body, and how many pages there are (`paging.total`, 1 when absent). A
 * match's entry that cannot be used (a null id, a price that is not a decimal text) is reported
 * to `drop` and left out.
 */
export function parseOddsPage(
  body: unknown,
  drop?: Drop,
): { pages: number; odds: ApiFootballOdds[] } {
  const { paging, response } = requireData(OddsBodySchema, body);
  const odds = response.flatMap((raw, index) => {
    const place = { kind: 'odds', where: `response[${index}]`, idPath: ['fixture', 'id'] };
    const entry = readItem(OddsEntrySchema, raw, place, drop);
    return entry === null ? [] : [entry];
  });
  return { pages: Math.max(1, paging?.total ?? 1), odds };
}

function normaliseName(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9]/g, '');
}

const BOOKMAKER_KEYS = new Map<string, { key: string; title: string }>(
  BOOKMAKERS.map((b) => [normaliseName(b.title), { key: b.key, title: b.title }]),
);

/**
 * The Odds API key of an API-Football bookmaker name: Touchline's bookmaker list when the name
 * matches a title there ("Bet365" → bet365, "1xBet" → onexbet, "Marathonbet" → marathonbet),
 * else the name in lower case without spaces or punctuation.
 */
export function findBookmakerKey(name: string): { key: string; title: string } {
  const normalised = normaliseName(name);
  return BOOKMAKER_KEYS.get(normalised) ?? { key: normalised, title: name };
}

type Bookmaker = OddsEvent['bookmakers'][number];
type Market = Bookmaker['markets'][number];

function toMarkets(
  bets: ApiFootballOdds['bookmakers'][number]['bets'],
  home: string,
  away: string,
): Market[] {
  const markets: Market[] = [];
  const winner = bets.find((bet) => bet.name.trim().toLowerCase() === 'match winner');
  if (winner !== undefined) {
    const names: Record<string, string> = { home, draw: 'Draw', away };
    const outcomes = winner.values.flatMap((v) => {
      const name = names[String(v.value).trim().toLowerCase()];
      return name === undefined ? [] : [{ name, price: Number(v.odd) }];
    });
    if (outcomes.length > 0) markets.push({ key: 'h2h', outcomes });
  }
  const totals = bets.find((bet) => bet.name.trim().toLowerCase() === 'goals over/under');
  if (totals !== undefined) {
    const outcomes = totals.values.flatMap((v) => {
      const line = /^(over|under)\s+(\d+(?:\.\d+)?)$/i.exec(String(v.value).trim());
      if (line === null || Number(line[2]) !== 2.5) return [];
      const side = (line[1] ?? '').toLowerCase() === 'over' ? 'Over' : 'Under';
      return [{ name: side, price: Number(v.odd), point: 2.5 }];
    });
    if (outcomes.length > 0) markets.push({ key: 'totals', outcomes });
  }
  return markets;
}

/**
 * Odds entries joined with their matches (§10: odds carry no team names) into The Odds API's
 * shape: h2h from "Match Winner", totals from the 2.5 line of "Goals Over/Under". Only matches
 * not yet started are kept (the odds are pre-match); an entry whose match is not in `matches`
 * cannot be named and is left out. API-Football gives no bookmaker links: `link` stays unset.
 */
export function toOddsEvents(
  odds: readonly ApiFootballOdds[],
  matches: readonly UpstreamMatch[],
  leagues: readonly LeagueEntry[] = LEAGUES,
): OddsEvent[] {
  const byId = new Map(matches.map((m) => [m.externalId, m]));
  const events: OddsEvent[] = [];
  const seen = new Set<string>();
  for (const entry of odds) {
    const id = `${PROVIDER}:${entry.fixture.id}`;
    const match = byId.get(id);
    if (match === undefined || match.phase !== 'scheduled' || seen.has(id)) continue;
    seen.add(id);
    const bookmakers: Bookmaker[] = [];
    for (const bookmaker of entry.bookmakers) {
      const markets = toMarkets(bookmaker.bets, match.home.name, match.away.name);
      if (markets.length === 0) continue;
      bookmakers.push({ ...findBookmakerKey(bookmaker.name), markets });
    }
    if (bookmakers.length === 0) continue;
    events.push({
      id,
      sport_key: findLeagueEntry(match.leagueSlug, leagues)?.oddsApiSportKey ?? 'soccer',
      commence_time: match.kickoff.toISOString().replace('.000Z', 'Z'),
      home_team: match.home.name,
      away_team: match.away.name,
      bookmakers,
    });
  }
  return events.sort((a, b) => a.commence_time.localeCompare(b.commence_time));
}
