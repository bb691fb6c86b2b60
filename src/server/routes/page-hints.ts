import { apiAddress, readMatchId } from '../../domain/api/addresses.ts';
import { NEWS_PAGE_SIZE } from '../../domain/api/news.ts';
import { findLeagueEntry, parseLeagueFilter } from '../../domain/league.ts';

/**
 * What a page of the app needs before it can draw its first screen, named in the page's answer
 * (a `Link` header) so the browser fetches it alongside the page's script rather than after it:
 * the page's module (src/web/router.tsx loads each page but the home page when first visited)
 * and the API answers the page asks for at once. Without the hints the browser learns of each
 * only when the file before it has run: script, then page module, then answer.
 */
type PageRoute = {
  /** The route's path as src/web/router.tsx writes it; `:name` stands for one segment. */
  path: string;
  /** The page's module in the build's manifest; null for the home page, in the first download. */
  module: string | null;
  /**
   * The answers the page asks for as it opens, by address: only those every visitor's copy of
   * the page asks for (an answer chosen from what the browser remembers is not named).
   */
  answers: (params: Record<string, string>, search: URLSearchParams) => string[];
};

const PAGE_ROUTES: readonly PageRoute[] = [
  { path: '/', module: null, answers: () => [apiAddress.todayMatches()] },
  {
    path: '/league/:slug',
    module: 'routes/league.tsx',
    // The sections below the league's name ask once the league is known to exist.
    answers: ({ slug = '' }) =>
      findLeagueEntry(slug) === null
        ? [apiAddress.league(slug)]
        : [
            apiAddress.league(slug),
            apiAddress.todayMatches(slug),
            apiAddress.leagueTable(slug),
            apiAddress.odds(slug, 'h2h'),
          ],
  },
  {
    path: '/team/:slug',
    module: 'routes/team.tsx',
    answers: ({ slug = '' }) => [apiAddress.team(slug)],
  },
  {
    path: '/match/:id',
    module: 'routes/match.tsx',
    answers: ({ id }) => [apiAddress.matchCentre(readMatchId(id))],
  },
  {
    path: '/news',
    module: 'routes/news.tsx',
    answers: (_params, search) => [
      apiAddress.news({
        league: parseLeagueFilter(search.get('league')),
        page: 1,
        pageSize: NEWS_PAGE_SIZE,
      }),
    ],
  },
  {
    path: '/news/:ref',
    module: 'routes/news-article.tsx',
    answers: ({ ref = '' }) => [apiAddress.newsArticle(ref)],
  },
  // The league shown first is the one this browser chose last: not named.
  { path: '/transfers', module: 'routes/transfers.tsx', answers: () => [] },
  {
    path: '/predictions',
    module: 'routes/predictions.tsx',
    answers: () => [apiAddress.trackRecord()],
  },
  { path: '/admin', module: 'routes/admin.tsx', answers: () => [] },
];

/** What every page asks for: the frame's league menu. */
const FRAME_ANSWERS = [apiAddress.leagues()];
const NOT_FOUND_MODULE = 'routes/not-found.tsx';

/** The route paths the hints know, for the test that holds them to the router's. */
export const HINTED_PATHS = PAGE_ROUTES.map((route) => route.path);

/**
 * The route a path opens, with its parameters, matched as the router matches: letters in any
 * case, one trailing slash allowed, each parameter percent-decoded. Null for a path the router
 * would send to its not-found page, or one that cannot be decoded.
 */
function matchRoute(pathname: string): { route: PageRoute; params: Record<string, string> } | null {
  const segments = pathname
    .replace(/(.)\/$/, '$1')
    .split('/')
    .slice(1);
  for (const route of PAGE_ROUTES) {
    const parts = route.path.split('/').slice(1);
    if (parts.length !== segments.length) continue;
    const params: Record<string, string> = {};
    const matched = parts.every((part, i) => {
      const segment = segments[i] ?? '';
      if (!part.startsWith(':')) return part.toLowerCase() === segment.toLowerCase();
      if (segment === '') return false;
      try {
        params[part.slice(1)] = decodeURIComponent(segment);
        return true;
      } catch {
        return false;
      }
    });
    if (matched) return { route, params };
  }
  return null;
}

/** One chunk of the build's manifest (Vite's `.vite/manifest.json`). */
export type ManifestChunk = { file: string; imports?: string[]; isEntry?: boolean };

/**
 * The files each page module of the build needs beyond the first download (the entry and what
 * it imports, which the page itself asks for): the module's own file first, then its imports.
 */
export function readModuleFiles(
  manifest: Record<string, ManifestChunk>,
): (module: string) => string[] {
  const closure = (keys: string[], into: Set<string>) => {
    for (const key of keys) {
      if (into.has(key) || manifest[key] === undefined) continue;
      into.add(key);
      closure(manifest[key].imports ?? [], into);
    }
    return into;
  };
  const entries = Object.keys(manifest).filter((key) => manifest[key]?.isEntry === true);
  const firstDownload = closure(entries, new Set());
  return (module) => {
    if (manifest[module] === undefined) return [];
    const needed = [...closure([module], new Set())].filter((key) => !firstDownload.has(key));
    return needed.map((key) => `/${manifest[key]?.file ?? ''}`);
  };
}

/**
 * The `Link` header value naming what the page at `url` (path and query) needs first, or null
 * when it names nothing. For a signed-in visitor only: the gate page needs neither.
 */
export function formatPageHints(
  url: string,
  moduleFiles: (module: string) => string[],
): string | null {
  const [pathname = '', query = ''] = url.split('#', 1)[0]?.split(/\?(.*)/s) ?? [];
  const searchParams = new URLSearchParams(query);
  const matched = matchRoute(pathname);
  const module = matched === null ? NOT_FOUND_MODULE : matched.route.module;
  const files = module === null ? [] : moduleFiles(module);
  const answers = [
    ...FRAME_ANSWERS,
    ...(matched === null ? [] : matched.route.answers(matched.params, searchParams)),
  ];
  const links = [
    ...files.map((file) => `<${file}>; rel=modulepreload`),
    // `crossorigin` (anonymous) is what a same-origin fetch() asks with, cookie included: the
    // browser hands the page this answer only if the two requests are alike.
    ...answers.map((answer) => `<${answer}>; rel=preload; as=fetch; crossorigin`),
  ];
  return links.length === 0 ? null : links.join(', ');
}
