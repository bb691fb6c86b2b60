import { LEAGUES } from '../../../domain/league.ts';
import { findNextTransferWindow } from '../../../domain/transfers.ts';
import type { Db } from '../../db/client.ts';
import { listHistoryTransfers } from '../../db/history-queries.ts';
import { listMatchMarkets } from '../../db/markets-queries.ts';
import { listLeagueMatches } from '../../db/matches-queries.ts';
import { listPredictionsForMatches } from '../../db/predictions-queries.ts';
import { listStandings } from '../../db/standings-queries.ts';
import { listClubs } from '../../db/teams-queries.ts';
import { findTransferWindow } from '../../db/transfers-queries.ts';
import { getClubNamer } from '../club-names.ts';
import type { LeagueDirectory } from '../leagues.ts';
import { renderRssDocument } from './rss-document.ts';
import { toRumourMove } from './rumour-moves.ts';
import {
  writeDemoNews,
  type PreviewMatch,
  type ReportMatch,
  type RumourContext,
  type RumourMove,
} from './stories.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const REPORT_WINDOW_MS = 7 * DAY_MS;
const PREVIEW_WINDOW_MS = 10 * DAY_MS;
const MAX_REPORTS = 20;
const MAX_PREVIEWS = 10;

export type DemoFeedDeps = {
  db: Db;
  leagues: LeagueDirectory;
  now: () => Date;
  timeZone: string;
  brandName: string;
};

/**
 * The demo feed at `path` (`/feeds/<slug>.xml`) rendered from the database, or null when no
 * league has one there. Links start with `origin`: the route gives readers absolute links from
 * the request; the news ingestion passes none, so the stored links are paths on this site
 * (`/match/12`, `/news/rumour-serie-a-31`), right behind any proxy.
 */
export async function renderDemoFeed(
  deps: DemoFeedDeps,
  path: string,
  origin = '',
): Promise<string | null> {
  const league = (await deps.leagues.all()).find((l) => path === `/feeds/${l.slug}.xml`);
  return league === undefined ? null : renderLeagueFeed(deps, league, origin);
}

async function renderLeagueFeed(
  deps: DemoFeedDeps,
  league: { id: number; name: string; slug: string },
  origin: string,
): Promise<string> {
  const now = deps.now();
  const nowMs = now.getTime();
  const [finished, upcoming, table, rumours] = await Promise.all([
    listLeagueMatches(deps.db, {
      leagueId: league.id,
      from: new Date(nowMs - REPORT_WINDOW_MS),
      to: now,
      status: 'finished',
    }),
    listLeagueMatches(deps.db, {
      leagueId: league.id,
      from: new Date(nowMs + 1),
      to: new Date(nowMs + PREVIEW_WINDOW_MS),
      status: 'scheduled',
    }),
    listStandings(deps.db, league.id),
    listRumourMoves(deps.db, league),
  ]);

  const reports: ReportMatch[] = finished.slice(-MAX_REPORTS).flatMap((m) =>
    m.homeScore === null || m.awayScore === null
      ? []
      : [
          {
            ...m,
            home: m.homeName,
            away: m.awayName,
            kickoff: m.kickoffUtc,
            homeScore: m.homeScore,
            awayScore: m.awayScore,
          },
        ],
  );
  const next = upcoming.slice(0, MAX_PREVIEWS);
  const ids = next.map((m) => m.id);
  const [odds, predictions] = await Promise.all([
    listMatchMarkets(deps.db, ids, 'h2h'),
    listPredictionsForMatches(deps.db, ids),
  ]);
  const previews: PreviewMatch[] = next.map((m) => ({
    id: m.id,
    externalId: m.externalId,
    home: m.homeName,
    away: m.awayName,
    kickoff: m.kickoffUtc,
    odds: odds.get(m.id) ?? null,
    predictions: predictions.filter((p) => p.matchId === m.id),
  }));

  const items = writeDemoNews(
    {
      league,
      origin,
      now,
      timeZone: deps.timeZone,
      table: table.map((r) => ({
        team: r.team,
        pos: r.pos,
        points: r.points,
        played: r.wins + r.draws + r.losses,
      })),
    },
    reports,
    previews,
    rumours,
  );
  return renderRssDocument(
    {
      title: `${deps.brandName}: ${league.name} news`,
      link: `${origin}/league/${league.slug}`,
      description: `Match reports, previews and transfer rumours from the ${league.name} replay`,
      language: 'en-gb',
      selfUrl: `${origin}/feeds/${league.slug}.xml`,
      ttlMinutes: 15,
    },
    items,
  );
}

/**
 * The real moves into the league's clubs in the transfer window after the one the site shows
 * (Winter 2023 while it shows Summer 2022): tomorrow's transfers are today's rumours. Undefined
 * when the league shows no window or the data set has no next one.
 */
async function listRumourMoves(
  db: Db,
  league: { id: number; slug: string },
): Promise<{ context: RumourContext; moves: RumourMove[] } | undefined> {
  const code = LEAGUES.find((l) => l.slug === league.slug)?.division;
  const shown = await findTransferWindow(db, league.id);
  const next = shown === null ? null : findNextTransferWindow(shown);
  if (code === undefined || next === null) return undefined;
  const [history, clubs, nameOf] = await Promise.all([
    listHistoryTransfers(db, {
      div: code,
      season: next.season,
      window: next.window,
      direction: 'in',
    }),
    listClubs(db, { leagueIds: [league.id], current: true }),
    getClubNamer(db),
  ]);
  const buyers = new Map(
    clubs.flatMap((club) => club.transfermarktNames.map((name) => [name, club] as const)),
  );
  // The selling club by the site's name when it has one ("Bor. M'gladbach" is Borussia
  // Mönchengladbach), else as Transfermarkt writes it.
  const moves = history.flatMap((move) => {
    const club = buyers.get(move.club);
    return club === undefined ? [] : [toRumourMove(move, club.name, nameOf)];
  });
  return {
    context: {
      window: next.label,
      clubs: clubs.map((club) => ({ name: club.name, aliases: club.aliases })),
    },
    moves,
  };
}
