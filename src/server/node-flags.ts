/**
 * The Node flags the server process runs with: `npm start`, the container image, the browser
 * tests and the benchmarks all start it with them (a test checks that `npm start` and the
 * image's command carry the same). V8's young generation grows to semi-spaces of 16 MB or more,
 * which a server that allocates little per request never needs: with 2 MB, the site idles about
 * 100 MB smaller (570 → 440 MB measured after its first update) for a few more minor
 * collections.
 *
 * `--heap-growing-percent=30`: after each full collection V8 lets the old generation grow to
 * 1.3 times what survived before the next, instead of a factor it picks up to 4 from the heap's
 * limit (about 4 GB here) and how fast it collects. With it the site idled at 335 MB instead of
 * 377 MB after the memory benchmark's load and peaked at 365 MB instead of 402 MB, with the event
 * loop's p99 delay under that load at 42 ms against 35 ms (`npm run bench -- --only
 * load,memory`, one run each, back to back). At 15% it idled at 318 MB and peaked at 326 MB,
 * but with the p99 delay at 46 ms, close to the 50 ms the site must stay under: left at 30%.
 *
 * `--optimize-for-size` was measured and left out: the site idled at 300 MB instead of 422 MB
 * after the memory benchmark's load, but the event loop's p99 delay under that load went from
 * 45 to 94 ms (the bare process's from 33 to 75 ms) and the load benchmark's requests per second
 * fell by about a fifth (`npm run bench -- --only load,memory`, one run each, same machine).
 * Measured again once the site no longer held the earlier seasons' results (same day, one run
 * each): with it added the site idled at 258 MB instead of 298 MB, and /api/matches/today served
 * 17,213 requests a second instead of 21,078 (0.53 of the bare route's rate instead of 0.69,
 * where the load benchmark asks at least 0.50); alone in place of `--heap-growing-percent=30`,
 * 268 MB and 0.49. A 20% growth idled at 293 MB and served 14,495 a second (0.49). The memory
 * target holds without them, the throughput keeps its margin with 30% alone.
 */
export const SERVER_NODE_FLAGS: readonly string[] = [
  '--max-semi-space-size=2',
  '--heap-growing-percent=30',
];

/**
 * The built server (scripts/prepare.ts bundles src/server into it): what `npm start`, the image,
 * the browser tests, the tests that start it through tests/helpers/e2e-server.ts, Lighthouse and
 * the benchmarks run. `npm run dev` and the tests that spawn src/server/main.ts themselves run
 * the sources.
 */
export const SERVER_ENTRY = '.cache/server/main.js';
