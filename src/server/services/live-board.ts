import type { LiveMatch } from '../../domain/live-match.ts';
import { getZonedDayRange } from '../../domain/time-zone.ts';
import type { Db } from '../db/client.ts';
import { listMatchesBetween } from '../db/matches-queries.ts';
import { toLiveMatch } from './site-data.ts';

export type LiveBoard = {
  /**
   * Reads today's board as stored and publishes the items that differ from the last reading:
   * called by the leader after each write of the matches. The first reading after start-up (or
   * a change of leader) publishes every item: a change the last leader wrote but never
   * announced reaches the browsers all the same.
   */
  publishChanges: () => Promise<number>;
};

/** One board item as text, to tell whether anything a browser shows has changed. */
function describeItem(item: LiveMatch): string {
  return JSON.stringify(item);
}

export function createLiveBoard(deps: {
  db: Db;
  now: () => Date;
  timeZone: string;
  publish: (matches: LiveMatch[]) => void;
}): LiveBoard {
  let seen = new Map<string, string>();
  return {
    async publishChanges() {
      const { startMs, endMs } = getZonedDayRange(deps.now().getTime(), deps.timeZone);
      const rows = await listMatchesBetween(deps.db, new Date(startMs), new Date(endMs));
      const next = new Map<string, string>();
      const changed: LiveMatch[] = [];
      for (const row of rows) {
        const item = toLiveMatch(row, deps.timeZone);
        const text = describeItem(item);
        next.set(String(item.id), text);
        if (seen.get(String(item.id)) !== text) changed.push(item);
      }
      seen = next;
      deps.publish(changed);
      return changed.length;
    },
  };
}
