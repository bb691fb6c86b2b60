import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type FeedRoute = (request: IncomingMessage, response: ServerResponse) => void;

export type FeedServer = {
  /** http://127.0.0.1:<port> */
  origin: string;
  /** 127.0.0.1:<port>, for the fetch guard's allow-list. */
  host: string;
  /** Requests per path. */
  hits: Map<string, number>;
  /** Replaces the handler of a path. */
  route: (path: string, handler: FeedRoute) => void;
  close: () => Promise<void>;
};

/** An answer with a body and headers (a feed, an error page). */
export function answer(
  status: number,
  body: string,
  headers: Record<string, string> = {},
): FeedRoute {
  return (_request, response) => {
    response.writeHead(status, {
      'content-type': 'application/rss+xml; charset=utf-8',
      ...headers,
    });
    response.end(body);
  };
}

/** A feed with an ETag that answers 304 to a request holding it. */
export function feedWithEtag(body: string, etag: string): FeedRoute {
  return (request, response) => {
    if (request.headers['if-none-match'] === etag) {
      response.writeHead(304, { etag });
      response.end();
      return;
    }
    answer(200, body, { etag })(request, response);
  };
}

/** A loopback HTTP server answering feeds by path (404 for any other path). */
export async function startFeedServer(routes: Record<string, FeedRoute>): Promise<FeedServer> {
  const table = new Map(Object.entries(routes));
  const hits = new Map<string, number>();
  const server = createServer((request, response) => {
    const path = (request.url ?? '/').split('?', 1)[0] ?? '/';
    hits.set(path, (hits.get(path) ?? 0) + 1);
    const handler = table.get(path) ?? answer(404, 'Not Found', { 'content-type': 'text/plain' });
    handler(request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    host: `127.0.0.1:${port}`,
    hits,
    route: (path, handler) => table.set(path, handler),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A small RSS 2.0 document. */
export function rssFeed(
  title: string,
  items: { title: string; link: string; guid?: string; description?: string; pubDate?: string }[],
): string {
  const escape = (text: string) =>
    text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  const entries = items.map(
    (item) => `<item>
  <title>${escape(item.title)}</title>
  <link>${escape(item.link)}</link>
  ${item.guid === undefined ? '' : `<guid isPermaLink="false">${escape(item.guid)}</guid>`}
  <description>${escape(item.description ?? '')}</description>
  ${item.pubDate === undefined ? '' : `<pubDate>${item.pubDate}</pubDate>`}
</item>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0"><channel><title>${escape(title)}</title><link>https://example.com/</link>
<description>${escape(title)}</description>
${entries.join('\n')}
</channel></rss>`;
}
