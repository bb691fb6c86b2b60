// The adapter against the body The Odds API really sent (fixtures/real/SOURCES.md), and
// against bad answers made from it.
import { readFileSync } from 'node:fs';

import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

import { UpstreamError, type DroppedItem } from '../upstream/http.ts';
import { createOddsApiSource } from './client.ts';
import { parseOddsEvents } from './parse.ts';

const BASE_URL = 'https://odds-api.test';
/** The morning the body was recorded, before the first match of the season. */
const RECORDED = Date.parse('2023-08-06T09:00:00Z');
const BODY = 'oa-epl-h2h-uk-2023-08-06.json';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

function realText(): string {
  return readFileSync(new URL(`./fixtures/real/${BODY}`, import.meta.url), 'utf8');
}

type RawEvent = {
  id: unknown;
  bookmakers: { key: unknown; markets: { key: string; outcomes: { price: unknown }[] }[] }[];
};

/** A fresh copy of the recorded body, to change for a bad answer. */
function realEvents(): RawEvent[] {
  return JSON.parse(realText()) as RawEvent[];
}

/** The adapter with a log that keeps its lines, answering the odds path with `answer`. */
function createSource(answer: () => Response, nowMs = RECORDED) {
  const logLines: string[] = [];
  const requests: string[] = [];
  server.use(
    http.get(`${BASE_URL}/v4/sports/:sport/odds`, ({ request }) => {
      requests.push(new URL(request.url).pathname);
      return answer();
    }),
  );
  const source = createOddsApiSource({
    apiKey: 'recorded-body-key',
    baseUrl: BASE_URL,
    now: () => nowMs,
    sleep: async () => {},
    log: { warn: (_obj, message) => logLines.push(message) },
  });
  return { source, logLines, requests };
}

async function failure(promise: Promise<unknown> | undefined): Promise<UpstreamError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(UpstreamError);
    return error as UpstreamError;
  }
  throw new Error('expected an UpstreamError');
}

describe('the recorded EPL h2h body (uk bookmakers, 6 August 2023)', () => {
  it('reads 19 events from 17 bookmakers, keeping h2h and leaving the exchanges’ lay prices', () => {
    const raw = realEvents();
    const events = parseOddsEvents(raw, RECORDED);

    expect(events).toHaveLength(19);
    expect(new Set(events.map((e) => e.sport_key))).toEqual(new Set(['soccer_epl']));
    const bookmakers = new Set(events.flatMap((e) => e.bookmakers.map((b) => b.key)));
    expect(bookmakers.size).toBe(17);
    expect(bookmakers).toContain('betfair_ex_uk');
    expect(bookmakers).toContain('matchbook');
    // The body holds 266 h2h and 28 h2h_lay markets (Betfair and Matchbook exchanges).
    const markets = events.flatMap((e) => e.bookmakers.flatMap((b) => b.markets));
    expect(markets).toHaveLength(266);
    expect(new Set(markets.map((m) => m.key))).toEqual(new Set(['h2h']));
    const layMarkets = raw.flatMap((e) => e.bookmakers.flatMap((b) => b.markets));
    expect(layMarkets.filter((m) => m.key === 'h2h_lay')).toHaveLength(28);
    // Asked without includeLinks: no bookmaker carries a link.
    expect(events.flatMap((e) => e.bookmakers).some((b) => 'link' in b)).toBe(false);
  });

  it('reads the opener and the last event as recorded', () => {
    const events = parseOddsEvents(realEvents(), RECORDED);
    const [opener] = events;
    expect(opener).toMatchObject({
      id: '8f77bda60a2e394a76b139a8e0efb986',
      commence_time: '2023-08-11T19:00:00Z',
      home_team: 'Burnley',
      away_team: 'Manchester City',
    });
    expect(opener?.bookmakers).toHaveLength(17);
    expect(opener?.bookmakers[0]).toEqual({
      key: 'skybet',
      title: 'Sky Bet',
      markets: [
        {
          key: 'h2h',
          outcomes: [
            { name: 'Burnley', price: 10.5 },
            { name: 'Manchester City', price: 1.25 },
            { name: 'Draw', price: 5.75 },
          ],
        },
      ],
    });
    const betfair = opener?.bookmakers.find((b) => b.key === 'betfair_ex_uk');
    expect(betfair?.markets.map((m) => [m.key, m.outcomes.map((o) => o.price)])).toEqual([
      ['h2h', [11.5, 1.31, 6.2]],
    ]);
    expect(events.at(-1)).toMatchObject({
      id: 'cb332e62b4c6d7d790cc34e2c848cebf',
      home_team: 'Crystal Palace',
      away_team: 'Arsenal',
    });
    expect(events.at(-1)?.bookmakers).toHaveLength(11);
  });

  it('serves it through the adapter with nothing dropped, and forgets kicked-off events', async () => {
    const { source, requests } = createSource(
      () => HttpResponse.text(realText()),
      Date.parse('2023-08-12T12:00:00Z'),
    );
    const events = await source.listOdds?.('premier-league');
    expect(requests).toEqual(['/v4/sports/soccer_epl/odds']);
    // Burnley–Man City (11 Aug) and Arsenal–Forest (12 Aug, 11:30) have kicked off.
    expect(events).toHaveLength(17);
    expect(events?.[0]?.home_team).toBe('Bournemouth');
    expect(source.client.stats()).toMatchObject({ itemsDropped: 0, failures: 0 });
  });
});

describe('nulls where ids belong', () => {
  it('leaves out the event and the bookmaker without id, counting each call, logging once', async () => {
    const raw = realEvents();
    const [first, second] = raw;
    const skybet = second?.bookmakers[0];
    if (first === undefined || skybet === undefined) throw new Error('short body');
    first.id = null;
    skybet.key = null;
    const { source, logLines } = createSource(() => HttpResponse.json(raw));

    const events = (await source.listOdds?.('premier-league')) ?? [];
    await source.listOdds?.('premier-league');

    expect(events).toHaveLength(18);
    expect(events[0]?.id).toBe('108e8f161fea0bb6887202c5972f2579');
    expect(events[0]?.bookmakers.map((b) => b.key)).not.toContain('skybet');
    expect(events[0]?.bookmakers).toHaveLength(16);
    expect(source.client.stats()).toMatchObject({ itemsDropped: 4, failures: 0 });
    expect(logLines).toEqual([
      expect.stringMatching(/^odds-api: event \[0\] left out: \[0\]\.id: /),
      expect.stringMatching(
        /^odds-api: bookmaker 108e8f161fea0bb6887202c5972f2579\/\[0\] left out: \[1\]\.bookmakers\[0\]\.key/,
      ),
    ]);
  });

  it('leaves out one bookmaker’s market with a null price and keeps its other events', () => {
    const raw = realEvents();
    const outcome = raw[0]?.bookmakers[0]?.markets[0]?.outcomes[1];
    if (outcome !== undefined) outcome.price = null;
    const dropped: DroppedItem[] = [];

    const events = parseOddsEvents(raw, RECORDED, (item) => dropped.push(item));

    expect(events).toHaveLength(19);
    expect(events[0]?.bookmakers.map((b) => b.key)).not.toContain('skybet');
    expect(dropped).toEqual([
      {
        kind: 'market',
        id: '8f77bda60a2e394a76b139a8e0efb986/skybet/h2h',
        reason: '[0].bookmakers[0].markets[0].outcomes[1].price: not a price',
      },
    ]);
  });

  it('refuses a body none of whose events has an id, reporting no drop', async () => {
    const raw = realEvents();
    for (const event of raw) event.id = null;
    const { source, logLines } = createSource(() => HttpResponse.json(raw));

    const error = await failure(source.listOdds?.('premier-league'));

    expect(error).toMatchObject({ provider: 'odds-api', kind: 'bad-body' });
    expect(error.message).toContain('no readable event; first: [0].id');
    expect(source.client.stats().itemsDropped).toBe(0);
    expect(logLines).toEqual([]);
  });
});

describe('answers that are not the body', () => {
  it('reads an empty list as no events (stored odds are only ever added to)', async () => {
    const { source } = createSource(() => HttpResponse.json([]));
    await expect(source.listOdds?.('premier-league')).resolves.toEqual([]);
    expect(source.client.stats()).toMatchObject({ itemsDropped: 0, failures: 0 });
  });

  const HTML = '<!DOCTYPE html><html><head><title>Service Unavailable</title></head></html>';
  const cases = [
    ['an HTML error page with status 200', () => HttpResponse.html(HTML)],
    ['the body cut in half', () => HttpResponse.text(realText().slice(0, 65_000))],
  ] as const;

  it.each(cases)('refuses %s once, counted and logged with the provider', async (_, answer) => {
    const { source, logLines, requests } = createSource(answer);

    const error = await failure(source.listOdds?.('premier-league'));

    expect(error).toMatchObject({ provider: 'odds-api', kind: 'bad-body' });
    expect(error.message).toContain('answer is not JSON');
    expect(requests).toHaveLength(1);
    expect(source.client.stats()).toMatchObject({ failures: 1, itemsDropped: 0 });
    expect(logLines).toHaveLength(1);
    expect(logLines[0]).toMatch(/^odds-api: answer is not JSON/);
  });

  it('refuses an object where the list belongs', async () => {
    const { source } = createSource(() => HttpResponse.json({ data: realEvents() }));
    const error = await failure(source.listOdds?.('premier-league'));
    expect(error.message).toContain('unexpected odds body: body: ');
  });
});
