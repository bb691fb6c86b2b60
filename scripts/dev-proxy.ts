// What Vite's dev server (npm run dev) hands to the API server: every path whose first segment
// a server route starts with. tests/integration/dev-proxy.test.ts lists the server's routes and
// fails when one starts with a segment missing here, so the list cannot fall behind.

/** Port of the API server under npm run dev; Vite's own is 3000. */
export const DEV_API_PORT = 3001;

/** First path segments the API server answers; the rest (pages, the app's sources) are Vite's. */
export const SERVER_SEGMENTS = [
  'api',
  'functions',
  'go',
  'img',
  'feeds',
  'metrics',
  'healthz',
  'livez',
  'readyz',
] as const;

/**
 * Vite's `server.proxy`: one rule whose key, starting with `^`, Vite reads as a regular
 * expression over the path and query. Whole segments only: `/go` must not take `/goals`.
 */
export function createDevProxy(
  target = `http://127.0.0.1:${DEV_API_PORT}`,
): Record<string, string> {
  return { [`^/(?:${SERVER_SEGMENTS.join('|')})(?:[/?]|$)`]: target };
}
