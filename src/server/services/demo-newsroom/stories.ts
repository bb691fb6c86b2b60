import { findBestPrices, type BestPrice, type OddsEvent } from '../../../domain/odds.ts';
import { getReportCardPath } from '../../../domain/report-card.ts';
import { extractRumour, type RumourClub } from '../../../domain/rumours.ts';
import { formatGmtOffset, formatZonedTime, getZonedDayRange } from '../../../domain/time-zone.ts';
import { formatFee } from '../../../domain/transfers.ts';
import type { RssItem } from './rss-document.ts';
import { toRumourGuid, type RumourMove } from './rumour-moves.ts';
import { toStoryPath } from './story-path.ts';

export type { RumourMove } from './rumour-moves.ts';

const MINUTE_MS = 60 * 1000;
const HOUR_MS = 60 * MINUTE_MS;
/** A report goes out about when the final whistle goes. */
const REPORT_DELAY_MS = 115 * MINUTE_MS;
/** A preview goes out two days before kick-off (or today, for a match further off). */
const PREVIEW_LEAD_MS = 48 * HOUR_MS;
/** Rumours per league feed, and the time between two of them (back from the start of today). */
const MAX_RUMOURS = 8;
const RUMOUR_SPACING_MS = 7 * HOUR_MS;
/** Transfermarkt's other side of a move that is no club. */
const NO_CLUB = new Set(['Without Club', 'Retired', 'Unknown', 'Career break', '']);

export type Standing = { pos: number; points: number; played: number };

export type ReportMatch = {
  id: number;
  externalId: string;
  home: string;
  away: string;
  kickoff: Date;
  homeScore: number;
  awayScore: number;
  htHomeScore: number | null;
  htAwayScore: number | null;
  /** The clubs' keys: with them, the report gets a card drawn from both crests and the score. */
  homeKey?: string;
  awayKey?: string;
};

export type PreviewMatch = {
  id: number;
  externalId: string;
  home: string;
  away: string;
  kickoff: Date;
  /** The match-result (h2h) odds event, when there are prices. */
  odds: OddsEvent | null;
  /** Its predictions, most confident first. */
  predictions: { modelName: string; market: string; pick: string; confidencePct: number }[];
};

export type DemoNewsContext = {
  league: { name: string; slug: string };
  /** Origin of this site (links point at its match and story pages). */
  origin: string;
  now: Date;
  timeZone: string;
  /** The league table, best first. */
  table: ({ team: string } & Standing)[];
};

export type RumourContext = {
  /** The window the moves are from, e.g. "Winter 2023". */
  window: string;
  /** The league's clubs: a headline is only written when the site reads it back as meant. */
  clubs: readonly RumourClub[];
};

/**
 * Short news stories written from the replay: a report per finished match, a preview per
 * upcoming one, a table round-up per day and a few transfer rumours, newest first. Guids are
 * stable, and every date is at or before `now`, so a story reads the same each time the feed is
 * fetched.
 */
export function writeDemoNews(
  context: DemoNewsContext,
  reports: readonly ReportMatch[],
  previews: readonly PreviewMatch[],
  rumours?: { context: RumourContext; moves: readonly RumourMove[] },
): RssItem[] {
  const items = [
    ...reports.map((m) => writeMatchReport(context, m)),
    ...previews.map((m) => writeMatchPreview(context, m)),
    ...(rumours === undefined ? [] : writeTransferRumours(context, rumours.context, rumours.moves)),
  ];
  const roundUp = writeTableRoundUp(context);
  if (roundUp !== null) items.push(roundUp);
  return items.sort(
    (a, b) => b.publishedAt.getTime() - a.publishedAt.getTime() || a.guid.localeCompare(b.guid),
  );
}

export function writeMatchReport(context: DemoNewsContext, match: ReportMatch): RssItem {
  const { home, away, homeScore: h, awayScore: a } = match;
  const league = context.league.name;
  const inLeague = withArticle(league);
  const day = formatWeekday(match.kickoff, context.timeZone);
  const pick = pickVariant(match.externalId);
  const margin = Math.abs(h - a);
  const winner = h > a ? home : away;
  const loser = h > a ? away : home;
  const score = h >= a ? `${h}-${a}` : `${a}-${h}`;
  const htKnown = match.htHomeScore !== null && match.htAwayScore !== null;
  const htH = match.htHomeScore ?? 0;
  const htA = match.htAwayScore ?? 0;
  const cameBack = htKnown && h !== a && Math.sign(htH - htA) === -Math.sign(h - a);

  let title: string;
  if (h === a) {
    title =
      h === 0
        ? `${home} and ${away} play out goalless draw`
        : pick([
            `${home} and ${away} share the spoils in ${h}-${a} draw`,
            `${home} held ${h}-${a} by ${away}`,
          ]);
  } else if (cameBack) {
    title = `${winner} come from behind to beat ${loser} ${score}`;
  } else if (margin >= 3) {
    title = h > a ? `${home} thrash ${away} ${score}` : `${away} cruise to ${score} win at ${home}`;
  } else if (margin === 2) {
    title = h > a ? `${home} see off ${away} ${score}` : `${away} win ${score} at ${home}`;
  } else {
    title =
      h > a
        ? pick([`${home} edge ${away} ${score}`, `${home} hold on to beat ${away} ${score}`])
        : `${away} snatch ${score} win at ${home}`;
  }

  const sentences: string[] = [];
  if (h === a) sentences.push(`${home} and ${away} drew ${h}-${a} in ${inLeague} on ${day}.`);
  else if (h > a) sentences.push(`${home} beat ${away} ${score} in ${inLeague} on ${day}.`);
  else sentences.push(`${away} won ${score} away at ${home} in ${inLeague} on ${day}.`);

  if (htKnown) {
    const htLeader = htH > htA ? home : away;
    const htScore = htH >= htA ? `${htH}-${htA}` : `${htA}-${htH}`;
    if (htH === htA && h === a && h === 0) {
      sentences.push('Neither side found a way through in either half.');
    } else if (htH === htA) {
      sentences.push(
        h === a
          ? `It was ${htScore} at half-time too, and the second half settled nothing.`
          : `It was ${htScore} at half-time before ${winner} took control after the break.`,
      );
    } else if (cameBack) {
      sentences.push(`${loser} led ${htScore} at half-time, but ${winner} turned it round.`);
    } else if (h === a) {
      sentences.push(`${htLeader} led ${htScore} at the break but could not hold on.`);
    } else if (Math.abs(htH - htA) > margin) {
      sentences.push(`${winner} led ${htScore} at half-time and held on as ${loser} fought back.`);
    } else {
      sentences.push(`${winner} led ${htScore} at half-time and did not look back.`);
    }
  }
  const standing = describeStandings(context, home, away);
  if (standing !== null) sentences.push(standing);
  const card =
    match.homeKey === undefined || match.awayKey === undefined
      ? null
      : getReportCardPath({ home: match.homeKey, away: match.awayKey, homeScore: h, awayScore: a });

  return {
    guid: `touchline:report:${match.externalId}`,
    title,
    // The match page shows its report.
    link: `${context.origin}/match/${match.id}`,
    description: sentences.join(' '),
    publishedAt: atOrBefore(match.kickoff.getTime() + REPORT_DELAY_MS, context.now),
    category: league,
    ...(card === null ? {} : { imageUrl: `${context.origin}${card}` }),
  };
}

export function writeMatchPreview(context: DemoNewsContext, match: PreviewMatch): RssItem {
  const { home, away } = match;
  const league = context.league.name;
  const inLeague = withArticle(league);
  const prices = match.odds === null ? null : findBestPrices(match.odds, 'h2h');
  const homePrice = prices?.home?.price;
  const awayPrice = prices?.away?.price;

  let title = `${home} v ${away} preview`;
  if (homePrice !== undefined && awayPrice !== undefined) {
    const favourite = homePrice <= awayPrice ? home : away;
    const favouritePrice = Math.min(homePrice, awayPrice);
    if (favouritePrice < 1.6) title = `${home} v ${away}: ${favourite} strong favourites`;
    else if (Math.max(homePrice, awayPrice) / favouritePrice < 1.3)
      title = `${home} v ${away}: little to choose between the sides`;
    else title = `${home} v ${away}: ${favourite} fancied to win`;
  }

  const when = `${formatWeekday(match.kickoff, context.timeZone)} ${formatDayMonth(match.kickoff, context.timeZone)}`;
  const time = formatZonedTime(match.kickoff.getTime(), context.timeZone);
  const zone = formatZoneLabel(match.kickoff, context.timeZone);
  const sentences = [`${home} host ${away} in ${inLeague} on ${when}, kick-off ${time} ${zone}.`];

  if (prices !== null) {
    const offers = [
      describeOffer(home, prices.home),
      describeOffer('the draw', prices.draw),
      describeOffer(away, prices.away),
    ].filter((offer): offer is string => offer !== null);
    if (offers.length > 0) sentences.push(`Best prices: ${offers.join(', ')}.`);
  }
  const result = match.predictions.find((p) => p.market === 'result');
  const totals = match.predictions.find((p) => p.market === 'totals');
  if (result !== undefined) {
    let tip = '';
    if (totals !== undefined) {
      const who = totals.modelName === result.modelName ? 'it' : `the ${totals.modelName} model`;
      tip = `, and ${who} expects ${describePick(totals.pick)} (${formatPct(totals.confidencePct)})`;
    }
    sentences.push(
      `Touchline's ${result.modelName} model picks ${describePick(result.pick)} with ${formatPct(result.confidencePct)} confidence${tip}.`,
    );
  }
  const standing = describeStandings(context, home, away);
  if (standing !== null) sentences.push(standing);

  return {
    guid: `touchline:preview:${match.externalId}`,
    title,
    link: `${context.origin}${toStoryPath(`touchline:preview:${match.externalId}`)}`,
    description: sentences.join(' '),
    publishedAt: atOrBefore(
      Math.min(
        match.kickoff.getTime() - PREVIEW_LEAD_MS,
        getZonedDayRange(context.now.getTime(), context.timeZone).startMs,
      ),
      context.now,
    ),
    category: league,
  };
}

/** Today's look at the top and bottom of the table, once a match has been played. */
export function writeTableRoundUp(context: DemoNewsContext): RssItem | null {
  const [first, second] = context.table;
  const last = context.table.at(-1);
  if (first === undefined || second === undefined || last === undefined || first.played === 0)
    return null;
  const league = context.league.name;
  const dayStart = getZonedDayRange(context.now.getTime(), context.timeZone).startMs;
  const gap = first.points - second.points;
  const title =
    gap === 0
      ? `${first.team} and ${second.team} level at the top of ${withArticle(league)}`
      : `${first.team} lead ${withArticle(league)} by ${plural(gap, 'point')}`;
  const sentences = [
    `${first.team} top the ${league} table on ${plural(first.points, 'point')} after ${plural(first.played, 'game')}` +
      (gap === 0
        ? `, level with ${second.team}.`
        : `, ${plural(gap, 'point')} clear of ${second.team}.`),
  ];
  const third = context.table[2];
  if (third !== undefined)
    sentences.push(`${third.team} are third on ${plural(third.points, 'point')}.`);
  if (last !== first)
    sentences.push(`At the bottom, ${last.team} have ${plural(last.points, 'point')}.`);
  const day = new Date(dayStart + 12 * HOUR_MS).toISOString().slice(0, 10);
  return {
    guid: `touchline:table:${context.league.slug}:${day}`,
    title,
    link: `${context.origin}${toStoryPath(`touchline:table:${context.league.slug}:${day}`)}`,
    description: sentences.join(' '),
    publishedAt: new Date(dayStart),
    category: league,
  };
}

/**
 * Up to eight rumours of the next window's biggest moves into the league's clubs (loans' ends
 * left out), one per player: "Enzo Fernández linked with Chelsea move", naming the selling club
 * and the fee when known. They are dated back from the start of today, seven hours apart.
 */
export function writeTransferRumours(
  context: DemoNewsContext,
  rumour: RumourContext,
  moves: readonly RumourMove[],
): RssItem[] {
  const dayStart = getZonedDayRange(context.now.getTime(), context.timeZone).startMs;
  const biggestFirst = moves
    .filter((m) => m.kind !== 'end of loan')
    .toSorted((a, b) => (b.feeEurM ?? -1) - (a.feeEurM ?? -1) || a.line - b.line);
  const items: RssItem[] = [];
  const told = new Set<string>();
  for (const move of biggestFirst) {
    if (items.length === MAX_RUMOURS) break;
    if (told.has(move.player)) continue;
    const { player, club } = move;
    const pick = pickVariant(`rumour:${move.line}`);
    const title = pick([
      `${player} linked with ${club} move`,
      `${club} eye move for ${player}`,
      `${club} in talks to sign ${player}`,
      `${club} close to signing ${player}`,
      `${club} weigh bid for ${player}`,
    ]);
    const read = extractRumour({ title, summary: '' }, rumour.clubs);
    if (read === null || read.player !== player || read.club !== club) continue;
    told.add(player);
    items.push({
      guid: toRumourGuid(context.league.slug, move.line),
      title,
      link: `${context.origin}${toStoryPath(toRumourGuid(context.league.slug, move.line))}`,
      description: describeRumour(move, rumour.window),
      publishedAt: new Date(dayStart - items.length * RUMOUR_SPACING_MS),
      category: context.league.name,
    });
  }
  return items;
}

function describeRumour(move: RumourMove, window: string): string {
  const when = window.startsWith('Winter') ? 'the January window' : 'the summer window';
  const sentences = [
    NO_CLUB.has(move.from)
      ? `${move.club} are said to be interested in ${move.player}, who is without a club, ahead of ${when}.`
      : `${move.club} are said to be interested in ${move.from}'s ${move.player} ahead of ${when}.`,
  ];
  const fee = formatFee(String(move.feeEurM ?? ''));
  if (move.kind === 'loan') sentences.push('A loan move is being discussed.');
  else if (move.kind === 'free') sentences.push('He would arrive on a free transfer.');
  else if (fee !== null) sentences.push(`The fee reported is around ${fee}.`);
  else sentences.push('No fee has been reported.');
  return sentences.join(' ');
}

function describeStandings(context: DemoNewsContext, home: string, away: string): string | null {
  const homeRow = context.table.find((r) => r.team === home);
  const awayRow = context.table.find((r) => r.team === away);
  if (homeRow === undefined || awayRow === undefined || homeRow.played + awayRow.played === 0)
    return null;
  return (
    `${home} are ${formatOrdinal(homeRow.pos)} in the table on ${plural(homeRow.points, 'point')}, ` +
    `${away} ${formatOrdinal(awayRow.pos)} on ${plural(awayRow.points, 'point')}.`
  );
}

function describeOffer(name: string, best: BestPrice | null): string | null {
  return best === null ? null : `${name} ${best.price.toFixed(2)} (${best.bookmakerTitle})`;
}

/** A stable choice among phrasings, so a story never changes its words between fetches. */
function pickVariant(seed: string) {
  let hash = 0;
  for (const c of seed) hash = (hash * 31 + c.charCodeAt(0)) >>> 0;
  return (options: string[]): string => options[hash % options.length] as string;
}

function atOrBefore(ms: number, now: Date): Date {
  return new Date(Math.min(ms, now.getTime()));
}

function formatWeekday(date: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-GB', { weekday: 'long', timeZone }).format(date);
}

function formatDayMonth(date: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', timeZone }).format(date);
}

/** "(GMT+2)", "(GMT)", "(GMT-3:30)". */
function formatZoneLabel(date: Date, timeZone: string): string {
  return `(${formatGmtOffset(date.getTime(), timeZone)})`;
}

function formatOrdinal(n: number): string {
  const tens = n % 100;
  const suffix = tens >= 11 && tens <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th');
  return `${n}${suffix}`;
}

function formatPct(value: number): string {
  return `${Math.round(value)}%`;
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

/** A pick mid-sentence: "Arsenal to win" stays, "Draw" becomes "a draw", "Over 2.5 goals" "over 2.5 goals". */
function describePick(pick: string): string {
  if (pick === 'Draw') return 'a draw';
  return /^(Over|Under)\b/.test(pick) ? pick[0]?.toLowerCase() + pick.slice(1) : pick;
}

/** "the Premier League", "the Bundesliga", but "La Liga", "Serie A", "Ligue 1". */
function withArticle(league: string): string {
  return /^(Premier League|Bundesliga)$/.test(league) ? `the ${league}` : league;
}
