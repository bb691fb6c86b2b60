import { readFileSync } from 'node:fs';

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { UpstreamError } from '../upstream/http.ts';
import { parseTransfers } from './transfers.ts';

function fixtureText(name: string): string {
  return readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');
}

function fixture(name: string): unknown {
  return JSON.parse(fixtureText(name));
}

function catchError(run: () => unknown): UpstreamError {
  try {
    run();
  } catch (error) {
    if (error instanceof UpstreamError) return error;
    throw error;
  }
  throw new Error('expected an UpstreamError, got a result');
}

describe('parseTransfers', () => {
  it('maps arrivals and departures of the spec shape, leaving rumours to the news', () => {
    const moves = parseTransfers(fixture('besoccer-transfers-spec.json'), 'Summer 2026');
    const arsenal = {
      id: '2067',
      name: 'Arsenal',
      shortName: null,
      logoUrl: 'https://t.resfu.com/img_data/escudos/medium/2067.jpg?size=60x&lossy=1',
    };
    expect(moves).toEqual([
      {
        team: arsenal,
        direction: 'in',
        playerId: '640217',
        playerName: 'E. Konsa',
        imageUrl: 'https://cdn.resfu.com/img_data/players/medium/640217.jpg?size=120x&lossy=1',
        flag: 'gb-eng',
        otherClub: 'Aston Villa',
        type: 'transfer',
        valor: '55 M€',
        window: 'Summer 2026',
      },
      {
        team: arsenal,
        direction: 'out',
        playerId: '512330',
        playerName: 'J. Kiwior',
        imageUrl: 'https://cdn.resfu.com/img_data/players/medium/512330.jpg?size=120x&lossy=1',
        flag: 'pl',
        otherClub: 'Porto',
        type: 'loan',
        valor: '',
        window: 'Summer 2026',
      },
    ]);
  });

  it('treats missing lists as empty and ignores unknown keys', () => {
    const moves = parseTransfers(fixture('besoccer-transfers-missing-lists.json'), 'Winter 2027');
    expect(moves).toHaveLength(1);
    expect(moves[0]).toMatchObject({
      direction: 'in',
      playerName: 'E. Konsa',
      valor: '55',
      window: 'Winter 2027',
    });
  });

  it('rejects a move without the player name', () => {
    const error = catchError(() =>
      parseTransfers(fixture('besoccer-transfers-missing-name.json'), 'Summer 2026'),
    );
    expect(error.kind).toBe('bad-body');
    expect(error.message).toContain('transfers[0].departures[0].name');
  });

  it('does not mistake a transfer_leagues answer for the per-club list', () => {
    const error = catchError(() =>
      parseTransfers(fixture('besoccer-transfer-leagues.json'), 'Summer 2026'),
    );
    expect(error.kind).toBe('bad-body');
    expect(error.message).toContain('transfers: expected an array');
  });
});

it('the transfers parser throws only bad-body or plan on arbitrary JSON (fast-check, fixed seed)', () => {
  fc.assert(
    fc.property(fc.jsonValue(), (body) => {
      try {
        parseTransfers(body, 'Summer 2026');
      } catch (error) {
        expect(error).toBeInstanceOf(UpstreamError);
        expect(['bad-body', 'plan']).toContain((error as UpstreamError).kind);
      }
    }),
    { seed: 20261018, numRuns: 300 },
  );
});
