/**
 * The addresses of the API's answers, spelt once: the browser asks for them (src/web/api), and
 * the server names the first ones a page will ask for in the hints it sends with the page
 * (src/server/routes/page-hints.ts). A hint is used only when its address is the very one the
 * page asks for, query string and all, so both sides build it here.
 */
export const apiAddress = {
  leagues: () => '/api/leagues',
  league: (slug: string) => `/api/leagues/${encodeURIComponent(slug)}`,
  leagueTable: (slug: string) => `${apiAddress.league(slug)}/table`,
  leagueStats: (slug: string) => `${apiAddress.league(slug)}/stats`,
  seasonProjection: (slug: string) => `${apiAddress.league(slug)}/projection`,
  leagueXg: (slug: string) => `${apiAddress.league(slug)}/xg`,
  /** Today's board, or one league's part of it. */
  todayMatches: (league?: string) =>
    league === undefined
      ? '/api/matches/today'
      : `/api/matches/today?${new URLSearchParams({ league }).toString()}`,
  matchCentre: (id: string) => `/api/matches/${encodeURIComponent(id)}`,
  team: (slug: string) => `/api/teams/${encodeURIComponent(slug)}`,
  odds: (league: string, market: string) =>
    `/api/odds?${new URLSearchParams({ league, market }).toString()}`,
  /** One page of news (`page` counts from 1); `league` is a slug or 'all'. */
  news: (params: { league: string; page: number; pageSize: number }) =>
    `/api/news?${new URLSearchParams({
      league: params.league,
      page: String(params.page),
      page_size: String(params.pageSize),
    }).toString()}`,
  newsArticle: (ref: string) => `/api/news/articles/${encodeURIComponent(ref)}`,
  trackRecord: () => '/api/predictions/track-record',
  /** Every club's moves and rumours, or one league's (`league`: a slug or 'all'). */
  transfers: (league: string) => `/api/transfers?league=${encodeURIComponent(league)}`,
};

/**
 * The match id in a match page's address segment: "469", or the "469" of "469-arsenal-chelsea";
 * any other segment is passed on as it is (the server answers that no such match exists).
 */
export function readMatchId(segment: string | undefined): string {
  return /^([0-9]+)(?:-|$)/.exec(segment ?? '')?.[1] ?? segment ?? '';
}
