import { readFileSync } from 'node:fs';

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { readListGaps } from '../provider.ts';
import { UpstreamError, type DroppedItem } from '../upstream/http.ts';
import { mapStatus, parseMatch, parseMatchList, parseScorers, parseStandings } from './parse.ts';

function fixture(name: string): unknown {
  return JSON.parse(readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8'));
}

function badBody(run: () => unknown): UpstreamError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(UpstreamError);
    const failure = error as UpstreamError;
    expect(failure.kind).toBe('bad-body');
    expect(failure.provider).toBe('football-data');
    return failure;
  }
  throw new Error('expected a bad-body error');
}

describe('parseMatchList', () => {
  it('maps the Premier League matchday: teams, scores, phases and half-time', () => {
    const matches = parseMatchList(fixture('football-data-matches-pl.json'));
    expect(matches).toHaveLength(4);
    expect(matches[0]).toEqual({
      externalId: 'football-data:538241',
      leagueSlug: 'premier-league',
      home: {
        id: '65',
        name: 'Manchester City FC',
        shortName: 'Man City',
        logoUrl: 'https://crests.football-data.org/65.png',
      },
      away: {
        id: '58',
        name: 'Aston Villa FC',
        shortName: 'Aston Villa',
        logoUrl: 'https://crests.football-data.org/58.png',
      },
      kickoff: new Date('2026-10-18T11:30:00Z'),
      phase: 'finished',
      minute: '',
      homeScore: 3,
      awayScore: 1,
      htHomeScore: 1,
      htAwayScore: 0,
      // A list of the free plan: the referee, but no goals (so none are said to be recorded).
      facts: {
        goalsRecorded: false,
        assistKind: 'assist',
        shots: null,
        statistics: null,
        atFullTime: [],
        referee: 'Chris Kavanagh',
        sources: ['football-data-org'],
      },
    });
    expect(matches[0]).not.toHaveProperty('events');
    expect(matches.map((m) => [m.externalId, m.phase, m.minute, m.homeScore, m.awayScore])).toEqual(
      [
        ['football-data:538241', 'finished', '', 3, 1],
        // IN_PLAY from a list endpoint: live, but the free list carries no minute field.
        ['football-data:538242', 'live', '', 1, 0],
        ['football-data:538243', 'halftime', '', 0, 0],
        ['football-data:538244', 'scheduled', '', null, null],
      ],
    );
    expect(matches[3]).toMatchObject({
      home: { name: 'Arsenal FC' },
      away: { name: 'Chelsea FC' },
      htHomeScore: null,
      htAwayScore: null,
    });
  });

  it('keeps the five leagues, drops other competitions and non-https crests', () => {
    const matches = parseMatchList(fixture('football-data-matches-five-leagues.json'));
    expect(matches.map((m) => [m.leagueSlug, m.home.shortName, m.away.shortName])).toEqual([
      ['bundesliga', 'Bayern', 'Dortmund'],
      ['la-liga', 'Real Madrid', 'Barça'],
      ['serie-a', 'Inter', 'Milan'],
      ['ligue-1', 'PSG', 'Marseille'],
      ['premier-league', 'Tottenham', 'Newcastle'],
      ['premier-league', 'Crystal Palace', 'West Ham'],
    ]);
    const derby = matches[2];
    expect(derby?.home.logoUrl).toBe('https://crests.football-data.org/108.png');
    expect(derby?.away.logoUrl).toBeNull(); // http:// crest
    expect(derby).toMatchObject({ phase: 'live', homeScore: 0, awayScore: 1, htAwayScore: 1 });
    expect(matches[3]?.away.logoUrl).toBeNull(); // crest: null
  });

  it('maps every status, extra time and shoot-outs, with minutes only while playing', () => {
    const matches = parseMatchList(fixture('football-data-matches-statuses.json'));
    const rows = matches.map((m) => [m.phase, m.minute, m.homeScore, m.awayScore]);
    expect(rows).toEqual([
      ['scheduled', '', null, null], // SCHEDULED
      ['scheduled', '', null, null], // TIMED
      ['live', '90+3', 2, 0], // IN_PLAY, minute 90 (int) + injuryTime 3
      ['halftime', '', 0, 0], // PAUSED: minute "45" is not shown at half-time
      ['extratime', '104', 1, 1], // EXTRA_TIME
      ['penalties', '120', 1, 1], // PENALTY_SHOOTOUT: fullTime 3-2 counts the kicks
      ['finished', '', 2, 1], // FINISHED
      ['postponed', '', 1, 0], // SUSPENDED (minute "58" not shown)
      ['postponed', '', null, null], // POSTPONED
      ['postponed', '', null, null], // CANCELLED
      ['finished', '', 0, 3], // AWARDED
      ['live', '', 0, 0], // LIVE (filter value seen as a status)
      ['extratime', '112', 2, 2], // IN_PLAY with duration EXTRA_TIME
      ['finished', '', 2, 2], // FINISHED after a shoot-out: 1-1 + 1-1, not 6-5
      ['live', '45+2', 1, 1], // minute already written "45+2"
      ['scheduled', '', 0, 0], // unknown status HALF_TIME_BREAK
    ]);
    expect(matches[13]).toMatchObject({ htHomeScore: 0, htAwayScore: 0 });
    expect(matches[10]).toMatchObject({ htHomeScore: null, htAwayScore: null });
  });

  it('returns no matches for an empty list', () => {
    expect(parseMatchList(fixture('football-data-matches-empty.json'))).toEqual([]);
  });

  it('leaves out a match without a home team, reports it and names it on the list', () => {
    const dropped: DroppedItem[] = [];
    const matches = parseMatchList(
      fixture('football-data-matches-missing-home-team.json'),
      undefined,
      (item) => dropped.push(item),
    );
    expect(matches.map((m) => m.externalId)).toEqual([
      'football-data:538241',
      'football-data:538243',
      'football-data:538244',
    ]);
    expect(dropped).toEqual([
      { kind: 'match', id: '538242', reason: expect.stringContaining('matches[1].homeTeam') },
    ]);
    expect(readListGaps(matches)).toEqual({
      leftOut: ['football-data:538242'],
      partial: false,
    });
  });

  it('leaves out a match whose score is a string (scores are integers in v4)', () => {
    const dropped: DroppedItem[] = [];
    const matches = parseMatchList(
      fixture('football-data-matches-score-as-string.json'),
      undefined,
      (item) => dropped.push(item),
    );
    expect(matches).toHaveLength(3);
    expect(dropped.map((d) => [d.id, d.reason])).toEqual([
      ['538241', expect.stringContaining('matches[0].score.fullTime.home')],
    ]);
  });

  it('says the list is partial when a dropped match has no id to name', () => {
    const body = fixture('football-data-matches-pl.json') as { matches: { id: unknown }[] };
    const first = body.matches[0];
    if (first !== undefined) first.id = null;
    const dropped: DroppedItem[] = [];
    const matches = parseMatchList(body, undefined, (item) => dropped.push(item));
    expect(matches).toHaveLength(3);
    expect(dropped.map((d) => d.id)).toEqual(['matches[0]']);
    expect(readListGaps(matches)).toEqual({ leftOut: [], partial: true });
  });

  it('refuses a body none of whose matches of the leagues is readable, reporting no drop', () => {
    const body = fixture('football-data-matches-pl.json') as { matches: { status: unknown }[] };
    for (const match of body.matches) match.status = null;
    const dropped: DroppedItem[] = [];
    const error = badBody(() => parseMatchList(body, undefined, (item) => dropped.push(item)));
    expect(error.message).toContain('matches[0].status');
    expect(dropped).toEqual([]);
  });

  it('refuses a list shorter than its resultSet.count', () => {
    const body = fixture('football-data-matches-pl.json') as { matches: unknown[] };
    body.matches.pop();
    expect(badBody(() => parseMatchList(body)).message).toContain('count says 4');
  });

  it('rejects a body without a matches list', () => {
    expect(badBody(() => parseMatchList({ filters: {} })).message).toContain('matches');
    badBody(() => parseMatchList('nope'));
    badBody(() => parseMatchList(null));
  });

  it('returns an array or throws bad-body for any JSON value', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        for (const parse of [parseMatchList, parseStandings, (v: unknown) => parseScorers(v, 10)]) {
          try {
            parse(value);
          } catch (error) {
            expect(error).toBeInstanceOf(UpstreamError);
            expect((error as UpstreamError).kind).toBe('bad-body');
          }
        }
      }),
    );
  });
});

describe('parseMatch', () => {
  it('reads the live minute of the single-match resource', () => {
    expect(parseMatch(fixture('football-data-match-live.json'))).toEqual({
      externalId: 'football-data:538242',
      leagueSlug: 'premier-league',
      home: {
        id: '64',
        name: 'Liverpool FC',
        shortName: 'Liverpool',
        logoUrl: 'https://crests.football-data.org/64.png',
      },
      away: {
        id: '62',
        name: 'Everton FC',
        shortName: 'Everton',
        logoUrl: 'https://crests.football-data.org/62.png',
      },
      kickoff: new Date('2026-10-18T14:00:00Z'),
      phase: 'live',
      minute: '67',
      homeScore: 1,
      awayScore: 0,
      htHomeScore: 1,
      htAwayScore: 0,
      events: [
        {
          kind: 'goal',
          side: 'home',
          minute: 34,
          added: 0,
          scorer: 'Mohamed Salah',
          assist: 'Florian Wirtz',
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
        referee: 'Anthony Taylor',
        sources: ['football-data-org'],
      },
    });
  });

  it('rejects a minute that is not a number', () => {
    const error = badBody(() =>
      parseMatch(fixture('football-data-match-live-minute-not-a-number.json')),
    );
    expect(error.message).toContain('minute');
  });
});

describe('parseMatch: goals, referee and statistics (§10)', () => {
  type Goal = { minute: unknown; type: string; team: { id: number }; score?: unknown };
  type Body = {
    goals: Goal[];
    homeTeam: { statistics: Record<string, unknown> };
    score: Record<string, unknown>;
  };
  const finished = () => fixture('football-data-match-finished-goals.json') as Body;

  function collect() {
    const dropped: DroppedItem[] = [];
    return { dropped, note: (item: DroppedItem) => dropped.push(item) };
  }

  it('reads the goals in order, penalty and own goal, the referee and both clubs figures', () => {
    const { dropped, note } = collect();
    const match = parseMatch(finished(), undefined, note);
    expect(match).toMatchObject({ phase: 'finished', homeScore: 3, awayScore: 1 });
    expect(match.events).toEqual([
      {
        kind: 'goal',
        side: 'home',
        minute: 34,
        added: 0,
        scorer: 'Mohamed Salah',
        assist: 'Florian Wirtz',
        penalty: false,
        ownGoal: false,
      },
      {
        kind: 'goal',
        side: 'home',
        minute: 45,
        added: 2,
        scorer: 'Mohamed Salah',
        assist: null,
        penalty: true,
        ownGoal: false,
      },
      // Everton's Tarkowski into his own net: it counts for Liverpool.
      {
        kind: 'goal',
        side: 'home',
        minute: 58,
        added: 0,
        scorer: 'James Tarkowski',
        assist: null,
        penalty: false,
        ownGoal: true,
      },
      {
        kind: 'goal',
        side: 'away',
        minute: 90,
        added: 3,
        scorer: 'Beto',
        assist: 'Iliman Ndiaye',
        penalty: false,
        ownGoal: false,
      },
    ]);
    expect(match.facts).toEqual({
      goalsRecorded: true,
      assistKind: 'assist',
      shots: null,
      statistics: {
        home: {
          shots: 17,
          shotsOnTarget: 8,
          xg: null,
          corners: 7,
          fouls: 9,
          yellowCards: 0,
          redCards: 0,
        },
        away: {
          shots: 6,
          shotsOnTarget: 2,
          xg: null,
          corners: 3,
          fouls: 14,
          yellowCards: 1,
          redCards: null,
        },
      },
      atFullTime: [],
      // The first of `referees` is an assistant: the referee is the one of type REFEREE.
      referee: 'Anthony Taylor',
      sources: ['football-data-org'],
    });
    expect(dropped).toEqual([]);
  });

  it("takes an own goal's side from the score after it, whichever club `team` names", () => {
    const body = finished();
    const own = body.goals[2];
    if (own === undefined) throw new Error('fixture has no own goal');
    own.team = { id: 62 }; // the scorer's club, Everton
    expect(parseMatch(body).events?.[2]).toMatchObject({ side: 'home', ownGoal: true });
    // Without the score after it, `team` is the side the goal counts for.
    delete own.score;
    own.team = { id: 64 };
    expect(parseMatch(body).events?.[2]).toMatchObject({ side: 'home', ownGoal: true });
  });

  it('counts the goals as recorded only when they add up to the score', () => {
    const body = finished();
    body.goals = body.goals.slice(0, 3);
    const match = parseMatch(body);
    expect(match.events).toHaveLength(3);
    expect(match.facts?.goalsRecorded).toBe(false);
  });

  it('adds up the goals of a shoot-out match against regular and extra time, not the kicks', () => {
    const body = finished();
    body.score = {
      winner: 'HOME_TEAM',
      duration: 'PENALTY_SHOOTOUT',
      fullTime: { home: 8, away: 5 },
      halfTime: { home: 2, away: 0 },
      regularTime: { home: 3, away: 1 },
      extraTime: { home: 0, away: 0 },
      penalties: { home: 5, away: 4 },
    };
    const match = parseMatch(body);
    expect([match.homeScore, match.awayScore]).toEqual([3, 1]);
    expect(match.facts?.goalsRecorded).toBe(true);
  });

  it('keeps the match without goals when a goal cannot be read, reporting it', () => {
    const body = finished();
    const goal = body.goals[1];
    if (goal === undefined) throw new Error('fixture has no second goal');
    goal.minute = null;
    const { dropped, note } = collect();
    const match = parseMatch(body, undefined, note);
    expect(match).toMatchObject({ externalId: 'football-data:538242', homeScore: 3 });
    expect(match).not.toHaveProperty('events');
    expect(match.facts).toMatchObject({ goalsRecorded: false, referee: 'Anthony Taylor' });
    expect(dropped).toEqual([
      { kind: 'goals', id: '538242', reason: expect.stringContaining('match.goals[1].minute') },
    ]);
  });

  it('keeps the match and the other figures when one figure is malformed', () => {
    const body = finished();
    body.homeTeam.statistics.shots = 'many';
    body.homeTeam.statistics.fouls = -2;
    const { dropped, note } = collect();
    const match = parseMatch(body, undefined, note);
    expect(match.facts?.statistics?.home).toMatchObject({ shots: null, fouls: null, corners: 7 });
    expect(match.facts?.statistics?.away.shots).toBe(6);
    expect(match.events).toHaveLength(4);
    expect(dropped).toEqual([
      {
        kind: 'statistic',
        id: '538242',
        reason: 'match.homeTeam.statistics.fouls: not a figure: -2',
      },
      {
        kind: 'statistic',
        id: '538242',
        reason: 'match.homeTeam.statistics.shots: not a figure: "many"',
      },
    ]);
  });

  it('keeps a match of a list whose goals cannot be read, naming no gap', () => {
    const body = fixture('football-data-matches-pl.json') as { matches: Record<string, unknown>[] };
    const first = body.matches[0];
    if (first === undefined) throw new Error('fixture has no match');
    first.goals = 'three';
    const { dropped, note } = collect();
    const matches = parseMatchList(body, undefined, note);
    expect(matches).toHaveLength(4);
    expect(readListGaps(matches)).toEqual({ leftOut: [], partial: false });
    expect(matches[0]).not.toHaveProperty('events');
    expect(dropped).toEqual([
      { kind: 'goals', id: '538241', reason: 'matches[0].goals: not a list' },
    ]);
  });
});

describe('mapStatus', () => {
  it.each([
    ['SCHEDULED', 'REGULAR', 'scheduled'],
    ['TIMED', 'REGULAR', 'scheduled'],
    ['IN_PLAY', 'REGULAR', 'live'],
    ['IN_PLAY', 'EXTRA_TIME', 'extratime'],
    ['IN_PLAY', 'PENALTY_SHOOTOUT', 'penalties'],
    ['LIVE', null, 'live'],
    ['PAUSED', 'REGULAR', 'halftime'],
    ['PAUSED', 'EXTRA_TIME', 'extratime'],
    ['PAUSED', 'PENALTY_SHOOTOUT', 'penalties'],
    ['EXTRA_TIME', 'REGULAR', 'extratime'],
    ['PENALTY_SHOOTOUT', 'EXTRA_TIME', 'penalties'],
    ['FINISHED', 'PENALTY_SHOOTOUT', 'finished'],
    ['AWARDED', 'REGULAR', 'finished'],
    ['SUSPENDED', 'REGULAR', 'postponed'],
    ['POSTPONED', 'REGULAR', 'postponed'],
    ['CANCELLED', 'REGULAR', 'postponed'],
    ['SOMETHING_NEW', 'REGULAR', 'scheduled'],
  ] as const)('maps %s (%s) to %s', (status, duration, phase) => {
    expect(mapStatus(status, duration)).toBe(phase);
  });
});

describe('parseStandings', () => {
  it('maps the TOTAL table', () => {
    const rows = parseStandings(fixture('football-data-standings-pl.json'));
    expect(rows).toHaveLength(4);
    expect(rows[0]).toEqual({
      team: {
        id: '57',
        name: 'Arsenal FC',
        shortName: 'Arsenal',
        logoUrl: 'https://crests.football-data.org/57.png',
      },
      pos: 1,
      wins: 6,
      draws: 2,
      losses: 0,
      goalsFor: 17,
      goalsAgainst: 4,
      points: 20,
    });
    expect(rows.map((r) => [r.pos, r.team.shortName, r.points, r.wins, r.draws, r.losses])).toEqual(
      [
        [1, 'Arsenal', 20, 6, 2, 0],
        [2, 'Man City', 19, 6, 1, 2],
        [3, 'Liverpool', 17, 5, 2, 1],
        [4, 'Chelsea', 15, 4, 3, 1], // form: null is fine
      ],
    );
  });

  it('picks the TOTAL table even when HOME comes first', () => {
    const rows = parseStandings(fixture('football-data-standings-home-before-total.json'));
    expect(rows.map((r) => r.points)).toEqual([20, 19, 17, 15]);
    expect(rows[1]).toMatchObject({ wins: 6, goalsFor: 19, goalsAgainst: 9 });
  });

  it('rejects standings without a TOTAL table', () => {
    const error = badBody(() =>
      parseStandings(fixture('football-data-standings-no-total-table.json')),
    );
    expect(error.message).toContain('TOTAL');
  });

  it('refuses an empty TOTAL table rather than replace the stored one', () => {
    const body = fixture('football-data-standings-pl.json') as { standings: { table: [] }[] };
    for (const table of body.standings) table.table = [];
    expect(badBody(() => parseStandings(body)).message).toContain('empty');
  });

  it('rejects a row without points, naming the row', () => {
    const error = badBody(() =>
      parseStandings(fixture('football-data-standings-points-missing.json')),
    );
    expect(error.message).toContain('standings[0].table[2].points');
  });
});

describe('parseScorers', () => {
  it('maps top scorers in order and sorts the same list by assists', () => {
    const { goals, assists } = parseScorers(fixture('football-data-scorers-pl.json'), 10);
    expect(goals).toEqual([
      {
        playerId: 'football-data:38101',
        nick: 'Erling Haaland',
        imageUrl: null,
        flag: 'no',
        team: {
          id: '65',
          name: 'Manchester City FC',
          shortName: 'Man City',
          logoUrl: 'https://crests.football-data.org/65.png',
        },
        total: 11,
      },
      expect.objectContaining({ nick: 'Bukayo Saka', flag: 'gb-eng', total: 6 }),
      expect.objectContaining({ nick: 'Mohamed Salah', flag: 'eg', total: 5 }),
    ]);
    // Salah's assists are null: he is left out of the assists list.
    expect(assists.map((p) => [p.nick, p.total, p.team?.shortName])).toEqual([
      ['Bukayo Saka', 4, 'Arsenal'],
      ['Erling Haaland', 1, 'Man City'],
    ]);
  });

  it('cuts both lists to the limit', () => {
    const { goals, assists } = parseScorers(fixture('football-data-scorers-pl.json'), 1);
    expect(goals.map((p) => p.nick)).toEqual(['Erling Haaland']);
    expect(assists.map((p) => p.nick)).toEqual(['Bukayo Saka']);
  });

  it('returns empty lists before anyone has scored', () => {
    expect(parseScorers(fixture('football-data-scorers-empty.json'), 10)).toEqual({
      goals: [],
      assists: [],
    });
  });

  it('leaves out an unreadable scorer while the top list stays full, and reports it', () => {
    const body = fixture('football-data-scorers-pl.json') as {
      scorers: { player: { id: unknown } }[];
    };
    const last = body.scorers[2];
    if (last !== undefined) last.player.id = null;
    const dropped: DroppedItem[] = [];
    const { goals } = parseScorers(body, 2, (item) => dropped.push(item));
    expect(goals.map((p) => p.nick)).toEqual(['Erling Haaland', 'Bukayo Saka']);
    expect(dropped).toEqual([
      { kind: 'scorer', id: 'scorers[2]', reason: expect.stringContaining('scorers[2].player.id') },
    ]);
  });

  it('refuses a scorers list shorter than its count', () => {
    const body = fixture('football-data-scorers-pl.json') as { scorers: unknown[] };
    body.scorers.pop();
    expect(badBody(() => parseScorers(body, 10)).message).toContain('count says 3');
  });

  it('rejects goals sent as a string', () => {
    const error = badBody(() =>
      parseScorers(fixture('football-data-scorers-goals-as-string.json'), 10),
    );
    expect(error.message).toContain('scorers[1].goals');
  });
});
