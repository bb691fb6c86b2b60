// Longer than 400 lines: the one fake of the whole Touchline API, with the data it answers.
import { http, HttpResponse } from 'msw/http';
import * as z from 'zod/mini';

import {
  ClicksReportSchema,
  renderClicksCsv,
  type ClickCount,
  type ClicksReport,
} from '../../src/domain/affiliate-clicks.ts';
import { LeagueListSchema } from '../../src/domain/api/leagues.ts';
import {
  NewsPageSchema,
  NewsSourcesSchema,
  NewsSyncResultSchema,
  type NewsItem,
  type NewsSources,
  type NewsSyncResult,
} from '../../src/domain/api/news.ts';
import { OddsAnswerSchema } from '../../src/domain/api/odds.ts';
import { PredictionsAnswerSchema } from '../../src/domain/api/predictions.ts';
import { TransfersAnswerSchema } from '../../src/domain/api/transfers.ts';
import type { LooseMatch } from '../../src/domain/board.ts';
import type { League } from '../../src/domain/league.ts';
import { LiveMatchSchema, type LiveMatch } from '../../src/domain/live-match.ts';
import type { MarketKey, OddsEvent } from '../../src/domain/odds.ts';
import type { Prediction } from '../../src/domain/prediction.ts';
import type { TransferPlayer, TransferTeam } from '../../src/domain/transfers.ts';

/**
 * A JSON answer read through the contract's schema for it, as the server's would be: a field the
 * contract does not have is dropped, and one of the wrong shape fails the test that served it.
 */
function answer<S extends z.ZodMiniType<object>>(schema: S, body: z.input<S>) {
  return HttpResponse.json(z.parse(schema, body) as Record<string, unknown>);
}

export const SITE_PASSWORD = 'kickoff';

export const leagues: League[] = [
  { id: 1, name: 'Premier League', slug: 'premier-league', order_index: 1, country: 'England' },
  { id: 2, name: 'La Liga', slug: 'la-liga', order_index: 2, country: 'Spain' },
  { id: 3, name: 'Serie A', slug: 'serie-a', order_index: 3, country: 'Italy' },
  { id: 4, name: 'Bundesliga', slug: 'bundesliga', order_index: 4, country: 'Germany' },
  { id: 5, name: 'Ligue 1', slug: 'ligue-1', order_index: 5, country: 'France' },
].map((league) => ({ ...league, logo_url: null }));

/** A board item in the live-match shape; pass what the test cares about. */
/** A board item as the server sends it: Arsenal v Chelsea at 21:00 unless told otherwise. */
export function createLiveMatch(fields: Partial<LiveMatch> & { id: string | number }): LiveMatch {
  return {
    competition_name: 'Premier League',
    league_slug: 'premier-league',
    local: 'Arsenal',
    visitor: 'Chelsea',
    local_shield: '/img/crest/arsenal.svg',
    visitor_shield: '/img/crest/chelsea.svg',
    status: -1,
    result: 'x-x',
    hour: '21:00',
    minute: '',
    date: '2026-11-21T19:00:00.000Z',
    ...fields,
  };
}

/** A board item with any of its fields as loose as the board reads them. */
export function createBoardMatch(fields: LooseMatch & { id: string | number }): LooseMatch {
  return { ...createLiveMatch({ id: fields.id }), ...fields };
}

/** Today's board as the default answer: one match being played, one to come, one finished. */
export const todayMatches: LooseMatch[] = z.parse(z.array(LiveMatchSchema), [
  createBoardMatch({
    id: 1,
    competition_name: 'Serie A',
    league_slug: 'serie-a',
    local: 'Juventus',
    visitor: 'Napoli',
    local_shield: '/img/crest/juventus.svg',
    visitor_shield: '/img/crest/napoli.svg',
    status: 0,
    result: '0-1',
    hour: '16:30',
    minute: '62',
    date: '2026-11-21T14:30:00.000Z',
  }),
  createBoardMatch({
    id: 2,
    local: 'Liverpool',
    visitor: 'Everton',
    local_shield: '/img/crest/liverpool.svg',
    visitor_shield: '/img/crest/everton.svg',
  }),
  createBoardMatch({
    id: 3,
    status: 1,
    result: '2-1',
    hour: '14:30',
    minute: '90',
    date: '2026-11-21T12:30:00.000Z',
  }),
]);

/**
 * GET /api/matches/today answering `matches` as given (any shape, so tests can send bad input).
 * `x-server-time` reports the server's clock; `updated_at` is `updatedAt`, or `ageMs` (5 s)
 * before the server's clock at each answer.
 */
export function todayMatchesHandler(
  matches: unknown,
  options: { serverNow?: () => Date; updatedAt?: Date | null; ageMs?: number } = {},
) {
  const { serverNow = () => new Date(), ageMs = 5000 } = options;
  return http.get('/api/matches/today', () => {
    const now = serverNow();
    const updatedAt =
      options.updatedAt === undefined ? new Date(now.getTime() - ageMs) : options.updatedAt;
    return HttpResponse.json(
      { matches, updated_at: updatedAt?.toISOString() ?? null },
      { headers: { 'x-server-time': now.toISOString() } },
    );
  });
}

const MARKET_MATCHES: Record<string, [string, string]> = {
  'serie-a': ['Inter', 'AC Milan'],
  'la-liga': ['Real Madrid', 'Barcelona'],
  'premier-league': ['Liverpool', 'Everton'],
  bundesliga: ['Bayern Munich', 'Dortmund'],
  'ligue-1': ['PSG', 'Marseille'],
};

/** One upcoming event per league, priced by Bet365 in both markets (The Odds API shape). */
export const oddsEvents: Record<string, OddsEvent[]> = Object.fromEntries(
  Object.entries(MARKET_MATCHES).map(([slug, [home, away]], i) => [
    slug,
    [
      {
        id: `fake:${slug}:1`,
        sport_key: 'soccer',
        commence_time: `2026-11-22T1${i}:00:00.000Z`,
        home_team: home,
        away_team: away,
        bookmakers: [
          {
            key: 'bet365',
            title: 'Bet365',
            link: 'https://www.bet365.com',
            markets: [
              {
                key: 'h2h',
                outcomes: [
                  { name: home, price: 1.9 + i / 10 },
                  { name: 'Draw', price: 3.4 },
                  { name: away, price: 4.1 },
                ],
              },
              {
                key: 'totals',
                outcomes: [
                  { name: 'Over', price: 1.8 + i / 100, point: 2.5 },
                  { name: 'Under', price: 2.05, point: 2.5 },
                ],
              },
            ],
          },
        ],
      },
    ],
  ]),
);

const prediction = (
  i: number,
  model_name: string,
  pick: string,
  confidence_pct: number,
  rationale: string | null,
): Prediction => ({
  id: 100 - i,
  match_id: 10 + i,
  model_name,
  pick,
  confidence_pct,
  rationale,
  created_at: new Date(Date.UTC(2026, 10, 21, 12, 0) - i * 60_000).toISOString(),
});

/** Six predictions, newest first. */
export const predictions: Prediction[] = [
  prediction(0, 'Poisson xG', 'Inter to win', 84, 'Inter have won 8 of their last 10 at home.'),
  prediction(1, 'Elo', 'Over 2.5 goals', 71, null),
  prediction(2, 'Market blend', 'Draw', 45, 'The prices barely separate the sides.'),
  prediction(3, 'Poisson xG', 'Liverpool to win', 66, 'Everton concede 1.8 expected goals away.'),
  prediction(4, 'Elo', 'Under 2.5 goals', 58, null),
  prediction(5, 'Market blend', 'Bayern Munich to win', 90, 'Short-priced favourites at home.'),
];

/**
 * A news item in the shape GET /api/news answers; `league_slug` only steers the mock's filter
 * (the answer drops it, as the contract has no such field).
 */
export function createNewsItem(
  i: number,
  fields: Partial<NewsItem> & { league_slug?: string } = {},
): NewsItem & { league_slug: string } {
  const published = new Date(Date.UTC(2026, 10, 21, 15, 30) - i * 3_600_000).toISOString();
  const link = `https://news.example/articles/${i}`;
  return {
    id: i,
    title: `Headline ${i}`,
    summary: `Summary of story ${i}.`,
    image_url: `https://news.example/images/${i}.jpg`,
    source: 'Touchline Wire',
    source_name: 'Touchline Wire',
    published_at: published,
    url: link,
    link,
    created_at: published,
    updated_at: published,
    league_slug: ['premier-league', 'la-liga', 'serie-a', 'bundesliga', 'ligue-1'][i % 5] ?? 'all',
    ...fields,
  };
}

/** 25 news items, newest first, five per league. */
export const newsItems = Array.from({ length: 25 }, (_, i) => createNewsItem(i));

/** The page of `items` GET /api/news answers for a request URL, as the server pages and filters. */
export function pageNews(
  url: URL,
  items: readonly (NewsItem & { league_slug?: string })[] = newsItems,
): { items: NewsItem[] } {
  const league = url.searchParams.get('league') ?? 'all';
  const page = Math.max(1, Number(url.searchParams.get('page') ?? 1));
  const size = Math.max(1, Number(url.searchParams.get('page_size') ?? 10));
  const matching = items.filter((item) => league === 'all' || item.league_slug === league);
  return { items: matching.slice((page - 1) * size, page * size) };
}

/** GET /api/news answering pages of `items`. */
export function newsHandler(items: readonly (NewsItem & { league_slug?: string })[] = newsItems) {
  return http.get('/api/news', ({ request }) =>
    answer(NewsPageSchema, pageNews(new URL(request.url), items)),
  );
}

export const newsSources: NewsSources = {
  sources: [
    {
      name: 'Touchline Premier League',
      url: 'https://news.example/feeds/premier-league.xml',
      league_slug: 'premier-league',
      last_fetched_at: '2026-11-21T15:30:00.000Z',
      item_count: 42,
      error_count: 0,
      last_error: null,
      flagged: false,
      disabled: false,
      next_due_at: '2026-11-21T15:45:00.000Z',
    },
    {
      name: 'Calcio Daily',
      url: 'https://calcio.example/rss',
      league_slug: 'serie-a',
      last_fetched_at: null,
      item_count: 0,
      error_count: 7,
      last_error: 'rss: 503 Service Unavailable',
      flagged: true,
      disabled: true,
      next_due_at: null,
    },
  ],
  last_sync_at: '2026-11-21T15:30:00.000Z',
  admin_password_required: false,
};

export const newsSyncResult: NewsSyncResult = {
  success: true,
  total_new: 3,
  totalIngested: 3,
  total_processed: 40,
  sources: [
    { source: 'Touchline Premier League', new_items: 3, total_items: 20, error: null },
    { source: 'Calcio Daily', new_items: 0, total_items: 20, error: null },
  ],
};

/** A move in the transfers answer's shape; pass what the test cares about. */
export function createTransferPlayer(
  fields: Partial<TransferPlayer> & Pick<TransferPlayer, 'name'>,
): TransferPlayer {
  const id = fields.name.toLowerCase().replace(/\W+/g, '-');
  return {
    id,
    image: `/img/player/${id}.svg`,
    flag: '',
    team: 'Elsewhere FC',
    type: 'transfer',
    valor: '',
    ...fields,
  };
}

const rumour = (id: number, name: string, source: string): TransferPlayer =>
  createTransferPlayer({
    id: `news-${id}`,
    name,
    image: `/img/player/news-${id}.svg`,
    team: source,
    type: 'rumour',
    source,
    link: `https://news.example/rumours/${id}`,
  });

/**
 * Clubs as GET /api/transfers answers them (arrivals deliberately not in fee order): Chelsea with
 * moves both ways and a rumour, Arsenal with arrivals only, Real Madrid with nothing (hidden),
 * Inter with rumours only and Bayern Munich with a departure; nothing in Ligue 1.
 */
export const transferTeams: TransferTeam[] = [
  {
    id: 11,
    name: 'Chelsea',
    key: 'chelsea',
    shield: '/img/crest/chelsea.svg',
    league_alias: 'premier-league',
    arrivals: [
      createTransferPlayer({
        name: 'Noni Madueke',
        team: 'PSV Eindhoven',
        valor: '35',
        flag: 'gb-eng',
      }),
      createTransferPlayer({
        name: 'João Félix',
        team: 'Atlético Madrid',
        type: 'loan',
        valor: '',
      }),
      createTransferPlayer({ name: 'Enzo Fernández', team: 'Benfica', valor: '121', flag: 'ar' }),
      createTransferPlayer({
        name: 'Mykhailo Mudryk',
        team: 'Shakhtar Donetsk',
        valor: '70',
        flag: 'ua',
      }),
      createTransferPlayer({
        name: 'Andrey Santos',
        team: 'Vasco da Gama',
        valor: '12.5',
        flag: 'br',
      }),
    ],
    departures: [
      createTransferPlayer({ name: 'Jorginho', team: 'Arsenal', valor: '12', flag: 'it' }),
    ],
    rumors: [rumour(7, 'Moisés Caicedo', 'BBC Sport')],
  },
  {
    id: 12,
    name: 'Arsenal',
    key: 'arsenal',
    shield: '/img/crest/arsenal.svg',
    league_alias: 'premier-league',
    arrivals: [
      createTransferPlayer({ name: 'Jakub Kiwior', team: 'Spezia', valor: '25', flag: 'pl' }),
      createTransferPlayer({ name: 'Leandro Trossard', team: 'Brighton', valor: '24', flag: 'be' }),
    ],
    departures: [],
    rumors: [],
  },
  {
    id: 21,
    name: 'Real Madrid',
    key: 'real-madrid',
    shield: '/img/crest/real-madrid.svg',
    league_alias: 'la-liga',
    arrivals: [],
    departures: [],
    rumors: [],
  },
  {
    id: 31,
    name: 'Inter',
    key: 'inter',
    shield: '/img/crest/inter.svg',
    league_alias: 'serie-a',
    arrivals: [],
    departures: [],
    rumors: [
      rumour(9, 'Marcus Thuram', 'Football Italia'),
      rumour(8, 'Davide Frattesi', 'Touchline'),
    ],
  },
  {
    id: 41,
    name: 'Bayern Munich',
    key: 'bayern-munich',
    shield: '/img/crest/bayern-munich.svg',
    league_alias: 'bundesliga',
    arrivals: [],
    departures: [
      createTransferPlayer({
        name: 'Marcel Sabitzer',
        team: 'Man United',
        type: 'loan',
        valor: '0',
      }),
    ],
    rumors: [],
  },
];

/** GET /api/transfers answering `teams`, filtered by league as the server does. */
export function transfersHandler(teams: readonly TransferTeam[] = transferTeams) {
  return http.get('/api/transfers', ({ request }) => {
    const league = new URL(request.url).searchParams.get('league') ?? 'all';
    return answer(TransfersAnswerSchema, {
      transfers: teams.filter((team) => league === 'all' || team.league_alias === league),
    });
  });
}

/** The operators' clicks of the last 30 days, as the database counts them. */
export const clickCounts: ClickCount[] = [
  { day: '2026-11-21', bookmaker: 'bet365', league: 'premier-league', page: 'home', clicks: 4 },
  { day: '2026-11-21', bookmaker: 'williamhill', league: 'serie-a', page: 'match', clicks: 2 },
  { day: '2026-11-20', bookmaker: 'bet365', league: 'la-liga', page: 'league', clicks: 3 },
  { day: '2026-11-08', bookmaker: 'pinnacle', league: null, page: null, clicks: 1 },
];

export const clicksReport: ClicksReport = {
  time_zone: 'Africa/Johannesburg',
  from: '2026-10-23',
  to: '2026-11-21',
  total: 10,
  days: Array.from({ length: 30 }, (_, i) => {
    const day = new Date(Date.UTC(2026, 9, 23 + i)).toISOString().slice(0, 10);
    const clicks = clickCounts.filter((c) => c.day === day).reduce((n, c) => n + c.clicks, 0);
    return { day, clicks };
  }),
  bookmakers: [
    { key: 'bet365', title: 'Bet365', clicks: 7 },
    { key: 'williamhill', title: 'William Hill', clicks: 2 },
    { key: 'pinnacle', title: 'Pinnacle', clicks: 1 },
  ],
  leagues: [
    { slug: 'premier-league', name: 'Premier League', clicks: 4 },
    { slug: 'la-liga', name: 'La Liga', clicks: 3 },
    { slug: 'serie-a', name: 'Serie A', clicks: 2 },
    { slug: null, name: 'No league', clicks: 1 },
  ],
  pages: [
    { page: 'home', clicks: 4 },
    { page: 'league', clicks: 3 },
    { page: 'match', clicks: 2 },
    { page: null, clicks: 1 },
  ],
};

/**
 * The Touchline API the web app calls: the gate, leagues, board, odds, predictions, news and
 * transfers.
 */
export const touchlineApiHandlers = [
  http.post('/api/session', async ({ request }) => {
    const body = (await request.json()) as { password?: unknown } | null;
    if (body?.password !== SITE_PASSWORD) {
      return HttpResponse.json({ error: 'Incorrect password. Please try again.' }, { status: 401 });
    }
    return new HttpResponse(null, { status: 204 });
  }),
  // A fresh tab: no valid session cookie until a test says otherwise.
  http.get('/api/session', () => HttpResponse.json({ unlocked: false })),
  http.get('/api/leagues', () => answer(LeagueListSchema, { leagues })),
  todayMatchesHandler(todayMatches),
  http.get('/api/odds', ({ request }) => {
    const url = new URL(request.url);
    const market = (url.searchParams.get('market') ?? 'h2h') as MarketKey;
    const league = url.searchParams.get('league');
    const events = league === null ? Object.values(oddsEvents).flat() : (oddsEvents[league] ?? []);
    // The API answers each bookmaker's prices for the market asked for only.
    return answer(OddsAnswerSchema, {
      events: events.map((event) => ({
        ...event,
        bookmakers: event.bookmakers.map((b) => ({
          ...b,
          markets: b.markets.filter((m) => m.key === market),
        })),
      })),
    });
  }),
  http.get('/api/predictions', ({ request }) => {
    const limit = Number(new URL(request.url).searchParams.get('limit') ?? 10);
    return answer(PredictionsAnswerSchema, { predictions: predictions.slice(0, limit) });
  }),
  newsHandler(),
  http.get('/api/news/sources', () => answer(NewsSourcesSchema, newsSources)),
  http.post('/api/news/sync', () => answer(NewsSyncResultSchema, newsSyncResult)),
  transfersHandler(),
  http.get('/api/admin/clicks', () => answer(ClicksReportSchema, clicksReport)),
  http.get(
    '/api/admin/clicks.csv',
    () =>
      new HttpResponse(renderClicksCsv(clickCounts), {
        headers: {
          'content-type': 'text/csv; charset=utf-8; header=present',
          'content-disposition':
            'attachment; filename="affiliate-clicks-2026-10-23-to-2026-11-21.csv"',
        },
      }),
  ),
];
