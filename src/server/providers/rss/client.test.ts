// Over 400 lines: every case of the fetch guard shares the loopback servers set up at the top.
import { readFileSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import zlib from 'node:zlib';

import { afterEach, describe, expect, it } from 'vitest';

import {
  answer,
  startFeedServer,
  type FeedRoute,
  type FeedServer,
} from '../../../../tests/helpers/feed-server.ts';
import { fetchFeed, type FetchFeedOptions } from './client.ts';
import { FeedFetchError } from './fetch-error.ts';
import { parseFeed } from './parse.ts';
import type { LookupFn } from './resolve.ts';

const FEED = fixtureText('rss-bbc-premier-league.xml');
const MIB = 1024 * 1024;

function fixtureText(name: string): string {
  return readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');
}

type Server = { port: number; origin: string; host: string; requests: string[] };
const closers: Array<() => void> = [];
afterEach(() => {
  for (const close of closers.splice(0)) close();
});

/** A loopback HTTP(S) server on 127.0.0.1:0 that records the paths it was asked for. */
async function startServer(
  handler: (req: http.IncomingMessage, res: http.ServerResponse, server: Server) => void,
  tlsOptions?: https.ServerOptions,
): Promise<Server> {
  const state: Server = { port: 0, origin: '', host: '', requests: [] };
  const listener = (req: http.IncomingMessage, res: http.ServerResponse) => {
    state.requests.push(req.url ?? '');
    handler(req, res, state);
  };
  const server =
    tlsOptions === undefined
      ? http.createServer(listener)
      : https.createServer(tlsOptions, listener);
  await listen(server, state, tlsOptions === undefined ? 'http' : 'https');
  return state;
}

/** A raw TCP server, for responses no HTTP library would send. */
async function startRawServer(onConnection: (socket: net.Socket) => void): Promise<Server> {
  const state: Server = { port: 0, origin: '', host: '', requests: [] };
  const server = net.createServer((socket) => {
    socket.on('error', () => {});
    onConnection(socket);
  });
  await listen(server, state, 'http');
  return state;
}

async function listen(server: net.Server, state: Server, scheme: string): Promise<void> {
  const sockets = new Set<net.Socket>();
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.port = (server.address() as net.AddressInfo).port;
  state.host = `127.0.0.1:${state.port}`;
  state.origin = `${scheme}://${state.host}`;
  closers.push(() => {
    for (const socket of sockets) socket.destroy();
    server.close();
  });
}

async function fetchError(promise: Promise<unknown>): Promise<FeedFetchError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(FeedFetchError);
    expect((error as Error).message).toMatch(/^rss: /);
    return error as FeedFetchError;
  }
  throw new Error('expected the fetch to fail');
}

async function elapsed<T>(work: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const start = performance.now();
  const value = await work();
  return { ms: performance.now() - start, value };
}

const PUBLIC_IP = '93.184.216.34';

describe('fetchFeed address guard', () => {
  it('refuses a loopback server unless its host:port is allow-listed', async () => {
    const server = await startServer((_req, res) => res.end(FEED));
    const refused = await fetchError(fetchFeed(`${server.origin}/feed.xml`));
    expect(refused.message).toContain('is not allowed');
    expect(server.requests).toEqual([]);

    const result = await fetchFeed(`${server.origin}/feed.xml`, { allowHosts: [server.host] });
    expect(result).toMatchObject({
      status: 200,
      body: FEED,
      finalUrl: `${server.origin}/feed.xml`,
    });
    expect(server.requests).toEqual(['/feed.xml']);
  });

  it('checks the address again at connect time: a lookup that answers public, then 127.0.0.1, fails', async () => {
    const answers: string[] = [];
    const rebinding: LookupFn = (_host, _options, callback) => {
      const address = answers.length === 0 ? PUBLIC_IP : '127.0.0.1';
      answers.push(address);
      callback(null, address, 4);
    };
    const error = await fetchError(fetchFeed('http://feed.example/rss', { lookup: rebinding }));
    expect(error.message).toBe('rss: feed.example resolves to non-public address 127.0.0.1');
    // The second answer came from the socket's own lookup, just before it would have connected.
    expect(answers).toEqual([PUBLIC_IP, '127.0.0.1']);
  });

  it('refuses a host when any of its addresses is private', async () => {
    const mixed: LookupFn = (_host, _options, callback) =>
      callback(null, [
        { address: PUBLIC_IP, family: 4 },
        { address: '10.0.0.7', family: 4 },
      ]);
    const error = await fetchError(fetchFeed('https://feed.example/', { lookup: mixed }));
    expect(error.message).toContain('10.0.0.7');
  });

  it('refuses a host that does not resolve', async () => {
    const notFound: LookupFn = (host, _options, callback) =>
      callback(
        Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' }),
        '',
      );
    const error = await fetchError(fetchFeed('https://nowhere.example/', { lookup: notFound }));
    expect(error.message).toBe('rss: cannot resolve nowhere.example (ENOTFOUND)');
  });

  it('checks every redirect: an allow-listed server cannot send the fetch to another private address', async () => {
    const hidden = await startServer((_req, res) => res.end(FEED));
    const server = await startServer((req, res) => {
      const target =
        req.url === '/hex' ? `http://0x7f.1:${hidden.port}/` : `${hidden.origin}/admin`;
      res.writeHead(302, { location: target }).end();
    });
    for (const path of ['/private', '/hex']) {
      const error = await fetchError(
        fetchFeed(`${server.origin}${path}`, { allowHosts: [server.host] }),
      );
      expect(error.message).toMatch(/^rss: refused http:\/\/(127\.0\.0\.1|0x7f\.1):\d+\//);
    }
    expect(hidden.requests).toEqual([]);
  });
});

describe('fetchFeed limits', () => {
  it('gives up on a server that accepts the connection and never answers', async () => {
    const server = await startRawServer(() => {});
    const { ms, value } = await elapsed(() =>
      fetchError(
        fetchFeed(server.origin, { allowHosts: [server.host], timeouts: { totalMs: 300 } }),
      ),
    );
    expect(value.message).toBe('rss: timed out after 300 ms');
    expect(ms).toBeLessThan(1300);
  });

  it('gives up on a server that trickles its body one byte at a time', async () => {
    const server = await startServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/rss+xml' });
      const timer = setInterval(() => res.write('<'), 20);
      res.on('close', () => clearInterval(timer));
    });
    const { ms, value } = await elapsed(() =>
      fetchError(
        fetchFeed(server.origin, { allowHosts: [server.host], timeouts: { totalMs: 400 } }),
      ),
    );
    expect(value.message).toBe('rss: timed out after 400 ms');
    expect(ms).toBeLessThan(1400);
  });

  it('gives up when connecting takes too long', async () => {
    let calls = 0;
    const slowSecondLookup: LookupFn = (_host, _options, callback) => {
      calls += 1;
      if (calls === 1) callback(null, PUBLIC_IP, 4);
    };
    const { ms, value } = await elapsed(() =>
      fetchError(
        fetchFeed('http://slow.example/', {
          lookup: slowSecondLookup,
          timeouts: { connectMs: 200 },
        }),
      ),
    );
    expect(value.message).toBe('rss: could not connect to slow.example within 200 ms');
    expect(ms).toBeLessThan(1200);
  });

  it('follows up to 3 redirects and refuses the 4th (a redirect loop)', async () => {
    const server = await startServer((req, res) => {
      const hop = Number(req.url?.slice(1) ?? '0');
      if (req.url === '/loop') return void res.writeHead(301, { location: '/loop' }).end();
      if (hop < 3) return void res.writeHead(302, { location: `/${hop + 1}` }).end();
      res.end(FEED);
    });
    const ok = await fetchFeed(`${server.origin}/0`, { allowHosts: [server.host] });
    expect(ok).toMatchObject({ status: 200, finalUrl: `${server.origin}/3` });

    const error = await fetchError(
      fetchFeed(`${server.origin}/loop`, { allowHosts: [server.host] }),
    );
    expect(error.message).toBe('rss: more than 3 redirects');
    expect(server.requests.filter((p) => p === '/loop')).toHaveLength(4);
  });

  it('refuses a redirect from https to http', async () => {
    const plain = await startServer((_req, res) => res.end(FEED));
    const secure = await startServer(
      (req, res) => {
        if (req.url === '/moved')
          return void res.writeHead(301, { location: `${plain.origin}/` }).end();
        res.end(FEED);
      },
      {
        key: fixtureText('tls-test-key.pem'),
        cert: fixtureText('tls-test-cert.pem'),
      },
    );
    const options = { allowHosts: [secure.host, plain.host], ca: fixtureText('tls-test-cert.pem') };
    expect(await fetchFeed(`${secure.origin}/`, options)).toMatchObject({
      status: 200,
      body: FEED,
    });

    const error = await fetchError(fetchFeed(`${secure.origin}/moved`, options));
    expect(error.message).toBe(`rss: refused redirect from https to http (${plain.origin}/)`);
    expect(plain.requests).toEqual([]);
  });

  it('stops reading a 6 MiB body at 5 MiB, with or without Content-Length', async () => {
    const chunk = Buffer.alloc(64 * 1024, 'a');
    const server = await startServer((req, res) => {
      if (req.url === '/declared') res.setHeader('content-length', String(6 * MIB));
      let sent = 0;
      const pump = () => {
        while (sent < 6 * MIB) {
          sent += chunk.length;
          if (!res.write(chunk)) return void res.once('drain', pump);
        }
        res.end();
      };
      pump();
    });
    for (const path of ['/chunked', '/declared']) {
      const error = await fetchError(
        fetchFeed(`${server.origin}${path}`, { allowHosts: [server.host] }),
      );
      expect(error.message).toMatch(/^rss: body larger than 5 MiB/);
    }
  });

  it('stops inflating a gzip bomb at 5 MiB', async () => {
    const bomb = zlib.gzipSync(Buffer.alloc(16 * MIB));
    const brotliBomb = zlib.brotliCompressSync(Buffer.alloc(16 * MIB));
    expect(bomb.length).toBeLessThan(64 * 1024);
    const server = await startServer((req, res) => {
      const br = req.url === '/br';
      res.writeHead(200, { 'content-encoding': br ? 'br' : 'gzip' });
      res.end(br ? brotliBomb : bomb);
    });
    for (const path of ['/gzip', '/br']) {
      const { ms, value } = await elapsed(() =>
        fetchError(fetchFeed(`${server.origin}${path}`, { allowHosts: [server.host] })),
      );
      expect(value.message).toBe('rss: body larger than 5 MiB');
      expect(ms).toBeLessThan(1000);
    }
  });

  it('reads a gzip, deflate or brotli body', async () => {
    const encoders: Record<string, (b: Buffer) => Buffer> = {
      gzip: (b) => zlib.gzipSync(b),
      deflate: (b) => zlib.deflateSync(b),
      br: (b) => zlib.brotliCompressSync(b),
    };
    const server = await startServer((req, res) => {
      const encoding = req.url?.slice(1) ?? 'gzip';
      res.writeHead(200, { 'content-encoding': encoding });
      res.end(encoders[encoding]?.(Buffer.from(FEED)));
    });
    for (const encoding of Object.keys(encoders)) {
      const result = await fetchFeed(`${server.origin}/${encoding}`, { allowHosts: [server.host] });
      expect(result).toMatchObject({ status: 200, body: FEED });
    }
  });

  it('is not fooled by a Content-Length that lies', async () => {
    const server = await startRawServer((socket) => {
      socket.once('data', () => {
        socket.write('HTTP/1.1 200 OK\r\nContent-Length: 10\r\nConnection: close\r\n\r\n');
        socket.write(Buffer.alloc(6 * MIB, 'a'), () => socket.end());
      });
    });
    const short = await startRawServer((socket) => {
      socket.once('data', () => {
        socket.end('HTTP/1.1 200 OK\r\nContent-Length: 1000\r\n\r\n<rss>');
      });
    });
    const result = await fetchFeed(server.origin, { allowHosts: [server.host] });
    expect(result.status === 200 && result.body).toBe('aaaaaaaaaa');
    const error = await fetchError(fetchFeed(short.origin, { allowHosts: [short.host] }));
    expect(error.message).toMatch(/^rss: reading the body failed/);
  });
});

describe('fetchFeed responses', () => {
  it('sends If-None-Match and If-Modified-Since and returns 304 when they still match', async () => {
    const etag = '"v1"';
    const lastModified = 'Sun, 18 Oct 2026 09:11:10 GMT';
    const server = await startServer((req, res) => {
      if (
        req.headers['if-none-match'] === etag &&
        req.headers['if-modified-since'] === lastModified
      ) {
        return void res.writeHead(304).end();
      }
      res.writeHead(200, { etag, 'last-modified': lastModified }).end(FEED);
    });
    const first = await fetchFeed(server.origin, { allowHosts: [server.host] });
    expect(first).toEqual({
      status: 200,
      body: FEED,
      etag,
      lastModified,
      finalUrl: `${server.origin}/`,
    });
    const again = await fetchFeed(server.origin, {
      allowHosts: [server.host],
      etag,
      lastModified,
    });
    expect(again).toEqual({ status: 304 });
  });

  it('reports the status and Retry-After of 429 and 503, capped at 24 hours', async () => {
    const now = Date.parse('2026-11-21T12:00:00Z');
    const server = await startServer((req, res) => {
      if (req.url === '/429') return void res.writeHead(429, { 'retry-after': '120' }).end();
      if (req.url === '/503') {
        return void res.writeHead(503, { 'retry-after': 'Sat, 21 Nov 2026 12:30:00 GMT' }).end();
      }
      if (req.url === '/forever')
        return void res.writeHead(429, { 'retry-after': '9999999' }).end();
      res.writeHead(404).end('gone');
    });
    const get = (path: string) =>
      fetchError(
        fetchFeed(`${server.origin}${path}`, { allowHosts: [server.host], now: () => now }),
      );
    expect(await get('/429')).toMatchObject({ status: 429, retryAfterMs: 120_000 });
    expect(await get('/503')).toMatchObject({ status: 503, retryAfterMs: 1_800_000 });
    expect(await get('/forever')).toMatchObject({ status: 429, retryAfterMs: 86_400_000 });
    const notFound = await get('/missing');
    expect(notFound.status).toBe(404);
    expect(notFound.retryAfterMs).toBeUndefined();
    expect(notFound.message).toBe(`rss: HTTP 404 from ${server.host}`);
  });

  it('decodes the body by its declared charset', async () => {
    const latin1 = Buffer.from(
      '<?xml version="1.0" encoding="ISO-8859-1"?><rss version="2.0"><channel><title>Mbappé</title></channel></rss>',
      'latin1',
    );
    const server = await startServer((req, res) => {
      const header = req.url === '/header' ? 'text/xml; charset=ISO-8859-1' : 'text/xml';
      res.writeHead(200, { 'content-type': header }).end(latin1);
    });
    for (const path of ['/header', '/declaration']) {
      const result = await fetchFeed(`${server.origin}${path}`, { allowHosts: [server.host] });
      expect(result.status === 200 && parseFeed(result.body).title).toBe('Mbappé');
    }
  });

  it('hands back an HTML page served as a feed, which the parser then names clearly', async () => {
    const server = await startServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<!DOCTYPE html><html><head><title>Page moved</title></head><body></body></html>');
    });
    const result = await fetchFeed(server.origin, { allowHosts: [server.host] });
    expect(result.status).toBe(200);
    expect(() => parseFeed(result.status === 200 ? result.body : '')).toThrow(
      'rss: got an HTML page, not a feed',
    );
  });
});

describe('fetchFeed sends no credentials', () => {
  // Everything a feed request carries: no cookie, no authorization, nothing of this server's.
  const ANONYMOUS = ['accept', 'accept-encoding', 'connection', 'host', 'user-agent'];
  const recordHeaders = (seen: http.IncomingHttpHeaders[], then: FeedRoute): FeedRoute => {
    return (request, response) => {
      seen.push(request.headers);
      then(request, response);
    };
  };
  const servers: FeedServer[] = [];
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((s) => s.close()));
  });
  // Options fetchFeed does not know (a cookie for an origin, say) open nothing.
  const withCookieFor = (origin: string, options: FetchFeedOptions) =>
    ({ ...options, headers: { origin, values: { cookie: 'gate=token' } } }) as FetchFeedOptions;

  it('sends an allowed feed no cookie, whatever it is given', async () => {
    const seen: http.IncomingHttpHeaders[] = [];
    const feed = await startFeedServer({ '/feed.xml': recordHeaders(seen, answer(200, FEED)) });
    servers.push(feed);
    const result = await fetchFeed(
      `${feed.origin}/feed.xml`,
      withCookieFor(feed.origin, { allowHosts: [feed.host] }),
    );
    expect(result.status).toBe(200);
    expect(seen.map((headers) => Object.keys(headers).sort())).toEqual([ANONYMOUS]);
  });

  it('sends this server no cookie when an allowed outside feed redirects to it', async () => {
    const seen: http.IncomingHttpHeaders[] = [];
    const self = await startFeedServer({
      '/feeds/premier-league.xml': recordHeaders(seen, answer(200, FEED)),
    });
    servers.push(self);
    const outside = await startFeedServer({
      '/feed.xml': recordHeaders(
        seen,
        answer(302, '', { location: `${self.origin}/feeds/premier-league.xml` }),
      ),
    });
    servers.push(outside);

    // Even with this server on the allow-list (a loopback test server stands in for it), the
    // fetch carries no credential to it.
    const result = await fetchFeed(
      `${outside.origin}/feed.xml`,
      withCookieFor(self.origin, { allowHosts: [outside.host, self.host] }),
    );
    expect(result.status === 200 && result.finalUrl).toBe(
      `${self.origin}/feeds/premier-league.xml`,
    );
    expect(seen.map((headers) => headers.cookie)).toEqual([undefined, undefined]);
    expect(seen.map((headers) => Object.keys(headers).sort())).toEqual([ANONYMOUS, ANONYMOUS]);

    // As the server runs it, its own address is not on the list: the redirect is refused.
    const error = await fetchError(
      fetchFeed(`${outside.origin}/feed.xml`, { allowHosts: [outside.host] }),
    );
    expect(error.message).toMatch(/refused/);
    expect(self.hits.get('/feeds/premier-league.xml')).toBe(1);
  });
});
