// The real server in live mode, fed by loopback football-data.org and The Odds API: the models
// learn the shipped history, and /api/predictions lists each model's forecasts of the upstream's
// upcoming matches, with Market Blend exactly where the odds upstream gave prices.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

import {
  startFakeLiveUpstreams,
  type FakeClub,
  type FakeLeagueMatch,
  type FakeLiveUpstreams,
} from '../helpers/fake-live-upstreams.ts';
import { postLogin, readSessionCookie } from '../helpers/login.ts';

/**
 * The day of the matches: two days from the wall clock, since the odds adapter leaves out the
 * events that have kicked off by the wall clock. The site's clock starts at 02:00 UTC that day
 * and runs 300 times as fast.
 */
const DAY = new Date(Date.now() + 2 * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
const NOW = `${DAY}T02:00:00Z`;
const CLOCK_SPEED = 300;
const PASSWORD = 'a-test-password-for-live-predictions';
const root = fileURLToPath(new URL('../..', import.meta.url));

type Server = { url: string; child: ChildProcess; output: () => string };

/**
 * `node src/server/main.ts` on an ephemeral port with a fresh data folder (its first start
 * imports the shipped history), resolved once it prints its address.
 */
async function startServer(dataDir: string, env: Record<string, string>): Promise<Server> {
  const child = spawn(process.execPath, ['src/server/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      // The models learn three seasons of history, not all twenty: seconds less at each start.
      PREDICTION_HISTORY_SEASONS: '3',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 180_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /running at (http:\/\/\S+)/.exec(output);
      if (match?.[1] !== undefined) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${String(code)}:\n${output}`));
    });
  });
  return { url, child, output: () => output };
}

async function stopServer(server: Server): Promise<void> {
  if (server.child.exitCode !== null) return;
  const exited = new Promise((resolve) => server.child.once('exit', resolve));
  server.child.kill('SIGTERM');
  await exited;
}

const club = (id: number, name: string, shortName: string, tla: string): FakeClub => ({
  id,
  name,
  shortName,
  tla,
});

/** football-data.org's clubs, and The Odds API's names of those it prices. */
const BURNLEY = club(328, 'Burnley FC', 'Burnley', 'BUR');
const MAN_CITY = club(65, 'Manchester City FC', 'Man City', 'MCI');
const SUNDERLAND = club(71, 'Sunderland AFC', 'Sunderland', 'SUN');
const ARSENAL = club(57, 'Arsenal FC', 'Arsenal', 'ARS');
const OVIEDO = club(1048, 'Real Oviedo', 'Oviedo', 'OVI');
const REAL_MADRID = club(86, 'Real Madrid CF', 'Real Madrid', 'RMA');
const GIRONA = club(298, 'Girona FC', 'Girona', 'GIR');
const BARCELONA = club(81, 'FC Barcelona', 'Barça', 'FCB');
const CAGLIARI = club(104, 'Cagliari Calcio', 'Cagliari', 'CAG');
const INTER = club(108, 'FC Internazionale Milano', 'Inter', 'INT');
const PISA = club(487, 'AC Pisa 1909', 'Pisa', 'PIS');
const JUVENTUS = club(109, 'Juventus FC', 'Juventus', 'JUV');
const HEIDENHEIM = club(44, '1. FC Heidenheim 1846', 'Heidenheim', 'HEI');
const BAYERN = club(5, 'FC Bayern München', 'Bayern', 'FCB');
const ST_PAULI = club(20, 'FC St. Pauli 1910', 'St. Pauli', 'STP');
const DORTMUND = club(4, 'Borussia Dortmund', 'Dortmund', 'BVB');
const LE_HAVRE = club(533, 'Le Havre AC', 'Le Havre', 'HAC');
const PSG = club(524, 'Paris Saint-Germain FC', 'PSG', 'PSG');
const LORIENT = club(525, 'FC Lorient', 'Lorient', 'FCL');
const MARSEILLE = club(516, 'Olympique de Marseille', 'Marseille', 'MAR');

const upcoming = (
  id: number,
  competition: FakeLeagueMatch['competition'],
  kickoff: string,
  home: FakeClub,
  away: FakeClub,
  odds?: FakeLeagueMatch['odds'],
): FakeLeagueMatch => ({
  id,
  competition,
  utcDate: `${DAY}T${kickoff}:00Z`,
  status: 'TIMED',
  home,
  away,
  ...(odds === undefined ? {} : { odds }),
});

// Two matches a league, each with a strong club away; one of each pair has prices. Kick-offs
// differ, so a match on the board is found by its league and kick-off.
const MATCHES: FakeLeagueMatch[] = [
  upcoming(9001, 'PL', '14:00', BURNLEY, MAN_CITY, {
    home: 'Burnley',
    away: 'Manchester City',
    h2h: [7.5, 5, 1.4],
    totals: [1.6, 2.35],
  }),
  upcoming(9002, 'PL', '16:30', SUNDERLAND, ARSENAL),
  upcoming(9003, 'PD', '14:15', OVIEDO, REAL_MADRID, {
    home: 'Real Oviedo',
    away: 'Real Madrid',
    h2h: [8, 5.25, 1.36],
    totals: [1.65, 2.25],
  }),
  upcoming(9004, 'PD', '19:00', GIRONA, BARCELONA),
  upcoming(9005, 'SA', '14:30', CAGLIARI, INTER),
  upcoming(9006, 'SA', '18:45', PISA, JUVENTUS, {
    home: 'Pisa',
    away: 'Juventus',
    h2h: [5.5, 3.6, 1.7],
    totals: [2.2, 1.68],
  }),
  upcoming(9007, 'BL1', '13:30', HEIDENHEIM, BAYERN, {
    home: 'Heidenheim',
    away: 'Bayern Munich',
    h2h: [11, 7, 1.2],
    totals: [1.3, 3.5],
  }),
  upcoming(9008, 'BL1', '16:45', ST_PAULI, DORTMUND),
  upcoming(9009, 'FL1', '15:00', LE_HAVRE, PSG),
  upcoming(9010, 'FL1', '19:05', LORIENT, MARSEILLE, {
    home: 'Lorient',
    away: 'Marseille',
    h2h: [4.2, 3.8, 1.8],
    totals: [1.75, 2.05],
  }),
];

const LEAGUE_OF = {
  PL: 'premier-league',
  PD: 'la-liga',
  SA: 'serie-a',
  BL1: 'bundesliga',
  FL1: 'ligue-1',
} as const;

type BoardMatch = { id: number; league_slug: string; local: string; visitor: string; date: string };
type Prediction = {
  id: number;
  match_id: number;
  model_name: string;
  pick: string;
  confidence_pct: number;
  rationale: string | null;
  created_at: string;
};

const MODELS_WITHOUT_PRICES = ['Dixon-Coles', 'Elo Ratings', 'Shot Ratings'];

/** "<model> result" or "<model> totals" for each prediction, sorted. */
const describeRows = (predictions: Prediction[]) =>
  predictions
    .map((p) => `${p.model_name} ${/ 2\.5 goals$/.test(p.pick) ? 'totals' : 'result'}`)
    .sort();

describe('AI predictions in live mode', () => {
  let upstreams: FakeLiveUpstreams;
  let server: Server | undefined;
  let workDir: string;
  let cookie: string;

  const getJson = async <T>(pathName: string): Promise<T> => {
    const response = await fetch(`${server?.url}${pathName}`, { headers: { cookie } });
    expect(response.status).toBe(200);
    return (await response.json()) as T;
  };

  beforeAll(async () => {
    upstreams = await startFakeLiveUpstreams(MATCHES);
    workDir = await mkdtemp(path.join(os.tmpdir(), 'touchline-live-predictions-'));
    const feeds = path.join(workDir, 'feeds.json');
    await writeFile(feeds, '[]');
    server = await startServer(path.join(workDir, 'data'), {
      DATA_SOURCE: 'live',
      MATCHES_PROVIDER: 'football-data',
      ODDS_PROVIDER: 'odds-api',
      STANDINGS_PROVIDER: 'none',
      PLAYERS_PROVIDER: 'none',
      TRANSFERS_PROVIDER: 'none',
      FOOTBALL_DATA_API_KEY: 'test-key',
      FOOTBALL_DATA_BASE_URL: upstreams.footballDataBaseUrl,
      ODDS_API_KEY: 'test-key',
      ODDS_API_BASE_URL: upstreams.oddsApiBaseUrl,
      NEWS_FEEDS: feeds,
      NOW,
      CLOCK_SPEED: String(CLOCK_SPEED),
      SITE_TIME_ZONE: 'UTC',
      SITE_PASSWORD: PASSWORD,
    });
    const login = await postLogin(server.url, PASSWORD);
    expect(login.status).toBe(204);
    cookie = readSessionCookie(login);
  }, 200_000);

  afterAll(async () => {
    if (server !== undefined) await stopServer(server);
    await upstreams?.close();
    if (workDir !== undefined) await rm(workDir, { recursive: true, force: true });
  });

  it("lists each model's predictions of the upstream's upcoming matches, Market Blend exactly where there are prices", async () => {
    // The board holds the upstream's matches of today.
    const board = await vi.waitFor(
      async () => {
        const { matches } = await getJson<{ matches: BoardMatch[] }>('/api/matches/today');
        expect(matches).toHaveLength(MATCHES.length);
        return matches;
      },
      { timeout: 30_000, interval: 250 },
    );
    const fixtures = MATCHES.map((m) => {
      const match = board.find(
        (b) =>
          b.league_slug === LEAGUE_OF[m.competition] && b.date === m.utcDate.replace('Z', '.000Z'),
      );
      if (match === undefined) throw new Error(`match ${m.id} is not on the board`);
      return { ...m, match };
    });

    // The models forecast every match at the first league sync; Market Blend follows once the
    // odds have been fetched and stored.
    const byMatch = await vi.waitFor(
      async () => {
        const found = new Map<number, Prediction[]>();
        for (const { match, odds } of fixtures) {
          const { predictions } = await getJson<{ predictions: Prediction[] }>(
            `/api/predictions?match_id=${match.id}&limit=50`,
          );
          const models = new Set(predictions.map((p) => p.model_name));
          for (const name of MODELS_WITHOUT_PRICES) expect(models).toContain(name);
          if (odds !== undefined) expect(models).toContain('Market Blend');
          found.set(match.id, predictions);
        }
        return found;
      },
      { timeout: 120_000, interval: 1000 },
    );

    for (const { id, match, odds, away } of fixtures) {
      const predictions = byMatch.get(match.id) ?? [];
      const expected = [
        ...MODELS_WITHOUT_PRICES.flatMap((model) => [`${model} result`, `${model} totals`]),
        ...(odds === undefined ? [] : ['Market Blend result', 'Market Blend totals']),
      ].sort();
      expect(describeRows(predictions), `match ${id}`).toEqual(expected);
      for (const p of predictions) {
        expect(p).toEqual({
          id: expect.any(Number),
          match_id: match.id,
          // Each names its match, as the board names it.
          match: {
            home: match.local,
            away: match.visitor,
            kickoff: match.date,
            league_slug: match.league_slug,
          },
          model_name: expect.any(String),
          pick: expect.stringMatching(
            new RegExp(
              `^(${match.local} to win|Draw|${match.visitor} to win|(Over|Under) 2\\.5 goals)$`,
            ),
          ),
          confidence_pct: expect.any(Number),
          rationale: expect.stringContaining(p.model_name),
          created_at: expect.any(String),
        });
        expect(p.confidence_pct).toBeGreaterThan(33);
        expect(p.confidence_pct).toBeLessThan(100);
      }
      // The ratings learnt from the history carry over to the live clubs: the strong club away
      // is the pick. Without its history it would be a new club, level with the home side.
      for (const model of MODELS_WITHOUT_PRICES) {
        const result = predictions.find(
          (p) => p.model_name === model && !/ 2\.5 goals$/.test(p.pick),
        );
        expect(result?.pick, `${model} on match ${id} (${away.name})`).toBe(
          `${match.visitor} to win`,
        );
      }
    }

    // The latest predictions are these matches' predictions, as the home page asks for them.
    const { predictions: latest } = await getJson<{ predictions: Prediction[] }>(
      '/api/predictions?limit=50',
    );
    const matchIds = new Set(fixtures.map((f) => f.match.id));
    expect(latest).toHaveLength(50);
    expect(latest.every((p) => matchIds.has(p.match_id))).toBe(true);
    // The odds upstream was asked for every league.
    expect(upstreams.oddsApiRequests.map((url) => url.pathname).sort()).toEqual(
      expect.arrayContaining([
        '/v4/sports/soccer_epl/odds',
        '/v4/sports/soccer_france_ligue_one/odds',
        '/v4/sports/soccer_germany_bundesliga/odds',
        '/v4/sports/soccer_italy_serie_a/odds',
        '/v4/sports/soccer_spain_la_liga/odds',
      ]),
    );
  }, 200_000);
});
