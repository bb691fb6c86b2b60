// The replay of a season whose events are recorded, checked against the shipped shots file read
// here on its own (not through the import): goals, top scorers, and nothing before its minute.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';

import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { ReplayDataset } from '../../src/domain/history.ts';
import { LEAGUES } from '../../src/domain/league.ts';
import { DAY_MS, toRealTime, WEEK_MS } from '../../src/domain/replay-clock.ts';
import { createRandom, shuffle } from '../../src/domain/seeded-random.ts';
import { getZonedDayRange } from '../../src/domain/time-zone.ts';
import { loadReplayDataset } from '../../src/server/db/history-queries.ts';
import { decodeEntities } from '../../src/server/jobs/import-history.ts';
import type { ProviderMatch } from '../../src/server/providers/provider.ts';
import { createReplayProvider } from '../../src/server/providers/replay/replay-provider.ts';
import { DATA_DIR, loadRealReplayData } from '../helpers/real-replay-data.ts';
import type { TestDatabase } from '../helpers/test-db.ts';

const SEASON = '2020-2021';
const MINUTE_MS = 60_000;
/** Any real instant: the replay maps every week of the real calendar onto the season. */
const NOW = new Date('2026-11-21T15:30:00Z');

type ShotRow = {
  div: string;
  season: string;
  home: string;
  away: string;
  minute: string;
  player_side: 'h' | 'a';
  for_side: 'h' | 'a';
  player: string;
  player_id: string;
  player_assisted: string;
  result: string;
  situation: string;
  date: string;
};

let database: TestDatabase;
let dataset: ReplayDataset;
let provider: ReturnType<typeof createReplayProvider>;
/** The rows of data/shots.csv.gz by season, then by "div home v away" (results' club names). */
const rowsBySeason = new Map<string, Map<string, ShotRow[]>>();
/** The replayed season's. */
let rowsByMatch = new Map<string, ShotRow[]>();
let clubKeyOf: Map<string, string>;

beforeAll(async () => {
  const loaded = await loadRealReplayData();
  database = loaded.database;
  // The latest season with every match's events recorded is now the replay's default.
  expect(loaded.season).toBe(SEASON);
  dataset = loaded.dataset;
  provider = createReplayProvider(dataset);
  clubKeyOf = new Map(dataset.clubs.map((c) => [c.aliases.results, c.key]));
  const rows = parse(gunzipSync(readFileSync(path.join(DATA_DIR, 'shots.csv.gz'))), {
    columns: true,
  }) as ShotRow[];
  for (const row of rows) {
    const season = rowsBySeason.get(row.season) ?? new Map<string, ShotRow[]>();
    rowsBySeason.set(row.season, season);
    const key = `${row.div} ${row.home} v ${row.away}`;
    const list = season.get(key) ?? [];
    list.push(row);
    season.set(key, list);
  }
  rowsByMatch = rowsBySeason.get(SEASON) ?? new Map();
}, 180_000);

afterAll(async () => {
  await database?.close();
});

const isGoal = (row: ShotRow) => row.result === 'Goal' || row.result === 'OwnGoal';
const sideOf = (code: 'h' | 'a') => (code === 'h' ? 'home' : 'away');

/** A real instant showing the given replay instant (in the replayed season's time). */
function realInstantOf(replayMs: number, shown = provider): Date {
  return new Date(toRealTime(replayMs, NOW.getTime(), shown.calendar) as number);
}

/** The matches of the weeks a replay shows, as they stand at the end of its calendar: all over. */
async function listSeasonAtEnd(shown: typeof provider): Promise<ProviderMatch[]> {
  const { calendar } = shown;
  const lastWeek = calendar.weeks.at(-1) as number;
  const endMs = calendar.anchorMs + lastWeek * WEEK_MS + 6 * DAY_MS + 23 * 3_600_000;
  return (await shown.listSeasonMatches?.(realInstantOf(endMs, shown))) ?? [];
}

describe('a replayed season with recorded events', () => {
  it('plays the goals of 300 random matches of the shipped seasons at their recorded minutes, by their recorded scorers, to the half-time score', async () => {
    // Every season with recorded shots (2021-2022 up to 12 December 2021), about 38 matches each.
    const seasons = [...new Set([...rowsBySeason.keys()])].sort();
    expect(seasons).toHaveLength(8);
    const random = createRandom('recorded goals');
    let checked = 0;
    for (const [index, season] of seasons.entries()) {
      const seasonData =
        season === SEASON
          ? dataset
          : await loadReplayDataset(database.db, season, { lazyEarlier: true });
      const seasonProvider = season === SEASON ? provider : createReplayProvider(seasonData);
      const sources = new Map(
        seasonData.matches.map((m) => [`${clubKeyOf.get(m.home)} ${clubKeyOf.get(m.away)}`, m]),
      );
      const played = await listSeasonAtEnd(seasonProvider);
      // Fewer in 2019-2020, whose Ligue 1 stopped in March.
      expect(played.length, season).toBeGreaterThan(1500);
      const count = Math.round((300 * (index + 1)) / seasons.length) - checked;
      for (const match of shuffle(random, played).slice(0, count)) {
        checked += 1;
        const source = sources.get(`${match.homeKey} ${match.awayKey}`);
        if (source === undefined) throw new Error(`no results row for ${match.externalId}`);
        const where = `${season} ${source.div} ${source.home} v ${source.away}`;
        const rows = rowsBySeason.get(season)?.get(`${source.div} ${source.home} v ${source.away}`);
        const goals = (rows ?? []).filter(isGoal);
        expect(match.phase, where).toBe('finished');
        expect([match.homeScore, match.awayScore], where).toEqual([
          source.homeGoals,
          source.awayGoals,
        ]);
        const events = match.events ?? [];
        const holdsScore =
          rows !== undefined &&
          goals.filter((g) => g.for_side === 'h').length === source.homeGoals &&
          goals.filter((g) => g.for_side === 'a').length === source.awayGoals;
        if (!holdsScore) {
          // Not recorded (after the file ends, or a listed disagreement): no goal is told.
          expect(events, where).toEqual([]);
          expect(match.facts?.goalsRecorded, where).toBe(false);
          continue;
        }
        expect(events, where).toHaveLength(goals.length);
        // Each recorded goal once, with its side, scorer, penalty and own goal, at its minute
        // (the recorder's 47 is 45+2 in the first half or 47 in the second; its 0 is the first
        // minute and its 45 after the break the 46th).
        const unmatched = [...events];
        for (const row of goals) {
          const recorded = Number(row.minute);
          const found = unmatched.findIndex(
            (e) =>
              e.side === sideOf(row.for_side) &&
              e.scorer === decodeEntities(row.player) &&
              e.penalty === (row.situation === 'Penalty') &&
              e.ownGoal === (row.result === 'OwnGoal') &&
              (e.minute + e.added === recorded ||
                (recorded === 0 && e.minute === 1) ||
                (recorded === 45 && e.minute === 46)),
          );
          expect(found, `${where}: ${row.minute}' ${row.player}`).toBeGreaterThanOrEqual(0);
          const [event] = unmatched.splice(found, 1);
          const assist =
            row.result === 'OwnGoal' || row.player_assisted === ''
              ? null
              : decodeEntities(row.player_assisted);
          expect(event?.assist, where).toBe(assist);
        }
        // Goals up to 45+ are the first half's: they give the recorded half-time score.
        const firstHalf = (side: string) =>
          events.filter((e) => e.side === side && e.minute <= 45).length;
        expect([firstHalf('home'), firstHalf('away')], where).toEqual([
          source.htHomeGoals,
          source.htAwayGoals,
        ]);
        expect(match.facts?.goalsRecorded, where).toBe(true);
        expect(match.facts?.assistKind, where).toBe('chance');
      }
    }
    expect(checked).toBe(300);
  }, 120_000);

  it('holds every final score of every shipped season in its recorded goals, but for the matches the data README lists', async () => {
    const { rows } = (await database.db.execute(sql`
      select m.div, m.season, m.home, m.away
      from history_matches m join history_shots s on s.match_id = m.id
      group by m.id
      having count(*) filter (where s.result in ('Goal', 'OwnGoal') and s.for_side = 'home') <> m.home_goals
        or count(*) filter (where s.result in ('Goal', 'OwnGoal') and s.for_side = 'away') <> m.away_goals
      order by m.season, m.div, m.home
    `)) as unknown as { rows: { div: string; season: string; home: string; away: string }[] };
    // data/README.md, "shots.csv.gz": goal rows missing in six matches, and one match awarded
    // 0-3 after it was played 2-1. (Its two stale scores are Understat's own, not its goal rows.)
    expect(rows.map((r) => `${r.season} ${r.div} ${r.home} v ${r.away}`)).toEqual([
      '2014-2015 D1 Stuttgart v Bayern Munich',
      '2014-2015 F1 Lens v Marseille',
      '2014-2015 F1 Marseille v Paris SG',
      '2014-2015 F1 Montpellier v Marseille',
      '2014-2015 SP1 Espanol v Valencia',
      '2016-2017 I1 Sassuolo v Pescara',
      '2021-2022 D1 Ein Frankfurt v Stuttgart',
    ]);
    const { rows: flagged } = (await database.db.execute(sql`
      select count(*)::int as count from history_matches m
      where events_recorded and not exists (select 1 from history_shots s where s.match_id = m.id)
    `)) as unknown as { rows: { count: number }[] };
    expect(flagged[0]?.count).toBe(0);
    expect(dataset.matches.every((m) => m.eventsRecorded === true)).toBe(true);
  });

  it("counts each league's top scorers and chance-makers from the recorded goals up to the replay day", async () => {
    // A Monday at 04:00 UK time halfway through the season: every match before it is over.
    const { calendar } = provider;
    const week = calendar.weeks[Math.floor(calendar.weeks.length / 2)] as number;
    const mondayMs = calendar.anchorMs + week * WEEK_MS + 4 * 3_600_000;
    const day = new Date(mondayMs).toISOString().slice(0, 10);
    const at = realInstantOf(mondayMs);
    for (const league of LEAGUES) {
      const goals = new Map<string, { name: string; total: number }>();
      const chances = new Map<string, number>();
      for (const rows of rowsByMatch.values()) {
        for (const row of rows) {
          if (row.div !== league.division || row.date >= day || row.result !== 'Goal') continue;
          const name = decodeEntities(row.player);
          const entry = goals.get(row.player_id) ?? { name, total: 0 };
          goals.set(row.player_id, { name, total: entry.total + 1 });
          if (row.player_assisted === '') continue;
          const side = row.player_side === 'h' ? row.home : row.away;
          const key = `${side}\t${decodeEntities(row.player_assisted)}`;
          chances.set(key, (chances.get(key) ?? 0) + 1);
        }
      }
      const want = [...goals]
        .sort((a, b) => b[1].total - a[1].total || a[1].name.localeCompare(b[1].name))
        .slice(0, 10)
        .map(([id, { name, total }]) => [id, name, total]);
      const top = await provider.getTopPlayers(league.slug, at);
      expect(
        top.goals.map((p) => [p.playerId, p.nick, p.total]),
        `${league.division} on ${day}`,
      ).toEqual(want);
      expect(top.assists.length, league.division).toBe(10);
      for (const p of top.assists) {
        const club = dataset.clubs.find((c) => c.key === p.teamKey)?.aliases.results;
        expect(p.total, `${league.division} ${p.nick}`).toBe(chances.get(`${club}\t${p.nick}`));
      }
    }
  });

  it('tells no top scorers once a match with goals but no recorded events has been played', async () => {
    // 2021-2022's shots end on 12 December 2021: early in that season every league's scorers
    // are counted, by its last week none are, rather than partial totals shown as the season's.
    const partial = createReplayProvider(
      await loadReplayDataset(database.db, '2021-2022', { lazyEarlier: true }),
    );
    const { calendar } = partial;
    const mondayOf = (week: number) =>
      realInstantOf(calendar.anchorMs + week * WEEK_MS + 4 * 3_600_000, partial);
    const early = mondayOf(calendar.weeks[4] as number);
    const late = mondayOf(calendar.weeks.at(-1) as number);
    for (const league of LEAGUES) {
      const before = await partial.getTopPlayers(league.slug, early);
      expect(before.goals, league.division).toHaveLength(10);
      expect(before.goals.every((p) => p.total > 0)).toBe(true);
      expect(await partial.getTopPlayers(league.slug, late), league.division).toEqual({
        goals: [],
        assists: [],
      });
    }
  });

  it('never tells a shot, goal or statistic before its minute during a live match', async () => {
    // A Saturday of the replay, minute by minute from 14:00 to 21:00 site time.
    const saturday = Date.parse('2026-11-21T12:00:00Z');
    const { startMs, endMs } = getZonedDayRange(saturday, 'Africa/Johannesburg');
    const seen = new Map<string, number>();
    let liveChecked = 0;
    for (let now = saturday; now <= saturday + 7 * 3_600_000; now += MINUTE_MS) {
      const day = await provider.listMatches(new Date(startMs), new Date(endMs), new Date(now));
      for (const match of day) {
        if (match.phase !== 'live' && match.phase !== 'halftime') continue;
        liveChecked += 1;
        // Where the clock stands: 45+2 is the first half's 47th minute; HT is all of the first.
        const clock =
          match.minute === 'HT'
            ? { half: 1, at: Infinity }
            : {
                half: Number.parseInt(match.minute, 10) > 45 ? 2 : 1,
                at: match.minute.split('+').reduce((sum, part) => sum + Number(part), 0),
              };
        const facts = match.facts;
        expect(facts, match.externalId).toBeDefined();
        for (const shot of facts?.shots ?? []) {
          const early =
            shot.half < clock.half ||
            (shot.half === clock.half && shot.minute + shot.added <= clock.at);
          expect(
            early,
            `${match.externalId} ${match.minute}: shot ${shot.minute}+${shot.added}`,
          ).toBe(true);
        }
        for (const event of match.events ?? []) {
          const half = event.minute > 45 ? 2 : 1;
          const early =
            half < clock.half || (half === clock.half && event.minute + event.added <= clock.at);
          expect(early, `${match.externalId} ${match.minute}: goal ${event.minute}`).toBe(true);
        }
        // The goals told add up to the score shown; the statistics to the shots told.
        const goals = (side: string) => (match.events ?? []).filter((e) => e.side === side).length;
        expect([goals('home'), goals('away')]).toEqual([match.homeScore, match.awayScore]);
        const shotsOf = (side: string) =>
          (facts?.shots ?? []).filter((s) => s.side === side).length;
        expect(facts?.statistics?.home.shots).toBe(shotsOf('home'));
        expect(facts?.statistics?.away.shots).toBe(shotsOf('away'));
        // Whole-match totals wait for full time.
        expect(facts?.statistics?.home.corners).toBeNull();
        expect(facts?.atFullTime).toContain('corners');
        // Shots only ever add up.
        const count = facts?.shots?.length ?? 0;
        expect(count).toBeGreaterThanOrEqual(seen.get(match.externalId) ?? 0);
        seen.set(match.externalId, count);
      }
    }
    expect(liveChecked).toBeGreaterThan(500);
    // By full time every recorded shot of those matches is told, with the whole-match totals.
    const over = await provider.listMatches(
      new Date(startMs),
      new Date(endMs),
      new Date(saturday + 12 * 3_600_000),
    );
    for (const match of over.filter((m) => seen.has(m.externalId))) {
      const source = dataset.matches.find(
        (m) => clubKeyOf.get(m.home) === match.homeKey && clubKeyOf.get(m.away) === match.awayKey,
      );
      const rows = rowsByMatch.get(`${source?.div} ${source?.home} v ${source?.away}`) ?? [];
      expect(match.facts?.shots, match.externalId).toHaveLength(
        rows.filter((r) => r.result !== 'OwnGoal').length,
      );
      expect(match.facts?.statistics?.home.corners).toBe(source?.homeCorners);
      expect(match.facts?.atFullTime).toEqual([]);
    }
  });
});
