import { readFileSync } from 'node:fs';

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { UpstreamError } from '../upstream/http.ts';
import type { UpstreamTeam } from '../upstream/live-source.ts';
import {
  STATUS_CODES,
  findBodyError,
  findBookmakerKey,
  findCountryCode,
  findErrorAnswer,
  findLeagueId,
  findTextError,
  findTransferWindow,
  formatMinute,
  getSeason,
  getTransferRange,
  parseMatches,
  parseOddsPage,
  parseStandings,
  parseTopPlayers,
  parseTransferType,
  parseTransfers,
  readQuota,
  toOddsEvents,
} from './parse.ts';

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

describe('findBodyError', () => {
  it.each([
    ['error-token', 'auth', false, 'token: Error/Missing application key'],
    ['error-daily-limit', 'quota', false, 'requests: You have reached the request limit'],
    ['error-ratelimit', 'rate-limit', true, 'rateLimit: Too many requests'],
    ['error-plan', 'plan', false, 'plan: Free plans do not have access'],
    ['error-parameter', 'bad-request', false, 'season: The Season field'],
  ])('reads %s as %s (retryable: %s)', (name, kind, retryable, message) => {
    const error = findBodyError(fixture(name));
    expect(error).toBeInstanceOf(UpstreamError);
    expect(error?.kind).toBe(kind);
    expect(error?.retryable).toBe(retryable);
    expect(error?.provider).toBe('api-football');
    expect(error?.message).toContain(`api-football: ${message}`);
  });

  it('waits one request interval of the stated per-minute limit before retrying', () => {
    expect(findBodyError(fixture('error-ratelimit'))?.retryAfterMs).toBe(6000);
    const other = findBodyError({ errors: { rateLimit: 'Too many requests.' } });
    expect(other?.kind).toBe('rate-limit');
    expect(other?.retryAfterMs).toBeUndefined();
  });

  it('finds no error in data bodies, an empty errors object or a body without errors', () => {
    expect(findBodyError(fixture('fixtures-live'))).toBeUndefined();
    expect(findBodyError({ errors: {}, response: [] })).toBeUndefined();
    expect(findBodyError({ response: [] })).toBeUndefined();
    expect(findBodyError('text')).toBeUndefined();
  });

  it('reads a non-empty errors array as a bad request', () => {
    const error = findBodyError({ errors: ['Something is wrong'], response: [] });
    expect(error?.kind).toBe('bad-request');
    expect(error?.message).toBe('api-football: error: Something is wrong');
  });

  it('puts a bad key before any other complaint in the same body', () => {
    const error = findBodyError({ errors: { season: 'bad', token: 'missing key' } });
    expect(error?.kind).toBe('auth');
  });
});

describe('findErrorAnswer', () => {
  const body = (name: string) => JSON.stringify(fixture(name));

  it('reads the error body of a non-2xx answer, keeping its status', () => {
    const quota = findErrorAnswer(429, body('error-daily-limit'), new Headers());
    expect([quota?.kind, quota?.status, quota?.retryable]).toEqual(['quota', 429, false]);
    const limited = findErrorAnswer(429, body('error-ratelimit'), new Headers());
    expect([limited?.kind, limited?.retryAfterMs]).toEqual(['rate-limit', 6000]);
    const asked = findErrorAnswer(
      429,
      body('error-ratelimit'),
      new Headers({ 'retry-after': '3' }),
    );
    expect(asked?.retryAfterMs).toBe(3000);
    expect(findErrorAnswer(403, body('error-token'), new Headers())?.kind).toBe('auth');
  });

  it('reads 499 as a time-out and leaves other answers to the status code', () => {
    expect(findErrorAnswer(499, '', new Headers())?.kind).toBe('timeout');
    expect(findErrorAnswer(500, 'oops', new Headers())).toBeUndefined();
    expect(findErrorAnswer(429, '{"message":"slow"}', new Headers())).toBeUndefined();
  });
});

describe('findTextError', () => {
  it('reads an empty body as bad-body and leaves other text to the client', () => {
    expect(findTextError('  ')?.kind).toBe('bad-body');
    expect(findTextError('<html>')).toBeUndefined();
  });
});

describe('readQuota', () => {
  it('reads the daily headers into credits left and used', () => {
    const headers = new Headers({
      'x-ratelimit-requests-limit': '100',
      'x-ratelimit-requests-remaining': '73',
      'X-RateLimit-Limit': '10',
      'X-RateLimit-Remaining': '9',
    });
    expect(readQuota(headers)).toEqual({ remaining: 73, used: 27 });
  });

  it('is undefined without the daily headers, and null for an unreadable value', () => {
    expect(readQuota(new Headers({ 'x-ratelimit-remaining': '9' }))).toBeUndefined();
    expect(
      readQuota(
        new Headers({ 'x-ratelimit-requests-limit': '100', 'x-ratelimit-requests-remaining': '?' }),
      ),
    ).toEqual({ remaining: null, used: null });
  });
});

describe('getSeason and findLeagueId', () => {
  it.each([
    ['2026-07-01T00:00:00Z', 2026],
    ['2026-10-18T14:00:00Z', 2026],
    ['2027-05-20T18:00:00Z', 2026],
    ['2026-06-30T23:59:59Z', 2025],
  ])('puts %s in the season starting %i', (date, season) => {
    expect(getSeason(new Date(date))).toBe(season);
  });

  it('knows the five league ids and nothing else', () => {
    expect(
      ['premier-league', 'la-liga', 'serie-a', 'bundesliga', 'ligue-1'].map(findLeagueId),
    ).toEqual([39, 140, 135, 78, 61]);
    expect(findLeagueId('eredivisie')).toBeNull();
    expect(findLeagueId('toString')).toBeNull();
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
      from: new Date('2026-10-18T13:30:00Z'),
      to: new Date('2026-10-18T18:45:00Z'),
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

  it('rejects a match of our leagues without a status code, naming the field', () => {
    const error = caught(() => parseMatches(fixture('fixtures-missing-status')));
    expect(error.kind).toBe('bad-body');
    expect(error.message).toContain('response.1.fixture.status.short');
  });

  it('rejects a status code the document does not list', () => {
    const error = caught(() => parseMatches(fixture('fixtures-unknown-status')));
    expect(error.kind).toBe('bad-body');
    expect(error.message).toContain('response.0.fixture.status.short');
  });

  it('rejects a body without a response list and an item without a league id', () => {
    expect(caught(() => parseMatches({ errors: [] })).message).toContain('response');
    const error = caught(() => parseMatches({ errors: [], response: [{ fixture: {} }] }));
    expect(error.kind).toBe('bad-body');
    expect(error.message).toContain('response.0.league');
  });

  it('throws the error an error body carries', () => {
    expect(caught(() => parseMatches(fixture('error-daily-limit'))).kind).toBe('quota');
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

  it('rejects points given as text, naming the field', () => {
    const error = caught(() => parseStandings(fixture('standings-mistyped-points')));
    expect(error.kind).toBe('bad-body');
    expect(error.message).toContain('response.0.league.standings.0.1.points');
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

  it('rejects a player without statistics', () => {
    const error = caught(() => parseTopPlayers(fixture('topscorers-no-statistics'), 'goals'));
    expect(error.kind).toBe('bad-body');
    expect(error.message).toContain('response.0.statistics');
  });
});

describe('findCountryCode', () => {
  it.each([
    ['France', 'fr'],
    ['Poland', 'pl'],
    ['England', 'gb'],
    ['Korea Republic', 'kr'],
    ["Côte d'Ivoire", 'ci'],
    ['Bosnia and Herzegovina', 'ba'],
    ['Czech Republic', 'cz'],
    ['Turkey', 'tr'],
    ['Curacao', 'cw'],
    ['Congo DR', 'cd'],
    ['USA', 'us'],
    ['Atlantis', ''],
    [null, ''],
  ])('reads %j as %j', (name, code) => {
    expect(findCountryCode(name)).toBe(code);
  });
});

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
    expect(error.message).toContain('response.1.transfers.0.teams.in');
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

  it('rejects a price that is not a decimal string', () => {
    const error = caught(() => parseOddsPage(fixture('odds-mistyped-odd')));
    expect(error.kind).toBe('bad-body');
    expect(error.message).toContain('response.0.bookmakers.1.bets.0.values.0.odd');
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
