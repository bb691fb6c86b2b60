import { readFileSync } from 'node:fs';

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { UpstreamError } from '../upstream/http.ts';
import { mapStatus, parseMatches, parseStandings, parseTopPlayers } from './parse.ts';

const TZ = 'Europe/London';

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

const matchesOf = (name: string) =>
  parseMatches(fixture(name), { envelope: 'matches', timeZone: TZ });

describe('mapStatus', () => {
  it.each([
    [-1, '', 'scheduled', ''],
    [0, '67', 'live', '67'],
    [0, '', 'live', ''],
    [0, 'Des', 'halftime', ''],
    [0, ' des ', 'halftime', ''],
    [0, '90+3', 'live', '90+3'],
    [0, "45 + 2'", 'live', '45+2'],
    [0, '07', 'live', '7'],
    [0, 'Fin', 'live', ''],
    [1, '', 'finished', ''],
    [1, '90', 'finished', ''],
    [2, '', 'postponed', ''],
    [3, '104', 'extratime', '104'],
    [4, '120', 'penalties', '120'],
    [5, '45', 'halftime', ''],
  ] as const)('maps status %s with live_minute %j to %s %j', (status, clock, phase, minute) => {
    expect(mapStatus(status, clock)).toEqual({ phase, minute });
  });

  it('has no phase for an undocumented status code', () => {
    expect(mapStatus(6, '10')).toBeNull();
    expect(mapStatus(-2, '')).toBeNull();
  });
});

describe('parseMatches', () => {
  it('maps the livescore answer: teams, kick-off in UTC, phases, minutes and scores', () => {
    const { matches, skipped } = matchesOf('besoccer-livescore.json');
    expect(skipped).toEqual([]);
    expect(matches).toHaveLength(5);
    const [arsenal, barcelona, inter, bayern, psg] = matches;
    expect(arsenal).toEqual({
      externalId: 'besoccer:604311',
      leagueSlug: 'premier-league',
      home: {
        id: '2067',
        name: 'Arsenal',
        shortName: 'ARS',
        logoUrl: 'https://t.resfu.com/img_data/escudos/medium/2067.jpg?size=60x&lossy=1',
      },
      away: {
        id: '2049',
        name: 'Chelsea',
        shortName: 'CHE',
        logoUrl: 'https://t.resfu.com/img_data/escudos/medium/2049.jpg?size=60x&lossy=1',
      },
      // 17:30 in London on 18 October 2026 is British Summer Time (UTC+1).
      kickoff: new Date('2026-10-18T16:30:00Z'),
      phase: 'scheduled',
      minute: '',
      homeScore: null,
      awayScore: null,
      htHomeScore: null,
      htAwayScore: null,
    });
    expect(barcelona).toMatchObject({
      externalId: 'besoccer:598120',
      leagueSlug: 'la-liga',
      home: { id: '429', name: 'Barcelona' },
      away: { id: '369', name: 'Atlético', shortName: 'ATM' },
      kickoff: new Date('2026-10-18T15:15:00Z'),
      phase: 'live',
      minute: '67',
      homeScore: 2,
      awayScore: 1,
    });
    expect(inter).toMatchObject({
      leagueSlug: 'serie-a',
      home: { name: 'Inter' },
      away: { name: 'Napoli' },
      phase: 'halftime',
      minute: '',
      homeScore: 0,
      awayScore: 0,
    });
    expect(bayern).toMatchObject({
      leagueSlug: 'bundesliga',
      home: { name: 'Bayern München', shortName: 'BAY' },
      away: { name: 'B. Dortmund', shortName: 'BVB' },
      kickoff: new Date('2026-10-18T14:30:00Z'),
      phase: 'finished',
      minute: '',
      homeScore: 3,
      awayScore: 1,
    });
    expect(psg).toMatchObject({
      leagueSlug: 'ligue-1',
      home: { name: 'PSG' },
      away: { name: 'Marseille' },
      kickoff: new Date('2026-10-18T19:45:00Z'),
      phase: 'live',
      minute: '23',
      homeScore: 1,
      awayScore: 0,
    });
  });

  it('maps the spec-only statuses 2 to 5 (unverified upstream)', () => {
    const { matches } = matchesOf('besoccer-livescore-spec-statuses.json');
    expect(
      matches.map((m) => [m.externalId, m.leagueSlug, m.phase, m.minute, m.homeScore, m.awayScore]),
    ).toEqual([
      ['besoccer:600010', 'premier-league', 'postponed', '', null, null],
      ['besoccer:600011', 'la-liga', 'extratime', '104', 1, 1],
      ['besoccer:600012', 'serie-a', 'penalties', '120', 2, 2],
      ['besoccer:600013', 'ligue-1', 'halftime', '', 0, 1],
    ]);
  });

  it('reads the `match` envelope of req=matchs', () => {
    const { matches } = parseMatches(fixture('besoccer-matchs-round.json'), {
      envelope: 'match',
      timeZone: TZ,
    });
    expect(matches).toHaveLength(2);
    expect(matches[0]).toMatchObject({
      externalId: 'besoccer:598120',
      phase: 'live',
      minute: '67',
    });
    expect(matches[1]).toMatchObject({
      externalId: 'besoccer:598121',
      leagueSlug: 'la-liga',
      home: {
        id: '347',
        name: 'Athletic',
        shortName: 'ATH',
        logoUrl: 'https://cdn.resfu.com/img_data/equipos/347.png?size=60x&lossy=1',
      },
      away: { id: '2107', name: 'Real Madrid' },
      kickoff: new Date('2026-10-19T20:00:00Z'),
      phase: 'scheduled',
      homeScore: null,
      awayScore: null,
    });
  });

  it('keeps only the five leagues, even when another country uses the same name', () => {
    const { matches } = matchesOf('besoccer-matchsday-other-competitions.json');
    expect(matches.map((m) => [m.externalId, m.leagueSlug])).toEqual([
      ['besoccer:599904', 'bundesliga'],
    ]);
  });

  it('accepts the loose values BeSoccer sends: added time, string status, numbers, liveMinute', () => {
    const { matches } = matchesOf('besoccer-matchsday-loose-values.json');
    expect(matches).toHaveLength(3);
    expect(matches[0]).toMatchObject({
      externalId: 'besoccer:604311',
      kickoff: new Date('2026-10-18T11:30:00Z'),
      phase: 'live',
      minute: '90+3',
      homeScore: 1,
      awayScore: 1,
    });
    // An http:// crest is not shown.
    expect(matches[0]?.away.logoUrl).toBeNull();
    expect(matches[1]).toMatchObject({
      externalId: 'besoccer:598122',
      home: { id: '429' },
      away: { id: '369' },
      phase: 'finished',
      homeScore: 2,
      awayScore: 0,
    });
    expect(matches[2]).toMatchObject({
      externalId: 'besoccer:599905',
      phase: 'live',
      minute: '55',
      homeScore: 0,
      awayScore: 1,
    });
  });

  it('skips an item with an undocumented status and says why, keeping the rest', () => {
    const { matches, skipped } = matchesOf('besoccer-livescore-unknown-status.json');
    expect(matches.map((m) => m.externalId)).toEqual(['besoccer:604311']);
    expect(skipped).toEqual([{ id: '598120', reason: 'unknown status 7' }]);
  });

  it('returns no matches for a day without any', () => {
    expect(matchesOf('besoccer-matchsday-empty.json')).toEqual({ matches: [], skipped: [] });
  });

  it('rejects an item without the home team name, naming the field', () => {
    const error = catchError(() => matchesOf('besoccer-livescore-missing-field.json'));
    expect(error.kind).toBe('bad-body');
    expect(error.message).toContain('matches[1].local');
  });

  it('rejects a status that is not a number', () => {
    const error = catchError(() => matchesOf('besoccer-livescore-mistyped-status.json'));
    expect(error.kind).toBe('bad-body');
    expect(error.message).toContain('matches[0].status');
  });

  it('reads an error inside the envelope of a league outside the plan as `plan`', () => {
    const error = catchError(() =>
      parseMatches(fixture('besoccer-matchs-outside-plan.json'), {
        envelope: 'match',
        timeZone: TZ,
      }),
    );
    expect(error.kind).toBe('plan');
    expect(error.message).toContain('info-not-allowed-request-for-api-account-type');
  });

  it('rejects a body without the envelope instead of returning no matches', () => {
    const error = catchError(() =>
      parseMatches(fixture('besoccer-tables.json'), { envelope: 'matches', timeZone: TZ }),
    );
    expect(error.kind).toBe('bad-body');
    expect(error.message).toContain('matches: expected an array, got nothing');
  });
});

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

  it('rejects a mistyped number, naming the row and field', () => {
    const error = catchError(() => parseStandings(fixture('besoccer-tables-mistyped.json')));
    expect(error.kind).toBe('bad-body');
    expect(error.message).toContain('table[0].points');
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
    ['matches', (body) => parseMatches(body, { envelope: 'matches', timeZone: TZ })],
    ['standings', parseStandings],
    ['top players', parseTopPlayers],
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

  it('survives any one field of a real match item replaced by any JSON value', () => {
    const base = fixture('besoccer-livescore.json') as { matches: Record<string, unknown>[] };
    const item = base.matches[1] ?? {};
    const keys = Object.keys(item);
    fc.assert(
      fc.property(fc.constantFrom(...keys), fc.jsonValue(), (key, value) => {
        const body = { matches: [{ ...item, [key]: value }] };
        expectOnlyUpstreamErrors(
          (b) => parseMatches(b, { envelope: 'matches', timeZone: TZ }),
          body,
        );
      }),
      { seed: 20261018, numRuns: 500 },
    );
  });
});
