/**
 * Joins Understat's shot records to the results rows they belong to. Each Understat match (not
 * each shot) is joined once: same division, the same two clubs (both sources' names mapped to
 * club keys), dates at most a day apart, since Understat dates kick-offs in local time and the
 * results in UK time. Three scores of a match are compared: the one its Goal and OwnGoal rows
 * give, Understat's own final score and the results' full-time score. The sources disagree on a
 * few matches; those are listed by hand as known, with a reason, and any other disagreement is
 * an error, so a new one cannot slip through.
 */

/** The columns of Understat's shot files the join reads. pandas wrote ids as floats (16516.0). */
export const UNDERSTAT_SHOT_COLUMNS = [
  'id',
  'minute',
  'result',
  'X',
  'Y',
  'xG',
  'player',
  'h_a',
  'player_id',
  'situation',
  'season',
  'shotType',
  'match_id',
  'h_team',
  'a_team',
  'h_goals',
  'a_goals',
  'date',
  'player_assisted',
] as const;
export type UnderstatShot = Record<(typeof UNDERSTAT_SHOT_COLUMNS)[number], string>;

/** The output columns, one row per shot; the first five find the results row. */
export const SHOT_COLUMNS = [
  'div',
  'season',
  'date',
  'home',
  'away',
  'understat_match_id',
  'minute',
  'player_side',
  'for_side',
  'player',
  'player_id',
  'player_assisted',
  'result',
  'situation',
  'shot_type',
  'x',
  'y',
  'xg',
] as const;

const RESULTS = ['Goal', 'OwnGoal', 'SavedShot', 'MissedShots', 'BlockedShot', 'ShotOnPost'];
const SITUATIONS = ['OpenPlay', 'FromCorner', 'SetPiece', 'DirectFreekick', 'Penalty'];
const SHOT_TYPES = ['RightFoot', 'LeftFoot', 'Head', 'OtherBodyPart'];
/** Minutes counted as first half; stoppage time keeps counting, so 45+2 reads 47 and is lost. */
const HALF_TIME_MINUTE = 45;
const DAY_MS = 86_400_000;

/** A results row, as much of it as the join reads. Names are the results' (football-data.co.uk). */
export type ResultsMatch = {
  div: string;
  season: string;
  date: string;
  home: string;
  away: string;
  fthg: number;
  ftag: number;
  hthg: number | null;
  htag: number | null;
};

/**
 * A disagreement between the sources that is known and explained, with the match's three scores
 * ("home-away"): `shots` the score its Goal and OwnGoal rows give, `understat` Understat's own
 * final score (h_goals, a_goals), `results` the results' full-time score. Null `shots` and
 * `understat` is a results match without shots; null `results` an Understat match without a
 * results row (then `date` is Understat's). Names are the results' names of the two clubs.
 */
export type KnownDisagreement = {
  div: string;
  date: string;
  home: string;
  away: string;
  /** Understat's date when it is more than a day from the results': the match is joined all the same. */
  understatDate?: string;
  shots: string | null;
  understat: string | null;
  results: string | null;
  reason: string;
};

/** What a known disagreement is about, for counting them. */
export function disagreementKind(
  entry: KnownDisagreement,
): 'date' | 'no shots' | 'no results row' | 'score' {
  if (entry.understatDate !== undefined) return 'date';
  if (entry.shots === null) return 'no shots';
  if (entry.results === null) return 'no results row';
  return 'score';
}

/** The results matches that should have shots: these seasons, up to and including `until`. */
export type ShotCoverage = { seasons: readonly string[]; until: string };

export type ShotJoinInput = {
  /** Every shot of each league, by division. */
  leagues: readonly { div: string; shots: readonly UnderstatShot[] }[];
  results: readonly ResultsMatch[];
  /** Club key of each Understat name and each results name. */
  clubOfUnderstatName: ReadonlyMap<string, string>;
  clubOfResultsName: ReadonlyMap<string, string>;
  coverage: ShotCoverage;
  known: readonly KnownDisagreement[];
};

export type ShotJoinCounts = {
  shots: number;
  understatMatches: number;
  /** Understat matches joined to a results row; of those, joined by a known date difference. */
  joined: number;
  joinedByDate: number;
  /** Understat matches without a results row (all known, or errors). */
  unmatched: number;
  /** Results matches of the covered seasons, and those without shots (all known, or errors). */
  covered: number;
  absent: number;
  /** Joined matches whose Goal and OwnGoal rows give the results' full-time score, or not. */
  scoreAgrees: number;
  scoreDiffers: number;
  /** Understat matches whose own final score is not the one their Goal and OwnGoal rows give. */
  understatScoreDiffers: number;
  /** Of the matches that agree at full time and have a half-time score: how many agree at half time. */
  halfTimeCompared: number;
  halfTimeAgrees: number;
};

export type ShotJoin = {
  rows: string[][];
  counts: ShotJoinCounts;
  /** The known disagreements met, in the order given. */
  known: KnownDisagreement[];
};

type Side = 'h' | 'a';
type Shot = {
  id: number;
  minute: number;
  /** The shooter's side: Understat's h_a; for an own goal the side that conceded. */
  playerSide: Side;
  /** The side the shot counts for: the attacking side, the shooter's other side for an own goal. */
  forSide: Side;
  row: UnderstatShot;
};
type UnderstatMatch = {
  div: string;
  id: string;
  date: string;
  homeTeam: string;
  awayTeam: string;
  /** The season's first year, from Understat's season column ("2014"). */
  seasonYear: string;
  /** Understat's own final score, "home-away". */
  score: string;
  shots: Shot[];
};

/** An integer as pandas writes it ("16516.0"), or null. */
function integer(value: string): number | null {
  return /^\d+(\.0)?$/.test(value) ? Number(value) : null;
}

/** A fraction or an xG: a finite number from 0 to 1, or null. */
function fraction(value: string): number | null {
  const number = value.trim() === '' ? NaN : Number(value);
  return Number.isFinite(number) && number >= 0 && number <= 1 ? number : null;
}

/** Rounded to `digits` decimals and written without trailing zeros (0.52, not 0.520). */
export function rounded(value: number, digits: number): string {
  return String(Number(value.toFixed(digits)));
}

function otherSide(side: Side): Side {
  return side === 'h' ? 'a' : 'h';
}

function dayNumber(date: string): number {
  return Date.parse(`${date}T00:00:00Z`) / DAY_MS;
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function score(home: number, away: number): string {
  return `${home}-${away}`;
}

function matchName(div: string, date: string, home: string, away: string): string {
  return `${div} ${date} ${home}–${away}`;
}

/** One shot checked and read; null (with the errors noted) when a field is not as documented. */
function readShot(div: string, row: UnderstatShot, errors: string[]): Shot | null {
  const where = `understat ${div} shot ${row.id} (match ${row.match_id})`;
  const problems: string[] = [];
  const id = integer(row.id);
  const minute = integer(row.minute);
  if (id === null) problems.push(`id "${row.id}"`);
  if (minute === null) problems.push(`minute "${row.minute}"`);
  if (integer(row.match_id) === null) problems.push(`match_id "${row.match_id}"`);
  if (integer(row.player_id) === null) problems.push(`player_id "${row.player_id}"`);
  if (integer(row.season) === null) problems.push(`season "${row.season}"`);
  if (integer(row.h_goals) === null) problems.push(`h_goals "${row.h_goals}"`);
  if (integer(row.a_goals) === null) problems.push(`a_goals "${row.a_goals}"`);
  for (const column of ['X', 'Y', 'xG'] as const) {
    if (fraction(row[column]) === null) problems.push(`${column} "${row[column]}"`);
  }
  if (row.h_a !== 'h' && row.h_a !== 'a') problems.push(`h_a "${row.h_a}"`);
  if (!RESULTS.includes(row.result)) problems.push(`result "${row.result}"`);
  if (!SITUATIONS.includes(row.situation)) problems.push(`situation "${row.situation}"`);
  if (!SHOT_TYPES.includes(row.shotType)) problems.push(`shotType "${row.shotType}"`);
  if (!/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(row.date)) problems.push(`date "${row.date}"`);
  if (row.player.trim() === '') problems.push('no player');
  if (problems.length > 0 || id === null || minute === null) {
    errors.push(`${where}: ${problems.join(', ')}`);
    return null;
  }
  const playerSide = row.h_a as Side;
  // Understat files an own goal under the defender who put it in, on his own (conceding) side.
  const forSide = row.result === 'OwnGoal' ? otherSide(playerSide) : playerSide;
  return { id, minute, playerSide, forSide, row };
}

/** The shots of each league grouped by Understat match; every shot of a match names the same match. */
function groupMatches(input: ShotJoinInput, errors: string[]): UnderstatMatch[] {
  const matches = new Map<string, UnderstatMatch>();
  for (const { div, shots } of input.leagues) {
    for (const row of shots) {
      const shot = readShot(div, row, errors);
      if (shot === null) continue;
      const id = String(integer(row.match_id));
      const key = `${div}\t${id}`;
      const match = matches.get(key);
      const seasonYear = String(integer(row.season));
      const understatScore = score(Number(integer(row.h_goals)), Number(integer(row.a_goals)));
      if (match === undefined) {
        matches.set(key, {
          div,
          id,
          date: row.date.slice(0, 10),
          homeTeam: row.h_team,
          awayTeam: row.a_team,
          seasonYear,
          score: understatScore,
          shots: [shot],
        });
      } else if (
        match.date !== row.date.slice(0, 10) ||
        match.homeTeam !== row.h_team ||
        match.awayTeam !== row.a_team ||
        match.seasonYear !== seasonYear ||
        match.score !== understatScore
      ) {
        errors.push(`understat ${div} match ${id}: shot ${shot.id} names another match`);
      } else match.shots.push(shot);
    }
  }
  return [...matches.values()].sort((a, b) => Number(a.id) - Number(b.id));
}

/** The score the Goal and OwnGoal rows give, up to and including `lastMinute`. */
function eventScore(shots: readonly Shot[], lastMinute = Infinity): [number, number] {
  let home = 0;
  let away = 0;
  for (const shot of shots) {
    if (shot.minute > lastMinute) continue;
    if (shot.row.result !== 'Goal' && shot.row.result !== 'OwnGoal') continue;
    if (shot.forSide === 'h') home++;
    else away++;
  }
  return [home, away];
}

type MatchName = { div: string; date: string; home: string; away: string };
/** A match's scores and Understat's date, as a disagreement is listed. */
type Found = Pick<KnownDisagreement, 'understatDate' | 'shots' | 'understat' | 'results'>;

type KnownCheck = {
  /** Looks a disagreement up: an error unless it is listed with the same scores and dates. */
  check(what: string, match: MatchName, found: Found): void;
  /** The results date of a listed match Understat dates more than a day away. */
  resultsDate(div: string, understatDate: string, home: string, away: string): string | undefined;
  /** The entries met, in the order given; an entry never met is an error (it is out of date). */
  finish(): KnownDisagreement[];
};

function knownList(known: readonly KnownDisagreement[], errors: string[]): KnownCheck {
  const byMatch = new Map<string, KnownDisagreement>();
  const met = new Set<KnownDisagreement>();
  const keyOf = (m: MatchName) => matchName(m.div, m.date, m.home, m.away);
  const describe = (found: Found) =>
    [
      ...(found.understatDate === undefined ? [] : [`Understat date ${found.understatDate}`]),
      `shots ${found.shots ?? 'none'}`,
      `understat ${found.understat ?? 'none'}`,
      `results ${found.results ?? 'none'}`,
    ].join(', ');
  for (const entry of known) {
    if (byMatch.has(keyOf(entry))) errors.push(`known disagreement listed twice: ${keyOf(entry)}`);
    byMatch.set(keyOf(entry), entry);
  }
  return {
    check(what, match, found) {
      const entry = byMatch.get(keyOf(match));
      if (entry === undefined) {
        errors.push(`${what}: ${keyOf(match)} (${describe(found)}) is not a known disagreement`);
      } else if (describe(entry) !== describe(found)) {
        errors.push(
          `${what}: ${keyOf(match)} is listed as ${describe(entry)} but has ${describe(found)}`,
        );
      } else met.add(entry);
    },
    resultsDate(div, understatDate, home, away) {
      return known.find(
        (entry) =>
          entry.understatDate === understatDate &&
          entry.div === div &&
          entry.home === home &&
          entry.away === away,
      )?.date;
    },
    finish() {
      for (const entry of known) {
        if (!met.has(entry)) errors.push(`known disagreement ${keyOf(entry)} no longer occurs`);
      }
      return known.filter((entry) => met.has(entry));
    },
  };
}

/** Every shot joined to its results row, sorted by date, div, home, minute and shot id. */
export function joinShots(input: ShotJoinInput, errors: string[]): ShotJoin {
  const known = knownList(input.known, errors);
  const resultsByClubs = new Map<string, ResultsMatch[]>();
  for (const match of input.results) {
    const home = input.clubOfResultsName.get(match.home);
    const away = input.clubOfResultsName.get(match.away);
    if (home === undefined || away === undefined) continue; // the club check reports these
    const key = `${match.div}\t${home}\t${away}`;
    resultsByClubs.set(key, [...(resultsByClubs.get(key) ?? []), match]);
  }
  const resultsNameOf = new Map(
    [...input.clubOfResultsName].map(([name, club]) => [club, name] as const),
  );

  const counts: ShotJoinCounts = {
    shots: 0,
    understatMatches: 0,
    joined: 0,
    joinedByDate: 0,
    unmatched: 0,
    covered: 0,
    absent: 0,
    scoreAgrees: 0,
    scoreDiffers: 0,
    understatScoreDiffers: 0,
    halfTimeCompared: 0,
    halfTimeAgrees: 0,
  };
  const joined = new Map<ResultsMatch, UnderstatMatch>();
  const sortable: { match: ResultsMatch; shot: Shot; cells: string[] }[] = [];

  for (const understat of groupMatches(input, errors)) {
    counts.understatMatches++;
    const where = `understat ${understat.div} match ${understat.id} (${understat.date} ${understat.homeTeam}–${understat.awayTeam})`;
    const home = input.clubOfUnderstatName.get(understat.homeTeam);
    const away = input.clubOfUnderstatName.get(understat.awayTeam);
    if (home === undefined || away === undefined) {
      errors.push(`${where}: a club name that is in no club's understat_names`);
      continue;
    }
    const names = {
      div: understat.div,
      home: resultsNameOf.get(home) ?? understat.homeTeam,
      away: resultsNameOf.get(away) ?? understat.awayTeam,
    };
    const shots = score(...eventScore(understat.shots));
    if (shots !== understat.score) counts.understatScoreDiffers++;
    // A match Understat dates more than a day away is joined only when it is listed.
    const listedDate = known.resultsDate(names.div, understat.date, names.home, names.away);
    const day = dayNumber(listedDate ?? understat.date);
    const candidates = (resultsByClubs.get(`${understat.div}\t${home}\t${away}`) ?? []).filter(
      (match) => Math.abs(dayNumber(match.date) - day) <= (listedDate === undefined ? 1 : 0),
    );
    if (candidates.length > 1) {
      errors.push(`${where}: ${candidates.length} results rows within a day`);
      continue;
    }
    const match = candidates[0];
    if (match === undefined) {
      counts.unmatched++;
      known.check(
        `${where}: no results row`,
        { ...names, date: understat.date },
        { shots, understat: understat.score, results: null },
      );
      continue;
    }
    const other = joined.get(match);
    if (other !== undefined) {
      errors.push(`${where}: its results row is also Understat match ${other.id}`);
      continue;
    }
    if (!match.season.startsWith(`${understat.seasonYear}-`)) {
      errors.push(`${where}: Understat season ${understat.seasonYear}, results ${match.season}`);
    }
    joined.set(match, understat);
    counts.joined++;
    if (listedDate !== undefined) counts.joinedByDate++;

    const results = score(match.fthg, match.ftag);
    if (shots === results) {
      counts.scoreAgrees++;
      if (match.hthg !== null && match.htag !== null) {
        counts.halfTimeCompared++;
        const [homeHalf, awayHalf] = eventScore(understat.shots, HALF_TIME_MINUTE);
        if (homeHalf === match.hthg && awayHalf === match.htag) counts.halfTimeAgrees++;
      }
    } else counts.scoreDiffers++;
    if (listedDate !== undefined || shots !== results || understat.score !== shots) {
      const understatDate = listedDate === undefined ? {} : { understatDate: understat.date };
      known.check(`${where}: scores or date`, match, {
        ...understatDate,
        shots,
        understat: understat.score,
        results,
      });
    }

    for (const shot of understat.shots) {
      const { row } = shot;
      const cells = [
        match.div,
        match.season,
        match.date,
        match.home,
        match.away,
        understat.id,
        String(shot.minute),
        shot.playerSide,
        shot.forSide,
        row.player,
        String(integer(row.player_id)),
        row.player_assisted,
        row.result,
        row.situation,
        row.shotType,
        rounded(Number(row.X), 3),
        rounded(Number(row.Y), 3),
        rounded(Number(row.xG), 4),
      ];
      sortable.push({ match, shot, cells });
    }
  }

  const seasons = new Set(input.coverage.seasons);
  for (const match of input.results) {
    if (!seasons.has(match.season) || match.date > input.coverage.until) continue;
    counts.covered++;
    if (joined.has(match)) continue;
    counts.absent++;
    known.check('results match without shots', match, {
      shots: null,
      understat: null,
      results: score(match.fthg, match.ftag),
    });
  }

  sortable.sort(
    (a, b) =>
      compare(a.match.date, b.match.date) ||
      compare(a.match.div, b.match.div) ||
      compare(a.match.home, b.match.home) ||
      a.shot.minute - b.shot.minute ||
      a.shot.id - b.shot.id,
  );
  counts.shots = sortable.length;
  return { rows: sortable.map((s) => s.cells), counts, known: known.finish() };
}
