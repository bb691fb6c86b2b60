import { attributeGoals } from '../../../domain/goal-attribution.ts';
import type { ClubInfo, HistoryPlayer, ReplayDataset } from '../../../domain/history.ts';
import type { MatchTimeline } from '../../../domain/match-timeline.ts';

/** What the goal slots need of a season match. */
export type SlottedMatch = {
  index: number;
  homeKey: string;
  awayKey: string;
  timeline: MatchTimeline;
};

export type GoalSlot = {
  matchIndex: number;
  side: 'home' | 'away';
  order: number;
  scorerId: string | null;
  assistId: string | null;
};

/** Gives every goal of each club's season a real scorer and assister (seeded by season and club). */
export function buildGoalSlots(
  dataset: ReplayDataset,
  matches: readonly SlottedMatch[],
  clubByUnderstatName: Map<string, ClubInfo>,
): Map<string, GoalSlot[]> {
  const slotsByClub = new Map<string, { slotId: string; slot: GoalSlot }[]>();
  for (const match of matches) {
    let homeOrder = 0;
    let awayOrder = 0;
    for (const goal of match.timeline.goals) {
      const clubKey = goal.side === 'home' ? match.homeKey : match.awayKey;
      const order = goal.side === 'home' ? homeOrder++ : awayOrder++;
      const slot: GoalSlot = {
        matchIndex: match.index,
        side: goal.side,
        order,
        scorerId: null,
        assistId: null,
      };
      const list = slotsByClub.get(clubKey) ?? [];
      list.push({ slotId: `${match.index}:${goal.side}:${order}`, slot });
      slotsByClub.set(clubKey, list);
    }
  }

  const playersByClub = splitPlayersByClub(
    dataset.players,
    clubByUnderstatName,
    (key) => slotsByClub.get(key)?.length ?? 0,
  );

  const byMatchSide = new Map<string, GoalSlot[]>();
  for (const [clubKey, clubSlots] of slotsByClub) {
    const attribution = attributeGoals(
      `${dataset.season}:${clubKey}`,
      clubSlots.map((s) => ({ slotId: s.slotId })),
      playersByClub.get(clubKey) ?? [],
    );
    for (const { slotId, slot } of clubSlots) {
      const who = attribution.get(slotId);
      slot.scorerId = who?.scorerId ?? null;
      slot.assistId = who?.assistId ?? null;
      const key = `${slot.matchIndex}:${slot.side}`;
      const list = byMatchSide.get(key) ?? [];
      list.push(slot);
      byMatchSide.set(key, list);
    }
  }
  return byMatchSide;
}

type PlayerShare = { playerId: string; goals: number; assists: number };

/**
 * Each club's players with their season totals. A player who moved between two clubs of the
 * league mid-season has one row naming both (in alphabetical order, not in order of the move):
 * his goals and assists go one by one to whichever of his clubs has most goals left unclaimed,
 * so every club's players account for at most the goals it scored.
 */
export function splitPlayersByClub(
  players: readonly HistoryPlayer[],
  clubByUnderstatName: ReadonlyMap<string, ClubInfo>,
  goalsOfClub: (clubKey: string) => number,
): Map<string, PlayerShare[]> {
  const byClub = new Map<string, Map<string, PlayerShare>>();
  const share = (clubKey: string, playerId: string): PlayerShare => {
    const club = byClub.get(clubKey) ?? new Map<string, PlayerShare>();
    byClub.set(clubKey, club);
    const entry = club.get(playerId) ?? { playerId, goals: 0, assists: 0 };
    club.set(playerId, entry);
    return entry;
  };
  const movers: { player: HistoryPlayer; clubs: string[] }[] = [];
  for (const player of players) {
    const clubs = player.team
      .split(',')
      .map((name) => clubByUnderstatName.get(name.trim())?.key)
      .filter((key): key is string => key !== undefined);
    if (clubs.length === 0) continue;
    if (clubs.length === 1) {
      const entry = share(clubs[0] as string, player.playerId);
      entry.goals += player.goals;
      entry.assists += player.assists;
    } else movers.push({ player, clubs });
  }
  const left = (clubKey: string, kind: 'goals' | 'assists') =>
    goalsOfClub(clubKey) -
    [...(byClub.get(clubKey)?.values() ?? [])].reduce((sum, p) => sum + p[kind], 0);
  movers.sort(
    (a, b) => b.player.goals - a.player.goals || a.player.playerId.localeCompare(b.player.playerId),
  );
  for (const { player, clubs } of movers) {
    for (const kind of ['goals', 'assists'] as const) {
      for (let i = 0; i < player[kind]; i++) {
        const target = clubs.reduce((best, key) =>
          left(key, kind) > left(best, kind) ? key : best,
        );
        share(target, player.playerId)[kind]++;
      }
    }
  }
  return new Map([...byClub].map(([key, club]) => [key, [...club.values()]]));
}
