import { escapeHtml } from '../../domain/escape-html.ts';
import type { Scoreline } from '../../domain/report-card.ts';
import type { Db } from '../db/client.ts';
import { findTeamByKey } from '../db/teams-queries.ts';

const NEUTRAL_PRIMARY = '#1f2937';
const NEUTRAL_SECONDARY = '#f9fafb';

/** A colour as the data writes it (`#0068a8`, `#fff`), or `fallback` for anything else. */
function toSafeColour(colour: string, fallback: string): string {
  return /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i.test(colour) ? colour : fallback;
}

/** A shield in the club's colours with its short name: the crest when the source has none. */
export function drawCrest(
  shortName: string,
  primaryColour: string,
  secondaryColour: string,
): string {
  const initials = escapeHtml(shortName.slice(0, 3).toUpperCase());
  // Colours are written into attributes: anything but a hex colour could close one.
  const primary = toSafeColour(primaryColour, NEUTRAL_PRIMARY);
  const secondary = toSafeColour(secondaryColour, NEUTRAL_SECONDARY);
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" role="img" aria-label="${initials}"><path d="M32 3 56 11v19c0 15-10 26-24 31C18 56 8 45 8 30V11Z" fill="${primary}" stroke="${secondary}" stroke-width="3"/><path d="M8 26h48v9H8z" fill="${secondary}" opacity=".9"/><text x="32" y="34" text-anchor="middle" dominant-baseline="middle" font-family="Arial,Helvetica,sans-serif" font-size="15" font-weight="700" fill="${primary}" stroke="${secondary}" stroke-width=".6" paint-order="stroke">${initials}</text></svg>`;
}

/** A neutral head-and-shoulders placeholder, tinted from the id so rows are told apart. */
export function drawPlayer(id: string): string {
  let hash = 0;
  for (const char of id) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  const hue = hash % 360;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" role="img" aria-label="player"><rect width="64" height="64" rx="32" fill="hsl(${hue} 35% 88%)"/><circle cx="32" cy="25" r="11" fill="hsl(${hue} 30% 45%)"/><path d="M12 56c2-12 10-18 20-18s18 6 20 18" fill="hsl(${hue} 30% 45%)"/></svg>`;
}

type CardSide = { name: string; shortName: string; primary: string; secondary: string };

/**
 * A 16:9 card for a match report: the two crests on a pitch, the score between them and the
 * clubs' names below. Every text is escaped and every colour checked.
 */
export function drawReportCard(
  home: CardSide,
  away: CardSide,
  homeScore: number,
  awayScore: number,
): string {
  const score = `${Math.trunc(homeScore)}–${Math.trunc(awayScore)}`;
  const label = escapeHtml(`${home.name} ${score} ${away.name}`);
  const crest = (side: CardSide, x: number) =>
    drawCrest(side.shortName, side.primary, side.secondary).replace(
      '<svg xmlns="http://www.w3.org/2000/svg" ',
      `<svg x="${x}" y="70" width="160" height="160" `,
    );
  const name = (side: CardSide, x: number) =>
    `<text x="${x}" y="270" text-anchor="middle" font-size="22" font-weight="700" fill="#f9fafb">${escapeHtml(
      side.name.length > 22 ? `${side.name.slice(0, 21)}…` : side.name,
    )}</text>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 640 360" role="img" aria-label="${label}"><defs><linearGradient id="pitch" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#166534"/><stop offset="1" stop-color="#14532d"/></linearGradient></defs><rect width="640" height="360" fill="url(#pitch)"/><g fill="none" stroke="#f9fafb" stroke-opacity=".14" stroke-width="3"><path d="M320 0v360"/><circle cx="320" cy="180" r="64"/><path d="M0 110h60v140H0M640 110h-60v140h60"/></g>${crest(home, 60)}${crest(away, 420)}<g font-family="Arial,Helvetica,sans-serif">${name(home, 140)}${name(away, 500)}<text x="320" y="168" text-anchor="middle" dominant-baseline="middle" font-size="72" font-weight="700" fill="#f9fafb">${score}</text></g></svg>`;
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
        team.primaryColour ?? NEUTRAL_PRIMARY,
        team.secondaryColour ?? NEUTRAL_SECONDARY,
      );
      crests.set(key, svg);
      return svg;
    },
    /**
     * The card image of a match report: both clubs' crests and the score, or null when either
     * club is unknown. Not kept: the addresses are many, and the browser caches each for a year.
     */
    async findReportCard(line: Scoreline): Promise<string | null> {
      const [home, away] = await Promise.all([
        findTeamByKey(deps.db, line.home),
        findTeamByKey(deps.db, line.away),
      ]);
      if (home === null || away === null) return null;
      const side = (team: typeof home) => ({
        name: team.name,
        shortName: team.shortName,
        primary: team.primaryColour ?? NEUTRAL_PRIMARY,
        secondary: team.secondaryColour ?? NEUTRAL_SECONDARY,
      });
      return drawReportCard(side(home), side(away), line.homeScore, line.awayScore);
    },
    getPlayerPhoto: drawPlayer,
  };
}

export type Images = ReturnType<typeof createImages>;
