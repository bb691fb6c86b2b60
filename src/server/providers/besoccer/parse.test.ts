import { readFileSync } from 'node:fs';

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { UpstreamError, type DroppedItem } from '../upstream/http.ts';
import { parseStandings, parseTopPlayers } from './parse.ts';

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

describe('parseStandings', () => {
  it('maps every table row with its numbers', () => {
    const rows = parseStandings(fixture('besoccer-tables.json'));
    expect(rows).toHaveLength(4);
    expect(rows[0]).toEqual({
      team: {
        id: '429',
        name: 'Barcelona',
        shortName: 'BAR',
        logoUrl: 'https://cdn.resfu.com/img_data/equipos/429.png?size=60x&lossy=1',
      },
      pos: 1,
      wins: 8,
      draws: 1,
      losses: 1,
      goalsFor: 27,
      goalsAgainst: 9,
      points: 25,
    });
    expect(rows.map((r) => [r.team.name, r.pos, r.points])).toEqual([
      ['Barcelona', 1, 25],
      ['Real Madrid', 2, 23],
      ['Atlético', 3, 19],
      ['Almería', 20, 4],
    ]);
    expect(rows[3]).toMatchObject({ wins: 0, draws: 4, losses: 6, goalsFor: 6, goalsAgainst: 19 });
  });

  it('refuses a table with a mistyped row, naming the row and field: it would lack a club', () => {
    const dropped: DroppedItem[] = [];
    const error = catchError(() =>
      parseStandings(fixture('besoccer-tables-mistyped.json'), (d) => dropped.push(d)),
    );
    expect(error.kind).toBe('bad-body');
    expect(error.message).toContain('1 of 4 rows unreadable');
    expect(dropped).toEqual([
      { kind: 'standing', id: '429', reason: expect.stringContaining('table[0].points') as string },
    ]);
  });

  it('reads an answer that carries only an error as `plan`', () => {
    const error = catchError(() => parseStandings(fixture('besoccer-tables-outside-plan.json')));
    expect(error.kind).toBe('plan');
  });

  it('rejects an answer without the table array', () => {
    const error = catchError(() => parseStandings(fixture('besoccer-tables-without-array.json')));
    expect(error.kind).toBe('bad-body');
    expect(error.message).toContain('table: expected an array, got nothing');
  });
});

describe('parseTopPlayers', () => {
  it('maps scorers from `goals` and assisters from `asists`', () => {
    const { goals, assists } = parseTopPlayers(fixture('besoccer-league-stats.json'));
    expect(goals).toEqual([
      {
        playerId: '249816',
        nick: 'R. Lewandowski',
        imageUrl: 'https://cdn.resfu.com/img_data/players/medium/249816.jpg?size=120x&lossy=1',
        flag: 'pl',
        team: {
          id: '429',
          name: 'Barcelona',
          shortName: null,
          logoUrl: 'https://cdn.resfu.com/img_data/equipos/429.png?size=60x&lossy=1',
        },
        total: 11,
      },
      expect.objectContaining({ playerId: '579213', nick: 'K. Mbappé', flag: 'fr', total: 10 }),
    ]);
    expect(assists.map((p) => [p.nick, p.team?.name, p.flag, p.total])).toEqual([
      ['Lamine Yamal', 'Barcelona', 'es', 7],
      ['A. Griezmann', 'Atlético', 'fr', 5],
    ]);
  });

  it('accepts `assists` spelled out, a flag image URL and drops an http photo', () => {
    const { goals, assists } = parseTopPlayers(
      fixture('besoccer-league-stats-assists-spelled-out.json'),
    );
    expect(goals).toHaveLength(2);
    expect(assists[0]).toMatchObject({ nick: 'Lamine Yamal', flag: 'es', total: 7 });
    expect(assists[1]).toMatchObject({ nick: 'A. Griezmann', imageUrl: null });
  });

  it('rejects stats without the goals list', () => {
    const error = catchError(() =>
      parseTopPlayers(fixture('besoccer-league-stats-missing-goals.json')),
    );
    expect(error.kind).toBe('bad-body');
    expect(error.message).toContain('stats.goals');
  });
});

describe('fuzzing the parsers (fast-check, fixed seed)', () => {
  const parsers: [string, (body: unknown) => unknown][] = [
    ['standings', (body) => parseStandings(body)],
    ['top players', (body) => parseTopPlayers(body)],
  ];

  function expectOnlyUpstreamErrors(parse: (body: unknown) => unknown, body: unknown) {
    try {
      parse(body);
    } catch (error) {
      expect(error).toBeInstanceOf(UpstreamError);
      expect(['bad-body', 'plan']).toContain((error as UpstreamError).kind);
    }
  }

  it.each(parsers)('the %s parser throws only bad-body or plan on arbitrary JSON', (_, parse) => {
    fc.assert(
      fc.property(fc.jsonValue(), (body) => expectOnlyUpstreamErrors(parse, body)),
      { seed: 20261018, numRuns: 300 },
    );
  });
});
