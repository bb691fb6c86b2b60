import { createRandom, shuffle, type Random } from './seeded-random.ts';

export type GoalSlot = { slotId: string };
export type PlayerTotals = { playerId: string; goals: number; assists: number };
/** Who scored and who assisted one goal; null for own goals, unknown scorers and unassisted goals. */
export type GoalAttribution = { scorerId: string | null; assistId: string | null };

function requireCount(value: number, what: string): void {
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new RangeError(`goal attribution: ${what} is not a count: ${value}`);
  }
}

/** Goal counts cut to fit the slots, one goal at a time from whoever has most left (the first listed on a tie). */
function trimGoals(players: PlayerTotals[], slotCount: number): number[] {
  const counts = players.map((p) => p.goals);
  let excess = counts.reduce((a, b) => a + b, 0) - slotCount;
  while (excess > 0) {
    let most = 0;
    for (let i = 1; i < counts.length; i++) if (counts[i]! > counts[most]!) most = i;
    counts[most]! -= 1;
    excess -= 1;
  }
  return counts;
}

/**
 * Places assist tokens on slots, at most one per slot and never on a goal the
 * assister scored, placing as many as possible: a maximum bipartite matching
 * (augmenting paths), with tokens and each token's slot preferences in seeded
 * random order so the result is random but reproducible.
 */
function placeAssists(
  random: Random,
  scorers: (string | null)[],
  tokens: string[],
): (string | null)[] {
  const order = shuffle(random, tokens);
  const preferences = order.map(() =>
    shuffle(
      random,
      scorers.map((_, i) => i),
    ),
  );
  const tokenAt: number[] = scorers.map(() => -1);

  const tryPlace = (token: number, visited: boolean[]): boolean => {
    for (const slot of preferences[token]!) {
      if (visited[slot] || scorers[slot] === order[token]) continue;
      visited[slot] = true;
      const holder = tokenAt[slot]!;
      if (holder === -1 || tryPlace(holder, visited)) {
        tokenAt[slot] = token;
        return true;
      }
    }
    return false;
  };

  // A token that cannot be placed is dropped: every slot it may take is held
  // by tokens that have nowhere else to go.
  order.forEach((_, token) =>
    tryPlace(
      token,
      scorers.map(() => false),
    ),
  );
  return tokenAt.map((token) => (token === -1 ? null : order[token]!));
}

/**
 * Gives each goal of a team's season (slots, in order) a real scorer and
 * assister, so that the players' season totals come out at their real figures
 * whenever the slots allow it. Reproducible from the seed.
 */
export function attributeGoals(
  seed: string,
  slots: GoalSlot[],
  players: PlayerTotals[],
): Map<string, GoalAttribution> {
  if (new Set(slots.map((s) => s.slotId)).size !== slots.length) {
    throw new RangeError('goal attribution: slot ids repeat');
  }
  for (const player of players) {
    requireCount(player.goals, `goals of ${player.playerId}`);
    requireCount(player.assists, `assists of ${player.playerId}`);
  }
  const random = createRandom(seed);

  const goals = trimGoals(players, slots.length);
  const scorerTokens: (string | null)[] = players.flatMap((p, i) =>
    Array.from({ length: goals[i]! }, () => p.playerId),
  );
  while (scorerTokens.length < slots.length) scorerTokens.push(null);
  const scorers = shuffle(random, scorerTokens);

  const assistTokens = players.flatMap((p) => Array.from({ length: p.assists }, () => p.playerId));
  const assisters = placeAssists(random, scorers, assistTokens);

  return new Map(
    slots.map((slot, i) => [
      slot.slotId,
      { scorerId: scorers[i] ?? null, assistId: assisters[i] ?? null },
    ]),
  );
}
