import { describe, expect, it } from 'vitest';

import {
  buildRecordedTimeline,
  drawMatchTimeline,
  getGoalOffsetMs,
  getShotOffsetMs,
  placeRecordedShots,
  type RecordedShotTime,
  getMatchDurationMs,
  getMatchState,
  type MatchScore,
  type MatchTimeline,
} from './match-timeline.ts';

const MINUTE = 60 * 1000;
const KICKOFF = Date.parse('2022-10-02T13:00:00Z');

/** Real Premier League 2022-23 results: home, away, FT home, FT away, HT home, HT away. */
const RESULTS_2022_23: [string, string, number, number, number, number][] = [
  ['Crystal Palace', 'Arsenal', 0, 2, 0, 1],
  ['Aston Villa', 'Everton', 2, 1, 1, 0],
  ['Man City', 'Bournemouth', 4, 0, 3, 0],
  ['Everton', "Nott'm Forest", 1, 1, 0, 0],
  ['Liverpool', 'Bournemouth', 9, 0, 5, 0],
  ['Brentford', 'Leeds', 5, 2, 2, 1],
  ['Wolves', 'Man City', 0, 3, 0, 2],
  ['Tottenham', 'Leicester', 6, 2, 2, 2],
  ['Bournemouth', 'Brentford', 0, 0, 0, 0],
  ['Man City', 'Man United', 6, 3, 4, 0],
  ['Man City', 'Southampton', 4, 0, 2, 0],
  ['Newcastle', 'Brentford', 5, 1, 2, 0],
  ['Brighton', 'Tottenham', 0, 1, 0, 1],
  ['Crystal Palace', 'Leeds', 2, 1, 1, 1],
  ['Arsenal', 'Liverpool', 3, 2, 2, 1],
  ['Leeds', 'Bournemouth', 4, 3, 1, 2],
  ['Everton', 'Leicester', 0, 2, 0, 1],
  ['Chelsea', 'Arsenal', 0, 1, 0, 0],
  ['Tottenham', 'Aston Villa', 0, 2, 0, 0],
  ['Aston Villa', 'Wolves', 1, 1, 0, 1],
  ['Newcastle', 'Fulham', 1, 0, 0, 0],
  ['Fulham', "Nott'm Forest", 2, 0, 1, 0],
  ['Fulham', 'Wolves', 1, 1, 0, 1],
  ['Crystal Palace', 'Liverpool', 0, 0, 0, 0],
  ['Man City', 'Newcastle', 2, 0, 1, 0],
  ['Man United', 'Brentford', 1, 0, 1, 0],
  ['Southampton', 'Man City', 1, 4, 0, 1],
  ['Arsenal', 'Chelsea', 3, 1, 3, 0],
  ['Fulham', 'Leicester', 5, 3, 3, 0],
  ['Southampton', 'Liverpool', 4, 4, 2, 2],
];

/** Real Premier League 1993-94 results, recorded without a half-time score. */
const RESULTS_1993_94: [string, string, number, number][] = [
  ['Arsenal', 'Coventry', 0, 3],
  ['Aston Villa', 'QPR', 4, 1],
  ['Chelsea', 'Blackburn', 1, 2],
  ['Liverpool', 'Sheffield Weds', 2, 0],
];

const SEEDS = Array.from({ length: 25 }, (_, i) => `seed-${i}`);

const endOf = (timeline: MatchTimeline): number => KICKOFF + getMatchDurationMs(timeline);
const halfTimeOf = (timeline: MatchTimeline): number =>
  KICKOFF + (45 + timeline.firstHalfAdded) * MINUTE;

describe('drawMatchTimeline', () => {
  describe.each(RESULTS_2022_23)('for %s v %s', (home, away, ftHome, ftAway, htHome, htAway) => {
    const score: MatchScore = { home: ftHome, away: ftAway, htHome, htAway };

    it(`ends ${ftHome}-${ftAway} with ${htHome}-${htAway} at half-time for every seed`, () => {
      for (const seed of SEEDS) {
        const timeline = drawMatchTimeline(`${home}-${away}-${seed}`, score);
        expect(getMatchState(timeline, KICKOFF, halfTimeOf(timeline))).toEqual({
          status: 'halftime',
          minute: 'HT',
          home: htHome,
          away: htAway,
        });
        expect(getMatchState(timeline, KICKOFF, endOf(timeline))).toEqual({
          status: 'finished',
          minute: 'FT',
          home: ftHome,
          away: ftAway,
        });
      }
    });
  });

  it.each(RESULTS_1993_94)(
    'splits %s v %s (%i-%i, no half-time score) between the halves',
    (home, away, ftHome, ftAway) => {
      const halfTimeScores = new Set<string>();
      for (const seed of SEEDS) {
        const timeline = drawMatchTimeline(seed, {
          home: ftHome,
          away: ftAway,
          htHome: null,
          htAway: null,
        });
        const ht = getMatchState(timeline, KICKOFF, halfTimeOf(timeline));
        expect(ht.home).toBeLessThanOrEqual(ftHome);
        expect(ht.away).toBeLessThanOrEqual(ftAway);
        halfTimeScores.add(`${ht.home}-${ht.away}`);
        expect(getMatchState(timeline, KICKOFF, endOf(timeline))).toMatchObject({
          home: ftHome,
          away: ftAway,
        });
      }
      expect(halfTimeScores.size).toBeGreaterThan(1);
    },
  );

  it('treats a half-time score with one side missing as unknown', () => {
    const timeline = drawMatchTimeline('partial', { home: 3, away: 1, htHome: 3, htAway: null });
    expect(timeline.goals.filter((g) => g.side === 'home')).toHaveLength(3);
    expect(timeline.goals.filter((g) => g.side === 'away')).toHaveLength(1);
  });

  it('gives the same timeline for the same seed', () => {
    const score = { home: 4, away: 4, htHome: 2, htAway: 2 };
    expect(drawMatchTimeline('Southampton-Liverpool', score)).toEqual(
      drawMatchTimeline('Southampton-Liverpool', score),
    );
  });

  it('gives different timelines for different seeds', () => {
    const score = { home: 4, away: 4, htHome: 2, htAway: 2 };
    const drawn = new Set(SEEDS.map((seed) => JSON.stringify(drawMatchTimeline(seed, score))));
    expect(drawn.size).toBe(SEEDS.length);
  });

  it('keeps added time and goal minutes in range and goals in time order', () => {
    let stoppage = 0;
    let total = 0;
    for (let i = 0; i < 400; i++) {
      const timeline = drawMatchTimeline(`range-${i}`, { home: 3, away: 2, htHome: 1, htAway: 1 });
      expect(timeline.firstHalfAdded).toBeGreaterThanOrEqual(1);
      expect(timeline.firstHalfAdded).toBeLessThanOrEqual(5);
      expect(timeline.secondHalfAdded).toBeGreaterThanOrEqual(2);
      expect(timeline.secondHalfAdded).toBeLessThanOrEqual(8);
      for (const goal of timeline.goals) {
        total += 1;
        const [first, last, maxAdded] =
          goal.half === 1 ? [1, 45, timeline.firstHalfAdded] : [46, 90, timeline.secondHalfAdded];
        expect(goal.minute).toBeGreaterThanOrEqual(first);
        expect(goal.minute).toBeLessThanOrEqual(last);
        if (goal.added > 0) {
          stoppage += 1;
          expect(goal.minute).toBe(last);
          expect(goal.added).toBeLessThanOrEqual(maxAdded);
        } else {
          expect(goal.added).toBe(0);
        }
      }
      const offsets = timeline.goals.map((g) => getGoalOffsetMs(g, timeline));
      expect(offsets).toEqual([...offsets].sort((a, b) => a - b));
    }
    // About 5% of goals fall in added time.
    expect(stoppage / total).toBeGreaterThan(0.02);
    expect(stoppage / total).toBeLessThan(0.09);
  });

  it.each([
    ['a half-time home score above the final', { home: 1, away: 0, htHome: 2, htAway: 0 }],
    ['a half-time away score above the final', { home: 1, away: 1, htHome: 0, htAway: 2 }],
    ['a negative score', { home: -1, away: 0, htHome: null, htAway: null }],
    ['a fractional score', { home: 1.5, away: 0, htHome: 0, htAway: 0 }],
  ])('rejects %s', (_, score) => {
    expect(() => drawMatchTimeline('bad', score)).toThrow(RangeError);
  });
});

describe('getMatchState', () => {
  // First half 45+3, break to 63', second half 45+4: the final whistle is 112 real minutes after kick-off.
  const timeline: MatchTimeline = {
    firstHalfAdded: 3,
    secondHalfAdded: 4,
    goals: [
      { side: 'home', half: 1, minute: 1, added: 0 },
      { side: 'away', half: 1, minute: 30, added: 0 },
      { side: 'away', half: 1, minute: 45, added: 2 },
      { side: 'home', half: 2, minute: 46, added: 0 },
      { side: 'home', half: 2, minute: 90, added: 3 },
    ],
  };

  it.each([
    ['an hour before kick-off', -60 * MINUTE, 'scheduled', '', 0, 0],
    ['just before kick-off', -1, 'scheduled', '', 0, 0],
    ['at kick-off', 0, 'live', '1', 1, 0],
    ['at 28:59', 29 * MINUTE - 1000, 'live', '29', 1, 0],
    ['at 29:00', 29 * MINUTE, 'live', '30', 1, 1],
    ['at 44:59', 45 * MINUTE - 1000, 'live', '45', 1, 1],
    ['at 45:00', 45 * MINUTE, 'live', '45+1', 1, 1],
    ['at 46:00', 46 * MINUTE, 'live', '45+2', 1, 2],
    ['at 47:59', 48 * MINUTE - 1, 'live', '45+3', 1, 2],
    ['when the first half ends', 48 * MINUTE, 'halftime', 'HT', 1, 2],
    ['at the end of the break', 63 * MINUTE - 1, 'halftime', 'HT', 1, 2],
    ['when the second half starts', 63 * MINUTE, 'live', '46', 2, 2],
    ['at 90:00 of play', 107 * MINUTE + 59 * 1000, 'live', '90', 2, 2],
    ['in the first added minute', 108 * MINUTE, 'live', '90+1', 2, 2],
    ['in the third added minute', 110 * MINUTE, 'live', '90+3', 3, 2],
    ['in the last added minute', 112 * MINUTE - 1, 'live', '90+4', 3, 2],
    ['at the final whistle', 112 * MINUTE, 'finished', 'FT', 3, 2],
    ['a day later', 24 * 60 * MINUTE, 'finished', 'FT', 3, 2],
  ])('%s shows status %s, minute %j and %i-%i', (_, offset, status, minute, home, away) => {
    expect(getMatchState(timeline, KICKOFF, KICKOFF + offset)).toEqual({
      status,
      minute,
      home,
      away,
    });
  });

  it('lasts 45 + first added + 15 + 45 + second added minutes', () => {
    expect(getMatchDurationMs(timeline)).toBe(112 * MINUTE);
  });

  it('shows 0-0 through a goalless match', () => {
    const goalless = drawMatchTimeline('goalless', { home: 0, away: 0, htHome: 0, htAway: 0 });
    for (let t = 0; t <= getMatchDurationMs(goalless); t += 7 * MINUTE) {
      expect(getMatchState(goalless, KICKOFF, KICKOFF + t)).toMatchObject({ home: 0, away: 0 });
    }
  });

  it('never takes a goal back as the match goes on', () => {
    const drawn = drawMatchTimeline('monotonic', { home: 6, away: 3, htHome: 4, htAway: 0 });
    let previous = { home: 0, away: 0 };
    for (let t = -MINUTE; t <= getMatchDurationMs(drawn) + MINUTE; t += 30 * 1000) {
      const state = getMatchState(drawn, KICKOFF, KICKOFF + t);
      expect(state.home).toBeGreaterThanOrEqual(previous.home);
      expect(state.away).toBeGreaterThanOrEqual(previous.away);
      previous = state;
    }
    expect(previous).toMatchObject({ home: 6, away: 3 });
  });
});

describe('placeRecordedShots', () => {
  const shot = (minute: number, forSide: 'home' | 'away', isGoal = false): RecordedShotTime => ({
    minute,
    forSide,
    isGoal,
  });

  it('keeps a first-half stoppage goal in the first half when the half-time score says so', () => {
    // The recorder's clock reads 47 for 45+2; the home side led 1-0 at the break.
    const shots = [shot(12, 'away'), shot(47, 'home', true), shot(46, 'away'), shot(50, 'home')];
    const times = placeRecordedShots(shots, { htHome: 1, htAway: 0 });
    expect(times).toEqual([
      { half: 1, minute: 12, added: 0 },
      { half: 1, minute: 45, added: 2 },
      { half: 2, minute: 46, added: 0 },
      { half: 2, minute: 50, added: 0 },
    ]);
  });

  it('puts a goal at minute 45 or earlier in the second half when the half-time score has no room for it', () => {
    // Early second-half goals read 45 on the recorder's clock; 0-0 at the break.
    const times = placeRecordedShots([shot(45, 'away', true), shot(44, 'home')], {
      htHome: 0,
      htAway: 0,
    });
    expect(times).toEqual([
      { half: 2, minute: 46, added: 0 },
      { half: 1, minute: 44, added: 0 },
    ]);
  });

  it('gives each side its half-time goals in order of minute, and second-half added time past 90', () => {
    const shots = [
      shot(3, 'home', true),
      shot(30, 'away', true),
      shot(44, 'home', true),
      shot(60, 'away', true),
      shot(93, 'home', true),
    ];
    const times = placeRecordedShots(shots, { htHome: 2, htAway: 1 });
    expect(times.map((t) => `${t.half}:${t.minute}+${t.added}`)).toEqual([
      '1:3+0',
      '1:30+0',
      '1:44+0',
      '2:60+0',
      '2:90+3',
    ]);
  });

  it('splits at minute 45 when the half-time score is unknown, and never shows minute 0', () => {
    const times = placeRecordedShots([shot(0, 'home', true), shot(46, 'away', true)], {
      htHome: null,
      htAway: null,
    });
    expect(times).toEqual([
      { half: 1, minute: 1, added: 0 },
      { half: 2, minute: 46, added: 0 },
    ]);
  });
});

describe('buildRecordedTimeline', () => {
  it('plays recorded goals at their minutes to the real half-time and full-time score, with halves long enough for every shot', () => {
    const shots: RecordedShotTime[] = [
      { minute: 20, forSide: 'home', isGoal: true },
      { minute: 52, forSide: 'away', isGoal: true },
      { minute: 52, forSide: 'home', isGoal: false },
      { minute: 99, forSide: 'home', isGoal: true },
    ];
    // 45+7 in the first half (1-1 at the break), 90+9 in the second: beyond any drawn added time.
    const times = placeRecordedShots(shots, { htHome: 1, htAway: 1 });
    for (const seed of SEEDS) {
      const timeline = buildRecordedTimeline(seed, shots, times);
      expect(timeline.firstHalfAdded).toBeGreaterThanOrEqual(7);
      expect(timeline.secondHalfAdded).toBeGreaterThanOrEqual(9);
      expect(getMatchState(timeline, KICKOFF, halfTimeOf(timeline))).toMatchObject({
        status: 'halftime',
        home: 1,
        away: 1,
      });
      expect(getMatchState(timeline, KICKOFF, endOf(timeline))).toMatchObject({
        status: 'finished',
        home: 2,
        away: 1,
      });
      // Each shot comes in the minute it was recorded: at 45+7 the first half is still on.
      const lastOfFirstHalf = KICKOFF + getShotOffsetMs(times[1]!, timeline);
      expect(getMatchState(timeline, KICKOFF, lastOfFirstHalf)).toMatchObject({
        status: 'live',
        minute: '45+7',
        home: 1,
        away: 1,
      });
      expect(getMatchState(timeline, KICKOFF, lastOfFirstHalf - 1)).toMatchObject({
        minute: '45+6',
        away: 0,
      });
    }
  });
});
