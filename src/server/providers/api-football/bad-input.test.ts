import { HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

import {
  buildTeamsBody,
  catchUpstreamError as failure,
  createTestApiFootball,
  readApiFootballBody,
  readApiFootballText,
  serveApiFootball,
  type FakeAnswer,
} from '../../../../tests/helpers/fake-api-football.ts';
import { LEAGUES } from '../../../domain/league.ts';
import { readListGaps } from '../provider.ts';

// Bad input, each derived from a body recorded from the real API: what is wrong is logged once
// with the provider's name and counted on the client's stats, and the adapter never answers
// less in place of an error (it leaves out only the items it cannot use).

const BASE = 'https://api-football.test/v3';
const NOW = Date.parse('2026-08-20T12:00:00Z');

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const serve = (routes: Record<string, FakeAnswer[]>) => serveApiFootball(server, BASE, routes);
const createSource = () => createTestApiFootball({ baseUrl: BASE, now: () => NOW });
const answer = (body: Record<string, unknown>) => () => HttpResponse.json(body);

type Entry = {
  player: { id: number | null };
  transfers: { date: string; teams: { in: { id: number | null }; out: { id: number | null } } }[];
};

/** Manchester United's recorded transfers, `change`d. */
function unitedTransfers(change: (response: Entry[]) => void) {
  const body = readApiFootballBody('real/af-transfers-team-33');
  change(body.response as Entry[]);
  return body;
}

const UNITED = [
  { id: 33, name: 'Manchester United', logo: 'https://media.api-sports.io/football/teams/33.png' },
];
const unitedTeams = answer(buildTeamsBody({ league: 39, season: 2026 }, UNITED));

describe('nulls where ids belong', () => {
  it('leave out only those transfers, each logged once however often it is read', async () => {
    const body = unitedTransfers((response) => {
      const rashford = response.find((entry) => entry.player.id === 909);
      const gore = response.find((entry) => entry.player.id === 303010);
      if (rashford === undefined || gore === undefined) throw new Error('not in the recording');
      rashford.player.id = null;
      const move = gore.transfers.find((m) => m.date === '2026-05-02');
      if (move === undefined) throw new Error('not in the recording');
      move.teams.in.id = null;
      move.teams.out.id = null;
    });
    serve({ teams: [unitedTeams], transfers: [answer(body)] });
    let nowMs = NOW;
    // The Premier League alone: no other league is due before it on the second day.
    const { source, warnings } = createTestApiFootball({
      baseUrl: BASE,
      now: () => nowMs,
      leagues: LEAGUES.filter((league) => league.slug === 'premier-league'),
    });
    const moves = (await source.listTransfers?.('premier-league')) ?? [];
    // The next day's read (the budget gives a league one turn a day) meets them again.
    nowMs += 24 * 60 * 60 * 1000;
    expect(await source.listTransfers?.('premier-league')).toHaveLength(moves.length);
    const names = moves.map((m) => m.playerName);
    expect(names).not.toContain('M. Rashford');
    expect(names).not.toContain('Daniel Gore');
    // The 18 arrivals and 11 departures of the recording, less the two.
    expect(moves).toHaveLength(27);
    expect(source.client.stats()).toMatchObject({ itemsDropped: 4, failures: 0 });
    expect(warnings).toEqual([
      'api-football: transfer 303010/2026-05-02 left out: response[132].transfers[6].teams: no club id on either side',
      'api-football: transfer response[190] left out: response[190].player.id: Invalid input: expected number, received null',
    ]);
  });

  it('leave out a match of the day, which the list names so the stored one stays', async () => {
    const body = readApiFootballBody('real/af-fixtures-date-2026-08-20');
    const rayo = (
      body.response as { fixture: { id: number }; teams: { home: { id: unknown } } }[]
    ).find((item) => item.fixture.id === 1570351);
    if (rayo === undefined) throw new Error('not in the recording');
    rayo.teams.home.id = null;
    serve({ fixtures: [answer(body)] });
    const { source, warnings } = createSource();
    const matches =
      (await source.listMatches?.(
        new Date('2026-08-20T00:00:00Z'),
        new Date('2026-08-21T00:00:00Z'),
      )) ?? [];
    expect(matches).toEqual([]);
    expect(readListGaps(matches)).toEqual({
      leftOut: ['api-football:1570351'],
      partial: false,
    });
    expect(source.client.stats().itemsDropped).toBe(1);
    expect(warnings).toEqual([
      expect.stringMatching(
        /^api-football: match 1570351 left out: response\[\d+\]\.teams\.home\.id: /,
      ),
    ]);
  });

  it('refuse a table short of a row, and leave out a scorer, keeping the others', async () => {
    const table = readApiFootballBody('real/af-standings-39-2023');
    const rows = (table.response as { league: { standings: { team: { id: unknown } }[][] } }[])[0]
      ?.league.standings[0];
    if (rows?.[7] === undefined) throw new Error('not in the recording');
    rows[7].team.id = null;
    const scorers = readApiFootballBody('real/af-topscorers-39-2023');
    const first = (scorers.response as { player: { id: unknown } }[])[0];
    if (first === undefined) throw new Error('not in the recording');
    first.player.id = null;
    serve({
      standings: [answer(table)],
      'players/topscorers': [answer(scorers)],
      'players/topassists': [answer(readApiFootballBody('real/af-topscorers-39-2023'))],
    });
    const { source, warnings } = createSource();
    // A table without Manchester United would be written over the whole one stored.
    await expect(source.getStandings?.('premier-league')).rejects.toMatchObject({
      kind: 'bad-body',
      message: expect.stringContaining('1 of 20 rows unreadable') as string,
    });
    const top = await source.getTopPlayers?.('premier-league');
    expect(top?.goals.map((p) => p.nick).slice(0, 2)).toEqual(['C. Palmer', 'A. Isak']);
    expect(top?.assists).toHaveLength(20);
    expect(source.client.stats().itemsDropped).toBe(2);
    expect(warnings).toEqual([
      expect.stringMatching(
        /^api-football: standing response\[0\]\.league\.standings\[0\]\[7\] left out: .*team\.id/,
      ),
      expect.stringMatching(/^api-football: player response\[0\] left out: .*player\.id/),
    ]);
  });
});

describe('answers refused whole', () => {
  /** Each refusal is thrown, counted once and logged once, after one request. */
  async function expectRefused(
    routes: Record<string, FakeAnswer[]>,
    ask: (source: ReturnType<typeof createSource>['source']) => Promise<unknown> | undefined,
    expected: { kind: string; message: string },
  ) {
    const seen = serve(routes);
    const { source, warnings } = createSource();
    const error = await failure(ask(source));
    expect([error.kind, error.message]).toEqual([expected.kind, expected.message]);
    // A caller noting the same failure again (as the sync's wrapper does) does not count it twice.
    source.client.noteFailure(error);
    expect(source.client.stats().failures).toBe(1);
    expect(warnings.filter((w) => w === expected.message)).toHaveLength(1);
    return { seen, source, warnings };
  }

  it('an empty `response` for a club: no moves rather than fewer', async () => {
    const empty = unitedTransfers((response) => response.splice(0));
    await expectRefused(
      { teams: [unitedTeams], transfers: [answer(empty)] },
      (source) => source.listTransfers?.('premier-league'),
      { kind: 'bad-body', message: 'api-football: no player listed for club 33' },
    );
  });

  it('an empty `response` for the clubs of a league', async () => {
    const teams = buildTeamsBody({ league: 39, season: 2026 }, []);
    const { seen } = await expectRefused(
      { teams: [answer(teams)] },
      (source) => source.listTransfers?.('premier-league'),
      { kind: 'bad-body', message: 'api-football: response: no club listed for the league' },
    );
    expect(seen).toHaveLength(1);
  });

  it('an HTML error page with status 200, not asked again', async () => {
    const { seen } = await expectRefused(
      {
        standings: [
          () =>
            new HttpResponse(
              '<!DOCTYPE html><html><head><title>503 Service Unavailable</title></head></html>',
              {
                status: 200,
                headers: { 'content-type': 'text/html' },
              },
            ),
        ],
      },
      (source) => source.getStandings?.('premier-league'),
      {
        kind: 'bad-body',
        message: 'api-football: an HTML page instead of JSON ("503 Service Unavailable")',
      },
    );
    expect(seen).toHaveLength(1);
  });

  it('a body cut in half', async () => {
    const text = readApiFootballText('real/af-standings-39-2023');
    const half = text.slice(0, Math.floor(text.length / 2));
    await expectRefused(
      { standings: [() => new HttpResponse(half, { status: 200 })] },
      (source) => source.getStandings?.('premier-league'),
      {
        kind: 'bad-body',
        message: `api-football: JSON cut short or malformed after ${half.trim().length} characters`,
      },
    );
  });

  it('a plan restriction inside a 200, shown as the plan limit and not asked again today', async () => {
    const refusal = {
      ...readApiFootballBody('real/af-error-daily-limit-2026-08-19'),
      get: 'standings',
      parameters: { league: '39', season: '2026' },
      errors: { plan: 'Free plans do not have access to this season, try from 2022 to 2024.' },
    };
    const { seen, source, warnings } = await expectRefused(
      { standings: [answer(refusal)] },
      (source) => source.getStandings?.('premier-league'),
      {
        kind: 'plan',
        message:
          'api-football: plan: Free plans do not have access to this season, try from 2022 to 2024.',
      },
    );
    expect(await failure(source.getStandings?.('la-liga'))).toMatchObject({ kind: 'plan' });
    expect(seen).toHaveLength(1);
    expect(source.client.stats().planLimit).toBe('plan does not cover season 2026');
    expect(warnings).toEqual([
      'api-football: plan: Free plans do not have access to this season, try from 2022 to 2024.',
      'api-football: plan does not cover season 2026',
    ]);
  });
});
