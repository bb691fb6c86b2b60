import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** A club as football-data.org v4 writes it in a match. */
export type FakeClub = { id: number; name: string; shortName: string; tla: string };

/** A match of one of the five leagues, in football-data.org's words, with its prices if any. */
export type FakeLeagueMatch = {
  id: number;
  /** football-data.org's competition code: PL, PD, SA, BL1, FL1. */
  competition: 'PL' | 'PD' | 'SA' | 'BL1' | 'FL1';
  utcDate: string;
  status: 'TIMED' | 'SCHEDULED' | 'FINISHED';
  home: FakeClub;
  away: FakeClub;
  score?: { home: number; away: number };
  /** The Odds API's event for the match: its names of the clubs, and one bookmaker's prices. */
  odds?: {
    home: string;
    away: string;
    h2h: [number, number, number];
    totals: [number, number];
  };
};

const COMPETITIONS = {
  PL: { id: 2021, name: 'Premier League', area: 'England', sport: 'soccer_epl' },
  PD: { id: 2014, name: 'Primera Division', area: 'Spain', sport: 'soccer_spain_la_liga' },
  SA: { id: 2019, name: 'Serie A', area: 'Italy', sport: 'soccer_italy_serie_a' },
  BL1: { id: 2002, name: 'Bundesliga', area: 'Germany', sport: 'soccer_germany_bundesliga' },
  FL1: { id: 2015, name: 'Ligue 1', area: 'France', sport: 'soccer_france_ligue_one' },
} as const;

/** The Odds API's sport key of a football-data.org competition. */
export function getOddsSportKey(competition: FakeLeagueMatch['competition']): string {
  return COMPETITIONS[competition].sport;
}

/** One match as `GET /v4/matches` lists it. */
function toFootballDataMatch(m: FakeLeagueMatch) {
  const competition = COMPETITIONS[m.competition];
  const finished = m.status === 'FINISHED' && m.score !== undefined;
  return {
    area: { id: 2000 + competition.id, name: competition.area, code: 'XXX', flag: null },
    competition: {
      id: competition.id,
      name: competition.name,
      code: m.competition,
      type: 'LEAGUE',
      emblem: null,
    },
    season: { id: 2600, startDate: '2026-08-15', endDate: '2027-05-23', currentMatchday: 8 },
    id: m.id,
    utcDate: m.utcDate,
    status: m.status,
    matchday: 8,
    stage: 'REGULAR_SEASON',
    group: null,
    lastUpdated: '2026-10-16T20:00:00Z',
    homeTeam: { ...m.home, crest: null },
    awayTeam: { ...m.away, crest: null },
    score: {
      winner: null,
      duration: 'REGULAR',
      fullTime: finished ? m.score : { home: null, away: null },
      halfTime: { home: null, away: null },
    },
    odds: { msg: 'Activate Odds-Package in User-Panel to retrieve odds.' },
    referees: [],
  };
}

/** The match's event as `GET /v4/sports/{sport}/odds` lists it (decimal prices, links on). */
function toOddsEvent(m: FakeLeagueMatch & { odds: NonNullable<FakeLeagueMatch['odds']> }) {
  const { home, away, h2h, totals } = m.odds;
  const lastUpdate = '2026-10-17T07:00:00Z';
  return {
    id: `${m.id}`.padStart(32, '0'),
    sport_key: getOddsSportKey(m.competition),
    sport_title: COMPETITIONS[m.competition].name,
    commence_time: m.utcDate.replace(/\.\d+Z$/, 'Z'),
    home_team: home,
    away_team: away,
    bookmakers: [
      {
        key: 'williamhill',
        title: 'William Hill',
        last_update: lastUpdate,
        link: 'https://sports.williamhill.com/betting/en-gb/football',
        markets: [
          {
            key: 'h2h',
            last_update: lastUpdate,
            outcomes: [
              { name: home, price: h2h[0] },
              { name: away, price: h2h[2] },
              { name: 'Draw', price: h2h[1] },
            ],
          },
          {
            key: 'totals',
            last_update: lastUpdate,
            outcomes: [
              { name: 'Over', price: totals[0], point: 2.5 },
              { name: 'Under', price: totals[1], point: 2.5 },
            ],
          },
        ],
      },
    ],
  };
}

/** Serves `handle` on 127.0.0.1 at an ephemeral port; `close` ends it. */
async function listen(
  handle: (url: URL) => { status: number; body: unknown; headers?: Record<string, string> },
) {
  const requests: URL[] = [];
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://fake');
    requests.push(url);
    const answer = handle(url);
    response.writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers });
    response.end(JSON.stringify(answer.body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    requests,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

const notHere = { status: 404, body: { message: 'not here', errorCode: 404 } };

/**
 * A loopback football-data.org v4 (`GET /v4/matches`, filtered by competitions and by the days
 * dateFrom..dateTo) and a loopback The Odds API v4 (`GET /v4/sports/{sport}/odds`, the events of
 * the sport's matches with prices; the adapter leaves out those that have kicked off).
 */
export async function startFakeLiveUpstreams(matches: FakeLeagueMatch[]) {
  const footballData = await listen((url) => {
    if (url.pathname !== '/v4/matches') return notHere;
    const codes = (url.searchParams.get('competitions') ?? '').split(',');
    const from = url.searchParams.get('dateFrom') ?? '0000-00-00';
    const to = url.searchParams.get('dateTo') ?? '9999-99-99';
    const listed = matches.filter((m) => {
      const day = m.utcDate.slice(0, 10);
      return codes.includes(m.competition) && day >= from && day <= to;
    });
    return {
      status: 200,
      headers: { 'x-requests-available-minute': '9' },
      body: {
        filters: { dateFrom: from, dateTo: to, permission: 'TIER_ONE' },
        resultSet: { count: listed.length },
        matches: listed.map(toFootballDataMatch),
      },
    };
  });
  const oddsApi = await listen((url) => {
    const sport = /^\/v4\/sports\/([a-z_]+)\/odds$/.exec(url.pathname)?.[1];
    if (sport === undefined) return notHere;
    const events = matches.flatMap((m) =>
      m.odds !== undefined && getOddsSportKey(m.competition) === sport
        ? [toOddsEvent({ ...m, odds: m.odds })]
        : [],
    );
    return {
      status: 200,
      headers: {
        'x-requests-remaining': '480',
        'x-requests-used': '20',
        'x-requests-last': events.length === 0 ? '0' : '4',
      },
      body: events,
    };
  });
  return {
    footballDataBaseUrl: `${footballData.origin}/v4`,
    oddsApiBaseUrl: oddsApi.origin,
    footballDataRequests: footballData.requests,
    oddsApiRequests: oddsApi.requests,
    async close() {
      await Promise.all([footballData.close(), oddsApi.close()]);
    },
  };
}

export type FakeLiveUpstreams = Awaited<ReturnType<typeof startFakeLiveUpstreams>>;
