/**
 * The Node flags the server process runs with: `npm start`, the container image, the browser
 * tests and the benchmarks all start it with them (a test checks that `npm start` and the
 * image's command carry the same). V8's young generation grows to semi-spaces of 16 MB or more,
 * which a server that allocates little per request never needs: with 2 MB, the site idles about
 * 100 MB smaller (570 → 440 MB measured after its first update) for a few more minor
 * collections.
 *
 * `--optimize-for-size` was measured and left out: the site idled at 300 MB instead of 422 MB
 * after the memory benchmark's load, but the event loop's p99 delay under that load went from
 * 45 to 94 ms (the bare process's from 33 to 75 ms) and the load benchmark's requests per second
 * fell by about a fifth (`npm run bench -- --only load,memory`, one run each, same machine).
 */
export const SERVER_NODE_FLAGS: readonly string[] = ['--max-semi-space-size=2'];
