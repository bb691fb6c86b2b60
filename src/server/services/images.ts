import { escapeHtml } from '../../domain/escape-html.ts';
import type { Db } from '../db/client.ts';
import { findTeamByKey } from '../db/teams-queries.ts';

/** A shield in the club's colours with its short name: the crest when the source has none. */
export function drawCrest(shortName: string, primary: string, secondary: string): string {
  const initials = escapeHtml(shortName.slice(0, 3).toUpperCase());
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" role="img" aria-label="${initials}"><path d="M32 3 56 11v19c0 15-10 26-24 31C18 56 8 45 8 30V11Z" fill="${primary}" stroke="${secondary}" stroke-width="3"/><path d="M8 26h48v9H8z" fill="${secondary}" opacity=".9"/><text x="32" y="34" text-anchor="middle" dominant-baseline="middle" font-family="Arial,Helvetica,sans-serif" font-size="15" font-weight="700" fill="${primary}" stroke="${secondary}" stroke-width=".6" paint-order="stroke">${initials}</text></svg>`;
}

/** A neutral head-and-shoulders placeholder, tinted from the id so rows are told apart. */
export function drawPlayer(id: string): string {
  let hash = 0;
  for (const char of id) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  const hue = hash % 360;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" role="img" aria-label="player"><rect width="64" height="64" rx="32" fill="hsl(${hue} 35% 88%)"/><circle cx="32" cy="25" r="11" fill="hsl(${hue} 30% 45%)"/><path d="M12 56c2-12 10-18 20-18s18 6 20 18" fill="hsl(${hue} 30% 45%)"/></svg>`;
}

/** Drawn images: crests of the clubs in the database (each drawn once), player placeholders. */
export function createImages(deps: { db: Db }) {
  const crests = new Map<string, string>();
  return {
    /** The crest of the club with this key, or null when there is none. */
    async findCrest(key: string): Promise<string | null> {
      const drawn = crests.get(key);
      if (drawn !== undefined) return drawn;
      const team = await findTeamByKey(deps.db, key);
      if (team === null) return null;
      const svg = drawCrest(
        team.shortName,
        team.primaryColour ?? '#1f2937',
        team.secondaryColour ?? '#f9fafb',
      );
      crests.set(key, svg);
      return svg;
    },
    getPlayerPhoto: drawPlayer,
  };
}

export type Images = ReturnType<typeof createImages>;
