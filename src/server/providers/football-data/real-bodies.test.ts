// The adapter against the bodies football-data.org really sent (fixtures/real/SOURCES.md), and
// against bad answers made from them.
import { readFileSync } from 'node:fs';

import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

import { readListGaps } from '../provider.ts';
import { UpstreamError, type DroppedItem } from '../upstream/http.ts';
import { createFootballDataSource } from './client.ts';
import { parseMatchList, parseScorers, parseStandings } from './parse.ts';

const BASE = 'https://football-data.test/v4';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

function realText(name: string): string {
  return readFileSync(new URL(`./fixtures/real/${name}`, import.meta.url), 'utf8');
}

/** A fresh copy of a recorded body, to change for a bad answer. */
function real<T = Record<string, unknown>>(name: string): T {
  return JSON.parse(realText(name)) as T;
}

type RawMatch = { id: unknown; homeTeam: { id: unknown } };
type MatchesBody = { resultSet: { count: number }; matches: RawMatch[] };
type StandingsBody = { standings: { table: { team: { id: unknown } }[] }[] };
type ScorersBody = { count: number; scorers: { player: { id: unknown } }[] };

const PL_MATCHES = 'fd-pl-matches-2025-scheduled.json';
const STANDINGS = 'fd-pl-standings-2025.json';
const SCORERS = 'fd-pl-scorers-2025.json';
const DAY = 'fd-matches-2023-12-29.json';

/** The adapter with a log that keeps its lines, answering every path with `answer`. */
function createSource(answer: () => Response) {
  const logLines: string[] = [];
  const requests: string[] = [];
  server.use(
    http.get(`${BASE}/*`, ({ request }) => {
      requests.push(new URL(request.url).pathname);
      return answer();
    }),
  );
  const source = createFootballDataSource({
    apiKey: 'test-key',
    baseUrl: BASE,
    minIntervalMs: 0,
    sleep: async () => {},
    log: { warn: (_obj, message) => logLines.push(message) },
  });
  return { source, logLines, requests };
}

function jsonAnswer(body: Record<string, unknown>): () => Response {
  return () => HttpResponse.json(body);
}

async function failure(promise: Promise<unknown> | undefined): Promise<UpstreamError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(UpstreamError);
    return error as UpstreamError;
  }
  throw new Error('expected an UpstreamError');
}

const SEASON_START = new Date('2026-02-01T00:00:00Z');
const SEASON_END = new Date('2026-06-01T00:00:00Z');

describe('the recorded bodies', () => {
  it('reads the 109 scheduled Premier League matches of 2025/26', () => {
    const matches = parseMatchList(real(PL_MATCHES));
    expect(matches).toHaveLength(109);
    expect(readListGaps(matches)).toEqual({ leftOut: [], partial: false });
    // The request filtered on SCHEDULED, yet every match says TIMED: both are "scheduled".
    expect(new Set(matches.map((m) => [m.leagueSlug, m.phase, m.minute].join()))).toEqual(
      new Set(['premier-league,scheduled,']),
    );
    expect(matches.every((m) => m.homeScore === null && m.htAwayScore === null)).toBe(true);
    expect(new Set(matches.flatMap((m) => [m.home.name, m.away.name])).size).toBe(20);
    expect(matches[0]).toEqual({
      externalId: 'football-data:538050',
      leagueSlug: 'premier-league',
      home: {
        id: '62',
        name: 'Everton FC',
        shortName: 'Everton',
        logoUrl: 'https://crests.football-data.org/62.png',
      },
      away: {
        id: '66',
        name: 'Manchester United FC',
        shortName: 'Man United',
        logoUrl: 'https://crests.football-data.org/66.png',
      },
      kickoff: new Date('2026-02-23T20:00:00Z'),
      phase: 'scheduled',
      minute: '',
      homeScore: null,
      awayScore: null,
      htHomeScore: null,
      htAwayScore: null,
      // `referees: []` and no `goals` on the free plan: no referee yet, no goals recorded.
      facts: {
        goalsRecorded: false,
        assistKind: 'assist',
        shots: null,
        statistics: null,
        atFullTime: [],
        referee: null,
        sources: ['football-data-org'],
      },
    });
    expect(matches.some((m) => m.events !== undefined || m.facts?.referee !== null)).toBe(false);
    expect(matches.at(-1)).toMatchObject({
      externalId: 'football-data:538164',
      home: { name: 'West Ham United FC' },
      away: { name: 'Leeds United FC' },
      kickoff: new Date('2026-05-24T15:00:00Z'),
    });
    // A crest named after the club rather than its id is still an https address.
    expect(matches.find((m) => m.home.id === '1044')?.home.logoUrl).toBe(
      'https://crests.football-data.org/bournemouth.png',
    );
  });

  it('reads the table at matchday 31: Arsenal first on 61, Wolves last on 10', () => {
    const rows = parseStandings(real(STANDINGS));
    expect(rows.map((r) => r.pos)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(rows[0]).toEqual({
      team: {
        id: '57',
        name: 'Arsenal FC',
        shortName: 'Arsenal',
        logoUrl: 'https://crests.football-data.org/57.png',
      },
      pos: 1,
      wins: 18,
      draws: 7,
      losses: 3,
      goalsFor: 56,
      goalsAgainst: 21,
      points: 61,
    });
    expect(rows[19]).toMatchObject({
      team: { id: '76', shortName: 'Wolverhampton' },
      wins: 1,
      draws: 7,
      losses: 20,
      points: 10,
    });
    expect(rows.every((r) => r.points === 3 * r.wins + r.draws)).toBe(true);
  });

  it('reads the top 10 scorers with their flags, and the assists sorted from them', () => {
    const { goals, assists } = parseScorers(real(SCORERS), 10);
    expect(goals.map((p) => [p.playerId, p.nick, p.flag, p.total, p.team?.shortName])).toEqual([
      ['football-data:38101', 'Erling Haaland', 'no', 27, 'Man City'],
      ['football-data:138230', 'Thiago', 'br', 22, 'Brentford'],
      ['football-data:4417', 'Antoine Semenyo', 'gh', 17, 'Man City'],
      ['football-data:4444', 'Ollie Watkins', 'gb-eng', 16, 'Aston Villa'],
      ['football-data:103125', 'João Pedro', 'br', 15, 'Chelsea'],
      ['football-data:4091', 'Morgan Gibbs-White', 'gb-eng', 15, 'Nottingham'],
      ['football-data:8279', 'Viktor Gyökeres', 'se', 14, 'Arsenal'],
      ['football-data:7839', 'Dominic Calvert-Lewin', 'gb-eng', 14, 'Leeds United'],
      ['football-data:3328', 'Danny Welbeck', 'gb-eng', 13, 'Brighton Hove'],
      ['football-data:204241', 'Eli Kroupi', 'fr', 13, 'Bournemouth'],
    ]);
    // Kroupi's assists are null: he is not among the assisters.
    expect(assists.map((p) => [p.nick, p.total])).toEqual([
      ['Erling Haaland', 8],
      ['João Pedro', 5],
      ['Morgan Gibbs-White', 5],
      ['Antoine Semenyo', 4],
      ['Ollie Watkins', 3],
      ['Thiago', 1],
      ['Viktor Gyökeres', 1],
      ['Dominic Calvert-Lewin', 1],
      ['Danny Welbeck', 1],
    ]);
  });

  it('keeps Serie A of the SA, ELC and PPL day, skipping the others without reporting them', async () => {
    const { source, requests } = createSource(() => HttpResponse.text(realText(DAY)));
    const matches = await source.listMatches?.(
      new Date('2023-12-29T00:00:00Z'),
      new Date('2023-12-30T00:00:00Z'),
    );
    expect(requests).toEqual(['/v4/matches']);
    expect(matches?.map((m) => [m.externalId, m.home.name, m.away.name, m.phase])).toEqual([
      ['football-data:444432', 'SSC Napoli', 'AC Monza', 'scheduled'],
      ['football-data:444426', 'ACF Fiorentina', 'Torino FC', 'scheduled'],
      ['football-data:444427', 'Genoa CFC', 'FC Internazionale Milano', 'scheduled'],
      ['football-data:444430', 'SS Lazio', 'Frosinone Calcio', 'scheduled'],
    ]);
    expect(new Set(matches?.map((m) => m.leagueSlug))).toEqual(new Set(['serie-a']));
    expect(matches?.[0]?.kickoff).toEqual(new Date('2023-12-29T17:30:00Z'));
    expect(source.client.stats()).toMatchObject({ itemsDropped: 0, failures: 0 });
    // `referees: []` and no `goals`: no referee, goals not recorded, stored goals left alone.
    expect(matches?.map((m) => [m.events, m.facts?.goalsRecorded, m.facts?.referee])).toEqual(
      Array.from({ length: 4 }, () => [undefined, false, null]),
    );
  });
});

describe('nulls where ids belong', () => {
  it('leaves out the two matches, counts each call and logs each match once', async () => {
    const body = real<MatchesBody>(PL_MATCHES);
    const [first, second] = body.matches;
    if (first === undefined || second === undefined) throw new Error('short body');
    first.id = null;
    second.homeTeam.id = null;
    const { source, logLines } = createSource(jsonAnswer(body));

    const matches = (await source.listMatches?.(SEASON_START, SEASON_END)) ?? [];
    await source.listMatches?.(SEASON_START, SEASON_END);

    expect(matches).toHaveLength(107);
    // The named one keeps its stored row; the nameless one keeps the whole range.
    expect(readListGaps(matches)).toEqual({
      leftOut: ['football-data:538064'],
      partial: true,
    });
    expect(source.client.stats()).toMatchObject({ itemsDropped: 4, failures: 0 });
    expect(logLines).toEqual([
      expect.stringMatching(/^football-data: match matches\[0\] left out: matches\[0\]\.id: /),
      expect.stringMatching(/^football-data: match 538064 left out: matches\[1\]\.homeTeam\.id/),
    ]);
  });

  it('refuses the table with a club without id rather than store 19 rows', async () => {
    const body = real<StandingsBody>(STANDINGS);
    const row = body.standings[0]?.table[3];
    if (row !== undefined) row.team.id = null;
    const { source } = createSource(jsonAnswer(body));

    const error = await failure(source.getStandings?.('premier-league'));

    expect(error).toMatchObject({ provider: 'football-data', kind: 'bad-body' });
    expect(error.message).toContain('standings[0].table[3].team.id');
    expect(source.client.stats().itemsDropped).toBe(0);
  });

  it('refuses a top 10 with a player without id rather than show 9', async () => {
    const body = real<ScorersBody>(SCORERS);
    const last = body.scorers[9];
    if (last !== undefined) last.player.id = null;
    const { source } = createSource(jsonAnswer(body));

    const error = await failure(source.getTopPlayers?.('premier-league'));

    expect(error.kind).toBe('bad-body');
    expect(error.message).toContain('scorers[9].player.id');
    expect(source.client.stats().itemsDropped).toBe(0);
  });

  it('leaves out a scorer without id when the list shown stays full', () => {
    const body = real<ScorersBody>(SCORERS);
    const eighth = body.scorers[7];
    if (eighth !== undefined) eighth.player.id = null;
    const dropped: DroppedItem[] = [];

    const { goals } = parseScorers(body, 5, (item) => dropped.push(item));

    expect(goals.map((p) => p.nick)).toEqual([
      'Erling Haaland',
      'Thiago',
      'Antoine Semenyo',
      'Ollie Watkins',
      'João Pedro',
    ]);
    expect(dropped).toEqual([
      { kind: 'scorer', id: 'scorers[7]', reason: expect.stringContaining('scorers[7].player.id') },
    ]);
  });
});

describe('empty lists', () => {
  it('reads a day without matches as no matches', async () => {
    const body = { ...real<MatchesBody>(DAY), resultSet: { count: 0 }, matches: [] };
    const { source } = createSource(jsonAnswer(body));
    const matches = await source.listMatches?.(SEASON_START, SEASON_END);
    expect(matches).toEqual([]);
    expect(readListGaps(matches ?? [])).toEqual({ leftOut: [], partial: false });
  });

  it('refuses an empty list whose count says 109 matches', async () => {
    const body = { ...real<MatchesBody>(PL_MATCHES), matches: [] };
    const { source } = createSource(jsonAnswer(body));
    const error = await failure(source.listMatches?.(SEASON_START, SEASON_END));
    expect(error).toMatchObject({ kind: 'bad-body', provider: 'football-data' });
    expect(error.message).toContain('0 items, but count says 109');
  });

  it('refuses an empty TOTAL table', async () => {
    const body = real<StandingsBody>(STANDINGS);
    for (const table of body.standings) table.table = [];
    const { source } = createSource(jsonAnswer(body));
    const error = await failure(source.getStandings?.('premier-league'));
    expect(error.message).toContain('the TOTAL table is empty');
  });

  it('refuses an empty scorers list whose count says 10, and reads one that says 0', async () => {
    const body = { ...real<ScorersBody>(SCORERS), scorers: [] };
    const { source } = createSource(jsonAnswer(body));
    expect((await failure(source.getTopPlayers?.('premier-league'))).message).toContain(
      'count says 10',
    );
    server.resetHandlers();
    const before = createSource(jsonAnswer({ ...body, count: 0 }));
    await expect(before.source.getTopPlayers?.('premier-league')).resolves.toEqual({
      goals: [],
      assists: [],
    });
  });
});

describe('answers that are not the body', () => {
  const HTML =
    '<!DOCTYPE html><html><head><title>502 Bad Gateway</title></head><body></body></html>';
  const cases = [
    ['an HTML error page with status 200', () => HttpResponse.html(HTML)],
    [
      'the matches body cut in half',
      () => HttpResponse.text(realText(PL_MATCHES).slice(0, 70_000)),
    ],
  ] as const;

  it.each(cases)('refuses %s once, counted and logged with the provider', async (_, answer) => {
    const { source, logLines, requests } = createSource(answer);

    const error = await failure(source.listMatches?.(SEASON_START, SEASON_END));

    expect(error).toMatchObject({ provider: 'football-data', kind: 'bad-body' });
    expect(error.message).toContain('answer is not JSON');
    expect(requests).toHaveLength(1);
    expect(source.client.stats()).toMatchObject({ failures: 1, itemsDropped: 0 });
    expect(logLines).toHaveLength(1);
    expect(logLines[0]).toMatch(/^football-data: answer is not JSON/);
  });

  it('refuses a standings body cut in half', async () => {
    const text = realText(STANDINGS);
    const { source } = createSource(() => HttpResponse.text(text.slice(0, text.length / 2)));
    expect((await failure(source.getStandings?.('premier-league'))).kind).toBe('bad-body');
  });

  it('counts a refused envelope once when the live sources note it as a failure', async () => {
    const { source, logLines } = createSource(jsonAnswer({ matches: 'none today' }));

    const error = await failure(source.listMatches?.(SEASON_START, SEASON_END));
    source.client.noteFailure(error);
    source.client.noteFailure(error);

    expect(error.message).toBe(
      'football-data: matches: Invalid input: expected array, received string',
    );
    expect(source.client.stats()).toMatchObject({ failures: 1, lastError: error.message });
    expect(logLines).toEqual([error.message]);
  });
});
