import { readFileSync } from 'node:fs';

import { describe, expect, it } from 'vitest';

import { UpstreamError } from '../upstream/http.ts';
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

describe('parseTransfers', () => {
  const ALL_TIME = { from: '1900-01-01', to: '2100-01-01' };

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

  it('rejects a move without its destination club', () => {
    const error = caught(() => parseTransfers(fixture('transfers-missing-team'), CITY, ALL_TIME));
    expect(error.kind).toBe('bad-body');
    expect(error.message).toContain('response[1].transfers[0].teams.in');
  });

  it.each([
    ['€ 55M', 'transfer', '55'],
    ['€ 250K', 'transfer', '0.25'],
    ['€ 222M', 'transfer', '222'],
    ['€1.5M', 'transfer', '1.5'],
    ['Free', 'free', '0'],
    ['Loan', 'loan', ''],
    ['Back from Loan', 'end of loan', ''],
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
