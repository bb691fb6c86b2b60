import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** A match as the fake upstream reports it, in football-data.org's words. */
export type FakeMatch = {
  id: number;
  utcDate: string;
  status: 'SCHEDULED' | 'TIMED' | 'IN_PLAY' | 'PAUSED' | 'FINISHED';
  minute?: number;
  home: { id: number; name: string; shortName: string; tla: string };
  away: { id: number; name: string; shortName: string; tla: string };
  score: { home: number | null; away: number | null };
  halfTime?: { home: number | null; away: number | null };
};

/**
 * A loopback football-data.org v4: `GET /v4/matches` answers the matches the test sets, and
 * records when each poll arrived. `down` makes every request fail with a 503.
 */
export async function startFakeFootballData() {
  let matches: FakeMatch[] = [];
  let down = false;
  const polls: { at: number; path: string; servedScore: string }[] = [];
  const listeners = new Set<(poll: { at: number; servedScore: string }) => void>();

  const scoreLine = () =>
    matches.map((m) => `${m.id}:${m.score.home ?? '-'}-${m.score.away ?? '-'}`).join(',');

  const toBody = () => ({
    filters: {},
    resultSet: { count: matches.length },
    matches: matches.map((m) => ({
      area: { id: 2072, name: 'England', code: 'ENG', flag: null },
      competition: { id: 2021, name: 'Premier League', code: 'PL', type: 'LEAGUE', emblem: null },
      season: { id: 2502, startDate: '2026-08-21', endDate: '2027-05-30', currentMatchday: 12 },
      id: m.id,
      utcDate: m.utcDate,
      status: m.status,
      ...(m.minute === undefined ? {} : { minute: m.minute }),
      matchday: 12,
      stage: 'REGULAR_SEASON',
      group: null,
      lastUpdated: new Date().toISOString(),
      homeTeam: { ...m.home, crest: null },
      awayTeam: { ...m.away, crest: null },
      score: {
        winner: null,
        duration: 'REGULAR',
        fullTime: m.score,
        halfTime: m.halfTime ?? { home: null, away: null },
      },
      referees: [],
    })),
  });

  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://fake');
    if (down) {
      response.writeHead(503, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ message: 'Service unavailable', errorCode: 503 }));
      return;
    }
    if (url.pathname === '/v4/matches') {
      const poll = { at: Date.now(), path: url.pathname, servedScore: scoreLine() };
      polls.push(poll);
      for (const listener of listeners) listener(poll);
      response.writeHead(200, {
        'content-type': 'application/json',
        'x-requests-available-minute': '9',
      });
      response.end(JSON.stringify(toBody()));
      return;
    }
    response.writeHead(404, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ message: 'not here', errorCode: 404 }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    baseUrl: `http://127.0.0.1:${port}/v4`,
    polls,
    setMatches(next: FakeMatch[]) {
      matches = next;
    },
    setDown(value: boolean) {
      down = value;
    },
    /** Resolves with the time of the first poll that was answered with the given score line. */
    waitForServed(predicate: (scoreLine: string) => boolean): Promise<number> {
      return new Promise((resolve) => {
        const listener = (poll: { at: number; servedScore: string }) => {
          if (predicate(poll.servedScore)) {
            listeners.delete(listener);
            resolve(poll.at);
          }
        };
        listeners.add(listener);
      });
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type FakeFootballData = Awaited<ReturnType<typeof startFakeFootballData>>;
