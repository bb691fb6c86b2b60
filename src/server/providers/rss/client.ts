import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import net from 'node:net';
import tls from 'node:tls';

import { parseRetryAfter } from '../upstream/retry-after.ts';
import { decodeBody, headerValue, readBody } from './body.ts';
import { checkFeedUrl, stripBrackets } from './feed-url.ts';
import { describeNetworkError, FeedFetchError, truncate } from './fetch-error.ts';
import { guardLookup, resolveAhead, systemLookup, type LookupFn } from './resolve.ts';

export type FetchFeedOptions = {
  etag?: string | null;
  lastModified?: string | null;
  /** `host:port` pairs (or bare hosts, meaning ports 80/443) allowed on any port and address. */
  allowHosts?: readonly string[];
  lookup?: LookupFn;
  now?: () => number;
  /** Shorter limits for tests; values above the defaults (5 s, 10 s) are ignored. */
  timeouts?: { connectMs?: number; totalMs?: number };
  /** Extra trusted CA certificate (PEM), for tests against a local TLS server. */
  ca?: string;
};

export type FetchFeedResult =
  | { status: 304 }
  | {
      status: 200;
      body: string;
      etag: string | null;
      lastModified: string | null;
      finalUrl: string;
    };

const MAX_REDIRECTS = 3;
const CONNECT_TIMEOUT_MS = 5_000;
const TOTAL_TIMEOUT_MS = 10_000;
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
// Some publishers (Transfermarkt, L'Équipe) turn away clients that do not look like a browser.
const USER_AGENT = 'Mozilla/5.0 (compatible; TouchlineFeedFetcher/1.0)';
const ACCEPT =
  'application/rss+xml, application/atom+xml, application/rdf+xml;q=0.9, application/xml;q=0.9, text/xml;q=0.9, */*;q=0.5';

type RequestContext = {
  etag: string | null;
  lastModified: string | null;
  lookup: LookupFn;
  connectMs: number;
  signal: AbortSignal;
  ca: string | undefined;
};

/**
 * Fetches a feed behind the SSRF guard: the URL is checked before DNS and on every redirect,
 * and every address the socket connects to is checked at connect time (so DNS rebinding can't
 * slip through). Connect ≤ 5 s, whole fetch ≤ 10 s, ≤ 3 redirects, never https → http, body
 * ≤ 5 MiB after decompression. Returns `{ status: 304 }` when the validators still match;
 * anything else that is not 2xx throws a FeedFetchError carrying the status (and Retry-After).
 */
export async function fetchFeed(
  url: string,
  options: FetchFeedOptions = {},
): Promise<FetchFeedResult> {
  const allowHosts = options.allowHosts ?? [];
  const now = options.now ?? Date.now;
  const totalMs = clampTimeout(options.timeouts?.totalMs, TOTAL_TIMEOUT_MS);
  const controller = new AbortController();
  const timer = setTimeout(
    () => controller.abort(new FeedFetchError(`rss: timed out after ${totalMs} ms`)),
    totalMs,
  );
  const context: RequestContext = {
    etag: options.etag ?? null,
    lastModified: options.lastModified ?? null,
    lookup: options.lookup ?? systemLookup,
    connectMs: clampTimeout(options.timeouts?.connectMs, CONNECT_TIMEOUT_MS),
    signal: controller.signal,
    ca: options.ca,
  };
  try {
    return await abortable(followRedirects(url, allowHosts, now, context), controller.signal);
  } catch (error) {
    if (controller.signal.aborted) throw controller.signal.reason as FeedFetchError;
    if (error instanceof FeedFetchError) throw error;
    throw new FeedFetchError(`rss: ${describeNetworkError(error)}`, { cause: error });
  } finally {
    clearTimeout(timer);
    controller.abort(new FeedFetchError('rss: fetch finished'));
  }
}

function clampTimeout(value: number | undefined, max: number): number {
  return typeof value === 'number' && value > 0 && value < max ? value : max;
}

/** Rejects as soon as the signal fires, whatever the awaited work is doing. */
function abortable<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise((resolve, reject) => {
    const onAbort = () => reject(signal.reason as Error);
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error as Error);
      },
    );
  });
}

async function followRedirects(
  startUrl: string,
  allowHosts: readonly string[],
  now: () => number,
  context: RequestContext,
): Promise<FetchFeedResult> {
  let current = startUrl;
  for (let redirects = 0; ; redirects++) {
    const check = checkFeedUrl(current, allowHosts);
    if (!check.ok) throw new FeedFetchError(`rss: refused ${truncate(current)}: ${check.reason}`);
    const { url, allowListed } = check;
    const host = stripBrackets(url.hostname);
    if (net.isIP(host) === 0) {
      await resolveAhead(context.lookup, host, allowListed, context.connectMs);
    }
    const response = await sendRequest(url, allowListed, context);
    const status = response.statusCode ?? 0;

    if (REDIRECT_STATUSES.has(status)) {
      response.destroy();
      const location = response.headers.location;
      if (location === undefined || location.trim() === '') {
        throw new FeedFetchError(`rss: HTTP ${status} without a Location from ${url.host}`, {
          status,
        });
      }
      if (redirects >= MAX_REDIRECTS) {
        throw new FeedFetchError(`rss: more than ${MAX_REDIRECTS} redirects`, { status });
      }
      const next = resolveLocation(url, location.trim());
      if (url.protocol === 'https:' && /^http:/i.test(next)) {
        throw new FeedFetchError(`rss: refused redirect from https to http (${truncate(next)})`, {
          status,
        });
      }
      current = next;
      continue;
    }
    if (status === 304) {
      response.destroy();
      return { status: 304 };
    }
    if (status < 200 || status > 299) {
      response.destroy();
      const retryAfterMs =
        status === 429 || status === 503
          ? parseRetryAfter(headerValue(response, 'retry-after'), now())
          : undefined;
      throw new FeedFetchError(`rss: HTTP ${status} from ${url.host}`, {
        status,
        ...(retryAfterMs === undefined ? {} : { retryAfterMs }),
      });
    }
    const body = await readBody(response);
    return {
      status: 200,
      body: decodeBody(body, headerValue(response, 'content-type')),
      etag: headerValue(response, 'etag') ?? null,
      lastModified: headerValue(response, 'last-modified') ?? null,
      finalUrl: url.href,
    };
  }
}

/** The next URL as written when absolute (so its spelling is checked), else resolved. */
function resolveLocation(base: URL, location: string): string {
  if (/^[a-z][a-z\d+.-]*:/i.test(location)) return location;
  if (/^[/\\]{2}/.test(location)) return `${base.protocol}${location}`;
  try {
    return new URL(location, base).href;
  } catch {
    throw new FeedFetchError(`rss: unusable redirect Location ${truncate(location)}`);
  }
}

function sendRequest(
  url: URL,
  allowListed: boolean,
  context: RequestContext,
): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    const secure = url.protocol === 'https:';
    // Never a cookie or any other credential: a feed fetch is anonymous wherever it lands.
    const headers: Record<string, string> = {
      'user-agent': USER_AGENT,
      accept: ACCEPT,
      'accept-encoding': 'gzip, deflate, br',
    };
    if (context.etag !== null && context.etag !== '') headers['if-none-match'] = context.etag;
    if (context.lastModified !== null && context.lastModified !== '') {
      headers['if-modified-since'] = context.lastModified;
    }
    const requestOptions: https.RequestOptions = {
      method: 'GET',
      protocol: url.protocol,
      hostname: stripBrackets(url.hostname),
      port: url.port === '' ? undefined : Number(url.port),
      path: `${url.pathname}${url.search}`,
      headers,
      // A fresh connection per request: a pooled socket would skip the connect-time check.
      agent: false,
      lookup: guardLookup(context.lookup, allowListed),
      signal: context.signal,
    };
    if (secure && context.ca !== undefined)
      requestOptions.ca = [...tls.rootCertificates, context.ca];

    const request = (secure ? https : http).request(requestOptions);
    const connectTimer = setTimeout(() => {
      request.destroy(
        new FeedFetchError(`rss: could not connect to ${url.host} within ${context.connectMs} ms`),
      );
    }, context.connectMs);
    request.once('socket', (socket) => {
      socket.once(secure ? 'secureConnect' : 'connect', () => clearTimeout(connectTimer));
    });
    request.once('response', (response) => {
      clearTimeout(connectTimer);
      // Errors after this point reach whoever reads the body; never leave one unhandled.
      response.on('error', () => {});
      resolve(response);
    });
    request.on('error', (error) => {
      clearTimeout(connectTimer);
      reject(error);
    });
    request.end();
  });
}
