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
import { QuotaDeferral } from '../provider.ts';
import type { UpstreamError } from '../upstream/http.ts';

// The transfers of a league: its clubs, then one request per club, on the daily budget and
// within the seasons the plan covers.

const BASE = 'https://api-football.test/v3';
const DAY = 24 * 60 * 60 * 1000;

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const serve = (routes: Record<string, FakeAnswer[]>) => serveApiFootball(server, BASE, routes);

/** The QuotaDeferral `promise` rejects with; anything else fails the test. */
async function deferral(promise: Promise<unknown> | undefined): Promise<QuotaDeferral> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof QuotaDeferral) return error;
    throw error;
  }
  throw new Error('expected a QuotaDeferral');
}

/** The three clubs whose `/transfers` answers were recorded, as `/teams?league=39` names them. */
const RECORDED_CLUBS = [
  { id: 33, name: 'Manchester United', logo: 'https://media.api-sports.io/football/teams/33.png' },
  { id: 40, name: 'Liverpool', logo: 'https://media.api-sports.io/football/teams/40.png' },
  { id: 42, name: 'Arsenal', logo: 'https://media.api-sports.io/football/teams/42.png' },
];

type Club = { id: number; name: string; logo: string | null };

/** A league of `count` clubs, ids 1 to count. */
function clubs(count: number): Club[] {
  return Array.from({ length: count }, (_, i) => ({
    id: i + 1,
    name: `Club ${i + 1}`,
    logo: null,
  }));
}

const teamsOf =
  (list: readonly Club[], headers: Record<string, string> = {}) =>
  () =>
    HttpResponse.json(buildTeamsBody({ league: 39, season: 2026 }, list), { headers });

/** Each club's recorded answer, or the answer `special` gives for that club's id. */
const recordedTransfers =
  (special: Record<string, () => Response> = {}): FakeAnswer =>
  (request) => {
    const team = new URL(request.url).searchParams.get('team') ?? '';
    return (
      special[team]?.() ?? HttpResponse.json(readApiFootballBody(`real/af-transfers-team-${team}`))
    );
  };

describe('listTransfers', () => {
  it("asks for the league's clubs of the season, then each club's transfers", async () => {
    const seen = serve({ teams: [teamsOf(RECORDED_CLUBS)], transfers: [recordedTransfers()] });
    const { source } = createTestApiFootball({ baseUrl: BASE });
    const moves = (await source.listTransfers?.('premier-league')) ?? [];
    expect(seen.map((s) => [s.path, s.query])).toEqual([
      ['teams', { league: '39', season: '2026' }],
      ['transfers', { team: '33' }],
      ['transfers', { team: '40' }],
      ['transfers', { team: '42' }],
    ]);
    expect(new Set(moves.map((m) => m.team.name))).toEqual(
      new Set(['Manchester United', 'Liverpool', 'Arsenal']),
    );
    // Kept from the 2026-27 season (April 2026 on), of the three recorded clubs only.
    expect(moves.every((m) => m.window === 'Summer 2026' || m.window === 'Winter 2027')).toBe(true);
    expect(source.client.stats()).toMatchObject({ callsToday: 4, failures: 0 });
  });

  it('skips a club whose answer is refused, noting it once, and reads the others', async () => {
    const half = readApiFootballText('real/af-transfers-team-33');
    serve({
      teams: [teamsOf(RECORDED_CLUBS)],
      transfers: [
        recordedTransfers({
          '33': () => new HttpResponse(half.slice(0, half.length / 2), { status: 200 }),
          '42': () =>
            HttpResponse.json({
              ...readApiFootballBody('real/af-transfers-team-42'),
              response: [],
            }),
        }),
      ],
    });
    const { source, warnings } = createTestApiFootball({ baseUrl: BASE });
    const moves = (await source.listTransfers?.('premier-league')) ?? [];
    expect(new Set(moves.map((m) => m.team.name))).toEqual(new Set(['Liverpool']));
    expect(moves.length).toBeGreaterThan(0);
    expect(source.client.stats().failures).toBe(2);
    expect(warnings).toEqual([
      expect.stringMatching(/^api-football: JSON cut short/),
      'api-football: no player listed for club 42',
    ]);
  });

  it('fails the league when no club could be read, with the first failure', async () => {
    serve({
      teams: [teamsOf(RECORDED_CLUBS)],
      transfers: [() => HttpResponse.text('<html><title>Bad Gateway</title></html>')],
    });
    const { source } = createTestApiFootball({ baseUrl: BASE });
    const error = await failure(source.listTransfers?.('premier-league'));
    expect([error.kind, error.message]).toEqual([
      'bad-body',
      'api-football: an HTML page instead of JSON ("Bad Gateway")',
    ]);
    expect(source.client.stats().failures).toBe(3);
  });

  it('stops the league at the daily limit, asking no further club', async () => {
    const seen = serve({
      teams: [teamsOf(RECORDED_CLUBS)],
      transfers: [
        recordedTransfers({
          '40': () =>
            HttpResponse.json(readApiFootballBody('real/af-error-daily-limit-2026-08-19')),
        }),
      ],
    });
    const { source } = createTestApiFootball({ baseUrl: BASE });
    const error = await failure(source.listTransfers?.('premier-league'));
    expect(error.kind).toBe('quota');
    expect(seen.map((s) => s.query.team ?? s.path)).toEqual(['teams', '33', '40']);
  });
});

describe('the seasons the plan covers', () => {
  const planRefusal = () => HttpResponse.json(readApiFootballBody('error-plan'));

  it('remembers a refused season for the UTC day, shows it, and clears it on success', async () => {
    let nowMs = Date.parse('2026-10-18T12:00:00Z');
    const seen = serve({
      teams: [planRefusal, teamsOf(RECORDED_CLUBS)],
      standings: [() => HttpResponse.json(readApiFootballBody('standings'))],
      fixtures: [() => HttpResponse.json(readApiFootballBody('fixtures-empty'))],
      transfers: [recordedTransfers()],
    });
    const { source, warnings } = createTestApiFootball({ baseUrl: BASE, now: () => nowMs });

    const refused = await failure(source.listTransfers?.('premier-league'));
    expect([refused.kind, refused.retryable]).toEqual(['plan', false]);
    expect(source.client.stats().planLimit).toBe('plan does not cover season 2026');

    // The same day: no request names the season again, whatever the data.
    const again: UpstreamError[] = [
      await failure(source.getStandings?.('la-liga')),
      await failure(source.getTopPlayers?.('serie-a')),
      await failure(source.listOdds?.('bundesliga')),
      await failure(source.listTransfers?.('premier-league')),
    ];
    expect(again.every((error) => error === refused)).toBe(true);
    // Matches by date name no season.
    await source.listMatches?.(new Date(nowMs), new Date(nowMs + 60_000));
    expect(seen.map((s) => s.path)).toEqual(['teams', 'fixtures']);
    // Counted and logged once, even when a caller notes the same failure again.
    source.client.noteFailure(again[0]);
    expect(source.client.stats().failures).toBe(1);
    expect(warnings.filter((w) => w.includes('season 2026'))).toEqual([
      'api-football: plan does not cover season 2026',
    ]);

    nowMs += DAY;
    expect(await source.listTransfers?.('premier-league')).not.toHaveLength(0);
    expect(seen.map((s) => s.path).slice(0, 3)).toEqual(['teams', 'fixtures', 'teams']);
    expect(source.client.stats().planLimit).toBeNull();
  });

  it('keeps the refusal when the next day refuses the season again, without logging it twice', async () => {
    let nowMs = Date.parse('2026-10-18T12:00:00Z');
    const seen = serve({ standings: [planRefusal] });
    const { source, warnings } = createTestApiFootball({ baseUrl: BASE, now: () => nowMs });
    expect((await failure(source.getStandings?.('premier-league'))).kind).toBe('plan');
    nowMs += DAY;
    expect((await failure(source.getStandings?.('premier-league'))).kind).toBe('plan');
    expect(seen).toHaveLength(2);
    expect(source.client.stats().planLimit).toBe('plan does not cover season 2026');
    expect(
      warnings.filter((w) => w === 'api-football: plan does not cover season 2026'),
    ).toHaveLength(1);
  });
});

describe('the daily budget', () => {
  /** A fake whose quota headers count its own requests: 100 a day, reset at 00:00 UTC. */
  function serveLeaguesOf20(now: () => number) {
    const spent = new Map<string, number>();
    const quota = () => {
      const day = new Date(now()).toISOString().slice(0, 10);
      spent.set(day, (spent.get(day) ?? 0) + 1);
      return {
        'x-ratelimit-requests-limit': '100',
        'x-ratelimit-requests-remaining': String(100 - (spent.get(day) ?? 0)),
      };
    };
    return serve({
      teams: [
        () =>
          HttpResponse.json(buildTeamsBody({ league: 39, season: 2026 }, clubs(20)), {
            headers: quota(),
          }),
      ],
      transfers: [() => HttpResponse.json(readApiFootballBody('transfers'), { headers: quota() })],
    });
  }

  /** Asks every league's transfers in the registry's order, as the daily sync does. */
  async function runDay(source: ReturnType<typeof createTestApiFootball>['source']) {
    const outcomes: string[] = [];
    for (const league of LEAGUES) {
      try {
        await source.listTransfers?.(league.slug);
        outcomes.push('read');
      } catch (error) {
        outcomes.push(error instanceof QuotaDeferral ? 'deferred' : (error as UpstreamError).kind);
      }
    }
    return outcomes;
  }

  it('reads what 100 requests a day allow, less a reserve, the stalest leagues first', async () => {
    let nowMs = Date.parse('2026-10-18T06:00:00Z');
    const seen = serveLeaguesOf20(() => nowMs);
    const { source } = createTestApiFootball({ baseUrl: BASE, now: () => nowMs });

    // 21 requests a league: three fit in 100 with 30 kept for the rest of the site's data.
    expect(await runDay(source)).toEqual(['read', 'read', 'read', 'deferred', 'deferred']);
    expect(seen).toHaveLength(63);
    expect(source.client.stats().creditsLeft).toBe(37);

    nowMs += DAY;
    // The two left out yesterday come first; the third share goes to the first asked.
    expect(await runDay(source)).toEqual(['read', 'deferred', 'deferred', 'read', 'read']);
    expect(seen).toHaveLength(126);

    nowMs += DAY;
    expect(await runDay(source)).toEqual(['read', 'read', 'read', 'deferred', 'deferred']);
    // Put off by Touchline's own budget, not failed by the API.
    expect(source.client.stats()).toMatchObject({ failures: 0, deferred: 6, breaker: 'closed' });
  });

  it('defers a league until the next UTC day, naming the numbers, before any request', async () => {
    const seen = serve({
      teams: [
        teamsOf(clubs(20), {
          'x-ratelimit-requests-limit': '100',
          'x-ratelimit-requests-remaining': '45',
        }),
      ],
      transfers: [() => HttpResponse.json(readApiFootballBody('transfers'))],
    });
    const { source } = createTestApiFootball({ baseUrl: BASE });
    // The headers of a first answer tell 45 left: 20 clubs do not fit above the reserve of 30.
    const first = await deferral(source.listTransfers?.('premier-league'));
    expect(first.message).toBe(
      'api-football: transfers of premier-league wait for another day: 20 clubs to read, 45 requests left today and 30 kept for matches, tables and players',
    );
    expect(first.until?.toISOString()).toBe('2026-10-19T00:00:00.000Z');
    expect(seen).toHaveLength(1);
    const second = await deferral(source.listTransfers?.('la-liga'));
    expect(second.message).toContain('45 requests left today, 30 kept');
    expect(seen).toHaveLength(1);
    expect(source.client.stats()).toMatchObject({
      failures: 0,
      lastError: null,
      deferred: 2,
      lastDeferral: second.message,
    });
  });
});
