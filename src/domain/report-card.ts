import * as z from 'zod/mini';

/** A club key as the crest and card addresses write it (`man-united`). */
const CLUB_KEY = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const MAX_KEY_LENGTH = 80;
/** Goals a score line may show: two digits are plenty, and keep the address short. */
const MAX_GOALS = 99;

/** One match's score line: the home club first, as a scoreboard reads. */
export type Scoreline = { home: string; away: string; homeScore: number; awayScore: number };

const ClubKeySchema = z
  .string()
  .check(
    z.maxLength(MAX_KEY_LENGTH, 'must be a club key'),
    z.regex(CLUB_KEY, 'must be a club key'),
  );

/** `GET /img/report/:home/:away/:file`: two club keys and `<home goals>-<away goals>.svg`. */
export const ReportCardParamsSchema = z
  .strictObject({
    home: ClubKeySchema,
    away: ClubKeySchema,
    file: z
      .string()
      .check(z.regex(/^(0|[1-9]\d?)-(0|[1-9]\d?)\.svg$/, 'must be a score file name')),
  })
  .check(
    z.refine((params) => params.home !== params.away, {
      message: 'must be another club than home',
      path: ['away'],
    }),
  );

/** The score of a card file name (`2-1.svg`), already checked by ReportCardParamsSchema. */
export function parseReportCardFile(file: string): { homeScore: number; awayScore: number } {
  const [homeScore = 0, awayScore = 0] = file.slice(0, -4).split('-').map(Number);
  return { homeScore, awayScore };
}

/**
 * The address of the drawn card of a match report (`/img/report/arsenal/chelsea/2-1.svg`), or
 * null when the score line cannot be drawn (a key or a score out of shape).
 */
export function getReportCardPath(line: Scoreline): string | null {
  const keyOk = (key: string) => key.length <= MAX_KEY_LENGTH && CLUB_KEY.test(key);
  const goalsOk = (goals: number) => Number.isInteger(goals) && goals >= 0 && goals <= MAX_GOALS;
  if (!keyOk(line.home) || !keyOk(line.away) || line.home === line.away) return null;
  if (!goalsOk(line.homeScore) || !goalsOk(line.awayScore)) return null;
  return `/img/report/${line.home}/${line.away}/${line.homeScore}-${line.awayScore}.svg`;
}

/** A club and every name a headline may call it by. */
export type ClubNames = { key: string; names: readonly string[] };

const SCORE = /(?<![\d.:/])(\d{1,2})\s?[-–]\s?(\d{1,2})(?![\d.:/])/gu;

function normalise(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** The club whose name `text` ends with (or starts with, `from: 'start'`), longest name first. */
function findClubAt(
  text: string,
  clubs: readonly { key: string; names: string[] }[],
  from: 'start' | 'end',
): string | null {
  const words = normalise(text);
  let best: { key: string; length: number } | null = null;
  for (const club of clubs) {
    for (const name of club.names) {
      const hit =
        from === 'end'
          ? words === name || words.endsWith(` ${name}`)
          : words === name || words.startsWith(`${name} `);
      if (hit && (best === null || name.length > best.length))
        best = { key: club.key, length: name.length };
    }
  }
  return best?.key ?? null;
}

/**
 * The score line of a headline written as a scoreboard, "Arsenal 2-1 Chelsea: Saka at the
 * double": a club's name right before the score and another's right after it (either of the
 * given names, accents and case aside), the first club at home as scoreboards put it. Null for
 * any other headline, so a picture is only ever drawn for a result the headline states.
 */
export function findScoreline(title: string, clubs: readonly ClubNames[]): Scoreline | null {
  const named = clubs.map((club) => ({
    key: club.key,
    names: [...new Set(club.names.map(normalise).filter((name) => name !== ''))],
  }));
  for (const match of title.matchAll(SCORE)) {
    const before = title.slice(0, match.index);
    // The second club's name ends the headline or a clause of it.
    const after = title.slice(match.index + match[0].length).split(/[:;,|(–—]|\s-\s/u)[0] ?? '';
    const home = findClubAt(before.split(/[:;,|)–—]|\s-\s/u).at(-1) ?? '', named, 'end');
    const away = findClubAt(after, named, 'start');
    if (home === null || away === null || home === away) continue;
    return { home, away, homeScore: Number(match[1]), awayScore: Number(match[2]) };
  }
  return null;
}
