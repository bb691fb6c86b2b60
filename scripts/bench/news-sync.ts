// Benchmark of one news sync: 20 feeds of 50 items each, served on loopback, ingested into a
// fresh embedded database by the real job, with the fetch guard allow-listing the test hosts.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import { PGlite } from '@electric-sql/pglite';

import { openDatabase } from '../../src/server/db/client.ts';
import { replaceFeedSources } from '../../src/server/db/feed-sources-queries.ts';
import { seedLeagues } from '../../src/server/db/leagues-queries.ts';
import { runIngestRss } from '../../src/server/jobs/ingest-rss.ts';
import { fetchFeed } from '../../src/server/providers/rss/client.ts';
import { rssFeed } from '../../tests/helpers/feed-server.ts';

const FEEDS = 20;
const ITEMS = 50;
// Four loopback addresses, so the job's one-fetch-per-host rule still lets four run at once.
const HOSTS = ['127.0.0.1', '127.0.0.2', '127.0.0.3', '127.0.0.4'];

function feedBody(feed: number): string {
  return rssFeed(
    `Bench feed ${feed}`,
    Array.from({ length: ITEMS }, (_, i) => ({
      title: `Feed ${feed} story ${i}: Arsenal edge past Chelsea in a London derby`,
      link: `https://news.example.com/${feed}/${i}?utm_source=rss`,
      guid: `bench-${feed}-${i}`,
      description:
        `<p>Match report ${i} with <b>markup</b>, a <a href="https://example.com">link</a> and some text. `.repeat(
          8,
        ),
      pubDate: new Date(Date.UTC(2026, 10, 21, 12, i)).toUTCString(),
    })),
  );
}

export async function benchNewsSync(): Promise<void> {
  const bodies = Array.from({ length: FEEDS }, (_, feed) => feedBody(feed));
  const servers: Server[] = [];
  const origins: string[] = [];
  for (const host of HOSTS) {
    const server = createServer((request, response) => {
      const feed = Number(/\/feed\/(\d+)/.exec(request.url ?? '')?.[1]);
      response.writeHead(200, { 'content-type': 'application/rss+xml; charset=utf-8' });
      response.end(bodies[feed] ?? '');
    });
    await new Promise<void>((resolve) => server.listen(0, host, resolve));
    servers.push(server);
    origins.push(`${host}:${(server.address() as AddressInfo).port}`);
  }
  const database = await openDatabase({ pglite: await PGlite.create() });
  try {
    await seedLeagues(database.db);
    await replaceFeedSources(
      database.db,
      bodies.map((_, feed) => ({
        name: `Bench ${feed}`,
        url: `http://${origins[feed % origins.length]}/feed/${feed}`,
        leagueSlug: 'premier-league',
      })),
      new Date('2026-11-21T15:30:00Z'),
    );
    let peakRss = process.memoryUsage().rss;
    const baseRss = peakRss;
    const sampler = setInterval(() => {
      peakRss = Math.max(peakRss, process.memoryUsage().rss);
    }, 5);
    const started = performance.now();
    const result = await runIngestRss({
      db: database.db,
      now: () => new Date('2026-11-21T15:30:00Z'),
      fetch: fetchFeed,
      allowHosts: origins,
      sources: 'all',
    });
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    peakRss = Math.max(peakRss, process.memoryUsage().rss);
    const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(0);
    console.log(
      `\nnews sync: ${FEEDS} feeds x ${ITEMS} items from loopback, ${result.total_new} new of ${result.total_processed}` +
        `, ${result.sources.filter((s) => s.error !== null).length} failed`,
    );
    console.log(
      `time ${seconds.toFixed(2)} s (target under 3 s) ${seconds < 3 ? 'MET' : 'MISSED'}; ` +
        `process memory peak ${mb(peakRss)} MB (${mb(peakRss - baseRss)} MB above the ${mb(baseRss)} MB before the sync)`,
    );
  } finally {
    await database.close();
    for (const server of servers) server.close();
  }
}
