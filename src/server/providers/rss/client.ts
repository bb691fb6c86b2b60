import dns, { type LookupAddress, type LookupOptions } from 'node:dns';
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { pipeline, type Readable } from 'node:stream';
import tls from 'node:tls';
import zlib from 'node:zlib';

/** Same shape as node's `dns.lookup` with options, so tests can pass a fake resolver. */
export type LookupFn = (
  hostname: string,
  options: LookupOptions,
  callback: (
    err: NodeJS.ErrnoException | null,
    address: string | LookupAddress[],
    family?: number,
  ) => void,
) => void;

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

export class FeedFetchError extends Error {
  retryAfterS?: number;
  status?: number;

  constructor(
    message: string,
    details: { status?: number; retryAfterS?: number; cause?: unknown } = {},
  ) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.name = 'FeedFetchError';
    if (details.status !== undefined) this.status = details.status;
    if (details.retryAfterS !== undefined) this.retryAfterS = details.retryAfterS;
  }
}

export const MAX_BODY_BYTES = 5 * 1024 * 1024;
/** Compressed bytes read before giving up on a stream that inflates to (almost) nothing. */
const MAX_RAW_BYTES = 2 * MAX_BODY_BYTES;
const MAX_REDIRECTS = 3;
const CONNECT_TIMEOUT_MS = 5_000;
const TOTAL_TIMEOUT_MS = 10_000;
const MAX_RETRY_AFTER_S = 24 * 60 * 60;
const MAX_URL_LENGTH = 2048;
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
// Some publishers (Transfermarkt, L'Équipe) turn away clients that do not look like a browser.
const USER_AGENT = 'Mozilla/5.0 (compatible; TouchlineFeedFetcher/1.0)';
const ACCEPT =
  'application/rss+xml, application/atom+xml, application/rdf+xml;q=0.9, application/xml;q=0.9, text/xml;q=0.9, */*;q=0.5';

// ---------------------------------------------------------------------------------------------
// Addresses

/**
 * True only for a globally routable unicast address written canonically: false for loopback,
 * private, shared (100.64/10), link-local, multicast, reserved and documentation ranges,
 * unique-local and IPv4-mapped or -embedding IPv6, and anything that is not an IP address.
 */
export function isPublicAddress(ip: string): boolean {
  if (typeof ip !== 'string') return false;
  const address = ip.startsWith('[') && ip.endsWith(']') ? ip.slice(1, -1) : ip;
  const v4 = parseIPv4(address);
  if (v4 !== null) return isPublicIPv4(v4);
  if (address.includes('%') || net.isIPv6(address) === false) return false;
  const words = parseIPv6(address);
  return words !== null && isPublicIPv6(words);
}

/** Dotted decimal only: no leading zeros, hex, octal or shortened forms. */
function parseIPv4(text: string): number | null {
  const parts = text.split('.');
  if (parts.length !== 4) return null;
  let value = 0;
  for (const part of parts) {
    if (!/^(0|[1-9]\d{0,2})$/.test(part)) return null;
    const octet = Number(part);
    if (octet > 255) return null;
    value = value * 256 + octet;
  }
  return value;
}

const IPV4_NOT_PUBLIC: Array<[string, number]> = [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
];
const IPV4_RANGES = IPV4_NOT_PUBLIC.map(([base, bits]) => ({
  base: parseIPv4(base) ?? 0,
  size: 2 ** (32 - bits),
}));

function isPublicIPv4(value: number): boolean {
  return !IPV4_RANGES.some((r) => value >= r.base && value < r.base + r.size);
}

/** Eight 16-bit words, or null. */
function parseIPv6(text: string): number[] | null {
  let head = text;
  const tail: number[] = [];
  const lastColon = text.lastIndexOf(':');
  if (text.includes('.', lastColon)) {
    const v4 = parseIPv4(text.slice(lastColon + 1));
    if (v4 === null) return null;
    tail.push(Math.floor(v4 / 65536), v4 % 65536);
    head = text.slice(0, lastColon + 1);
    if (head.endsWith(':') && !head.endsWith('::')) head = head.slice(0, -1);
  }
  const halves = head.split('::');
  if (halves.length > 2) return null;
  const toWords = (part: string): number[] | null => {
    if (part === '') return [];
    const words = part.split(':').map((w) => (/^[0-9a-f]{1,4}$/i.test(w) ? parseInt(w, 16) : NaN));
    return words.some(Number.isNaN) ? null : words;
  };
  const left = toWords(halves[0] ?? '');
  const right = halves.length === 2 ? toWords(halves[1] ?? '') : [];
  if (left === null || right === null) return null;
  const known = left.length + right.length + tail.length;
  if (halves.length === 1 ? known !== 8 : known > 7) return null;
  return [...left, ...Array<number>(8 - known).fill(0), ...right, ...tail];
}

function isPublicIPv6(words: readonly number[]): boolean {
  const [w0 = 0, w1 = 0] = words;
  // Global unicast is 2000::/3; everything else (::, ::1, ::ffff:0:0/96, 64:ff9b::/96,
  // fc00::/7, fe80::/10, ff00::/8 …) is not public.
  if ((w0 & 0xe000) !== 0x2000) return false;
  if (w0 === 0x2001 && w1 < 0x0200) return false; // IETF protocol assignments, Teredo
  if (w0 === 0x2001 && w1 === 0x0db8) return false; // documentation
  if (w0 === 0x2002) return false; // 6to4 embeds an IPv4 address
  if (w0 === 0x3fff && w1 < 0x1000) return false; // documentation (3fff::/20)
  return true;
}

// ---------------------------------------------------------------------------------------------
// URLs

type UrlCheck = { ok: true; url: URL; allowListed: boolean } | { ok: false; reason: string };

/**
 * Whether a feed URL may be fetched, judged before any DNS: http(s) only, no credentials, ports
 * 80/443, no IP literal outside public unicast, no `localhost`, and no IPv4 written in octal,
 * hex, decimal or shortened form. Hosts in `allowHosts` may use any port and address.
 */
export function isAllowedFeedUrl(url: string, allowHosts: readonly string[] = []): boolean {
  return checkFeedUrl(url, allowHosts).ok;
}

function checkFeedUrl(raw: string, allowHosts: readonly string[]): UrlCheck {
  const fail = (reason: string): UrlCheck => ({ ok: false, reason });
  if (typeof raw !== 'string' || raw === '' || raw.length > MAX_URL_LENGTH) {
    return fail('empty or longer than 2048 characters');
  }
  // The URL parser silently drops tabs and newlines and trims controls: refuse them instead.
  // eslint-disable-next-line no-control-regex -- control characters are what is refused
  if (/[\s\u0000-\u001f\u007f-\u009f]/.test(raw)) return fail('contains whitespace or controls');
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return fail('not an absolute URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return fail('only http and https');
  const authority = readRawAuthority(raw);
  if (url.username !== '' || url.password !== '' || authority.includes('@')) {
    return fail('credentials in the URL');
  }
  if (url.hostname === '') return fail('no host');
  if (net.isIPv4(url.hostname) && readRawHost(authority).toLowerCase() !== url.hostname) {
    return fail('IPv4 address not written in dotted decimal');
  }
  const port = url.port === '' ? (url.protocol === 'https:' ? 443 : 80) : Number(url.port);
  if (isAllowListed(url.hostname, port, allowHosts)) return { ok: true, url, allowListed: true };
  if (port !== 80 && port !== 443) return fail(`port ${port} is not allowed`);
  const host = stripBrackets(url.hostname);
  if (net.isIP(host) !== 0 && !isPublicAddress(host)) return fail(`${host} is not public`);
  const bareHost = host.replace(/\.$/, '');
  if (bareHost === 'localhost' || bareHost.endsWith('.localhost')) {
    return fail('localhost is not public');
  }
  return { ok: true, url, allowListed: false };
}

/** The authority as written: after the scheme and its slashes, before the path. */
function readRawAuthority(raw: string): string {
  const afterScheme = raw.slice(raw.indexOf(':') + 1).replace(/^[/\\]*/, '');
  const end = afterScheme.search(/[/\\?#]/);
  return end === -1 ? afterScheme : afterScheme.slice(0, end);
}

function readRawHost(authority: string): string {
  const host = authority.slice(authority.lastIndexOf('@') + 1);
  if (host.startsWith('[')) return host.slice(0, host.indexOf(']') + 1);
  return host.replace(/:\d*$/, '');
}

function stripBrackets(hostname: string): string {
  return hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname;
}

function isAllowListed(hostname: string, port: number, allowHosts: readonly string[]): boolean {
  for (const entry of allowHosts) {
    let allowed: URL;
    try {
      allowed = new URL(`http://${entry}`);
    } catch {
      continue;
    }
    if (allowed.hostname !== hostname || allowed.pathname !== '/') continue;
    if (allowed.port === '' ? port === 80 || port === 443 : Number(allowed.port) === port) {
      return true;
    }
  }
  return false;
}

// ---------------------------------------------------------------------------------------------
// DNS

const systemLookup: LookupFn = (hostname, options, callback) =>
  dns.lookup(hostname, options, callback);

/** Resolved addresses, all checked; a host with any non-public address is refused whole. */
function checkResolved(
  hostname: string,
  address: string | LookupAddress[],
  family: number | undefined,
  allowPrivate: boolean,
): LookupAddress[] {
  const list: LookupAddress[] = Array.isArray(address)
    ? address
    : typeof address === 'string' && address !== ''
      ? [{ address, family: family ?? net.isIP(address) }]
      : [];
  if (list.length === 0) throw new FeedFetchError(`rss: cannot resolve ${hostname}`);
  if (!allowPrivate) {
    const blocked = list.find((a) => !isPublicAddress(a.address));
    if (blocked !== undefined) {
      throw new FeedFetchError(
        `rss: ${hostname} resolves to non-public address ${blocked.address}`,
      );
    }
  }
  return list;
}

/** Wraps `lookup` so every address the socket is about to connect to is checked first. */
function guardLookup(lookup: LookupFn, allowPrivate: boolean): LookupFn {
  return (hostname, options, callback) => {
    lookup(hostname, { ...options, all: true }, (error, address, family) => {
      if (error !== null) {
        callback(resolveError(hostname, error), '');
        return;
      }
      let list: LookupAddress[];
      try {
        list = checkResolved(hostname, address, family, allowPrivate);
      } catch (checkError) {
        callback(checkError as FeedFetchError, '');
        return;
      }
      const first = list[0] as LookupAddress;
      if (options.all === true) callback(null, list);
      else callback(null, first.address, first.family);
    });
  };
}

function resolveError(hostname: string, error: unknown): FeedFetchError {
  if (error instanceof FeedFetchError) return error;
  const code = (error as NodeJS.ErrnoException).code;
  return new FeedFetchError(`rss: cannot resolve ${hostname}${code ? ` (${code})` : ''}`, {
    cause: error,
  });
}

/** Resolves once before connecting, for a clear early error; the socket checks again. */
function resolveAhead(
  lookup: LookupFn,
  hostname: string,
  allowPrivate: boolean,
  timeoutMs: number,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new FeedFetchError(`rss: resolving ${hostname} took over ${timeoutMs} ms`)),
      timeoutMs,
    );
    try {
      lookup(hostname, { all: true }, (error, address, family) => {
        clearTimeout(timer);
        if (error !== null) {
          reject(resolveError(hostname, error));
          return;
        }
        try {
          checkResolved(hostname, address, family, allowPrivate);
          resolve();
        } catch (checkError) {
          reject(checkError as Error);
        }
      });
    } catch (error) {
      clearTimeout(timer);
      reject(resolveError(hostname, error));
    }
  });
}

// ---------------------------------------------------------------------------------------------
// Fetch

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
      const retryAfterS =
        status === 429 || status === 503
          ? parseRetryAfter(headerValue(response, 'retry-after'), now())
          : undefined;
      throw new FeedFetchError(`rss: HTTP ${status} from ${url.host}`, { status, retryAfterS });
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

function headerValue(response: IncomingMessage, name: string): string | undefined {
  const value = response.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

async function readBody(response: IncomingMessage): Promise<Buffer> {
  const declared = Number(headerValue(response, 'content-length'));
  if (Number.isFinite(declared) && declared > MAX_BODY_BYTES) {
    response.destroy();
    throw new FeedFetchError('rss: body larger than 5 MiB (Content-Length)');
  }
  const encoding = (headerValue(response, 'content-encoding') ?? '').trim().toLowerCase();
  let decoder: zlib.Unzip | zlib.BrotliDecompress | null = null;
  if (encoding === 'gzip' || encoding === 'x-gzip' || encoding === 'deflate') {
    // Unzip takes gzip and zlib-wrapped deflate, whichever the server actually sent.
    decoder = zlib.createUnzip();
  } else if (encoding === 'br') {
    decoder = zlib.createBrotliDecompress();
  } else if (encoding !== '' && encoding !== 'identity') {
    response.destroy();
    throw new FeedFetchError(`rss: unsupported Content-Encoding ${truncate(encoding)}`);
  }

  let rawBytes = 0;
  response.on('data', (chunk: Buffer) => {
    rawBytes += chunk.length;
    if (rawBytes > MAX_RAW_BYTES) {
      response.destroy(new FeedFetchError('rss: compressed body larger than 10 MiB'));
    }
  });
  const source: Readable = decoder === null ? response : pipeline(response, decoder, () => {});
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of source as AsyncIterable<Buffer>) {
      size += chunk.length;
      // Counted after decompression, chunk by chunk: Content-Length and ratios don't matter.
      if (size > MAX_BODY_BYTES) throw new FeedFetchError('rss: body larger than 5 MiB');
      chunks.push(chunk);
    }
  } catch (error) {
    if (error instanceof FeedFetchError) throw error;
    throw new FeedFetchError(`rss: reading the body failed: ${describeNetworkError(error)}`, {
      cause: error,
    });
  } finally {
    decoder?.destroy();
    response.destroy();
  }
  return Buffer.concat(chunks, size);
}

/** Bytes to text: BOM, then the Content-Type charset, then the XML declaration, then UTF-8. */
function decodeBody(body: Buffer, contentType: string | undefined): string {
  let label: string | undefined;
  let start = 0;
  if (body[0] === 0xef && body[1] === 0xbb && body[2] === 0xbf) {
    label = 'utf-8';
    start = 3;
  } else if (body[0] === 0xff && body[1] === 0xfe) {
    label = 'utf-16le';
    start = 2;
  } else if (body[0] === 0xfe && body[1] === 0xff) {
    label = 'utf-16be';
    start = 2;
  }
  label ??=
    /charset\s*=\s*"?([\w.:-]+)/i.exec(contentType ?? '')?.[1] ??
    /^<\?xml[^>]*\sencoding\s*=\s*["']([\w.:-]+)["']/.exec(
      body.subarray(0, 200).toString('latin1'),
    )?.[1] ??
    'utf-8';
  const bytes = body.subarray(start);
  try {
    return new TextDecoder(label, { ignoreBOM: true }).decode(bytes);
  } catch {
    return new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);
  }
}

/** Retry-After in seconds (delta-seconds or an HTTP date), capped at 24 h; undefined if unreadable. */
export function parseRetryAfter(value: string | undefined, nowMs: number): number | undefined {
  if (typeof value !== 'string') return undefined;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Math.min(Number(text), MAX_RETRY_AFTER_S);
  if (!/\d{4}/.test(text)) return undefined;
  const at = Date.parse(text);
  if (!Number.isFinite(at)) return undefined;
  return Math.min(Math.max(0, Math.ceil((at - nowMs) / 1000)), MAX_RETRY_AFTER_S);
}

function describeNetworkError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const code = (error as NodeJS.ErrnoException).code;
  return code === undefined ? error.message : `${error.message} (${code})`;
}

function truncate(text: string): string {
  return text.length > 200 ? `${text.slice(0, 200)}…` : text;
}
