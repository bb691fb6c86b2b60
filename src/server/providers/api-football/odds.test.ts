import { readFileSync } from 'node:fs';

import { describe, expect, it } from 'vitest';

import { UpstreamError, type DroppedItem } from '../upstream/http.ts';
import { findBookmakerKey, parseOddsPage, toOddsEvents } from './odds.ts';
import { parseMatches } from './parse.ts';

function fixture(name: string): unknown {
  return JSON.parse(
    readFileSync(new URL(`./fixtures/api-football-${name}.json`, import.meta.url), 'utf8'),
  );
}

function caught(run: () => unknown): UpstreamError {
  try {
    run();
  } catch (error) {
    if (error instanceof UpstreamError) return error;
    throw error;
  }
  throw new Error('expected an UpstreamError');
}

describe('odds', () => {
  const upcoming = parseMatches(fixture('fixtures-ids-not-started'));

  it('maps Match Winner and the 2.5 line of Goals Over/Under into The Odds API shape', () => {
    const { pages, odds } = parseOddsPage(fixture('odds'));
    expect(pages).toBe(1);
    expect(toOddsEvents(odds, upcoming)).toEqual([
      {
        id: 'api-football:1379101',
        sport_key: 'soccer_epl',
        commence_time: '2026-10-18T14:00:00Z',
        home_team: 'Liverpool',
        away_team: 'Everton',
        bookmakers: [
          {
            key: 'bet365',
            title: 'Bet365',
            markets: [
              {
                key: 'h2h',
                outcomes: [
                  { name: 'Liverpool', price: 1.5 },
                  { name: 'Draw', price: 4.5 },
                  { name: 'Everton', price: 6 },
                ],
              },
              {
                key: 'totals',
                outcomes: [
                  { name: 'Over', price: 1.7, point: 2.5 },
                  { name: 'Under', price: 2.1, point: 2.5 },
                ],
              },
            ],
          },
          {
            key: 'bwin',
            title: 'Bwin',
            markets: [
              {
                key: 'h2h',
                outcomes: [
                  { name: 'Liverpool', price: 1.52 },
                  { name: 'Draw', price: 4.4 },
                  { name: 'Everton', price: 5.75 },
                ],
              },
            ],
          },
        ],
      },
    ]);
  });

  it('leaves link unset: the API gives none', () => {
    const events = toOddsEvents(parseOddsPage(fixture('odds')).odds, upcoming);
    expect(events[0]?.bookmakers.every((b) => !('link' in b))).toBe(true);
  });

  it('drops odds of a match already started or unknown', () => {
    const { odds } = parseOddsPage(fixture('odds'));
    expect(toOddsEvents(odds, parseMatches(fixture('fixtures-live')))).toEqual([]);
    expect(toOddsEvents(odds, [])).toEqual([]);
  });

  it("leaves out a match's odds with a price that is not a decimal string", () => {
    const dropped: DroppedItem[] = [];
    const { odds } = parseOddsPage(fixture('odds-mistyped-odd'), (item) => dropped.push(item));
    expect(odds).toEqual([]);
    expect(dropped).toEqual([
      {
        kind: 'odds',
        id: '1379101',
        reason: expect.stringContaining('response[0].bookmakers[1].bets[0].values[0].odd'),
      },
    ]);
  });

  it('rejects a body without a response list', () => {
    const error = caught(() => parseOddsPage({ errors: [], paging: { current: 1, total: 1 } }));
    expect(error.kind).toBe('bad-body');
    expect(error.message).toContain('response');
  });

  it('keys bookmakers as The Odds API does', () => {
    expect(findBookmakerKey('Bet365')).toEqual({ key: 'bet365', title: 'Bet365' });
    expect(findBookmakerKey('1xBet')).toEqual({ key: 'onexbet', title: '1xBet' });
    expect(findBookmakerKey('William Hill')).toEqual({
      key: 'williamhill',
      title: 'William Hill',
    });
    expect(findBookmakerKey('Marathonbet')).toEqual({
      key: 'marathonbet',
      title: 'Marathon Bet',
    });
    expect(findBookmakerKey('10Bet')).toEqual({ key: '10bet', title: '10Bet' });
  });
});
