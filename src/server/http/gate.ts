import type { FastifyReply, FastifyRequest } from 'fastify';

import type { SessionSigner } from './session-token.ts';

// Everything but the front end's files and /healthz (SECURITY-TARGETS §4): the drawn images and
// the demo feeds too (the news ingestion fetches those with a session cookie of its own).
const DATA_PREFIXES = ['/api/', '/functions/', '/go/'];
const PROTECTED_PREFIXES = [...DATA_PREFIXES, '/img/', '/feeds/'];
const OPEN_ROUTES = new Set(['POST /api/session']);

/** Secure contexts get the __Host- prefix, which browsers only accept with Secure and Path=/. */
export function getSessionCookieName(secure: boolean): string {
  return secure ? '__Host-gate' : 'gate';
}

export function isProtectedPath(url: string): boolean {
  return hasPrefix(url, PROTECTED_PREFIXES);
}

/** The data routes (rate-limited): not the drawn images a page loads by the dozen. */
export function isDataPath(url: string): boolean {
  return hasPrefix(url, DATA_PREFIXES);
}

function hasPrefix(url: string, prefixes: readonly string[]): boolean {
  const path = url.split('?', 1)[0] ?? url;
  return prefixes.some((prefix) => path.startsWith(prefix) || `${path}/` === prefix);
}

/**
 * Request headers for this server fetching its own gated pages (the demo feeds, over HTTP): a
 * fresh session cookie from its signer, bound to its own origin (fetchFeed sends it nowhere else).
 */
export function getSelfRequestHeaders(
  signer: SessionSigner,
  origin: URL,
  now: Date,
): { origin: string; values: Record<string, string> } {
  const name = getSessionCookieName(origin.protocol === 'https:');
  return { origin: origin.origin, values: { cookie: `${name}=${signer.issue(now)}` } };
}

/** An onRequest hook refusing every data route to a request without a valid session cookie. */
export function createGateHook(options: { signer: SessionSigner; now: () => Date }) {
  return async function requireSession(request: FastifyRequest, reply: FastifyReply) {
    if (!isProtectedPath(request.url)) return;
    const path = request.url.split('?', 1)[0];
    if (OPEN_ROUTES.has(`${request.method} ${path}`)) return;
    if (hasValidSession(request, options.signer, options.now())) return;
    return reply.code(401).send({ error: 'Unauthorized' });
  };
}

export function hasValidSession(
  request: FastifyRequest,
  signer: SessionSigner,
  now: Date,
): boolean {
  const cookies = request.cookies;
  return (
    signer.verify(cookies[getSessionCookieName(true)], now) ||
    signer.verify(cookies[getSessionCookieName(false)], now)
  );
}

/**
 * An onRequest hook refusing state-changing requests sent from another site: a browser names
 * the page's origin on every POST, and it must be this server's own.
 */
export async function refuseCrossOrigin(request: FastifyRequest, reply: FastifyReply) {
  if (request.method === 'GET' || request.method === 'HEAD' || request.method === 'OPTIONS') return;
  const origin = request.headers.origin;
  if (origin === undefined) return;
  try {
    const from = new URL(origin);
    // Compare as URLs, so a default port written out (host:80) still matches.
    const own = new URL(`${from.protocol}//${request.headers.host ?? ''}`);
    if (origin !== 'null' && from.host === own.host) return;
  } catch {
    // An unparsable Origin is not this server's.
  }
  return reply.code(403).send({ error: 'Cross-origin request refused' });
}
