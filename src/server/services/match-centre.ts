import type {
  FormEntry,
  HeadToHead,
  MatchCentre,
  ModelProbabilities,
  StandingRow,
  TimelineEntry,
} from '../../domain/api/match-centre.ts';
import {
  FACT_SOURCES,
  formatMinute,
  STATISTIC_KEYS,
  toPlayMinute,
  type MatchFacts,
  type StatisticKey,
} from '../../domain/match-facts.ts';
import { formatShortDateTime, getZonedDate } from '../../domain/time-zone.ts';
import type { Db } from '../db/client.ts';
import { listMarketsOfMatch } from '../db/markets-queries.ts';
import {
  findArticleByGuid,
  findHistoryDate,
  findMatchDetail,
  listClubHistory,
  listClubNames,
  listHistoryMeetings,
  listResultPredictions,
  listStoredResults,
  type HistoryResult,
  type MatchDetail,
  type StoredResult,
} from '../db/match-centre-queries.ts';
import { listMatchEvents } from '../db/match-events-queries.ts';
import { findMatchFacts } from '../db/match-facts-queries.ts';
import { listStandings } from '../db/standings-queries.ts';
import type { CachedBody } from '../http/caching.ts';
import type { ResponseCache } from '../http/response-cache.ts';
import { listLikelyScores } from '../predict/score-grid.ts';
import { parseReplayMatchId, REPLAY_ID_PREFIX } from '../providers/replay/replay-match-id.ts';
import { buildMatchOdds, getMarketProbabilities } from './match-centre-odds.ts';
import { toLiveMatch } from './site-data.ts';

const FORM_RESULTS = 5;
const MEETINGS = 10;
const LIKELY_SCORES = 3;
/** What the cache holds for an id with no match: the route answers 404 for it. */
const MISSING = Buffer.from('null');

export type MatchCentreDeps = { db: Db; cache: ResponseCache; timeZone: string };

type Club = { name: string; key: string };
type Result = {
  date: string;
  home: string;
  away: string;
  homeGoals: number;
  awayGoals: number;
  matchId: number | null;
};

/** The match page's answer, cached like the other data; null when no match has this id. */
export function createMatchCentre(deps: MatchCentreDeps) {
  return {
    async get(id: number): Promise<CachedBody | null> {
      const cached = await deps.cache.get(`match:${id}`, () => buildMatchCentre(deps, id));
      return cached.body.equals(MISSING) ? null : cached;
    },
  };
}
export type MatchCentreService = ReturnType<typeof createMatchCentre>;

async function buildMatchCentre(deps: MatchCentreDeps, id: number): Promise<MatchCentre | null> {
  const { db } = deps;
  const match = await findMatchDetail(db, id);
  if (match === null) return null;
  const clubs = await listClubNames(db);
  const [events, facts, markets, predictions, table, report, history] = await Promise.all([
    listMatchEvents(db, id),
    findMatchFacts(db, id),
    listMarketsOfMatch(db, id),
    listResultPredictions(db, id),
    listStandings(db, match.leagueId),
    findArticleByGuid(db, `touchline:report:${match.externalId}`),
    readHistory(deps, match, clubs),
  ]);
  const odds = buildMatchOdds(markets, match.leagueSlug);
  const keyById = new Map(clubs.map((c) => [c.id, c.key]));
  const board = toLiveMatch(match, deps.timeZone);
  return {
    match: {
      ...board,
      id: match.id,
      home: { name: match.homeName, slug: match.homeKey, shield: match.homeShield ?? '' },
      away: { name: match.awayName, slug: match.awayKey, shield: match.awayShield ?? '' },
      ht_result:
        match.htHomeScore === null || match.htAwayScore === null
          ? null
          : `${match.htHomeScore}-${match.htAwayScore}`,
      kickoff_label: formatShortDateTime(match.kickoffUtc.getTime(), deps.timeZone),
    },
    timeline: buildTimeline(match, events),
    facts: toFactsAnswer(facts),
    odds,
    market: getMarketProbabilities(odds),
    predictions: predictions.map((p) => toModelProbabilities(p, match)),
    form: {
      home: history.homeForm.map((r) => toFormEntry(r, match.homeName, history.names)),
      away: history.awayForm.map((r) => toFormEntry(r, match.awayName, history.names)),
    },
    head_to_head: countMeetings(history.meetings, match.homeName, history.names),
    standing: table.map((row): StandingRow => ({
      pos: row.pos,
      team: row.team,
      slug: keyById.get(row.id) ?? '',
      played: row.wins + row.draws + row.losses,
      points: row.points,
      side: row.id === match.homeId ? 'home' : row.id === match.awayId ? 'away' : null,
    })),
    report:
      report === null
        ? null
        : {
            title: report.title,
            summary: report.summary ?? '',
            published_at: report.publishedAt.toISOString(),
          },
  };
}

const STATISTIC_NAMES: Record<StatisticKey, MatchCentre['facts']['at_full_time'][number]> = {
  shots: 'shots',
  shotsOnTarget: 'shots_on_target',
  xg: 'xg',
  corners: 'corners',
  fouls: 'fouls',
  yellowCards: 'yellow_cards',
  redCards: 'red_cards',
};

/** The match's facts as the page shows them; a match whose provider reported none has none. */
function toFactsAnswer(facts: MatchFacts | null): MatchCentre['facts'] {
  if (facts === null) {
    return {
      goals_recorded: true,
      assist_kind: 'assist',
      statistics: [],
      at_full_time: [],
      referee: null,
      shots: null,
      sources: [],
    };
  }
  const { statistics } = facts;
  return {
    goals_recorded: facts.goalsRecorded,
    assist_kind: facts.assistKind,
    statistics:
      statistics === null
        ? []
        : STATISTIC_KEYS.flatMap((key) => {
            const home = statistics.home[key];
            const away = statistics.away[key];
            return home == null || away == null ? [] : [{ key: STATISTIC_NAMES[key], home, away }];
          }),
    at_full_time: facts.atFullTime.map((key) => STATISTIC_NAMES[key]),
    referee: facts.referee,
    shots:
      facts.shots?.map((shot) => ({
        side: shot.side,
        half: shot.half,
        minute: formatMinute(shot.minute, shot.added),
        at: toPlayMinute(shot),
        player: shot.player,
        assist: shot.assist,
        result: shot.result,
        situation: shot.situation,
        x: shot.x,
        y: shot.y,
        xg: shot.xg,
      })) ?? null,
    sources: facts.sources.map((source) => ({ ...FACT_SOURCES[source] })),
  };
}

const minuteText = (minute: number, added: number) =>
  added > 0 ? `${minute}+${added}` : String(minute);

/** Goals in order with the running score, and the half-time and full-time markers. */
function buildTimeline(
  match: MatchDetail,
  events: Awaited<ReturnType<typeof listMatchEvents>>,
): TimelineEntry[] {
  const lines: TimelineEntry[] = [];
  const score = { home: 0, away: 0 };
  const marker = (type: 'half-time' | 'full-time', home: number, away: number) =>
    lines.push({
      type,
      minute: type === 'half-time' ? 'HT' : 'FT',
      side: null,
      scorer: null,
      assist: null,
      penalty: false,
      own_goal: false,
      score: `${home}-${away}`,
    });
  let halfTimeShown = false;
  for (const event of events) {
    if (!halfTimeShown && event.minute > 45 && match.htHomeScore !== null) {
      marker('half-time', match.htHomeScore, match.htAwayScore ?? 0);
      halfTimeShown = true;
    }
    const side = event.side === 'away' ? 'away' : 'home';
    score[side] += 1;
    lines.push({
      type: 'goal',
      minute: minuteText(event.minute, event.added),
      side,
      scorer: event.scorer,
      assist: event.assist,
      penalty: event.penalty,
      own_goal: event.ownGoal,
      score: `${score.home}-${score.away}`,
    });
  }
  if (!halfTimeShown && match.htHomeScore !== null && match.htAwayScore !== null) {
    marker('half-time', match.htHomeScore, match.htAwayScore);
  }
  if (match.status === 'finished' && match.homeScore !== null && match.awayScore !== null) {
    marker('full-time', match.homeScore, match.awayScore);
  }
  return lines;
}

const OUTCOMES = ['home', 'draw', 'away'] as const;

/** A model's 1X2 bar, expected goals and likely scores; after full time, whether it was right. */
function toModelProbabilities(
  row: Awaited<ReturnType<typeof listResultPredictions>>[number],
  match: MatchDetail,
): ModelProbabilities {
  const p = (row.probabilities ?? {}) as Record<string, number | undefined>;
  const three = { home: p.home ?? 0, draw: p.draw ?? 0, away: p.away ?? 0 };
  const favourite = OUTCOMES.reduce((a, b) => (three[b] > three[a] ? b : a));
  const finished =
    match.status === 'finished' && match.homeScore !== null && match.awayScore !== null;
  const actual = !finished
    ? null
    : (match.homeScore ?? 0) > (match.awayScore ?? 0)
      ? 'home'
      : match.homeScore === match.awayScore
        ? 'draw'
        : 'away';
  const xgHome = p.xg_home ?? null;
  const xgAway = p.xg_away ?? null;
  return {
    model: row.modelName,
    ...three,
    pick: row.pick,
    confidence_pct: row.confidencePct,
    correct: actual === null ? null : favourite === actual,
    xg_home: xgHome,
    xg_away: xgAway,
    likely_scores:
      xgHome === null || xgAway === null || p.rho === undefined
        ? []
        : listLikelyScores(xgHome, xgAway, p.rho, LIKELY_SCORES),
  };
}

/**
 * The clubs' form and meetings: from the shipped history up to the fixture's date (for a
 * replayed match, the date it replays) and, for live data, the stored results before kick-off.
 */
async function readHistory(
  deps: MatchCentreDeps,
  match: MatchDetail,
  clubs: Awaited<ReturnType<typeof listClubNames>>,
) {
  const { db } = deps;
  const replay = parseReplayMatchId(match.externalId);
  const homeName = match.homeResultsName;
  const awayName = match.awayResultsName;
  const cutoff =
    replay === null || homeName === null || awayName === null
      ? getZonedDate(match.kickoffUtc.getTime(), 'Europe/London')
      : await findHistoryDate(db, {
          div: replay.div,
          season: replay.season,
          home: homeName,
          away: awayName,
        });
  const before = cutoff ?? getZonedDate(match.kickoffUtc.getTime(), 'Europe/London');
  const fromHistory = (club: string | null) =>
    club === null ? Promise.resolve([]) : listClubHistory(db, club, before, FORM_RESULTS);
  const stored = (teamId: number) =>
    listStoredResults(db, {
      teamId,
      before: match.kickoffUtc,
      limit: replay === null ? FORM_RESULTS : 40,
      prefix: REPLAY_ID_PREFIX,
      replays: replay !== null,
    });
  const [homeHistory, awayHistory, meetings, homeStored, awayStored] = await Promise.all([
    fromHistory(homeName),
    fromHistory(awayName),
    homeName === null || awayName === null
      ? Promise.resolve([])
      : listHistoryMeetings(db, { home: homeName, away: awayName }, before, MEETINGS),
    stored(match.homeId),
    stored(match.awayId),
  ]);
  const names = new Map<string, Club>();
  for (const club of clubs) if (club.resultsName !== null) names.set(club.resultsName, club);
  // A historical row of the replayed season links to the stored match that replays it.
  const replayed = new Map<string, number>();
  for (const row of [...homeStored, ...awayStored]) {
    const key = parseReplayMatchId(row.externalId);
    if (key !== null && key.season === replay?.season)
      replayed.set(`${key.homeKey}:${key.awayKey}`, row.id);
  }
  const fromRow = (row: HistoryResult): Result => ({
    ...row,
    matchId:
      row.season === replay?.season
        ? (replayed.get(`${names.get(row.home)?.key}:${names.get(row.away)?.key}`) ?? null)
        : null,
  });
  const fromStored = (row: StoredResult): Result => ({
    date: getZonedDate(row.kickoffUtc.getTime(), 'Europe/London'),
    home: row.homeName,
    away: row.awayName,
    homeGoals: row.homeScore ?? 0,
    awayGoals: row.awayScore ?? 0,
    matchId: row.id,
  });
  const merge = (history: HistoryResult[], live: StoredResult[], limit: number) =>
    [...history.map(fromRow), ...(replay === null ? live.map(fromStored) : [])]
      .sort((a, b) => b.date.localeCompare(a.date))
      .slice(0, limit);
  const liveMeetings = homeStored.filter(
    (r) => r.homeId === match.awayId || r.awayId === match.awayId,
  );
  return {
    names,
    homeForm: merge(homeHistory, homeStored, FORM_RESULTS),
    awayForm: merge(awayHistory, awayStored, FORM_RESULTS),
    meetings: merge(meetings, liveMeetings, MEETINGS),
  };
}

/** The club's name as the site writes it (the history spells some differently). */
const siteName = (names: Map<string, Club>, name: string) => names.get(name)?.name ?? name;

function toFormEntry(row: Result, club: string, names: Map<string, Club>): FormEntry {
  const home = siteName(names, row.home);
  const atHome = home === club;
  const [own, other] = atHome ? [row.homeGoals, row.awayGoals] : [row.awayGoals, row.homeGoals];
  return {
    date: row.date,
    opponent: atHome ? siteName(names, row.away) : home,
    venue: atHome ? 'H' : 'A',
    score: `${own}-${other}`,
    outcome: own > other ? 'W' : own === other ? 'D' : 'L',
    match_id: row.matchId,
  };
}

function countMeetings(rows: Result[], homeClub: string, names: Map<string, Club>): HeadToHead {
  const counts = { home_wins: 0, draws: 0, away_wins: 0, home_goals: 0, away_goals: 0 };
  const meetings = rows.map((row) => {
    const home = siteName(names, row.home);
    const homeFirst = home === homeClub;
    const [ours, theirs] = homeFirst
      ? [row.homeGoals, row.awayGoals]
      : [row.awayGoals, row.homeGoals];
    counts.home_goals += ours;
    counts.away_goals += theirs;
    if (ours > theirs) counts.home_wins += 1;
    else if (ours === theirs) counts.draws += 1;
    else counts.away_wins += 1;
    return {
      date: row.date,
      home,
      away: siteName(names, row.away),
      home_goals: row.homeGoals,
      away_goals: row.awayGoals,
      match_id: row.matchId,
    };
  });
  return { meetings, ...counts };
}
