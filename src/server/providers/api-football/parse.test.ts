import { readFileSync } from 'node:fs';

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { LEAGUES } from '../../../domain/league.ts';
import { readListGaps } from '../provider.ts';
import { UpstreamError, type DroppedItem } from '../upstream/http.ts';
import type { UpstreamTeam } from '../upstream/live-source.ts';
import { parseOddsPage } from './odds.ts';
import {
  STATUS_CODES,
  formatMinute,
  getSeason,
  parseMatches,
  parseStandings,
  parseTopPlayers,
} from './parse.ts';
import { parseTransfers } from './transfers.ts';

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

describe('getSeason and the league ids', () => {
  it.each([
    ['2026-07-01T00:00:00Z', 2026],
    ['2026-10-18T14:00:00Z', 2026],
    ['2027-05-20T18:00:00Z', 2026],
    ['2026-06-30T23:59:59Z', 2025],
  ])('puts %s in the season starting %i', (date, season) => {
    expect(getSeason(new Date(date))).toBe(season);
  });

  it('has the API-Football id (§3) of each of the five leagues in the registry', () => {
    expect(LEAGUES.map((league) => [league.slug, league.apiFootballId])).toEqual([
      ['premier-league', 39],
      ['la-liga', 140],
      ['serie-a', 135],
      ['bundesliga', 78],
      ['ligue-1', 61],
    ]);
  });
});

describe('parseMatches', () => {
  it('maps the live fixtures: phases, minutes with added time, scores and half-time scores', () => {
    const matches = parseMatches(fixture('fixtures-live'));
    expect(matches).toEqual([
      {
        externalId: 'api-football:1379101',
        leagueSlug: 'premier-league',
        home: {
          id: '40',
          name: 'Liverpool',
          shortName: null,
          logoUrl: 'https://media.api-sports.io/football/teams/40.png',
        },
        away: {
          id: '45',
          name: 'Everton',
          shortName: null,
          logoUrl: 'https://media.api-sports.io/football/teams/45.png',
        },
        kickoff: new Date('2026-10-18T14:00:00Z'),
        phase: 'live',
        minute: '67',
        homeScore: 1,
        awayScore: 0,
        htHomeScore: 1,
        htAwayScore: 0,
        // A live answer carries the events: the goal (not the yellow card).
        events: [
          {
            kind: 'goal',
            side: 'home',
            minute: 34,
            added: 0,
            scorer: 'Mohamed Salah',
            assist: 'F. Wirtz',
            penalty: false,
            ownGoal: false,
          },
        ],
        facts: {
          goalsRecorded: true,
          assistKind: 'assist',
          shots: null,
          statistics: null,
          atFullTime: [],
          referee: 'A. Taylor',
          sources: ['api-football'],
        },
      },
      expect.objectContaining({
        externalId: 'api-football:1390550',
        leagueSlug: 'la-liga',
        phase: 'halftime',
        minute: '',
        homeScore: 1,
        awayScore: 1,
        htHomeScore: 1,
        htAwayScore: 1,
      }),
      expect.objectContaining({
        externalId: 'api-football:1388204',
        leagueSlug: 'serie-a',
        kickoff: new Date('2026-10-18T16:00:00Z'),
        phase: 'live',
        minute: '45+2',
        homeScore: 0,
        awayScore: 0,
        htHomeScore: null,
        htAwayScore: null,
      }),
    ]);
  });

  it('keeps only the five leagues and the range, without validating other competitions', () => {
    const body = fixture('fixtures-date');
    const all = parseMatches(body);
    expect(all.map((m) => m.externalId)).toEqual([
      'api-football:1379120',
      'api-football:1391000',
      'api-football:1392000',
      'api-football:1379130',
      'api-football:1388210',
      'api-football:1390560',
    ]);
    const inRange = parseMatches(body, {
      range: { from: new Date('2026-10-18T13:30:00Z'), to: new Date('2026-10-18T18:45:00Z') },
    });
    expect(inRange.map((m) => [m.leagueSlug, m.phase, m.minute, m.homeScore])).toEqual([
      ['bundesliga', 'live', '90+4', 2],
      ['ligue-1', 'postponed', '', null],
      ['premier-league', 'scheduled', '', null],
    ]);
  });

  it('maps finished and undecided matches and drops a logo that is not https', () => {
    const byId = new Map(parseMatches(fixture('fixtures-date')).map((m) => [m.externalId, m]));
    expect(byId.get('api-football:1379120')).toMatchObject({
      phase: 'finished',
      minute: '',
      homeScore: 2,
      awayScore: 1,
      htHomeScore: 1,
      htAwayScore: 0,
    });
    expect(byId.get('api-football:1388210')).toMatchObject({ phase: 'scheduled', minute: '' });
    expect(byId.get('api-football:1379130')?.away).toEqual({
      id: '33',
      name: 'Manchester United',
      shortName: null,
      logoUrl: null,
    });
  });

  it('reads a fixture without the newer extra field', () => {
    const [match] = parseMatches(fixture('fixtures-no-extra-field'));
    expect(match).toMatchObject({ externalId: 'api-football:1388204', minute: '45' });
  });

  it('returns no matches for an empty list', () => {
    expect(parseMatches(fixture('fixtures-empty'))).toEqual([]);
  });

  it('leaves out a match of our leagues without a status code, reporting it and its id', () => {
    const dropped: DroppedItem[] = [];
    const matches = parseMatches(fixture('fixtures-missing-status'), {
      drop: (item) => dropped.push(item),
    });
    expect(matches.map((m) => m.externalId)).toEqual([
      'api-football:1379101',
      'api-football:1388204',
    ]);
    expect(dropped).toEqual([
      {
        kind: 'match',
        id: '1390550',
        reason: expect.stringContaining('response[1].fixture.status.short'),
      },
    ]);
    // The list says what it left out, so the stored match is kept.
    expect(readListGaps(matches)).toEqual({
      leftOut: ['api-football:1390550'],
      partial: false,
    });
  });

  it('leaves out a match with a status code the document does not list', () => {
    const dropped: DroppedItem[] = [];
    const matches = parseMatches(fixture('fixtures-unknown-status'), {
      drop: (item) => dropped.push(item),
    });
    expect(matches.map((m) => [m.externalId, m.phase])).toEqual([
      ['api-football:1390550', 'halftime'],
      ['api-football:1388204', 'live'],
    ]);
    expect(dropped.map((d) => [d.kind, d.id, d.reason.split(':')[0]])).toEqual([
      ['match', '1379101', 'response[0].fixture.status.short'],
    ]);
    expect(readListGaps(matches).leftOut).toEqual(['api-football:1379101']);
  });

  it('rejects a body without a response list; an item without ids makes the list partial', () => {
    const error = caught(() => parseMatches({ errors: [] }));
    expect(error.kind).toBe('bad-body');
    expect(error.message).toContain('response');
    const dropped: DroppedItem[] = [];
    const matches = parseMatches(
      { errors: [], response: [{ fixture: {} }] },
      { drop: (item) => dropped.push(item) },
    );
    expect(matches).toEqual([]);
    expect(dropped).toEqual([
      { kind: 'match', id: 'response[0]', reason: expect.stringContaining('response[0].league') },
    ]);
    expect(readListGaps(matches)).toEqual({ leftOut: [], partial: true });
  });

  it('throws the error an error body carries', () => {
    expect(caught(() => parseMatches(fixture('error-daily-limit'))).kind).toBe('quota');
  });
});

describe('parseMatches: goals, figures and referee (§13)', () => {
  type Item = {
    statistics: { statistics: { type: string; value: unknown }[] }[];
    events: unknown[];
  };
  const idsBody = () => fixture('fixtures-ids-finished') as { response: Item[] };

  it('reads the goals and figures of an ids= answer, the referee without his country', () => {
    const dropped: DroppedItem[] = [];
    const [match] = parseMatches(idsBody(), { drop: (item) => dropped.push(item) });
    expect(match).toMatchObject({
      externalId: 'api-football:1379120',
      phase: 'finished',
      homeScore: 2,
      awayScore: 1,
    });
    expect(match?.events).toEqual([
      {
        kind: 'goal',
        side: 'home',
        minute: 45,
        added: 2,
        scorer: 'B. Saka',
        assist: null,
        penalty: true,
        ownGoal: false,
      },
      // Tottenham's C. Romero into his own net: the event's team is Arsenal, who it counts for.
      {
        kind: 'goal',
        side: 'home',
        minute: 61,
        added: 0,
        scorer: 'C. Romero',
        assist: null,
        penalty: false,
        ownGoal: true,
      },
      {
        kind: 'goal',
        side: 'away',
        minute: 88,
        added: 0,
        scorer: 'D. Solanke',
        assist: 'J. Maddison',
        penalty: false,
        ownGoal: false,
      },
    ]);
    expect(match?.facts).toEqual({
      goalsRecorded: true,
      assistKind: 'assist',
      shots: null,
      statistics: {
        home: {
          shots: 14,
          shotsOnTarget: 6,
          xg: 1.87,
          corners: 7,
          fouls: 9,
          yellowCards: null,
          redCards: null,
        },
        away: {
          shots: 9,
          shotsOnTarget: 3,
          xg: 0.64,
          corners: 4,
          fouls: 12,
          yellowCards: 2,
          redCards: null,
        },
      },
      atFullTime: [],
      referee: 'M. Oliver',
      sources: ['api-football'],
    });
    expect(dropped).toEqual([]);
  });

  it('keeps the match when a figure is malformed, leaving only that figure null', () => {
    const body = idsBody();
    const home = body.response[0]?.statistics[0]?.statistics;
    const fouls = home?.find((s) => s.type === 'Fouls');
    if (fouls === undefined) throw new Error('fixture has no fouls');
    fouls.value = { total: 9 };
    const dropped: DroppedItem[] = [];
    const matches = parseMatches(body, { drop: (item) => dropped.push(item) });
    expect(matches).toHaveLength(1);
    expect(readListGaps(matches)).toEqual({ leftOut: [], partial: false });
    expect(matches[0]?.facts?.statistics?.home).toMatchObject({ fouls: null, shots: 14 });
    expect(matches[0]?.events).toHaveLength(3);
    expect(dropped).toEqual([
      {
        kind: 'statistic',
        id: '1379120',
        reason: 'response[0].statistics[0].statistics[6].value: not a figure: {"total":9}',
      },
    ]);
  });

  it('keeps the match without goals when a goal cannot be read, so the stored goals stay', () => {
    const body = idsBody();
    const item = body.response[0];
    if (item === undefined) throw new Error('fixture has no match');
    item.events = [...item.events, { type: 'Goal', detail: 'Normal Goal', team: { id: 47 } }];
    const dropped: DroppedItem[] = [];
    const [match, ...others] = parseMatches(body, { drop: (d) => dropped.push(d) });
    expect(others).toEqual([]);
    expect(match).not.toHaveProperty('events');
    expect(match?.facts).toMatchObject({ goalsRecorded: false, referee: 'M. Oliver' });
    expect(match?.facts?.statistics?.home.shots).toBe(14);
    expect(dropped).toEqual([
      {
        kind: 'goals',
        id: '1379120',
        reason: expect.stringContaining('response[0].events[7].time'),
      },
    ]);
  });

  it('keeps the match when its referee, events or statistics are of the wrong type', () => {
    const body = idsBody() as unknown as { response: Record<string, unknown>[] };
    const item = body.response[0] as { fixture: Record<string, unknown> } & Record<string, unknown>;
    item.fixture.referee = 7;
    item.events = { goals: 3 };
    item.statistics = 'none';
    const [match] = parseMatches(body);
    expect(match).toMatchObject({ externalId: 'api-football:1379120', homeScore: 2 });
    expect(match).not.toHaveProperty('events');
    expect(match?.facts).toMatchObject({ goalsRecorded: false, referee: null, statistics: null });
  });

  it('gives a date list its referees and no goals', () => {
    const matches = parseMatches(fixture('fixtures-date'));
    expect(matches.every((m) => m.events === undefined && m.facts?.goalsRecorded === false)).toBe(
      true,
    );
    expect(matches.find((m) => m.externalId === 'api-football:1379120')?.facts?.referee).toBeNull();
  });
});

describe('status mapping', () => {
  const expected: Record<string, [string, boolean]> = {
    TBD: ['scheduled', false],
    NS: ['scheduled', false],
    '1H': ['live', true],
    HT: ['halftime', false],
    '2H': ['live', true],
    ET: ['extratime', true],
    BT: ['extratime', false],
    P: ['penalties', true],
    SUSP: ['postponed', false],
    INT: ['live', true],
    LIVE: ['live', true],
    FT: ['finished', false],
    AET: ['finished', false],
    PEN: ['finished', false],
    PST: ['postponed', false],
    CANC: ['postponed', false],
    ABD: ['postponed', false],
    AWD: ['finished', false],
    WO: ['finished', false],
  };

  it('covers every status code of the document', () => {
    expect([...STATUS_CODES].sort()).toEqual(Object.keys(expected).sort());
  });

  it.each(Object.entries(expected))('maps %s to %j', (short, [phase, clock]) => {
    const body = structuredClone(fixture('fixtures-live')) as {
      response: Array<{ fixture: { status: { short: string; elapsed: number; extra: number } } }>;
    };
    body.response = body.response.slice(0, 1);
    const first = body.response[0];
    if (first === undefined) throw new Error('fixture has no match');
    first.fixture.status = { short, elapsed: 118, extra: 3 };
    const [match] = parseMatches(body);
    expect(match?.phase).toBe(phase);
    expect(match?.minute).toBe(clock ? '118+3' : '');
  });

  it('formats the minute as elapsed plus added time', () => {
    expect(formatMinute(67, null)).toBe('67');
    expect(formatMinute(45, 2)).toBe('45+2');
    expect(formatMinute(90, 0)).toBe('90');
    expect(formatMinute(90, undefined)).toBe('90');
    expect(formatMinute(null, 3)).toBe('');
  });
});

describe('parseStandings', () => {
  it('maps the table rows (note `lose`)', () => {
    const rows = parseStandings(fixture('standings'));
    expect(rows).toHaveLength(3);
    expect(rows[0]).toEqual({
      team: {
        id: '42',
        name: 'Arsenal',
        shortName: null,
        logoUrl: 'https://media.api-sports.io/football/teams/42.png',
      },
      pos: 1,
      wins: 6,
      draws: 2,
      losses: 0,
      goalsFor: 17,
      goalsAgainst: 4,
      points: 20,
    });
    expect(rows.map((r) => [r.team.name, r.pos, r.losses, r.goalsAgainst, r.points])).toEqual([
      ['Arsenal', 1, 0, 4, 20],
      ['Manchester City', 2, 2, 9, 19],
      ['Wolves', 18, 6, 18, 5],
    ]);
  });

  it('returns no rows when the API has no table', () => {
    expect(parseStandings(fixture('standings-empty'))).toEqual([]);
  });

  it('refuses a table with points given as text, naming the field: it would lack a club', () => {
    const dropped: DroppedItem[] = [];
    const error = caught(() =>
      parseStandings(fixture('standings-mistyped-points'), (item) => dropped.push(item)),
    );
    expect(error.kind).toBe('bad-body');
    expect(error.message).toContain('1 of 3 rows unreadable');
    expect(dropped).toEqual([
      {
        kind: 'standing',
        id: '50',
        reason: expect.stringContaining('response[0].league.standings[0][1].points'),
      },
    ]);
  });

  it('throws the rate-limit error of an error body', () => {
    expect(caught(() => parseStandings(fixture('error-ratelimit'))).kind).toBe('rate-limit');
  });
});

describe('parseTopPlayers', () => {
  it('maps top scorers with photo, flag from nationality, team and goals', () => {
    expect(parseTopPlayers(fixture('topscorers'), 'goals')).toEqual([
      {
        playerId: 'api-football:278',
        nick: 'K. Mbappé',
        imageUrl: 'https://media.api-sports.io/football/players/278.png',
        flag: 'fr',
        team: {
          id: '541',
          name: 'Real Madrid',
          shortName: null,
          logoUrl: 'https://media.api-sports.io/football/teams/541.png',
        },
        total: 10,
      },
      expect.objectContaining({ playerId: 'api-football:521', flag: 'pl', total: 9 }),
    ]);
  });

  it('maps top assists from goals.assists, reading a null count as 0', () => {
    const assists = parseTopPlayers(fixture('topassists'), 'assists');
    expect(assists.map((p) => [p.nick, p.total, p.imageUrl])).toEqual([
      ['K. Mbappé', 6, 'https://media.api-sports.io/football/players/278.png'],
      ['R. Lewandowski', 4, null],
    ]);
    expect(parseTopPlayers(fixture('topassists'), 'goals').map((p) => p.total)).toEqual([10, 0]);
  });

  it('leaves out a player without statistics', () => {
    const dropped: DroppedItem[] = [];
    const players = parseTopPlayers(fixture('topscorers-no-statistics'), 'goals', (item) =>
      dropped.push(item),
    );
    expect(players.map((p) => [p.playerId, p.total])).toEqual([['api-football:521', 9]]);
    expect(dropped).toEqual([
      { kind: 'player', id: '278', reason: expect.stringContaining('response[0].statistics') },
    ]);
  });
});

describe('parsers on untrusted input', () => {
  it('either return data or throw an UpstreamError, never anything else', () => {
    const parsers = [
      (b: unknown) => parseMatches(b),
      (b: unknown) => parseStandings(b),
      (b: unknown) => parseTopPlayers(b, 'goals'),
      (b: unknown) => parseTransfers(b, CITY, { from: '1900-01-01', to: '2100-01-01' }),
      (b: unknown) => parseOddsPage(b),
    ];
    fc.assert(
      fc.property(fc.jsonValue(), fc.integer({ min: 0, max: parsers.length - 1 }), (body, i) => {
        try {
          parsers[i]?.(body);
        } catch (error) {
          expect(error).toBeInstanceOf(UpstreamError);
        }
      }),
    );
  });
});
