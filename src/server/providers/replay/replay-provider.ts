import {
  toMatchShots,
  type ClubInfo,
  type HistoryMatch,
  type HistoryShot,
  type ReplayDataset,
} from '../../../domain/history.ts';
import { LEAGUES, type LeagueEntry } from '../../../domain/league.ts';
import {
  buildRecordedTimeline,
  drawMatchTimeline,
  getMatchDurationMs,
  getMatchState,
  getShotOffsetMs,
  placeRecordedShots,
  type MatchTimeline,
  type ShotTime,
} from '../../../domain/match-timeline.ts';
import type { OddsEvent } from '../../../domain/odds.ts';
import { getPreClosingPrices, getPreClosingPublishedMs } from '../../../domain/pre-closing.ts';
import {
  buildMatchdayCalendar,
  getCycleStartMs,
  toRealTime,
  toReplayTime,
  type ReplayCalendar,
} from '../../../domain/replay-clock.ts';
import { computeStandings } from '../../../domain/standings.ts';
import { getUkKickoffMs } from '../../../domain/time-zone.ts';
import { classifyTransfer, pickTransferWindow } from '../../../domain/transfers.ts';
import type {
  FootballProvider,
  ForecastRecord,
  MatchPhase,
  ProviderMatch,
  ProviderMatchEvent,
  ProviderPlayerStat,
  ProviderTransfer,
} from '../provider.ts';
import { describeReplayFacts, type TimedShot } from './replay-facts.ts';
import { formatReplayMatchId } from './replay-match-id.ts';
import { buildOddsEvent } from './replay-odds.ts';

const WEEK_MS = 7 * 24 * 60 * 60 * 1000;
const EPOCH_MONDAY_MS = Date.UTC(1970, 0, 5);
const TOP_PLAYERS = 10;
const UPCOMING_PER_LEAGUE = 10;
/** Odds switch from the early prices to the closing ones this long before kick-off. */
const CLOSING_PRICES_MS = 60 * 60 * 1000;
/** Matches that kicked off this recently keep their (closing) prices in the odds list. */
const STARTED_ODDS_MS = 24 * 60 * 60 * 1000;

type SeasonMatch = {
  index: number;
  source: HistoryMatch;
  leagueSlug: string;
  homeKey: string;
  awayKey: string;
  /** Kick-off in the replayed season's own time. */
  replayKickoffMs: number;
  timeline: MatchTimeline;
  /**
   * The recorded shots placed on the match clock, when they hold every goal of the final score;
   * null otherwise: the goals then keep drawn times, which no answer shows.
   */
  recordedShots: TimedShot[] | null;
};

/** The match's timeline and, when its events are recorded, its shots on the match clock. */
function placeMatch(source: HistoryMatch): Pick<SeasonMatch, 'timeline' | 'recordedShots'> {
  const seed = `${source.season}:${source.div}:${source.home}:${source.away}`;
  const shots = source.shots ?? [];
  if (source.eventsRecorded !== true || shots.length === 0) {
    const timeline = drawMatchTimeline(seed, {
      home: source.homeGoals,
      away: source.awayGoals,
      htHome: source.htHomeGoals,
      htAway: source.htAwayGoals,
    });
    return { timeline, recordedShots: null };
  }
  const clock = shots.map((shot) => ({
    minute: shot.minute,
    forSide: shot.forSide,
    isGoal: shot.result === 'Goal' || shot.result === 'OwnGoal',
  }));
  const times = placeRecordedShots(clock, {
    htHome: source.htHomeGoals,
    htAway: source.htAwayGoals,
  });
  const timeline = buildRecordedTimeline(seed, clock, times);
  return {
    timeline,
    recordedShots: shots.map((shot: HistoryShot, index) => {
      const time = times[index] as ShotTime;
      return { shot, time, offsetMs: getShotOffsetMs(time, timeline) };
    }),
  };
}

export class ReplayDataError extends Error {}

/** What the replay offers beyond a provider's contract. */
export type ReplayExtras = {
  season: string;
  calendar: ReplayCalendar;
  /** When each match of the season kicks off and ends, on the season's own time line. */
  listSeasonMoments: () => { kickoffMs: number; finishedMs: number }[];
};

/** A finished match's goals, and its shots where the data set has them. */
function withResult(
  source: HistoryMatch,
): Pick<ForecastRecord, 'homeGoals' | 'awayGoals' | 'shots'> {
  const shots = toMatchShots(source);
  return {
    homeGoals: source.homeGoals,
    awayGoals: source.awayGoals,
    ...(shots === undefined ? {} : { shots }),
  };
}

const byKickoffThenId = (a: ForecastRecord, b: ForecastRecord) =>
  a.kickoffMs - b.kickoffMs || a.id.localeCompare(b.id);

/**
 * The embedded default provider: plays a real past season on the real calendar. Everything is
 * derived from the data set and the time passed in; the same inputs give the same answers.
 * `leagues` names the data set's divisions (default: the registry's).
 */
export function createReplayProvider(
  dataset: ReplayDataset,
  leagues: readonly LeagueEntry[] = LEAGUES,
): FootballProvider & ReplayExtras {
  const slugByDivision = new Map(leagues.map((l) => [l.division, l.slug]));
  const clubByResultsName = new Map<string, ClubInfo>();
  const clubByUnderstatName = new Map<string, ClubInfo>();
  const clubByTransfermarktName = new Map<string, ClubInfo>();
  const clubByKey = new Map<string, ClubInfo>();
  for (const club of dataset.clubs) {
    clubByKey.set(club.key, club);
    clubByResultsName.set(club.aliases.results, club);
    for (const name of club.aliases.understat) clubByUnderstatName.set(name, club);
    for (const name of club.aliases.transfermarkt) clubByTransfermarktName.set(name, club);
  }

  const matches: SeasonMatch[] = dataset.matches.map((source, index) => {
    const home = clubByResultsName.get(source.home);
    const away = clubByResultsName.get(source.away);
    const leagueSlug = slugByDivision.get(source.div);
    if (home === undefined || away === undefined || leagueSlug === undefined) {
      throw new ReplayDataError(
        `replay: no club or league for ${source.div} ${source.home} v ${source.away}`,
      );
    }
    return {
      index,
      source,
      leagueSlug,
      homeKey: home.key,
      awayKey: away.key,
      replayKickoffMs: getUkKickoffMs(source.date, source.time),
      ...placeMatch(source),
    };
  });
  matches.sort((a, b) => a.replayKickoffMs - b.replayKickoffMs || a.index - b.index);
  if (matches.length === 0)
    throw new ReplayDataError(`replay: season ${dataset.season} has no matches`);

  const calendar = buildMatchdayCalendar(
    matches.map((m) => ({ kickoffMs: m.replayKickoffMs, league: m.leagueSlug })),
  );
  const playerNames = new Map(dataset.players.map((p) => [p.playerId, p]));
  /** Each club's players of the season by name, for the chance-makers, whom the record names only. */
  const playerIdByClubName = new Map<string, string>();
  for (const player of dataset.players) {
    for (const name of player.team.split(',')) {
      const club = clubByUnderstatName.get(name.trim());
      if (club !== undefined)
        playerIdByClubName.set(`${club.key}\t${player.name}`, player.playerId);
    }
  }

  /**
   * The goals scored by `elapsedMs` after kick-off, at their recorded minutes with their
   * recorded scorers; none for a match whose events are not recorded (no time or name is drawn).
   */
  const listGoalEvents = (match: SeasonMatch, elapsedMs: number): ProviderMatchEvent[] => {
    const events: ProviderMatchEvent[] = [];
    for (const { shot, time, offsetMs } of match.recordedShots ?? []) {
      // Not in order of the match clock (see listGoalEvents): every shot is looked at.
      if (offsetMs > elapsedMs || (shot.result !== 'Goal' && shot.result !== 'OwnGoal')) continue;
      const ownGoal = shot.result === 'OwnGoal';
      events.push({
        kind: 'goal',
        side: shot.forSide,
        minute: time.minute,
        added: time.added,
        scorer: shot.player,
        assist: ownGoal ? null : shot.assist,
        penalty: shot.situation === 'Penalty',
        ownGoal,
      });
    }
    // Recorded in order of the recorder's minute, in which a first-half stoppage goal can come
    // after an early second-half one: put in order of the match clock.
    return events.sort((a, b) => a.minute - b.minute || a.added - b.added);
  };

  /** The match at its first showing from the start of fromMs's week (default: now's), as it stands now. */
  const toForecastRecord = (source: HistoryMatch, kickoffMs: number): ForecastRecord | null => {
    const home = clubByResultsName.get(source.home);
    const away = clubByResultsName.get(source.away);
    if (home === undefined || away === undefined) return null;
    return {
      id: `${source.div}:${source.season}:${home.key}:${away.key}`,
      league: source.div,
      season: source.season,
      kickoffMs,
      homeKey: home.key,
      awayKey: away.key,
      preClosing: getPreClosingPrices(source.odds),
    };
  };

  const seasonRecords = new Map<
    SeasonMatch,
    (ForecastRecord & { pricesPublishedMs: number }) | null
  >();
  /** A match of the season as the models see it, with when its prices were published; built once. */
  const getSeasonRecord = (match: SeasonMatch) => {
    let record = seasonRecords.get(match);
    if (record === undefined) {
      const fixture = toForecastRecord(match.source, match.replayKickoffMs);
      record =
        fixture === null
          ? null
          : { ...fixture, pricesPublishedMs: getPreClosingPublishedMs(match.replayKickoffMs) };
      seasonRecords.set(match, record);
    }
    return record;
  };

  const playedRecords = new Map<SeasonMatch, ForecastRecord>();
  /** A finished match of the season as the models learn it (fixture and result); built once. */
  const getPlayedRecord = (
    match: SeasonMatch,
    record: ForecastRecord & { pricesPublishedMs: number },
  ) => {
    let played = playedRecords.get(match);
    if (played === undefined) {
      const { pricesPublishedMs: _published, ...fixture } = record;
      played = { ...fixture, ...withResult(match.source) };
      playedRecords.set(match, played);
    }
    return played;
  };

  /** The earlier seasons' results as the models learn them, in kick-off order. */
  const toEarlierRecords = (sources: readonly HistoryMatch[]): ForecastRecord[] => {
    // Kick-off conversion goes through Intl; most matches share a date and time with another.
    const kickoffs = new Map<string, number>();
    const records = sources.flatMap((source) => {
      const when = `${source.date} ${source.time}`;
      let kickoffMs = kickoffs.get(when);
      if (kickoffMs === undefined) {
        kickoffMs = getUkKickoffMs(source.date, source.time);
        kickoffs.set(when, kickoffMs);
      }
      const record = toForecastRecord(source, kickoffMs);
      return record === null ? [] : [{ ...record, ...withResult(source) }];
    });
    return records.sort(byKickoffThenId);
  };
  /**
   * The earlier seasons' results, for the models to learn before the season's: from the data
   * set's earlier matches, or read by its loader each time the models must learn them (the first
   * forecast, and the season starting over), so they are not held in between.
   */
  const earlier = {
    key: `before ${dataset.season}`,
    read: async () =>
      toEarlierRecords(dataset.earlierMatches ?? (await dataset.loadEarlierMatches?.()) ?? []),
  };

  const toProviderMatch = (
    match: SeasonMatch,
    realNowMs: number,
    fromMs = realNowMs,
  ): ProviderMatch | null => {
    const realKickoffMs = toRealTime(match.replayKickoffMs, fromMs, calendar);
    if (realKickoffMs === null) return null;
    const state = getMatchState(match.timeline, realKickoffMs, realNowMs);
    const cycle = Math.floor((realKickoffMs - EPOCH_MONDAY_MS) / WEEK_MS / calendar.weeks.length);
    const started = state.status !== 'scheduled';
    const pastHalf =
      state.status === 'halftime' ||
      state.status === 'finished' ||
      (state.status === 'live' && isSecondHalf(state.minute));
    return {
      externalId: formatReplayMatchId({
        season: dataset.season,
        cycle,
        div: match.source.div,
        homeKey: match.homeKey,
        awayKey: match.awayKey,
      }),
      leagueSlug: match.leagueSlug,
      homeKey: match.homeKey,
      awayKey: match.awayKey,
      kickoff: new Date(realKickoffMs),
      phase: state.status as MatchPhase,
      minute: state.minute,
      homeScore: started ? state.home : null,
      awayScore: started ? state.away : null,
      htHomeScore: pastHalf ? (match.source.htHomeGoals ?? null) : null,
      htAwayScore: pastHalf ? (match.source.htAwayGoals ?? null) : null,
      events: started ? listGoalEvents(match, realNowMs - realKickoffMs) : [],
      ...(started
        ? {
            facts: describeReplayFacts(
              match.source,
              match.recordedShots,
              realNowMs - realKickoffMs,
              state.status === 'finished',
            ),
          }
        : {}),
    };
  };

  /** Season matches already under way or over at the replay instant, with the score then. */
  const playedBy = (leagueSlug: string, realNowMs: number) => {
    const replayNowMs = toReplayTime(realNowMs, calendar);
    const played: { match: SeasonMatch; home: number; away: number; finished: boolean }[] = [];
    for (const match of matches) {
      if (match.leagueSlug !== leagueSlug || match.replayKickoffMs > replayNowMs) continue;
      const state = getMatchState(match.timeline, match.replayKickoffMs, replayNowMs);
      played.push({
        match,
        home: state.home,
        away: state.away,
        finished: state.status === 'finished',
      });
    }
    return played;
  };

  /**
   * The matches the odds list shows (listOdds), soonest first, with their early prices: the
   * day's started matches, then the next ones. Kick-offs are placed on the real calendar first,
   * so a match is drawn (toProviderMatch, buildOddsEvent) only if it may be listed.
   */
  const listOddsMatches = (leagueSlug: string, nowMs: number) => {
    const shown: { match: SeasonMatch; untilKickoff: number }[] = [];
    for (const match of matches) {
      if (match.leagueSlug !== leagueSlug) continue;
      // Where toProviderMatch puts its kick-off.
      const realKickoffMs = toRealTime(match.replayKickoffMs, nowMs, calendar);
      if (realKickoffMs === null) continue;
      const untilKickoff = realKickoffMs - nowMs;
      if (untilKickoff > -STARTED_ODDS_MS) shown.push({ match, untilKickoff });
    }
    // Soonest first, as the provider contract asks: the day's started matches, then the next
    // ones; prices are drawn only for the matches listed.
    shown.sort((a, b) => a.untilKickoff - b.untilKickoff);
    const listed: {
      match: SeasonMatch;
      item: ProviderMatch;
      untilKickoff: number;
      opening: OddsEvent;
    }[] = [];
    let upcoming = 0;
    for (const { match, untilKickoff } of shown) {
      if (untilKickoff > 0 && upcoming === UPCOMING_PER_LEAGUE) break;
      const item = toProviderMatch(match, nowMs) as ProviderMatch;
      const opening = buildOddsEvent(match, item, clubByKey, leagues);
      if (opening === null) continue;
      listed.push({ match, item, untilKickoff, opening });
      if (untilKickoff > 0) upcoming += 1;
    }
    return listed;
  };

  // Named, so methods call each other through it rather than through `this`.
  const provider: FootballProvider & ReplayExtras = {
    name: 'replay',
    season: dataset.season,
    calendar,
    listSeasonMoments: () =>
      matches.map((match) => ({
        kickoffMs: match.replayKickoffMs,
        finishedMs: match.replayKickoffMs + getMatchDurationMs(match.timeline),
      })),

    async listTeams(leagueSlug) {
      const keys = new Set<string>();
      for (const m of matches) {
        if (m.leagueSlug === leagueSlug) keys.add(m.homeKey).add(m.awayKey);
      }
      return [...keys].map((key) => {
        const club = clubByKey.get(key) as ClubInfo;
        return {
          key,
          name: club.name,
          shortName: club.shortName,
          leagueSlug,
          logoUrl: club.logoUrl,
        };
      });
    },

    async listMatches(from, to, now) {
      const result: ProviderMatch[] = [];
      for (const match of matches) {
        // Map from the range's week, not now's: a day that began in the previous real week (a
        // time zone west of UTC on a Sunday evening) would otherwise lose its matches to the next cycle.
        const item = toProviderMatch(match, now.getTime(), from.getTime());
        if (item === null) continue;
        // A match earlier in the week maps into this week, so filter on the real kick-off.
        const kickoff = item.kickoff.getTime();
        if (kickoff >= from.getTime() && kickoff < to.getTime()) result.push(item);
      }
      return result.sort((a, b) => a.kickoff.getTime() - b.kickoff.getTime());
    },

    async listSeasonMatches(now) {
      // Each match as this cycle of the replay shows it: played ones with their results.
      const cycleStartMs = getCycleStartMs(now.getTime(), calendar);
      return matches
        .flatMap((match) => toProviderMatch(match, now.getTime(), cycleStartMs) ?? [])
        .sort((a, b) => a.kickoff.getTime() - b.kickoff.getTime());
    },

    async getStandings(leagueSlug, now) {
      const teams = await provider.listTeams(leagueSlug);
      const ids = new Map(teams.map((t, i) => [t.key, i]));
      const results = playedBy(leagueSlug, now.getTime())
        .filter((p) => p.finished)
        .map((p) => ({
          homeId: ids.get(p.match.homeKey) as number,
          awayId: ids.get(p.match.awayKey) as number,
          home: p.home,
          away: p.away,
        }));
      const table = computeStandings(
        teams.map((t, i) => ({ id: i, name: t.name, shield: t.logoUrl ?? '' })),
        results,
      );
      return table.map((row) => ({
        teamKey: (teams[row.id] as { key: string }).key,
        pos: row.pos,
        wins: row.wins,
        draws: row.draws,
        losses: row.losses,
        goalsFor: row.goals_for ?? 0,
        goalsAgainst: row.goals_against ?? 0,
        points: row.points,
      }));
    },

    async getTopPlayers(leagueSlug, now) {
      // Counted from the recorded goals up to now. Once a match with goals but no recorded
      // events has been played (a season whose shots end part-way, or one of the matches whose
      // shots and score disagree), the counts would miss its scorers: none are told rather than
      // partial totals told as the whole.
      const played = playedBy(leagueSlug, now.getTime());
      if (played.some((p) => p.match.recordedShots === null && p.home + p.away > 0)) {
        return { goals: [], assists: [] };
      }
      const goals = new Map<string, number>();
      const assists = new Map<string, number>();
      const lastClub = new Map<string, string>();
      const names = new Map<string, string>();
      const replayNowMs = toReplayTime(now.getTime(), calendar);
      for (const { match } of played) {
        const elapsedMs = replayNowMs - match.replayKickoffMs;
        for (const { shot, offsetMs } of match.recordedShots ?? []) {
          if (offsetMs > elapsedMs || shot.result !== 'Goal') continue;
          const clubKey = shot.playerSide === 'home' ? match.homeKey : match.awayKey;
          goals.set(shot.playerId, (goals.get(shot.playerId) ?? 0) + 1);
          names.set(shot.playerId, shot.player);
          lastClub.set(shot.playerId, clubKey);
          if (shot.assist === null) continue;
          const assistId =
            playerIdByClubName.get(`${clubKey}\t${shot.assist}`) ?? `name:${shot.assist}`;
          assists.set(assistId, (assists.get(assistId) ?? 0) + 1);
          names.set(assistId, shot.assist);
          lastClub.set(assistId, clubKey);
        }
      }
      const nameOf = (id: string) => names.get(id) ?? playerNames.get(id)?.name ?? id;
      const rank = (totals: Map<string, number>): ProviderPlayerStat[] =>
        [...totals.entries()]
          .sort((a, b) => b[1] - a[1] || nameOf(a[0]).localeCompare(nameOf(b[0])))
          .slice(0, TOP_PLAYERS)
          .map(([playerId, total]) => ({
            playerId,
            nick: nameOf(playerId),
            imageUrl: playerId.startsWith('name:') ? null : `/img/player/${playerId}.svg`,
            flag: playerNames.get(playerId)?.nationality ?? '',
            teamKey: lastClub.get(playerId) ?? null,
            total,
          }));
      return { goals: rank(goals), assists: rank(assists) };
    },

    // Upcoming matches at their early prices, closing ones in the last hour; then the matches
    // of the last day that have kicked off, at their closing prices (what they closed at).
    async listOdds(leagueSlug, now) {
      return listOddsMatches(leagueSlug, now.getTime()).map(
        ({ match, item, untilKickoff, opening }) => {
          const closing =
            untilKickoff <= CLOSING_PRICES_MS
              ? buildOddsEvent(match, item, clubByKey, leagues, 'closing')
              : null;
          return { match: item, event: closing ?? opening, opening };
        },
      );
    },

    async listTransfers(leagueSlug, now) {
      const replayNowMs = toReplayTime(now.getTime(), calendar);
      const window = pickTransferWindow(replayNowMs, dataset.season);
      const result: ProviderTransfer[] = [];
      for (const move of dataset.transfers) {
        if (move.window !== window.window || slugByDivision.get(move.div) !== leagueSlug) continue;
        const club = clubByTransfermarktName.get(move.club);
        if (club === undefined) continue;
        result.push({
          teamKey: club.key,
          direction: move.direction === 'in' ? 'in' : 'out',
          playerId: `tm-${move.line}`,
          playerName: move.player,
          imageUrl: `/img/player/tm-${move.line}.svg`,
          flag: move.nationality ?? '',
          otherClub: move.otherClub,
          type: classifyTransfer(move.feeRaw),
          valor: move.feeEurM === null ? '' : String(move.feeEurM),
          window: window.label,
        });
      }
      return result;
    },

    async listForecastInputs(now) {
      const nowMs = now.getTime();
      const replayNowMs = toReplayTime(nowMs, calendar);
      const played: ForecastRecord[] = [];
      // Forecast what the site shows as upcoming: each league's next matches with prices (what
      // listOdds lists), and the day's matches already under way (forecast from what was known
      // at their kick-off); with their external ids.
      const listed = new Map<SeasonMatch, string>();
      for (const league of leagues) {
        for (const { match, item } of listOddsMatches(league.slug, nowMs))
          listed.set(match, item.externalId);
      }
      const upcoming: (ForecastRecord & { externalId: string })[] = [];
      let inPlaySinceMs: number | undefined;
      for (const match of matches) {
        const record = getSeasonRecord(match);
        if (record === null) continue;
        const state = getMatchState(match.timeline, match.replayKickoffMs, replayNowMs);
        if (state.status === 'finished') {
          played.push(getPlayedRecord(match, record));
        } else if (state.status !== 'scheduled') {
          inPlaySinceMs = Math.min(inPlaySinceMs ?? Infinity, match.replayKickoffMs);
        }
        // Only this cycle's matches: a fixture of the next cycle would be forecast by models
        // that have already learnt its result.
        const externalId = listed.get(match);
        if (externalId !== undefined && match.replayKickoffMs > replayNowMs - STARTED_ODDS_MS) {
          // The data set's pre-closing prices were collected a few days before kick-off; a
          // forecast made before then has none.
          const published = record.pricesPublishedMs <= replayNowMs;
          const { pricesPublishedMs: _published, ...fixture } = record;
          upcoming.push({
            ...fixture,
            preClosing: published ? record.preClosing : {},
            externalId,
          });
        }
      }
      played.sort(byKickoffThenId);
      return {
        earlier,
        played,
        upcoming,
        ...(inPlaySinceMs === undefined ? {} : { inPlaySinceMs }),
      };
    },
  };
  return provider;
}

function isSecondHalf(minute: string): boolean {
  const value = Number.parseInt(minute, 10);
  return Number.isFinite(value) && value > 45;
}
