// The replay of the shipped data, as the site serves it: the top scorers and assisters of
// /api/leagues/<slug>/stats and the players of /api/transfers carry their nationality's flag.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { buildPlayers, buildTransfers } from '../../scripts/prepare-data.ts';
import { isFlagCode } from '../../src/domain/countries.ts';
import type { ReplayDataset } from '../../src/domain/history.ts';
import { LEAGUES } from '../../src/domain/league.ts';
import type { StatsEntry } from '../../src/domain/player-stats.ts';
import { WEEK_MS, toRealTime } from '../../src/domain/replay-clock.ts';
import type { TransferTeam } from '../../src/domain/transfers.ts';
import { createResponseCache } from '../../src/server/http/response-cache.ts';
import { runSyncLeagueData } from '../../src/server/jobs/sync-provider.ts';
import { createReplayProvider } from '../../src/server/providers/replay/replay-provider.ts';
import { readRealReplayData } from '../helpers/real-replay-data.ts';
import { createTestApp, loginCookie, type TestApp } from '../helpers/test-app.ts';

/** The test app's clock: the replay shows Saturday 15 October 2022, in the summer window. */
const NOW = new Date('2026-11-21T15:30:00Z');
const TIME_ZONE = 'Africa/Johannesburg';
const LEAGUE_SLUGS = LEAGUES.map((league) => league.slug);
/** Least share with a flag: of a league's top scorers and assisters, of a window's players. */
const MIN_STATS_SHARE = 0.95;
const MIN_TRANSFERS_SHARE = 0.9;
/**
 * Serie A's winter window of 2022-23 lists 24 loans of youth players that no source knows the
 * nationality of (198 of 222 flagged, 89.2%): per league, the winter window is held to this.
 */
const MIN_WINTER_LEAGUE_SHARE = 0.85;

const cache = createResponseCache({ ttlMs: 60_000 });
let t: TestApp;
let cookie: string;
let provider: ReturnType<typeof createReplayProvider>;
let dataset: ReplayDataset;
/** The default season's replay, whose goals are recorded: its scorers are counted from them. */
let recorded: ReturnType<typeof createReplayProvider>;

beforeAll(async () => {
  t = await createTestApp({ cache }, { history: true });
  // Transfers of the last season the flag sources cover whole; scorers of the default season,
  // the latest whose goals are recorded (2022-23 names none).
  const loaded = await readRealReplayData(t.database.db, '2022-2023');
  expect(loaded.season).toBe('2022-2023');
  dataset = loaded.dataset;
  provider = createReplayProvider(dataset);
  const latestRecorded = await readRealReplayData(t.database.db);
  expect(latestRecorded.season).toBe('2020-2021');
  recorded = createReplayProvider(latestRecorded.dataset);
  cookie = await loginCookie(t.app);
}, 120_000);

afterAll(async () => {
  await t?.close();
});

/** Syncs a replay's top players or transfers as they stand at `now`, as the scheduler does. */
async function syncAt(
  now: Date,
  kind: 'players' | 'transfers',
  shown = kind === 'players' ? recorded : provider,
): Promise<void> {
  const sync = { db: t.database.db, provider: shown, now, timeZone: TIME_ZONE };
  expect(await runSyncLeagueData({ ...sync, kinds: [kind] })).toEqual({
    failures: [],
    deferred: [],
  });
  cache.clear();
}

/** A real instant at which a replay shows the last night of its season's last week. */
function findSeasonEnd(shown = provider): Date {
  const { calendar } = shown;
  const lastWeek = calendar.weeks.at(-1) ?? 0;
  const replayMs = calendar.anchorMs + (lastWeek + 1) * WEEK_MS - 60 * 60 * 1000;
  const realMs = toRealTime(replayMs, NOW.getTime(), calendar);
  if (realMs === null) throw new Error('the calendar has no last week');
  return new Date(realMs);
}

async function getJson<T>(url: string): Promise<T> {
  const response = await t.app.inject({ method: 'GET', url, headers: { cookie } });
  expect(response.statusCode, url).toBe(200);
  return response.json<T>();
}

/** Share of the players with a flag the site draws. */
function flaggedShare(players: readonly { flag: string }[]): number {
  return players.filter((p) => isFlagCode(p.flag)).length / players.length;
}

async function getStats(slug: string) {
  return (
    await getJson<{ stats: { goals: StatsEntry[]; asists: StatsEntry[] } }>(
      `/api/leagues/${slug}/stats`,
    )
  ).stats;
}

/** Every arrival and departure /api/transfers lists for the league. */
async function getTransferPlayers(slug: string) {
  const { transfers } = await getJson<{ transfers: TransferTeam[] }>('/api/transfers');
  return transfers
    .filter((team) => team.league_alias === slug)
    .flatMap((team) => [...team.arrivals, ...team.departures]);
}

describe('the replay early in the season (summer transfer window)', () => {
  beforeAll(async () => {
    await syncAt(NOW, 'transfers');
    await syncAt(NOW, 'players');
  }, 60_000);

  it.each(LEAGUE_SLUGS)('%s: scorers and assisters carry flags', async (slug) => {
    const stats = await getStats(slug);
    expect(stats.goals.length).toBeGreaterThan(0);
    expect(stats.asists.length).toBeGreaterThan(0);
    expect(flaggedShare(stats.goals)).toBeGreaterThanOrEqual(MIN_STATS_SHARE);
    expect(flaggedShare(stats.asists)).toBeGreaterThanOrEqual(MIN_STATS_SHARE);
  });

  it.each(LEAGUE_SLUGS)('%s: the players of the summer window carry flags', async (slug) => {
    const players = await getTransferPlayers(slug);
    expect(players.length).toBeGreaterThan(100);
    expect(flaggedShare(players)).toBeGreaterThanOrEqual(MIN_TRANSFERS_SHARE);
  });

  it("gives each player the flag of their nationality, not their club's country", async () => {
    const moves = await getTransferPlayers('premier-league');
    const flagOf = (name: string) => moves.find((p) => p.name === name)?.flag;
    expect(flagOf('Erling Haaland')).toBe('no');
    expect(flagOf('Darwin Núñez')).toBe('uy');
  });
});

describe('the replay at the end of the season (winter transfer window)', () => {
  beforeAll(async () => {
    await syncAt(findSeasonEnd(), 'transfers');
    await syncAt(findSeasonEnd(recorded), 'players');
  }, 60_000);

  it.each(LEAGUE_SLUGS)('%s: scorers and assisters carry flags', async (slug) => {
    const stats = await getStats(slug);
    expect(stats.goals.length).toBeGreaterThan(0);
    expect(flaggedShare(stats.goals)).toBeGreaterThanOrEqual(MIN_STATS_SHARE);
    expect(flaggedShare(stats.asists)).toBeGreaterThanOrEqual(MIN_STATS_SHARE);
  });

  it.each(LEAGUE_SLUGS)('%s: the players of the winter window carry flags', async (slug) => {
    const players = await getTransferPlayers(slug);
    expect(players.length).toBeGreaterThan(50);
    expect(flaggedShare(players)).toBeGreaterThanOrEqual(MIN_WINTER_LEAGUE_SHARE);
  });

  it('flags the players of the winter window across the leagues', async () => {
    const players = (await Promise.all(LEAGUE_SLUGS.map(getTransferPlayers))).flat();
    expect(flaggedShare(players)).toBeGreaterThanOrEqual(MIN_TRANSFERS_SHARE);
  });

  it.each(LEAGUE_SLUGS)('%s: every nationality the data gives reaches the answer', async (slug) => {
    const division = LEAGUES.find((league) => league.slug === slug)?.division;
    const rows = dataset.transfers.filter((m) => m.div === division && m.window === 'Winter');
    const known = rows.filter((m) => 'nationality' in m && m.nationality !== '').length;
    const players = await getTransferPlayers(slug);
    expect(players).toHaveLength(rows.length);
    expect(players.filter((p) => p.flag !== '')).toHaveLength(known);
  });

  it('shows the top scorers with the flags of their national teams', async () => {
    // The 2020-21 top scorers (players.csv.gz).
    const expected: [string, string, string][] = [
      ['premier-league', 'Harry Kane', 'gb-eng'],
      ['la-liga', 'Lionel Messi', 'ar'],
      ['serie-a', 'Cristiano Ronaldo', 'pt'],
      ['bundesliga', 'Robert Lewandowski', 'pl'],
      ['ligue-1', 'Kylian Mbappe-Lottin', 'fr'],
    ];
    for (const [slug, nick, flag] of expected) {
      const { goals } = await getStats(slug);
      expect(goals.find((entry) => entry.nick === nick)?.flag, nick).toBe(flag);
    }
  });
});

describe('the nationality join of scripts/prepare-data.ts', () => {
  const csv = (...lines: string[]) => `${lines.join('\n')}\n`;
  const SEASONS = csv(
    'Div,Season,player_id,player_name,team,position,games,minutes,goals,assists',
    'E0,2022-2023,8260,Erling Haaland,Manchester City,F S,35,2769,36,8',
    'E0,2022-2023,1234,N&#039;Golo Kanté,Chelsea,M,7,400,0,0',
    'E0,2022-2023,999,Unknown Youngster,Chelsea,S,1,10,0,0',
  );
  const PLAYER_NATIONALITY = csv(
    'player_id,player_name,country_code,source',
    '8260,Erling Haaland,no,fbref',
    '1234,N&#039;Golo Kanté,fr,fbref',
  );
  const TRANSFERS = csv(
    'Div,season,window,club,player,age,position,other_club,direction,fee_raw,fee_eur_m',
    'E0,2022-2023,Summer,Manchester City,Erling Haaland,21,Centre-Forward,Bor. Dortmund,in,€60.00m,60',
    'E0,2022-2023,Winter,Chelsea FC,Enzo Fernández,22,Central Midfield,Benfica,in,€121.00m,121',
    'E0,2021-2022,Summer,Chelsea FC,Enzo Fernández,21,Central Midfield,River Plate,in,?,',
    'D1,2022-2023,Summer,Borussia Dortmund,Enzo Fernández,19,Centre-Back,Dortmund U19,in,-,',
  );
  const TRANSFER_NATIONALITY = csv(
    'player,club,season,country_code,source',
    'Erling Haaland,Manchester City,2022-2023,no,via_understat',
    'Enzo Fernández,Chelsea FC,2022-2023,ar,transfermarkt',
  );
  const folders: string[] = [];

  /** A source folder with the four player files, the nationality files as given. */
  async function writeSource(playerCodes: string, transferCodes: string): Promise<string> {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'touchline-source-'));
    folders.push(dir);
    await mkdir(path.join(dir, 'players'));
    await mkdir(path.join(dir, 'transfers'));
    await writeFile(path.join(dir, 'players', 'player_seasons.csv'), SEASONS);
    await writeFile(path.join(dir, 'players', 'player_nationality.csv'), playerCodes);
    await writeFile(path.join(dir, 'transfers', 'transfers.csv'), TRANSFERS);
    await writeFile(path.join(dir, 'transfers', 'transfer_player_nationality.csv'), transferCodes);
    return dir;
  }

  afterAll(async () => {
    await Promise.all(folders.map((dir) => rm(dir, { recursive: true, force: true })));
  });

  it("gives each player season the player's code, found by Understat id", async () => {
    const errors: string[] = [];
    const players = buildPlayers(
      await writeSource(PLAYER_NATIONALITY, TRANSFER_NATIONALITY),
      errors,
    );
    expect(errors).toEqual([]);
    expect(players.header.at(-1)).toBe('nationality');
    expect(players.rows.map((row) => [row[3], row.at(-1)])).toEqual([
      ['Erling Haaland', 'no'],
      ['Unknown Youngster', ''],
      ['N&#039;Golo Kanté', 'fr'],
    ]);
  });

  it('gives a transfer the code of its player, club and season only', async () => {
    const errors: string[] = [];
    const source = await writeSource(PLAYER_NATIONALITY, TRANSFER_NATIONALITY);
    const transfers = buildTransfers(source, errors);
    expect(errors).toEqual([]);
    expect(transfers.header.at(-1)).toBe('nationality');
    // Another season or another club of the same name is another entry, perhaps another player.
    expect(transfers.rows.map((row) => [row[1], row[3], row[4], row.at(-1)])).toEqual([
      ['2022-2023', 'Manchester City', 'Erling Haaland', 'no'],
      ['2022-2023', 'Chelsea FC', 'Enzo Fernández', 'ar'],
      ['2021-2022', 'Chelsea FC', 'Enzo Fernández', ''],
      ['2022-2023', 'Borussia Dortmund', 'Enzo Fernández', ''],
    ]);
  });

  it('refuses a code the site draws no flag for, and a player given twice', async () => {
    const badPlayers = csv(
      PLAYER_NATIONALITY.trim(),
      '999,Unknown Youngster,eu,fbref',
      '8260,Erling Haaland,no,fbref',
    );
    const badTransfers = csv(
      TRANSFER_NATIONALITY.trim(),
      'Enzo Fernández,Chelsea FC,2021-2022,AR,transfermarkt',
    );
    const source = await writeSource(badPlayers, badTransfers);
    const errors: string[] = [];
    buildPlayers(source, errors);
    buildTransfers(source, errors);
    expect(errors).toEqual([
      expect.stringMatching(/player_nationality\.csv line 4: no flag for "eu"$/),
      expect.stringMatching(/player_nationality\.csv line 5: 8260 given twice$/),
      expect.stringMatching(/transfer_player_nationality\.csv line 4: no flag for "AR"$/),
    ]);
  });
});
