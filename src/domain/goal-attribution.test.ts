import { describe, expect, it } from 'vitest';

import { attributeGoals, type GoalAttribution, type PlayerTotals } from './goal-attribution.ts';

const makeSlots = (count: number) =>
  Array.from({ length: count }, (_, i) => ({ slotId: `goal-${i + 1}` }));

function countBy(attribution: Map<string, GoalAttribution>, field: keyof GoalAttribution) {
  const counts = new Map<string | null, number>();
  for (const goal of attribution.values())
    counts.set(goal[field], (counts.get(goal[field]) ?? 0) + 1);
  return counts;
}

/** A made-up season: 55 goals by players and 5 own goals; 46 assists. */
const SEASON: PlayerTotals[] = [
  { playerId: 'striker', goals: 20, assists: 4 },
  { playerId: 'winger-l', goals: 10, assists: 9 },
  { playerId: 'winger-r', goals: 8, assists: 8 },
  { playerId: 'playmaker', goals: 6, assists: 14 },
  { playerId: 'midfielder', goals: 4, assists: 3 },
  { playerId: 'full-back-l', goals: 1, assists: 5 },
  { playerId: 'full-back-r', goals: 2, assists: 3 },
  { playerId: 'centre-back', goals: 3, assists: 0 },
  { playerId: 'sub-striker', goals: 1, assists: 0 },
  { playerId: 'keeper', goals: 0, assists: 0 },
];

describe('attributeGoals', () => {
  it.each(['2022-23/Arsenal', '2022-23/Chelsea', 'a', 'b', 'c', 'd', 'e', 'f'])(
    'with seed %j ends every player on his real goals and assists',
    (seed) => {
      const attribution = attributeGoals(seed, makeSlots(60), SEASON);
      expect([...attribution.keys()]).toEqual(makeSlots(60).map((s) => s.slotId));
      const goals = countBy(attribution, 'scorerId');
      const assists = countBy(attribution, 'assistId');
      for (const player of SEASON) {
        expect(goals.get(player.playerId) ?? 0).toBe(player.goals);
        expect(assists.get(player.playerId) ?? 0).toBe(player.assists);
      }
      expect(goals.get(null)).toBe(5);
      expect(assists.get(null)).toBe(14);
    },
  );

  it('never has a player assist his own goal', () => {
    for (let i = 0; i < 50; i++) {
      for (const goal of attributeGoals(`self-${i}`, makeSlots(60), SEASON).values()) {
        if (goal.scorerId !== null) expect(goal.assistId).not.toBe(goal.scorerId);
      }
    }
  });

  it('gives the same attribution for the same seed', () => {
    expect(attributeGoals('same', makeSlots(60), SEASON)).toEqual(
      attributeGoals('same', makeSlots(60), SEASON),
    );
  });

  it('gives a different attribution for a different seed', () => {
    expect(attributeGoals('one', makeSlots(60), SEASON)).not.toEqual(
      attributeGoals('two', makeSlots(60), SEASON),
    );
  });

  it.each([
    // 8 goals for 5 slots: take from A (4→3), then A over B on the tie (3→2), then B (3→2).
    [
      'trims one goal at a time from whoever has most left',
      5,
      [
        { playerId: 'A', goals: 4, assists: 0 },
        { playerId: 'B', goals: 3, assists: 0 },
        { playerId: 'C', goals: 1, assists: 0 },
      ],
      { A: 2, B: 2, C: 1 },
    ],
    [
      'trims a lone top scorer down to the next',
      6,
      [
        { playerId: 'A', goals: 9, assists: 0 },
        { playerId: 'B', goals: 2, assists: 0 },
        { playerId: 'C', goals: 2, assists: 0 },
      ],
      { A: 2, B: 2, C: 2 },
    ],
    [
      'keeps everyone when the goals fit',
      4,
      [
        { playerId: 'A', goals: 3, assists: 0 },
        { playerId: 'B', goals: 1, assists: 0 },
      ],
      { A: 3, B: 1 },
    ],
  ])('%s', (_, slotCount, players, expected) => {
    const goals = countBy(attributeGoals('trim', makeSlots(slotCount), players), 'scorerId');
    expect(Object.fromEntries(goals)).toEqual(expected);
  });

  it('leaves the slots nobody scored as own goals or unknown', () => {
    const attribution = attributeGoals('few', makeSlots(4), [
      { playerId: 'A', goals: 1, assists: 0 },
    ]);
    expect(Object.fromEntries(countBy(attribution, 'scorerId'))).toEqual({ A: 1, null: 3 });
  });

  it('places assists even when a careless order would strand one', () => {
    // C may take either slot, A only the one B scored: both fit for every seed.
    const players = [
      { playerId: 'A', goals: 1, assists: 1 },
      { playerId: 'B', goals: 1, assists: 0 },
      { playerId: 'C', goals: 0, assists: 1 },
    ];
    for (let i = 0; i < 30; i++) {
      const attribution = [...attributeGoals(`tight-${i}`, makeSlots(2), players).values()];
      expect(attribution).toHaveLength(2);
      expect(attribution.find((g) => g.scorerId === 'B')?.assistId).toBe('A');
      expect(attribution.find((g) => g.scorerId === 'A')?.assistId).toBe('C');
    }
  });

  it('drops assists that could only go on the assister\u2019s own goals', () => {
    const players = [
      { playerId: 'A', goals: 3, assists: 2 },
      { playerId: 'B', goals: 0, assists: 1 },
    ];
    const attribution = attributeGoals('own', makeSlots(3), players);
    expect(Object.fromEntries(countBy(attribution, 'assistId'))).toEqual({ B: 1, null: 2 });
  });

  it('gives each slot one assister at most, dropping assists beyond the slots', () => {
    const players = [
      { playerId: 'A', goals: 2, assists: 3 },
      { playerId: 'B', goals: 1, assists: 3 },
    ];
    const attribution = attributeGoals('many', makeSlots(3), players);
    const assists = countBy(attribution, 'assistId');
    expect(assists.get(null)).toBeUndefined();
    // A may assist only B's goal, so B assists both of A's.
    expect(Object.fromEntries(assists)).toEqual({ A: 1, B: 2 });
  });

  it('gives an empty map for a season without goals', () => {
    expect(attributeGoals('none', [], SEASON).size).toBe(0);
  });

  it.each([
    ['repeated slot ids', [{ slotId: 'x' }, { slotId: 'x' }], []],
    ['a negative goal count', makeSlots(2), [{ playerId: 'A', goals: -1, assists: 0 }]],
    ['a fractional assist count', makeSlots(2), [{ playerId: 'A', goals: 1, assists: 0.5 }]],
  ])('rejects %s', (_, slots, players) => {
    expect(() => attributeGoals('bad', slots, players)).toThrow(RangeError);
  });
});
