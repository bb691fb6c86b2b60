import { readFileSync } from 'node:fs';

import { describe, expect, it } from 'vitest';

import { UpstreamError, type DroppedItem } from '../upstream/http.ts';
import type { UpstreamTeam } from '../upstream/live-source.ts';
import {
  findTransferWindow,
  getTransferRange,
  parseTransferType,
  parseTransfers,
} from './transfers.ts';

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

const CITY: UpstreamTeam = {
  id: '50',
  name: 'Manchester City',
  shortName: null,
  logoUrl: 'https://media.api-sports.io/football/teams/50.png',
};

const ALL_TIME = { from: '1900-01-01', to: '2100-01-01' };
const CITY_SIDE = { id: 50, name: 'Manchester City', logo: null };

type Side = { id: number | null; name: string | null; logo?: string | null };

function move(date: string, type: string | null, into: Side, from: Side) {
  return { date, type, teams: { in: into, out: from } };
}

/** A `/transfers?team=50` body with one player (Phil Foden) and the given moves. */
function withMoves(transfers: unknown[]) {
  return {
    get: 'transfers',
    parameters: { team: '50' },
    errors: [],
    results: 1,
    paging: { current: 1, total: 1 },
    response: [{ player: { id: 631, name: 'Phil Foden' }, transfers }],
  };
}

describe('parseTransfers', () => {
  it("maps the club's moves in and out and drops a club's move to itself", () => {
    expect(parseTransfers(fixture('transfers'), CITY, ALL_TIME)).toEqual([
      {
        team: CITY,
        direction: 'in',
        playerId: 'api-football:162511',
        playerName: 'Tijjani Reijnders',
        imageUrl: 'https://media.api-sports.io/football/players/162511.png',
        flag: '',
        otherClub: 'AC Milan',
        type: 'transfer',
        valor: '55',
        window: 'Summer 2025',
      },
      {
        team: CITY,
        direction: 'out',
        playerId: 'api-football:631',
        playerName: 'Phil Foden',
        imageUrl: 'https://media.api-sports.io/football/players/631.png',
        flag: '',
        otherClub: 'Juventus',
        type: 'loan',
        valor: '',
        window: 'Summer 2026',
      },
    ]);
  });

  it("keeps only the season's moves", () => {
    const moves = parseTransfers(
      fixture('transfers'),
      CITY,
      getTransferRange(new Date('2026-10-18T12:00:00Z')),
    );
    expect(moves.map((m) => [m.playerName, m.direction, m.window])).toEqual([
      ['Phil Foden', 'out', 'Summer 2026'],
    ]);
  });

  it('leaves out a move without its destination club, reporting it', () => {
    const dropped: DroppedItem[] = [];
    const moves = parseTransfers(fixture('transfers-missing-team'), CITY, ALL_TIME, (item) =>
      dropped.push(item),
    );
    expect(moves.map((m) => [m.playerName, m.direction, m.otherClub])).toEqual([
      ['Tijjani Reijnders', 'in', 'AC Milan'],
    ]);
    expect(dropped).toEqual([
      {
        kind: 'transfer',
        id: '631/2026-08-30',
        reason: expect.stringContaining('response[1].transfers[0].teams.in'),
      },
    ]);
  });

  it('refuses a body without a response list, or with no player at all', () => {
    expect(caught(() => parseTransfers({ errors: [] }, CITY, ALL_TIME)).kind).toBe('bad-body');
    const empty = caught(() => parseTransfers({ errors: [], response: [] }, CITY, ALL_TIME));
    expect([empty.kind, empty.message]).toEqual([
      'bad-body',
      'api-football: no player listed for club 50',
    ]);
  });

  it('keeps a move whose other club has no id under its name, and reports one with none', () => {
    const dropped: DroppedItem[] = [];
    const body = withMoves([
      move('2026-07-30', 'Transfer', { id: null, name: 'Bayern Munich' }, CITY_SIDE),
      move('2026-08-01', 'Loan', { id: null, name: 'Roma' }, { id: null, name: 'Someone' }),
      move('2026-08-02', 'Free agent', { id: null, name: 'Foden Phil' }, CITY_SIDE),
    ]);
    const moves = parseTransfers(body, CITY, ALL_TIME, (item) => dropped.push(item));
    expect(moves.map((m) => [m.direction, m.otherClub, m.type])).toEqual([
      ['out', 'Bayern Munich', 'transfer'],
      // A release names the player himself where the club would be: no club.
      ['out', '', 'free'],
    ]);
    expect(dropped).toEqual([
      {
        kind: 'transfer',
        id: '631/2026-08-01',
        reason: 'response[0].transfers[1].teams: no club id on either side',
      },
    ]);
  });

  it('reports nothing of a broken move outside the season read', () => {
    const dropped: DroppedItem[] = [];
    const body = withMoves([
      { date: '1998-07-01', type: 'Loan', teams: { out: CITY_SIDE } },
      move('2026-08-01', 'Loan', { id: 497, name: 'AS Roma' }, CITY_SIDE),
    ]);
    const season = getTransferRange(new Date('2026-08-20T00:00:00Z'));
    const moves = parseTransfers(body, CITY, season, (item) => dropped.push(item));
    expect(moves.map((m) => m.otherClub)).toEqual(['AS Roma']);
    expect(dropped).toEqual([]);
    parseTransfers(body, CITY, ALL_TIME, (item) => dropped.push(item));
    expect(dropped.map((d) => d.id)).toEqual(['631/1998-07-01']);
  });

  it("merges the API's copies of a move, keeping the one with an id that tells most", () => {
    const body = withMoves([
      move('2025-07-28', 'Transfer', { id: null, name: 'Bayern Munich' }, CITY_SIDE),
      move('2025-07-30', 'Transfer', { id: 157, name: 'Bayern München' }, CITY_SIDE),
      move('2025-07-29', '€ 75M', { id: 157, name: 'Bayern München' }, CITY_SIDE),
      move('2026-01-20', 'N/A', CITY_SIDE, { id: 157, name: 'Bayern München' }),
      move('2025-12-30', 'Return from loan', CITY_SIDE, { id: 157, name: 'Bayern München' }),
      // Another club in the same window is another move.
      move('2025-09-01', 'Loan', { id: 497, name: 'AS Roma' }, CITY_SIDE),
    ]);
    const moves = parseTransfers(body, CITY, ALL_TIME);
    expect(moves.map((m) => [m.direction, m.otherClub, m.type, m.valor, m.window])).toEqual([
      ['out', 'Bayern München', 'transfer', '75', 'Summer 2025'],
      ['out', 'AS Roma', 'loan', '', 'Summer 2025'],
      ['in', 'Bayern München', 'end of loan', '', 'Winter 2026'],
    ]);
  });

  it.each([
    ['€ 55M', 'transfer', '55'],
    ['€ 250K', 'transfer', '0.25'],
    ['€ 222M', 'transfer', '222'],
    ['€1.5M', 'transfer', '1.5'],
    ['5.5M €', 'transfer', '5.5'],
    ['100K €', 'transfer', '0.1'],
    ['12M', 'transfer', '12'],
    ['€ 5,5M', 'transfer', '5.5'],
    ['Transfer', 'transfer', ''],
    ['Swap', 'transfer', ''],
    ['-', 'transfer', ''],
    ['2026', 'transfer', ''],
    ['Free', 'free', '0'],
    ['Free agent', 'free', '0'],
    ['Free Transfer', 'free', '0'],
    ['Free €', 'free', '0'],
    ['Loan', 'loan', ''],
    ['Loan fee: € 2.5M', 'loan', '2.5'],
    ['Loan fee: 500K €', 'loan', '0.5'],
    ['Loan fee:?', 'loan', ''],
    ['Back from Loan', 'end of loan', ''],
    ['Return from loan', 'end of loan', ''],
    ['End of loan', 'end of loan', ''],
    ['N/A', 'transfer', ''],
    [null, 'transfer', ''],
  ])('reads the type %j as %s with fee %j', (text, type, valor) => {
    expect(parseTransferType(text)).toEqual({ type, valor });
  });

  it.each([
    ['2026-06-12', 'Summer 2026'],
    ['2026-09-01', 'Summer 2026'],
    ['2026-12-30', 'Winter 2027'],
    ['2027-01-31', 'Winter 2027'],
  ])('puts a move on %s in %s', (day, window) => {
    expect(findTransferWindow(day)).toBe(window);
  });

  it('dates the season from April to March', () => {
    expect(getTransferRange(new Date('2026-06-01T00:00:00Z'))).toEqual({
      from: '2026-04-01',
      to: '2027-04-01',
    });
    expect(getTransferRange(new Date('2027-02-01T00:00:00Z'))).toEqual({
      from: '2026-04-01',
      to: '2027-04-01',
    });
  });
});
