import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';

import { SECURITY_HEADERS } from './security-headers.ts';

/** How long the server keeps an idle connection open, waiting for the next request. */
export const KEEP_ALIVE_TIMEOUT_MS = 5_000;

type Handler = (request: IncomingMessage, response: ServerResponse) => void;

/** How long a client is told to wait before asking again while the process starts. */
export const STARTING_RETRY_AFTER_S = 2;

export type EarlyListener = {
  /** The listening server; the app takes it over through serverFactory. */
  server: http.Server;
  url: string;
  /** Fastify's serverFactory: the app is handed this server instead of creating one. */
  serverFactory: (handler: Handler) => http.Server;
  /** From now on every request goes to the app the server was handed to. */
  handOver: () => void;
};

const isDataPath = (path: string) =>
  /^\/(api|functions|go|img|feeds|metrics)(\/|$)/.test(path) || path.endsWith('.json');

/** The page shown while the process starts: plain, refreshed every few seconds. */
function startingPage(brandName: string): string {
  const name = brandName.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="refresh" content="${STARTING_RETRY_AFTER_S}">
<title>${name} is starting</title>
</head>
<body>
<main>
<h1>${name} is starting</h1>
<p>The site will be ready in a few seconds; this page reloads by itself.</p>
</main>
</body>
</html>
`;
}

/**
 * Answers while the app is not built yet: `/livez` 200 (the process runs), `/readyz` and
 * `/healthz` 503, data 503 with Retry-After and a JSON error, pages a "starting" page.
 */
function answerWhileStarting(brandName: string): Handler {
  const page = startingPage(brandName);
  return (request, response) => {
    const path = (request.url ?? '/').split('?')[0] ?? '/';
    const send = (status: number, type: string, body: string, headers = {}) => {
      response.writeHead(status, {
        ...SECURITY_HEADERS,
        'content-type': type,
        'cache-control': 'no-store',
        ...headers,
      });
      response.end(request.method === 'HEAD' ? undefined : body);
    };
    const json = 'application/json; charset=utf-8';
    if (path === '/livez') return send(200, json, JSON.stringify({ status: 'ok' }));
    const retry = { 'retry-after': String(STARTING_RETRY_AFTER_S) };
    if (path === '/readyz' || path === '/healthz') {
      const checks = { database: 'pending', migrations: 'pending', data: 'pending' };
      return send(503, json, JSON.stringify({ status: 'unavailable', checks }), retry);
    }
    if (isDataPath(path) || request.method !== 'GET') {
      const error = `${brandName} is starting: try again in a few seconds`;
      return send(503, json, JSON.stringify({ error }), retry);
    }
    return send(503, 'text/html; charset=utf-8', page, retry);
  };
}

/**
 * Listens at once, before the database is opened or the data loaded, so probes and visitors get
 * an answer within a second of the process starting; the app takes the server over once it is
 * built (see docs/decisions/032-history-built-once.md).
 */
export async function listenEarly(options: {
  port: number;
  host: string;
  brandName: string;
  https?: { cert: string; key: string } | undefined;
}): Promise<EarlyListener> {
  let current: Handler = answerWhileStarting(options.brandName);
  let app: Handler | undefined;
  const route: Handler = (request, response) => current(request, response);
  const server =
    options.https === undefined
      ? http.createServer(route)
      : https.createServer(options.https, route);
  // As the app's own server would be (app.ts): slow clients cannot hold connections forever.
  server.requestTimeout = 15_000;
  server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
  server.timeout = 10_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  const scheme = options.https === undefined ? 'http' : 'https';
  return {
    server,
    url: `${scheme}://${host}:${address.port}`,
    serverFactory: (handler) => {
      app = handler;
      return server;
    },
    handOver: () => {
      if (app === undefined) throw new Error('the app was not built on this server');
      current = app;
    },
  };
}

/**
 * Lets the listener answer what has come in (a probe, a visitor) before the next piece of work
 * that holds the event loop: loading a module graph and PGlite's start each take a second or
 * more of synchronous work.
 */
export async function yieldToRequests(): Promise<void> {
  for (let turn = 0; turn < 3; turn++) await new Promise((resolve) => setImmediate(resolve));
}
