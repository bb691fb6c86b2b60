import { readFileSync } from 'node:fs';

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import {
  formatPageHints,
  HINTED_PATHS,
  readModuleFiles,
  type ManifestChunk,
} from './page-hints.ts';

// The shape of Vite's .vite/manifest.json: the entry and what it imports are the first download.
const MANIFEST: Record<string, ManifestChunk> = {
  'index.html': { file: 'assets/index-1.js', isEntry: true, imports: ['_react-1.js', '_api-1.js'] },
  '_react-1.js': { file: 'assets/react-1.js' },
  '_api-1.js': { file: 'assets/api-1.js', imports: ['_react-1.js'] },
  '_scroll-1.js': { file: 'assets/scroll-1.js', imports: ['_react-1.js', '_tip-1.js'] },
  '_tip-1.js': { file: 'assets/tip-1.js', imports: ['index.html'] },
  'routes/match.tsx': {
    file: 'assets/match-1.js',
    imports: ['_api-1.js', 'index.html', '_scroll-1.js'],
  },
  'routes/league.tsx': { file: 'assets/league-1.js', imports: ['_scroll-1.js'] },
  'routes/not-found.tsx': { file: 'assets/not-found-1.js', imports: ['index.html'] },
  'routes/news.tsx': { file: 'assets/news-1.js' },
};
const moduleFiles = readModuleFiles(MANIFEST);

/** The hinted addresses of a page, by kind. */
function hintsOf(url: string) {
  const links = (formatPageHints(url, moduleFiles) ?? '').split(', ');
  const pick = (kind: string) =>
    links.filter((link) => link.endsWith(kind)).map((link) => /^<([^>]*)>/.exec(link)?.[1]);
  return {
    modules: pick('; rel=modulepreload'),
    answers: pick('; rel=preload; as=fetch; crossorigin'),
    all: links,
  };
}

describe("a page module's files", () => {
  it('are its own and those it imports beyond the first download, its own first', () => {
    expect(moduleFiles('routes/match.tsx')).toEqual([
      '/assets/match-1.js',
      '/assets/scroll-1.js',
      '/assets/tip-1.js',
    ]);
  });

  it('are none for a module the build does not have, or without a manifest', () => {
    expect(moduleFiles('routes/gone.tsx')).toEqual([]);
    expect(readModuleFiles({})('routes/match.tsx')).toEqual([]);
  });
});

describe('the hints sent with a page', () => {
  it("name the match page's module and its match, read from the address as the page reads it", () => {
    const hints = hintsOf('/match/469-arsenal-v-chelsea');
    expect(hints.modules).toEqual([
      '/assets/match-1.js',
      '/assets/scroll-1.js',
      '/assets/tip-1.js',
    ]);
    expect(hints.answers).toEqual(['/api/leagues', '/api/matches/469']);
  });

  it('name every answer of a known league, and only the league for an unknown one', () => {
    expect(hintsOf('/league/serie-a').answers).toEqual([
      '/api/leagues',
      '/api/leagues/serie-a',
      '/api/matches/today?league=serie-a',
      '/api/leagues/serie-a/table',
      '/api/odds?league=serie-a&market=h2h',
    ]);
    // The page asks for nothing more once the server says there is no such league.
    expect(hintsOf('/league/serie-z').answers).toEqual(['/api/leagues', '/api/leagues/serie-z']);
  });

  it("follow the news page's league filter, and its default for one it does not know", () => {
    expect(hintsOf('/news?league=bundesliga').answers).toContain(
      '/api/news?league=bundesliga&page=1&page_size=10',
    );
    expect(hintsOf('/news?league=%3Cb%3E').answers).toContain(
      '/api/news?league=all&page=1&page_size=10',
    );
  });

  it('match routes as the router does: any case, a trailing slash, percent-decoded', () => {
    expect(hintsOf('/MATCH/7/').answers).toContain('/api/matches/7');
    expect(hintsOf('/team/m%C3%BCnchen').answers).toContain('/api/teams/m%C3%BCnchen');
    expect(hintsOf('/').answers).toEqual(['/api/leagues', '/api/matches/today']);
    expect(hintsOf('/').modules).toEqual([]);
  });

  it('name nothing the page chooses from what the browser remembers', () => {
    expect(hintsOf('/transfers').answers).toEqual(['/api/leagues']);
  });

  it("send an unknown path's visitor the not-found page's module and the frame's answer", () => {
    for (const url of ['/no/such/page', '/match/', '/team/%E0%A4%A', '//evil.example/match/1']) {
      const hints = hintsOf(url);
      expect(hints.modules, url).toEqual(['/assets/not-found-1.js']);
      expect(hints.answers, url).toEqual(['/api/leagues']);
    }
  });

  it('are a well-formed header for any address a visitor can send', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('/match/', '/team/', '/league/', '/news/', '/news?league=', '/'),
        fc.string({ unit: 'binary' }),
        (prefix, rest) => {
          const header = formatPageHints(prefix + rest, moduleFiles);
          if (header === null) return;
          // Visible ASCII only: no line break, no byte a header cannot carry.
          expect(header).toMatch(/^[\x20-\x7e]*$/);
          for (const link of header.split(', ')) {
            expect(link).toMatch(
              /^<\/[^<>\s,;]*>; rel=(modulepreload|preload; as=fetch; crossorigin)$/,
            );
          }
        },
      ),
    );
  });
});

it("know every page of the router, and each page's module", () => {
  // The router is the app's, in the browser; the hints are the server's: read from its source.
  const router = readFileSync(new URL('../../web/router.tsx', import.meta.url), 'utf8');
  const routerPaths = [...router.matchAll(/path: '([^']+)'/g)].map((m) => m[1]);
  expect(routerPaths.filter((p) => p !== '*').sort()).toEqual([...HINTED_PATHS].sort());
  // Each lazy page of the router is the module the hints name for its path.
  const lazyPages = [
    ...router.matchAll(/path: '([^']+)',\s*lazy:[^']*import\('\.\/(routes\/[\w-]+\.tsx)'\)/g),
  ].filter((m) => m[1] !== '*');
  expect(lazyPages.length).toBe(HINTED_PATHS.length - 1);
  for (const [, route = '', module = ''] of lazyPages) {
    const files = readModuleFiles({ [module]: { file: 'assets/page.js' } });
    const hints = formatPageHints(route.replace(/:\w+/g, 'x'), files);
    expect(hints, route).toContain('</assets/page.js>; rel=modulepreload');
  }
});
