// npm run dev serves the pages from Vite and forwards the server's own paths to the API server
// (vite.config.ts, scripts/dev-proxy.ts). A path Vite keeps falls through to the app's page, as
// the crests under /img did, which then showed placeholders.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import viteConfig from '../../vite.config.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

/**
 * Whether Vite's dev server forwards `url`, matched as Vite matches its proxy keys: one starting
 * with `^` is a regular expression, any other a prefix (createProxyContextMatcher in Vite).
 */
function isForwarded(url: string): boolean {
  return Object.keys(viteConfig.server?.proxy ?? {}).some((key) =>
    key.startsWith('^') ? new RegExp(key).test(url) : url.startsWith(key),
  );
}

/** The route's path with every parameter and wildcard filled with a dummy value. */
const fillParams = (url: string) => url.replace(/:[A-Za-z0-9_]+/g, 'x').replace(/\*/g, 'x');

const routes: string[] = [];
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ onRoute: (route) => void routes.push(route.url) });
});
afterAll(async () => {
  await t.close();
});

describe('the dev server', () => {
  it('forwards every path the API server has a route for', () => {
    expect(routes).toContain('/img/crest/:file');
    const kept = routes.map(fillParams).filter((url) => !isForwarded(url));
    expect(kept).toEqual([]);
  });

  it.each([
    '/api/leagues',
    '/img/crest/arsenal.svg',
    '/go/bet365?event=1',
    '/feeds/serie-a.xml',
    '/functions/v1/fetch-matches',
    '/healthz',
    '/livez',
    '/readyz',
  ])('forwards %s, which the web asks the server for', (url) => {
    expect(isForwarded(url)).toBe(true);
  });

  it.each(['/', '/news', '/league/serie-a', '/goals', '/imgs', '/src/main.tsx', '/@vite/client'])(
    'keeps %s, a page or a source of the app, for Vite',
    (url) => {
      expect(isForwarded(url)).toBe(false);
    },
  );
});
