import { readFileSync } from 'node:fs';

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { findBestPrices } from '../../../domain/odds.ts';
import { UpstreamError, type DroppedItem } from '../upstream/http.ts';
import { parseOddsEvents } from './parse.ts';

function fixture(name: string): unknown {
  return JSON.parse(readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8'));
}

/** Saturday morning, before both fixture matches kick off. */
const NOW = Date.parse('2026-10-18T10:00:00Z');

function parseError(body: unknown, nowMs = NOW): UpstreamError {
  try {
    parseOddsEvents(body, nowMs);
  } catch (error) {
    expect(error).toBeInstanceOf(UpstreamError);
    return error as UpstreamError;
  }
  throw new Error('expected parseOddsEvents to throw');
}

describe('parseOddsEvents', () => {
  it('maps the EPL odds answer to events with h2h and totals prices', () => {
    const events = parseOddsEvents(fixture('the-odds-api-odds-epl.json'), NOW);

    expect(events.map((e) => [e.id, e.home_team, e.away_team, e.commence_time])).toEqual([
      ['3f1c2a9e8b7d6c5e4f3a2b1c0d9e8f7a', 'Arsenal', 'Chelsea', '2026-10-18T16:30:00Z'],
      [
        '9a8b7c6d5e4f30211203f4e5d6c7b8a9',
        'Brighton and Hove Albion',
        'Manchester United',
        '2026-10-19T15:00:00Z',
      ],
    ]);
    const [arsenal, brighton] = events;
    expect(arsenal?.sport_key).toBe('soccer_epl');
    expect(arsenal?.bookmakers.map((b) => b.key)).toEqual([
      'williamhill',
      'paddypower',
      'betfair_ex_uk',
      'pinnacle',
    ]);
    expect(arsenal?.bookmakers[0]).toEqual({
      key: 'williamhill',
      title: 'William Hill',
      link: 'https://sports.williamhill.com/betting/en-gb/football/OB_EV38104455/arsenal-v-chelsea',
      markets: [
        {
          key: 'h2h',
          outcomes: [
            { name: 'Arsenal', price: 1.91 },
            { name: 'Chelsea', price: 4 },
            { name: 'Draw', price: 3.6 },
          ],
        },
        {
          key: 'totals',
          outcomes: [
            { name: 'Over', price: 1.8, point: 2.5 },
            { name: 'Under', price: 2, point: 2.5 },
          ],
        },
      ],
    });
    expect(arsenal?.bookmakers[1]?.link).toBe(
      'https://www.paddypower.com/football/english-premier-league/arsenal-v-chelsea-34781220',
    );
    // A null link is left out, and sid/last_update never leave the adapter.
    expect(arsenal?.bookmakers[2]).not.toHaveProperty('link');
    expect(arsenal?.bookmakers[2]).not.toHaveProperty('sid');
    expect(arsenal?.bookmakers[3]?.markets[1]?.outcomes).toEqual([
      { name: 'Over', price: 1.86, point: 2.5 },
      { name: 'Under', price: 2.02, point: 2.5 },
    ]);
    // The event nobody prices yet stays, with no bookmakers.
    expect(brighton?.bookmakers).toEqual([]);

    // The domain can read what the adapter returns.
    const best = arsenal === undefined ? null : findBestPrices(arsenal, 'h2h');
    expect(best?.home).toMatchObject({ price: 1.98, bookmakerKey: 'betfair_ex_uk', link: null });
    expect(best?.away).toMatchObject({ price: 4.3, bookmakerKey: 'betfair_ex_uk' });
  });

  it('keeps only h2h and totals of a single-event answer (btts is dropped)', () => {
    const events = parseOddsEvents([fixture('the-odds-api-event-odds.json')], NOW);

    expect(events).toHaveLength(1);
    expect(events[0]?.home_team).toBe('Barcelona');
    expect(events[0]?.away_team).toBe('Atlético Madrid');
    expect(events[0]?.commence_time).toBe('2026-10-18T14:15:00Z');
    expect(events[0]?.bookmakers.map((b) => [b.key, b.markets.map((m) => m.key)])).toEqual([
      ['unibet_fr', ['h2h']],
      ['marathonbet', ['h2h', 'totals']],
    ]);
    expect(events[0]?.bookmakers[0]?.markets[0]?.outcomes).toContainEqual({
      name: 'Atlético Madrid',
      price: 4.2,
    });
    expect(events[0]?.bookmakers[1]?.markets[1]?.outcomes[0]).toEqual({
      name: 'Over',
      price: 1.66,
      point: 2.5,
    });
  });

  it('rejects the single-event answer itself, which is an object and not a list', () => {
    const error = parseError(fixture('the-odds-api-event-odds.json'));
    expect(error.kind).toBe('bad-body');
    expect(error.message).toContain('unexpected odds body: body: ');
    expect(error.message).toContain('expected array');
  });

  it('rejects an /events answer, whose events carry no bookmakers', () => {
    const error = parseError(fixture('the-odds-api-events-epl.json'));
    expect(error.kind).toBe('bad-body');
    expect(error.message).toContain('[0].bookmakers');
  });

  it('drops lay prices, spreads-only bookmakers and links that are not https', () => {
    const [event] = parseOddsEvents(
      fixture('the-odds-api-odds-epl-lay-spreads-bad-links.json'),
      NOW,
    );

    expect(event?.bookmakers.map((b) => b.key)).toEqual([
      'williamhill',
      'paddypower',
      'betfair_ex_uk',
      'pinnacle',
    ]);
    const betfair = event?.bookmakers.find((b) => b.key === 'betfair_ex_uk');
    expect(betfair?.markets.map((m) => m.key)).toEqual(['h2h']);
    expect(betfair?.markets[0]?.outcomes).toContainEqual({ name: 'Arsenal', price: 1.98 });
    // http:// and javascript: links are left out; the https one stays.
    expect(event?.bookmakers[1]).not.toHaveProperty('link');
    expect(event?.bookmakers[3]).not.toHaveProperty('link');
    expect(event?.bookmakers[0]?.link).toMatch(/^https:\/\/sports\.williamhill\.com\//);
  });

  it('drops events that have already kicked off', () => {
    const events = parseOddsEvents(fixture('the-odds-api-odds-epl-started.json'), NOW);

    expect(events.map((e) => [e.home_team, e.commence_time])).toEqual([
      ['Brighton and Hove Albion', '2026-10-19T15:00:00Z'],
    ]);
    // At kick-off time exactly, the match counts as started.
    const atKickOff = parseOddsEvents(
      fixture('the-odds-api-odds-epl.json'),
      Date.parse('2026-10-18T16:30:00Z'),
    );
    expect(atKickOff.map((e) => e.home_team)).toEqual(['Brighton and Hove Albion']);
  });

  it('returns no events for an empty answer', () => {
    expect(parseOddsEvents(fixture('the-odds-api-odds-empty.json'), NOW)).toEqual([]);
  });

  it('drops only the market whose price is malformed and keeps the rest', () => {
    const dropped: DroppedItem[] = [];
    const [event] = parseOddsEvents(
      fixture('the-odds-api-odds-epl-price-mistyped.json'),
      NOW,
      (item) => dropped.push(item),
    );
    expect(dropped.map((d) => [d.kind, d.id])).toEqual([
      ['market', '3f1c2a9e8b7d6c5e4f3a2b1c0d9e8f7a/williamhill/totals'],
      ['market', '3f1c2a9e8b7d6c5e4f3a2b1c0d9e8f7a/paddypower/h2h'],
    ]);

    // Paddy Power's only market had a string price: the bookmaker goes.
    expect(event?.bookmakers.map((b) => b.key)).toEqual([
      'williamhill',
      'betfair_ex_uk',
      'pinnacle',
    ]);
    // William Hill's totals had a null price: its h2h stays.
    expect(event?.bookmakers[0]?.markets).toEqual([
      {
        key: 'h2h',
        outcomes: [
          { name: 'Arsenal', price: 1.91 },
          { name: 'Chelsea', price: 4 },
          { name: 'Draw', price: 3.6 },
        ],
      },
    ]);
  });

  it('fails when every price in the answer is malformed', () => {
    const error = parseError(fixture('the-odds-api-odds-epl-all-prices-mistyped.json'));
    expect(error.kind).toBe('bad-body');
    expect(error.message).toContain('[0].bookmakers[0].markets[0].outcomes[0].price');
  });

  it('leaves out an event without a home team and reports it', () => {
    const dropped: DroppedItem[] = [];
    const events = parseOddsEvents(
      fixture('the-odds-api-odds-epl-missing-home-team.json'),
      NOW,
      (item) => dropped.push(item),
    );
    expect(events.map((e) => e.home_team)).toEqual(['Arsenal']);
    expect(dropped).toEqual([
      {
        kind: 'event',
        id: '9a8b7c6d5e4f30211203f4e5d6c7b8a9',
        reason: expect.stringContaining('[1].home_team'),
      },
    ]);
  });

  it('leaves out an event with a unix-seconds kick-off time', () => {
    const dropped: DroppedItem[] = [];
    const events = parseOddsEvents(
      fixture('the-odds-api-odds-epl-commence-time-unix.json'),
      NOW,
      (item) => dropped.push(item),
    );
    expect(events.map((e) => e.home_team)).toEqual(['Brighton and Hove Albion']);
    expect(dropped.map((d) => [d.kind, d.id])).toEqual([
      ['event', '3f1c2a9e8b7d6c5e4f3a2b1c0d9e8f7a'],
    ]);
    expect(dropped[0]?.reason).toContain('[0].commence_time');
  });

  it('leaves out an event whose kick-off has no zone, and a bookmaker with a mistyped title', () => {
    const epl = fixture('the-odds-api-odds-epl.json') as Array<Record<string, unknown>>;
    const noZone = epl.map((e, i) =>
      i === 0 ? { ...e, commence_time: '2026-10-18T16:30:00' } : e,
    );
    const dropped: DroppedItem[] = [];
    const events = parseOddsEvents(noZone, NOW, (item) => dropped.push(item));
    expect(events.map((e) => e.home_team)).toEqual(['Brighton and Hove Albion']);
    expect(dropped[0]?.reason).toContain('[0].commence_time');

    const titleless = structuredClone(epl) as Array<{ bookmakers: Array<Record<string, unknown>> }>;
    const pinnacle = titleless[0]?.bookmakers[3];
    if (pinnacle !== undefined) pinnacle.title = 42;
    dropped.length = 0;
    const [arsenal] = parseOddsEvents(titleless, NOW, (item) => dropped.push(item));
    expect(arsenal?.bookmakers.map((b) => b.key)).toEqual([
      'williamhill',
      'paddypower',
      'betfair_ex_uk',
    ]);
    expect(dropped).toEqual([
      {
        kind: 'bookmaker',
        id: '3f1c2a9e8b7d6c5e4f3a2b1c0d9e8f7a/pinnacle',
        reason: expect.stringContaining('[0].bookmakers[3].title'),
      },
    ]);
  });

  it('answers any input with events or a bad-body error, never anything else', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (body) => {
        try {
          const events = parseOddsEvents(body, NOW);
          for (const event of events) {
            for (const bookmaker of event.bookmakers) {
              for (const market of bookmaker.markets) {
                expect(['h2h', 'totals']).toContain(market.key);
                for (const outcome of market.outcomes) expect(outcome.price).toBeGreaterThan(1);
              }
            }
          }
        } catch (error) {
          expect(error).toBeInstanceOf(UpstreamError);
          expect((error as UpstreamError).kind).toBe('bad-body');
        }
      }),
    );
  });
});
